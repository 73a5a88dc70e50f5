"""Reading tools: the sheets of the document, and cells as values and formulas.

``read_range`` reads a block in a few bulk calls and prints it as a table capped in
cells and characters; when it is cut, it says which rows are missing and how to read
them. Without a range it reads the user's selection.
"""
from __future__ import annotations

from typing import Optional

from ...core.calc.cell_address import RangeRef
from ...core.i18n import _, ngettext
from ...core.calc.sheet_text import render_table
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, active_sheet, clamp_to_used, resolve, used_area
from .cell_views import null_date, read_views
from .selection import selected_targets

DEFAULT_MAX_CELLS = 2000
MAX_CELLS = 10000
MAX_COLUMNS = 100
TABLE_CHARS = 20000


@tool(apps=("calc",))
def list_sheets(context) -> ToolOutcome:
    """List the sheets of the spreadsheet with their used areas, charts, and which sheet is active."""
    document = context.document
    active = active_sheet(document).getName()
    sheets = document.getSheets()
    lines = []
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        used = used_area(sheet)
        notes = ["used area %s" % used.a1() if used else "empty"]
        charts = sheet.getCharts().getCount()
        if charts:
            notes.append("%d chart%s" % (charts, "" if charts == 1 else "s"))
        if sheet.getName() == active:
            notes.append("active")
        if sheet.isProtected():
            notes.append("protected")
        if not sheet.getPropertyValue("IsVisible"):
            notes.append("hidden")
        lines.append("%d. '%s': %s" % (index + 1, sheet.getName(), ", ".join(notes)))
    return ToolOutcome.success("%d sheet(s):\n%s" % (len(lines), "\n".join(lines)),
                               ngettext("Listed %d sheet", "Listed %d sheets", len(lines)) % len(lines))


@tool(apps=("calc",))
def read_range(context, range: Optional[str] = Arg("What to read: %s. Omit for the selection." % RANGE_HELP),
               max_cells: int = Arg("At most this many cells (default %d)." % DEFAULT_MAX_CELLS,
                                    default=DEFAULT_MAX_CELLS, minimum=1, maximum=MAX_CELLS)) -> ToolOutcome:
    """Read cells as a table of values and formulas (formulas shown as =formula → value). Without 'range' it
    reads the user's current selection. Large ranges are cut with a note saying what to read next.
    """
    document = context.document
    if range:
        target = resolve(document, range)
    else:
        selected = selected_targets(document)
        if not selected:
            raise ToolError("Nothing is selected in the sheet; give a range, e.g. A1:D20.")
        target = selected[0]
    clamped = clamp_to_used(target)
    if clamped is None:
        return ToolOutcome.success("%s is empty." % target.label, _("Read %s (empty)") % target.label)
    return _read_block(document, target, clamped, max_cells)


def _read_block(document, asked, block, max_cells: int) -> ToolOutcome:
    ref = block.ref
    notes = []
    if ref != asked.ref:
        notes.append("%s was limited to the used area %s." % (asked.label, block.label))
    columns = min(ref.columns, MAX_COLUMNS)
    rows = max(1, min(ref.rows, max_cells // columns))
    shown_ref = RangeRef(ref.sheet, ref.start_column, ref.start_row, ref.start_column + columns - 1,
                         ref.start_row + rows - 1)
    views = read_views(document, block.sub(shown_ref).cell_range())
    table, rows_shown = render_table(ref.start_column, ref.start_row, views, TABLE_CHARS, null_date(document))
    if rows_shown < ref.rows:
        rest = RangeRef(ref.sheet, ref.start_column, ref.start_row + rows_shown, ref.end_column, ref.end_row)
        notes.append("Cut: only rows %d-%d of %d are shown; read %s for the rest."
                     % (ref.start_row + 1, ref.start_row + rows_shown, ref.end_row + 1, rest.label()))
    if columns < ref.columns:
        notes.append("Cut: only the first %d columns are shown." % columns)
    head = "%s (%d rows × %d columns). Formulas are shown as =formula → value." % (block.label, ref.rows,
                                                                                   ref.columns)
    text = "\n".join([head] + notes + [table])
    return ToolOutcome.success(text, _("Read %s") % block.label)


TOOLS = [list_sheets, read_range]
