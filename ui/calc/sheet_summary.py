"""``get_sheet_summary``: what a sheet holds, in one short read.

Used area, whether row 1 is a header, each column's type (number, text, date,
mixed…) with counts and ranges, formulas versus values, formula errors, merged
areas, cell comments, pivot tables, charts with their data ranges, conditional
formats, data validation, named ranges, AutoFilter, hidden rows and columns, and
protection, followed by the first rows. The first line names every sheet, saying
which are hidden or protected.
"""
from __future__ import annotations

from typing import Optional

from ...core.calc.cell_address import RangeRef, column_name
from ...core.calc.column_types import describe_profile, header_row_index, looks_like_header, profile_column
from ...core.i18n import _
from ...core.calc.sheet_text import format_number, format_value, render_table
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolOutcome
from .addresses import active_sheet, range_of_address, sheet_by_name, used_area
from .cell_views import null_date, read_views
from .named_ranges import named_range_lines
from .pivots import pivot_lines
from .sheet_notes import note_lines
from .sheet_objects import autofilter_text, chart_lines, conditional_format_lines, hidden_lines, merged_areas
from .validation import validation_lines

PROFILE_ROWS = 500
HEADER_LOOK = 10
PROFILE_COLUMNS = 30
PREVIEW_ROWS = 5
PREVIEW_CHARS = 3000


@tool(apps=("calc",))
def get_sheet_summary(context, sheet: Optional[str] = Arg("Sheet name (default: the active sheet).")) -> ToolOutcome:
    """Summarise a sheet: used area, header row, each column's type, formulas vs values, errors, merged areas,
    comments, pivot tables, charts, conditional formats, data validation, named ranges, AutoFilter, hidden
    rows/columns and sheets, protection, and the first rows. Start here.
    """
    document = context.document
    sheet = sheet_by_name(document, sheet)
    name = sheet.getName()
    active = active_sheet(document).getName() == name
    lines = ["Sheet '%s'%s%s; the document has %d sheet(s): %s." % (
        name, " (active)" if active else "", " (hidden)" if not sheet.getPropertyValue("IsVisible") else "",
        document.getSheets().getCount(), _sheet_list(document))]
    used = used_area(sheet)
    if used is None:
        lines.append("The sheet is empty.")
    else:
        lines.extend(_contents_lines(document, sheet, used))
    lines.extend(_object_lines(document, sheet, used))
    return ToolOutcome.success("\n".join(lines), _("Summarised sheet '%s'") % name)


def _sheet_list(document) -> str:
    sheets = document.getSheets()
    names = []
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        notes = [note for note, flag in (("hidden", not sheet.getPropertyValue("IsVisible")),
                                         ("protected", sheet.isProtected())) if flag]
        names.append(sheet.getName() + (" (%s)" % ", ".join(notes) if notes else ""))
    return ", ".join(names)


def _contents_lines(document, sheet, used: RangeRef):
    block = sheet.getCellRangeByPosition(used.start_column, used.start_row, used.end_column, used.end_row)
    formula_count = cells_in(block.queryContentCells(16))
    filled = cells_in(block.queryContentCells(1 | 2 | 4 | 16))
    lines = ["Used area: %s (%d rows × %d columns); %d filled cells: %d formulas, %d values or text."
             % (used.a1(), used.rows, used.columns, filled, formula_count, filled - formula_count)]
    columns = min(used.columns, PROFILE_COLUMNS)
    sample = RangeRef(used.sheet, used.start_column, used.start_row, used.start_column + columns - 1,
                      used.start_row + min(used.rows, PROFILE_ROWS + HEADER_LOOK) - 1)
    views = read_views(document, sheet.getCellRangeByPosition(sample.start_column, sample.start_row,
                                                              sample.end_column, sample.end_row))
    lines.extend(_column_lines(views, sample, used, document))
    table, _ = render_table(used.start_column, used.start_row, views[:PREVIEW_ROWS], PREVIEW_CHARS,
                            null_date(document))
    lines.append("First rows:\n" + table)
    return lines


def cells_in(ranges) -> int:
    """The number of cells in an ``XSheetCellRanges``."""
    return sum((a.EndRow - a.StartRow + 1) * (a.EndColumn - a.StartColumn + 1) for a in ranges.getRangeAddresses())


def _kind(view):
    if view.error:
        return "error"
    if view.value is None:
        return None
    if isinstance(view.value, str):
        return "text"
    return view.kind or "number"


def _column_lines(views, sample: RangeRef, used: RangeRef, document):
    kinds = [[_kind(view) for view in row] for row in views]
    top = header_row_index(kinds, HEADER_LOOK)
    header = looks_like_header(kinds[top], kinds[top + 1:])
    first_row = sample.start_row + top
    body = views[top + 1:] if header else views[top:]
    body_start = first_row + (2 if header else 1)
    lines = []
    if top:
        lines.append("Rows %d-%d above the table hold titles or notes." % (sample.start_row + 1, first_row))
    lines.append("Header row: %s." % ("row %d" % (first_row + 1) if header else
                                      "none detected (row %d holds data)" % (first_row + 1)))
    last_profiled = sample.start_row + len(views)
    lines.append("Columns (rows %d-%d%s):" % (body_start, last_profiled,
                                               "" if last_profiled >= used.end_row + 1 else ", a sample"))
    day_zero = null_date(document)
    for offset in range(len(views[0])):
        title = format_value(views[top][offset]) if header else ""
        cells = [(_kind(row[offset]), row[offset].value, bool(row[offset].formula),
                  format_value(row[offset], day_zero)) for row in body]
        letter = column_name(sample.start_column + offset)
        label = '%s "%s"' % (letter, title) if title else letter
        lines.append("- %s: %s" % (label, describe_profile(profile_column(title, cells), format_number)))
    if used.columns > len(views[0]):
        lines.append("- (%d more columns not profiled)" % (used.columns - len(views[0])))
    return lines


def _object_lines(document, sheet, used):
    lines = []
    if used is not None:
        block = sheet.getCellRangeByPosition(used.start_column, used.start_row, used.end_column, used.end_row)
        error_ranges = block.queryFormulaCells(4)
        errors = error_ranges.getRangeAddresses()
        if errors:
            cells = cells_in(error_ranges)
            where = ", ".join(range_of_address(sheet, a).a1() for a in errors[:8])
            lines.append("Formula errors: %d cell(s) (%s); call find_formula_errors to explain them." % (cells, where))
        merged = merged_areas(sheet, used)
        lines.append("Merged areas: %s." % (", ".join(merged) if merged else "none"))
        lines.extend(hidden_lines(sheet, used))
    lines.extend(note_lines(sheet))
    lines.extend(pivot_lines(document, sheet))
    lines.extend(chart_lines(sheet) or ["Charts: none."])
    lines.extend(conditional_format_lines(sheet) or ["Conditional formats: none."])
    lines.extend(validation_lines(sheet, used))
    lines.extend(named_range_lines(document, sheet))
    lines.append("AutoFilter: %s." % autofilter_text(document, sheet))
    lines.append("Protection: %s." % ("the sheet is protected" if sheet.isProtected() else "none"))
    return lines


TOOLS = [get_sheet_summary]
