"""Real text documents written by others: get_document shows what each one holds."""
import re

import pytest

from real_docs import TEXT_EXTENSIONS, documents

PREVIEW_ROWS, PREVIEW_COLUMNS = 8, 6


def whole_read(tools):
    """Every page of get_document, joined."""
    pages, start = [], 1
    while True:
        page = tools.ok("get_document", from_paragraph=start)
        pages.append(page)
        more = re.search(r"Continue with get_document from_paragraph=(\d+)", page)
        if not more:
            return "\n".join(pages)
        start = int(more.group(1))


def body_tables(doc):
    tables, enumeration = [], doc.getText().createEnumeration()
    while enumeration.hasMoreElements():
        element = enumeration.nextElement()
        if element.supportsService("com.sun.star.text.TextTable"):
            tables.append(element)
    return tables


def rows_by_name(table):
    """The cell texts grouped by row, from the cell names (A1, B1, … or A1.1.1 for split cells)."""
    rows = {}
    for name in table.getCellNames():
        row = re.match(r"[A-Za-z]+(\d+)", name).group(1)
        rows.setdefault(int(row), []).append(table.getCellByName(name).getString())
    return [rows[key] for key in sorted(rows)]


@pytest.mark.parametrize("name", documents(TEXT_EXTENSIONS))
def test_every_body_table_is_read_with_all_its_cells(name, open_copy, tools_for):
    doc = open_copy(name)
    read = whole_read(tools_for(doc))
    for table in body_tables(doc):
        rows = rows_by_name(table)
        widest = max(len(row) for row in rows)
        assert "[table %s: %d row%s × %d column" % (table.getName(), len(rows), "" if len(rows) == 1 else "s",
                                                     widest) in read
        line = next(line for line in read.splitlines() if "[table %s:" % table.getName() in line)
        for row in rows[:PREVIEW_ROWS]:
            for cell in row[:PREVIEW_COLUMNS]:
                assert " ".join(cell.split())[:20] in line


def test_merged_cells_of_a_word_table_are_read_whole(open_copy, tools_for):
    doc = open_copy("python-docx-merged-cells.docx")
    read = whole_read(tools_for(doc))
    assert "[table Table2: 3 rows × 3 columns, merged or split cells: the rows hold 3, 2, 3 cells]" in read
    assert "| 1 | 2 | 3 | | 4 | 6 | | 7 | 8 | 9 |" in read
