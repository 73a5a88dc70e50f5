"""``create_pivot_table`` and ``edit_pivot_table``: pivot tables (DataPilot) made, changed, refreshed, deleted.

A table is made from a descriptor (``XDataPilotTables.createDataPilotDescriptor``) whose fields
get their areas before ``insertNewByName`` computes the result once; Calc records the insertion,
each later change of a field or option, and the deletion for undo. Calc writes a result over
whatever its cells held, so a new table's room is checked first (exactly, on a scratch sheet,
when the cells below and right of its corner hold anything), and a change is refused while
content lies where the table could grow. Calc's own Refresh is not undoable (it reloads the
source's cache): the answer says so.
"""
from __future__ import annotations

from typing import List, Literal, Optional, Tuple

from com.sun.star.sheet.DataPilotOutputRangeType import RESULT

from ...core.calc.cell_address import RangeRef
from ...core.calc.cell_format import FormatError
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _, ngettext
from .addresses import RANGE_HELP, Target, clamp_to_used, range_of_address, resolve, sheet_size
from .chart_place import add_sheet, all_charts, check_new_sheet_name
from .formatting import number_format_key
from .guards import ensure_sheet_unprotected
from .locales import format_locale
from .pivot_fields import FUNCTION_NAMES, FieldNames, FilterField, Layout, ValueField, check_layout, set_layout
from .pivot_place import (PivotRef, all_pivots, cell_address, find_pivot, first_filled, may_hold_content,
                          pivot_name)

PREVIEW_ROWS, PREVIEW_COLUMNS = 8, 8
DEFAULT_SHEET = "Pivot table"
SCRATCH_SHEET = "Marginalia scratch"
NUMBER_FORMAT = Arg("Number format of the results: a preset (number, integer, decimal, percent, currency, euro) or "
                    "a code such as #,##0.00.")
ROWS = Arg("Fields whose values become the rows.")
COLUMNS = Arg("Fields whose values become the columns.")
VALUES = Arg("What to summarise, each a field with its function (sum, count, average, min, max…).")
FILTERS = Arg("Filter (page) fields above the table; with show, only rows with those values count.")
VALUES_IN = Arg("With several values: side by side (columns, default) or under each other (rows).")
TOTAL_ROW = "A grand total row at the bottom"
TOTAL_COLUMN = "A grand total column at the right"


@tool(apps=("calc",), changes_document=True)
def create_pivot_table(context, source: str = Arg("The data with its header row: %s." % RANGE_HELP),
                       values: List[ValueField] = Arg(VALUES.description, min_items=1),
                       rows: Optional[List[str]] = ROWS, columns: Optional[List[str]] = COLUMNS,
                       filters: Optional[List[FilterField]] = FILTERS,
                       target: Optional[str] = Arg("Top-left cell of the table, e.g. H2 or Report.A1 (default: a new "
                                                   "sheet)."),
                       new_sheet: Optional[str] = Arg("Name of the new sheet (default \"Pivot table\")."),
                       total_row: bool = Arg(TOTAL_ROW + " (default true).", default=True),
                       total_column: bool = Arg(TOTAL_COLUMN + " (default true).", default=True),
                       values_in: Literal["columns", "rows"] = Arg(VALUES_IN.description, default="columns"),
                       number_format: Optional[str] = NUMBER_FORMAT,
                       name: Optional[str] = Arg("Unique in the document (default Pivot table N).")) -> ToolOutcome:
    """Create a pivot table (DataPilot) that summarises source by rows, columns and filters: sum, count, average,
    min, max… of value fields, with grand totals and a number format, at target or on a new sheet.
    """
    document = context.document
    data = _source(document, source)
    if target and new_sheet:
        raise ToolError("Give target (a cell) or new_sheet (a sheet's name), not both. Nothing was changed.")
    place = resolve(document, target) if target else None
    sheet_name = None if place else _free_sheet_name(document, new_sheet)
    if place is not None:
        ensure_sheet_unprotected(place.sheet, "insert a pivot table")
    name = pivot_name(document, name)
    key = _format_key(context, number_format)
    tables = (place.sheet if place else data.sheet).getDataPilotTables()
    descriptor = tables.createDataPilotDescriptor()
    descriptor.setSourceRange(data.cell_range().getRangeAddress())
    descriptor.ShowFilterButton = False  # set before the fields: setting it later loses a field counted in rows
    descriptor.RowGrand, descriptor.ColumnGrand = total_row, total_column
    names = FieldNames(descriptor.getDataPilotFields(), data.ref.start_column)
    layout = check_layout(names, Layout(rows, columns, values, filters))
    set_layout(descriptor, names, layout, values_in if len(values) > 1 else None)
    if place is not None and may_hold_content(place):
        _check_room(document, descriptor, place, name)
    if place is None:
        place = add_sheet(document, sheet_name)
    place.sheet.getDataPilotTables().insertNewByName(name, cell_address(place), descriptor)
    pivot = find_pivot(document, name)
    notes = _number_format(pivot, key, number_format)
    text = "Created the pivot table '%s' at %s from %s: %s.%s\n%s" % (
        name, pivot.output().label, data.label, describe_layout(pivot.table, layout.values), notes, preview(pivot))
    return ToolOutcome.success(text, _("Created pivot table '%s'") % name)


@tool(apps=("calc",), changes_document=True)
def edit_pivot_table(context, name: Optional[str] = Arg("The pivot table (default: the only one; for refresh: all)."),
                     action: Literal["change", "refresh", "delete"] = Arg(
                         "change (the fields and options given), refresh (recompute from the source) or delete.",
                         default="change"),
                     rows: Optional[List[str]] = Arg(ROWS.description + " Replaces the rows."),
                     columns: Optional[List[str]] = Arg(COLUMNS.description + " Replaces the columns."),
                     values: Optional[List[ValueField]] = Arg(VALUES.description + " Replaces the values.",
                                                              min_items=1),
                     filters: Optional[List[FilterField]] = Arg(FILTERS.description + " Replaces the filters."),
                     total_row: Optional[bool] = Arg(TOTAL_ROW + "."),
                     total_column: Optional[bool] = Arg(TOTAL_COLUMN + "."),
                     values_in: Optional[Literal["columns", "rows"]] = VALUES_IN,
                     number_format: Optional[str] = NUMBER_FORMAT,
                     source: Optional[str] = Arg("A new source range with the same header row (e.g. more rows).")
                     ) -> ToolOutcome:
    """Change a pivot table's rows, columns, values, filters, totals, number format or source; refresh one (or all)
    from its source; or delete it. Lists given replace what the table has in that area.
    """
    document = context.document
    if action == "refresh":
        return _refresh(document, name)
    pivot = find_pivot(document, name)
    ensure_sheet_unprotected(pivot.sheet, "change a pivot table")
    if action == "delete":
        return _delete(document, pivot)
    layout = Layout(rows, columns, values, filters)
    number_format_given = (_format_key(context, number_format), number_format)
    return _change(document, pivot, layout, total_row, total_column, values_in, number_format_given, source)


def _source(document, text: str) -> Target:
    data = resolve(document, text)
    if not data.ref.is_single_cell:
        data = clamp_to_used(data) or data
    if data.ref.rows < 2:
        raise ToolError("%s is not a table: a pivot table needs a header row and at least one row of data. Nothing "
                        "was changed." % data.label)
    return data


def _free_sheet_name(document, wanted: Optional[str]) -> str:
    if wanted:
        check_new_sheet_name(document, wanted)
        return wanted
    taken = {name.lower() for name in document.getSheets().getElementNames()}
    name, number = DEFAULT_SHEET, 1
    while name.lower() in taken:
        number += 1
        name = "%s %d" % (DEFAULT_SHEET, number)
    check_new_sheet_name(document, name)
    return name


def _format_key(context, number_format: Optional[str]) -> Optional[int]:
    """The document's key of ``number_format`` in the document's locale (None when not given)."""
    if number_format is None:
        return None
    try:
        return number_format_key(context.document, number_format, format_locale(context.document, context.office))
    except FormatError as error:
        raise ToolError("%s. Nothing was changed." % error) from None


def _check_room(document, descriptor, place: Target, name: str) -> None:
    """Refuse when the new table would cover cells that hold anything (measured on a scratch sheet)."""
    sheets = document.getSheets()
    sheets.insertNewByName(SCRATCH_SHEET, sheets.getCount())
    try:
        scratch = sheets.getByName(SCRATCH_SHEET)
        tables = scratch.getDataPilotTables()
        tables.insertNewByName(name, cell_address(Target(scratch, RangeRef(None, 0, 0, 0, 0))), descriptor)
        size = tables.getByName(name).getOutputRange()
        rows, columns = size.EndRow - size.StartRow + 1, size.EndColumn - size.StartColumn + 1
    finally:
        sheets.removeByName(SCRATCH_SHEET)
    ref = place.ref
    last_column, last_row = sheet_size(place.sheet)
    if ref.start_column + columns > last_column or ref.start_row + rows > last_row:
        raise ToolError("The pivot table (%d rows × %d columns) does not fit on the sheet at %s. Nothing was "
                        "changed." % (rows, columns, place.label))
    area = RangeRef(place.sheet_name, ref.start_column, ref.start_row, ref.start_column + columns - 1,
                    ref.start_row + rows - 1)
    filled = first_filled(place.sheet, area)
    if filled:
        raise ToolError("The pivot table needs %s (%d rows × %d columns), but %s holds content that it would "
                        "overwrite. Choose another target, or new_sheet. Nothing was changed."
                        % (area.label(), rows, columns, filled))


def _number_format(pivot: PivotRef, key: Optional[int], code: Optional[str]) -> str:
    if key is None:
        return ""
    result = pivot.table.getOutputRangeByType(RESULT)
    pivot.sheet.getCellRangeByPosition(result.StartColumn, result.StartRow, result.EndColumn,
                                       result.EndRow).NumberFormat = key
    return (" Its results show as %s (LibreOffice keeps this until the table is recomputed: a refresh or a change "
            "of its fields shows the source column's format again)." % code)


def _refresh(document, name: Optional[str]) -> ToolOutcome:
    pivots = all_pivots(document) if name is None else [find_pivot(document, name)]
    if not pivots:
        raise ToolError("The document has no pivot table. Nothing was changed.")
    for pivot in pivots:
        pivot.table.refresh()
    labels = ", ".join("'%s' (%s)" % (pivot.name, pivot.output().label) for pivot in pivots)
    return ToolOutcome.success(
        "Refreshed %d pivot table(s) from their sources: %s. LibreOffice cannot undo a refresh (its own Refresh "
        "is not undoable either): Ctrl+Z leaves the new figures." % (len(pivots), labels),
        ngettext("Refreshed %d pivot table", "Refreshed %d pivot tables", len(pivots)) % len(pivots))


def _delete(document, pivot: PivotRef) -> ToolOutcome:
    output = pivot.output().label
    charts = [ref.label for ref in all_charts(document) if ref.pivot_table == pivot.name]
    pivot.sheet.getDataPilotTables().removeByName(pivot.name)
    note = (" The pivot chart(s) %s showed it and are empty now (edit_chart with delete=true removes them)."
            % ", ".join(charts) if charts else "")
    return ToolOutcome.success("Deleted the pivot table '%s'; its cells %s are empty now.%s" % (pivot.name, output, note),
                               _("Deleted pivot table '%s'") % pivot.name)


def _change(document, pivot: PivotRef, layout: Layout, total_row, total_column, values_in,
            number_format_given: Tuple[Optional[int], Optional[str]], source) -> ToolOutcome:
    """Apply the changes given; ``number_format_given``: the format's key in the document and its text as given."""
    table = pivot.table
    key, number_format = number_format_given
    new_source = _source(document, source) if source else None
    if new_source is not None and new_source.sheet.getName() != (pivot.source(document) or new_source).sheet_name:
        raise ToolError("The new source must be on the sheet of the old one. Nothing was changed.")
    given = [layout.rows, layout.columns, layout.values, layout.filters, total_row, total_column, values_in,
             new_source]
    if all(value is None for value in given) and key is None:
        raise ToolError("Say what to change: rows, columns, values, filters, total_row, total_column, values_in, "
                        "number_format or source (or action refresh or delete). Nothing was changed.")
    if any(value is not None for value in given):
        _check_growth_room(document, pivot, layout, new_source)
    if new_source is not None:
        table.setSourceRange(new_source.cell_range().getRangeAddress())
    if total_row is not None and table.RowGrand != total_row:
        table.RowGrand = total_row
    if total_column is not None and table.ColumnGrand != total_column:
        table.ColumnGrand = total_column
    source_ref = pivot.source(document)
    names = FieldNames(table.getDataPilotFields(), source_ref.ref.start_column if source_ref else 0)
    checked = check_layout(names, layout)
    set_layout(table, names, checked, values_in)
    notes = _number_format(pivot, key, number_format)
    text = "Changed the pivot table '%s' (now at %s): %s.%s\n%s" % (
        pivot.name, pivot.output().label, describe_layout(table, checked.values), notes, preview(pivot))
    return ToolOutcome.success(text, _("Changed pivot table '%s'") % pivot.name)


def _check_growth_room(document, pivot: PivotRef, layout: Layout, new_source: Optional[Target]) -> None:
    """Refuse a change while cells that a grown table could cover hold anything (Calc would overwrite them)."""
    output = pivot.output()
    source = new_source or pivot.source(document)
    data_rows = source.ref.rows if source is not None else 1000
    ref = output.ref
    reach_rows = max(ref.rows, data_rows * max(len(layout.values or []), 1) + 8)
    reach_columns = max(ref.columns, data_rows * max(len(layout.values or []), 1) + 8)
    last_column, last_row = sheet_size(pivot.sheet)
    area = RangeRef(pivot.sheet.getName(), ref.start_column, ref.start_row,
                    min(ref.start_column + reach_columns, last_column - 1),
                    min(ref.start_row + reach_rows, last_row - 1))
    block = pivot.sheet.getCellRangeByPosition(area.start_column, area.start_row, area.end_column, area.end_row)
    for address in block.queryContentCells(1 | 2 | 4 | 16).getRangeAddresses():
        outside = range_of_address(pivot.sheet, address)
        if not ref.contains(outside):
            raise ToolError("Cells near the pivot table '%s' (%s) hold content (%s) that a changed table could grow "
                            "over, and Calc would overwrite them. Move that content, or make a new pivot table "
                            "elsewhere (create_pivot_table with target or new_sheet) and delete this one. Nothing "
                            "was changed." % (pivot.name, ref.label(), outside.a1()))


def describe_layout(table, values: Optional[List[ValueField]] = None) -> str:
    """``rows: Region; columns: Month; values: sum of Revenue; filters: Product (only Tea); grand totals: row``.

    ``values``: the value fields just set (Calc's own list of them names a field counted in rows
    after that field left the rows by the field's name, without its function).
    """
    parts = []
    for label, fields in (("rows", table.getRowFields()), ("columns", table.getColumnFields())):
        names = [fields.getByIndex(i).getName() for i in range(fields.getCount())
                 if not _is_data_layout(table, fields.getByIndex(i))]
        if names:
            parts.append("%s: %s" % (label, ", ".join(names)))
    if values is None:
        data = table.getDataFields()
        values = [ValueField(data.getByIndex(i).getName().rstrip("*"),
                             FUNCTION_NAMES.get(data.getByIndex(i).Function2, "")) for i in range(data.getCount())]
    if values:
        parts.append("values: %s" % ", ".join(
            ("%s of %s" % (item.function, item.field)) if item.function else item.field for item in values))
    pages = table.getPageFields()
    filters = [_filter_text(pages.getByIndex(i)) for i in range(pages.getCount())]
    if filters:
        parts.append("filters: %s" % ", ".join(filters))
    totals = [label for label, on in (("row", table.RowGrand), ("column", table.ColumnGrand)) if on]
    parts.append("grand totals: %s" % (" and ".join(totals) if totals else "none"))
    return "; ".join(parts)


def _is_data_layout(table, field) -> bool:
    fields = table.getDataPilotFields()
    return field.getName() == fields.getByIndex(fields.getCount() - 1).getName()


def _filter_text(field) -> str:
    items = field.getItems()
    names = items.getElementNames()
    shown = [name for name in names if not items.getByName(name).IsHidden]
    if len(shown) == len(names):
        return field.getName()
    return "%s (only %s)" % (field.getName(), ", ".join(shown[:10]) or "nothing")


def preview(pivot: PivotRef) -> str:
    """The result's first rows, cells separated by `` | ``."""
    output = pivot.output().ref
    last_row = min(output.end_row, output.start_row + PREVIEW_ROWS - 1)
    last_column = min(output.end_column, output.start_column + PREVIEW_COLUMNS - 1)
    rows = pivot.sheet.getCellRangeByPosition(output.start_column, output.start_row, last_column,
                                              last_row).getDataArray()
    lines = [" | ".join(_cell_text(value) for value in row) for row in rows]
    more = output.end_row - last_row
    return "Result:\n" + "\n".join(lines) + ("\n… %d more rows" % more if more > 0 else "")


def _cell_text(value) -> str:
    if isinstance(value, float):
        return ("%d" % value) if value == int(value) else ("%.4g" % value)
    return str(value)


TOOLS = [create_pivot_table, edit_pivot_table]
