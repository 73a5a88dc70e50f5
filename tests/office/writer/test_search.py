"""search_text on real documents: places, context, case, whole words, tables, limits."""
from writer_docs import build


def test_matches_with_paragraph_numbers_and_context(tools, sample):
    content = tools.ok("search_text", text="micheal").content
    lines = content.splitlines()
    assert lines[0] == "3 matches for \u201cmicheal\u201d:"
    assert lines[1] == "1. paragraph 2: Dear [[Micheal]] Smith, this report covers the first quarter."
    assert lines[2] == "2. paragraph 4: Sales grew by 12% in March; [[Micheal]] presented the numbers."
    assert lines[3] == "3. table Team, cell A2 (paragraph 7): [[Micheal]]"
    assert "replace_text" in lines[-1]


def test_case_whole_words_and_no_match(tools, sample):
    assert "No match" in tools.ok("search_text", text="micheal", match_case=True).content
    assert "1 match for" in tools.ok("search_text", text="quart").content
    assert "No match" in tools.ok("search_text", text="quart", whole_words=True).content
    assert "No match for \u201cZebra\u201d" in tools.ok("search_text", text="Zebra").content


def test_typography_and_long_context_is_cut(tools, writer):
    build(writer, [("Standard", "word " * 40 + "She said \u201chello\u201d there " + "tail " * 40)])
    line = tools.ok("search_text", text='said "hello"').content.splitlines()[1]
    assert "[[said \u201chello\u201d]]" in line and line.count("word") < 20 and line.endswith("\u2026")


def test_many_matches_are_limited(tools, writer):
    build(writer, [("Standard", "cat " * 50)])
    content = tools.ok("search_text", text="cat", max_results=5).content
    assert content.startswith("50 matches") and "\u2026 and 45 more" in content
    assert "must be at most 200" in tools.fails("search_text", text="cat", max_results=500).content


def _table(document, name, rows, columns):
    table = document.createInstance("com.sun.star.text.TextTable")
    table.initialize(rows, columns)
    text = document.getText()
    text.insertTextContent(text.getEnd(), table, False)
    table.setName(name)
    return table


def test_tables_with_merged_cells_or_numbers_are_searched_cell_by_cell(tools, writer):
    writer.getText().setString("Intro without the name")
    plain = _table(writer, "Plain", 2, 2)
    plain.getCellByName("B2").setString("nothing here")
    merged = _table(writer, "Merged", 3, 2)
    cursor = merged.createCursorByCellName("A2")
    cursor.gotoCellByName("B2", True)
    assert cursor.mergeRange()
    merged.getCellByName("A2").setString("Micheal in a merged cell")
    numbers = _table(writer, "Numbers", 1, 2)
    numbers.getCellByName("A1").setValue(2024.0)
    numbers.getCellByName("B1").setString("Micheal beside a number")
    lines = tools.ok("search_text", text="Micheal").content.splitlines()
    assert lines[0].startswith("2 matches") and "table Merged, cell A2" in lines[1] and "table Numbers, cell B1" in lines[2]
    lines = tools.ok("search_text", text="2024").content.splitlines()
    assert lines[0].startswith("1 match") and "table Numbers, cell A1" in lines[1]
    assert "No match" in tools.ok("search_text", text="here there").content
    assert tools.ok("search_text", text="nothing here").content.startswith("1 match")
