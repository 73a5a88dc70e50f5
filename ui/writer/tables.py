"""tables: list, read as a grid, write cells, add rows, create Writer tables.

Cells are named like in Writer and Calc: column letter and row number, A1 at the top
left. A table is named by its name ("Table1") or by its paragraph number, the
number get_document shows for it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Literal, Optional, Union

from ...core.i18n import _, ngettext
from ...core.text.match import quote, same_text
from ...core.text.writer_listing import table_column_name
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .block_info import table_rows
from .blocks import Block, body_blocks
from .placement import body_style, open_paragraph, resolve_position
from .review import editing
from .spans import TextSpan
from .text_ops import replace_keeping_format

MAX_CELLS = 2000


def table_of(document, reference) -> Block:
    """The body table named ``reference`` (its name, or its paragraph number)."""
    blocks = body_blocks(document)
    tables = [b for b in blocks if b.kind == "table"]
    if not tables:
        raise ToolError("The document has no tables. Create one with action \"create\".")
    for block in tables:
        if reference in (block.number, block.obj.getName()) or str(reference).lower() == block.obj.getName().lower():
            return block
    names = ", ".join("%s (paragraph %d)" % (b.obj.getName(), b.number) for b in tables)
    raise ToolError("There is no table %s. The tables are: %s." % (quote(str(reference)), names))


@dataclass(frozen=True)
class CellEdit:
    """One cell a write sets, refused when it no longer reads ``old_text``."""

    cell: str = Arg("Cell name, e.g. B2.", min_length=2)
    old_text: str = Arg("The cell's current text (\"\" for an empty cell).")
    new_text: str = Arg("Its new text (formatting of the cell is kept).")


@tool(apps=("writer",), changes_document=True)
def tables(context, action: Literal["list", "read", "write", "add_rows", "create"],
           table: Union[str, int, None] = Arg("Table name (e.g. Table1) or its paragraph number."),
           cells: Optional[List[CellEdit]] = Arg("write: the cells to set.", min_items=1, max_items=MAX_CELLS),
           rows: Optional[List[List[str]]] = Arg("Rows of cell texts, e.g. [[\"Name\", \"Age\"], [\"Ann\", \"31\"]].",
                                                 min_items=1, max_items=500),
           after_row: Optional[int] = Arg("add_rows: insert after this row (default: after the last).", minimum=0),
           position: Literal["start", "end", "before", "after"] = Arg("create: where (default end).", default="end"),
           paragraph: Optional[int] = Arg("create: the paragraph for before/after.", minimum=1),
           header: bool = Arg("create: style the first row as a header (default true).", default=True),
           name: Optional[str] = Arg("create: a name for the table.", min_length=1)) -> ToolOutcome:
    """Writer tables. action "list": the tables with their names and paragraph numbers. "read": one table as a
    grid of cells (A1 = top left). "write": set cells, each with its current text as old_text (refused if it
    changed). "add_rows": append rows, or insert them after_row=N (0 = at the top). "create": a new table
    from rows (first row is the header) at position start/end/before/after paragraph=N. A table is named by
    table=<name> or its paragraph number.
    """
    if action == "list":
        return _list(context.document)
    if action == "create":
        return _create(context, rows or [], position, paragraph, header, name)
    if table is None:
        raise ToolError("Say which table: table=<name> or its paragraph number.")
    block = table_of(context.document, table)
    if action == "read":
        return _read(block)
    if action == "write":
        return _write(context, block, cells or [])
    return _add_rows(context, block, rows or [], after_row)


def _list(document) -> ToolOutcome:
    found = [b for b in body_blocks(document) if b.kind == "table"]
    if not found:
        return ToolOutcome.success("The document has no tables.", _("No tables"))
    lines = []
    for block in found:
        rows = table_rows(block.obj)
        head = " | ".join(cell.strip()[:30] for cell in rows[0]) if rows else ""
        lines.append("%s: paragraph %d, %d rows × %d columns; first row: %s" % (
            block.obj.getName(), block.number, len(rows), max((len(r) for r in rows), default=0), head))
    return ToolOutcome.success("\n".join(lines), ngettext("Listed %d table", "Listed %d tables", len(found)) % len(found))


def _read(block: Block) -> ToolOutcome:
    table = block.obj
    names = table.getCellNames()
    lines = ["Table %s (paragraph %d). Cells are named by column letter and row number; A1 is top left."
             % (table.getName(), block.number)]
    rows = _grid(table)
    if rows is None:  # merged or split cells: list them by name
        lines.append("This table has merged or split cells; its cells are:")
        lines.extend("%s: %s" % (name, quote(table.getCellByName(name).getString(), 300)) for name in names)
    else:
        width = max(len(row) for row in rows)
        lines.append("| row | " + " | ".join(table_column_name(i) for i in range(width)) + " |")
        for number, row in enumerate(rows, 1):
            cells = [cell.replace("\n", " \u23ce ").replace("|", "\\|") for cell in row]
            lines.append("| %d | %s |" % (number, " | ".join(cells)))
    return ToolOutcome.success("\n".join(lines), _("Read table %s") % table.getName())


def _grid(table) -> Optional[List[List[str]]]:
    names = set(table.getCellNames())
    rows, columns = table.getRows().getCount(), table.getColumns().getCount()
    expected = {"%s%d" % (table_column_name(c), r + 1) for r in range(rows) for c in range(columns)}
    if names != expected:
        return None
    return [[table.getCellByName("%s%d" % (table_column_name(c), r + 1)).getString() for c in range(columns)]
            for r in range(rows)]


def _write(context, block: Block, cells: List[CellEdit]) -> ToolOutcome:
    table = block.obj
    if not cells:
        raise ToolError("Give cells: a list of {cell, old_text, new_text}.")
    names = set(table.getCellNames())
    planned = []
    for item in cells:
        name = item.cell.strip()
        name = name if name in names else name.upper()  # "a1" is a real cell (the 27th column) only in wide tables
        if name not in names:
            raise ToolError("Table %s has no cell %s (it has %s…%s)." % (
                table.getName(), name, sorted(names)[0], _last_cell(table)))
        current = table.getCellByName(name).getString()
        if not same_text(current, item.old_text):
            raise ToolError("Cell %s now reads %s, not %s; nothing was changed. Read the table again." % (
                name, quote(current, 200), quote(item.old_text, 100)))
        planned.append((name, item.new_text))
    with editing(context) as scope:
        for name, new_text in planned:
            span = TextSpan.of_text(table.getCellByName(name))
            replace_keeping_format(span, 0, len(span.text), new_text, scope.recording)
    return ToolOutcome.success("Wrote %d cell%s of table %s: %s." % (
        len(planned), "" if len(planned) == 1 else "s", table.getName(), ", ".join(n for n, _text in planned)),
        ngettext("Wrote %d cell of table %s", "Wrote %d cells of table %s", len(planned)) % (len(planned), table.getName()))


def _last_cell(table) -> str:
    return "%s%d" % (table_column_name(table.getColumns().getCount() - 1), table.getRows().getCount())


def _add_rows(context, block: Block, values: List[List[str]], after_row: Optional[int]) -> ToolOutcome:
    table = block.obj
    if not values:
        raise ToolError("Give rows: a list of rows, each a list of cell texts.")
    row_count, columns = table.getRows().getCount(), table.getColumns().getCount()
    after = row_count if after_row is None else after_row
    if after > row_count:
        raise ToolError("after_row %d is past the last row (%d)." % (after, row_count))
    if _grid(table) is None:
        raise ToolError("Table %s has merged or split cells; rows cannot be added to it here." % table.getName())
    for row in values:
        if len(row) > columns:
            raise ToolError("A row has %d cells but table %s has %d columns." % (len(row), table.getName(), columns))
    with editing(context):
        table.getRows().insertByIndex(after, len(values))
        for offset, row in enumerate(values):
            for column, text in enumerate(row):
                table.getCellByName("%s%d" % (table_column_name(column), after + offset + 1)).setString(text)
    first = after + 1
    return ToolOutcome.success("Added %d row%s to table %s as rows %d–%d." % (
        len(values), "" if len(values) == 1 else "s", table.getName(), first, first + len(values) - 1),
        ngettext("Added %d row to table %s", "Added %d rows to table %s", len(values)) % (len(values), table.getName()))


def _create(context, values: List[List[str]], position: str, paragraph: Optional[int], header: bool,
            name: Optional[str]) -> ToolOutcome:
    document = context.document
    if not values or not any(values):
        raise ToolError("Give rows: a list of rows, each a list of cell texts (the first row is the header).")
    width = max(len(row) for row in values)
    if width == 0 or len(values) * width > MAX_CELLS:
        raise ToolError("A table needs 1 to %d cells; this one would have %d." % (MAX_CELLS, len(values) * width))
    blocks = body_blocks(document)
    before, anchor = resolve_position(blocks, position, paragraph)
    if name and document.getTextTables().hasByName(name):
        raise ToolError("A table named %s exists already." % quote(name))
    with editing(context):
        paragraph, number = open_paragraph(document, before, anchor, body_style(blocks, anchor.number))
        table = document.createInstance("com.sun.star.text.TextTable")
        table.initialize(len(values), width)
        document.getText().insertTextContent(paragraph.getStart(), table, False)
        if name:
            table.setName(name)
        _fill(table, values, header)
        body_blocks(document)[number].obj.dispose()  # the paragraph the table was put in front of
    return ToolOutcome.success("Created table %s (%d rows × %d columns) as paragraph %d. Paragraphs after it moved "
                               "down by 1." % (table.getName(), len(values), width, number),
                               _("Created table %s") % table.getName())


def _fill(table, values, header: bool) -> None:
    for r, row in enumerate(values):
        for c, text in enumerate(row):
            cell = table.getCellByName("%s%d" % (table_column_name(c), r + 1))
            cell.setString(text)
            if header and r == 0:
                cursor = cell.createTextCursor()
                cursor.setPropertyValue("ParaStyleName", "Table Heading")
    table.setPropertyValue("RepeatHeadline", bool(header))


TOOLS = [tables]
