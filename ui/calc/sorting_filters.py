"""Sort a table, and filter its rows (AutoFilter buttons and/or a standard filter).

Both go through Calc's own undoable operations: ``XSortable.sort`` and
``XSheetFilterable.filter``; the AutoFilter buttons are switched with Calc's own
``.uno:DataFilterAutoFilter`` command on the table (the API flag on database ranges
is not recorded for undo), and the user's selection is put back afterwards.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Literal, Optional, Union

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.uno import Exception as UnoException

from ...core.calc.cell_address import column_name
from ...core.i18n import _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ..office.dispatch import dispatch
from .addresses import RANGE_HELP, clamp_to_used, resolve
from .guards import ensure_sheet_unprotected, ensure_sortable
from .sheet_objects import autofilter_area
from .table_header import column_in_table, detect_header

OPERATORS = {  # com.sun.star.sheet.FilterOperator2
    "equals": 2, "not_equals": 3, "greater": 4, "greater_equal": 5, "less": 6, "less_equal": 7,
    "top_values": 8, "bottom_values": 10, "contains": 12, "not_contains": 13, "begins_with": 14,
    "ends_with": 16, "empty": 0, "not_empty": 1,
}
FilterOperator = Literal["equals", "not_equals", "greater", "greater_equal", "less", "less_equal", "top_values",
                         "bottom_values", "contains", "not_contains", "begins_with", "ends_with", "empty", "not_empty"]
NO_VALUE = ("empty", "not_empty")
FilterValue = Union[str, float, None]
"""What a condition compares with (None: not given); written flat, see ``Operand`` in :mod:`.conditional`."""


def _property(name, value):
    prop = PropertyValue()
    prop.Name, prop.Value = name, value
    return prop


COLUMN = Arg("Column letter, e.g. B.")
TABLE_HEADER = Arg("Whether the first row holds column titles (default: detected).")


@dataclass(frozen=True)
class SortKey:
    """One column to sort by."""

    column: str = COLUMN
    descending: bool = False


@dataclass(frozen=True)
class FilterCondition:
    """One condition rows must meet to stay shown."""

    column: str = COLUMN
    operator: FilterOperator = Arg()
    value: FilterValue = Arg("Not needed for empty/not_empty.")


def _table(context, range_text: str, has_header: Optional[bool], action: str):
    target = resolve(context.document, range_text)
    ensure_sheet_unprotected(target.sheet, action)
    table = clamp_to_used(target)
    if table is None:
        raise ToolError("%s is empty; there is nothing to %s." % (target.label, action))
    if has_header is None:
        has_header = detect_header(context.document, table)
    if has_header and table.ref.rows < 2:
        raise ToolError("%s has only a header row; there is nothing to %s." % (table.label, action))
    return table, has_header


@tool(apps=("calc",), changes_document=True)
def sort_range(context, range: str = Arg("The table to sort: %s." % RANGE_HELP),
               keys: List[SortKey] = Arg(min_items=1, max_items=3), has_header: Optional[bool] = TABLE_HEADER,
               case_sensitive: bool = False) -> ToolOutcome:
    """Sort the rows of a table by one to three columns. A header row stays on top."""
    table, has_header = _table(context, range, has_header, "sort")
    ensure_sortable(table)
    fields, words = [], []
    for key in keys:
        field = uno.createUnoStruct("com.sun.star.table.TableSortField")
        field.Field = column_in_table(key.column, table.ref, table.label)
        field.IsAscending = not key.descending
        field.IsCaseSensitive = case_sensitive
        fields.append(field)
        words.append("%s %s" % (column_name(table.ref.start_column + field.Field),
                                "descending" if key.descending else "ascending"))
    descriptor = (_property("SortFields", uno.Any("[]com.sun.star.table.TableSortField", tuple(fields))),
                  _property("ContainsHeader", has_header), _property("BindFormatsToContent", True),
                  _property("IsSortColumns", False))
    try:
        uno.invoke(table.cell_range(), "sort", (descriptor,))
    except UnoException as error:
        raise ToolError("Calc could not sort %s (merged cells or array formulas in the table?). Nothing was "
                        "changed. (%s)" % (table.label, type(error).__name__)) from None
    header = " (row %d kept as the header)" % (table.ref.start_row + 1) if has_header else ""
    text = "Sorted %s by %s%s." % (table.label, ", then ".join(words), header)
    return ToolOutcome.success(text, _("Sorted %s") % table.label)


@tool(apps=("calc",), changes_document=True)
def filter_range(context, range: str = Arg("The table, header included: %s." % RANGE_HELP),
                 conditions: Optional[List[FilterCondition]] = Arg(max_items=8),
                 match: Literal["all", "any"] = Arg("Rows must match all (default) or any condition.", default="all"),
                 autofilter: Optional[bool] = Arg("true shows the drop-down buttons, false removes them."),
                 has_header: Optional[bool] = TABLE_HEADER) -> ToolOutcome:
    """Filter a table: show only rows matching 'conditions' ([] shows all rows again), and/or switch the
    AutoFilter drop-down buttons on its header on or off.
    """
    if autofilter is None and conditions is None:
        raise ToolError("Give 'conditions' (rows to keep; [] shows every row again) and/or 'autofilter'.")
    table, has_header = _table(context, range, has_header, "filter")
    fields = [_filter_field(condition, table, index, match) for index, condition in enumerate(conditions or [])]
    notes = []
    if autofilter is not None:
        notes.append(_switch_autofilter(context, table, autofilter))
    if conditions is not None:
        descriptor = table.cell_range().createFilterDescriptor(True)
        descriptor.setFilterFields2(tuple(fields))
        descriptor.setPropertyValue("ContainsHeader", has_header)
        table.cell_range().filter(descriptor)
        notes.append(_visible_note(table, has_header, bool(fields)))
    return ToolOutcome.success(" ".join(notes), _("Filtered %s") % table.label)


def _filter_field(condition: FilterCondition, table, index: int, match: str):
    operator = condition.operator
    field = uno.createUnoStruct("com.sun.star.sheet.TableFilterField2")
    field.Field = column_in_table(condition.column, table.ref, table.label)
    field.Operator = OPERATORS[operator]
    connection = "OR" if match == "any" and index else "AND"
    field.Connection = uno.Enum("com.sun.star.sheet.FilterConnection", connection)
    if operator in NO_VALUE:
        return field
    value = condition.value
    if value is None:
        raise ToolError("Condition %d (%s) needs a 'value'. Nothing was changed." % (index + 1, operator))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        field.IsNumeric, field.NumericValue = True, float(value)
    else:
        field.IsNumeric, field.StringValue = False, str(value)
    return field


def _visible_note(table, has_header: bool, filtered: bool) -> str:
    ref = table.ref
    first = ref.start_row + (1 if has_header else 0)
    data = table.sheet.getCellRangeByPosition(ref.start_column, first, ref.start_column, ref.end_row)
    shown = sum(a.EndRow - a.StartRow + 1 for a in data.queryVisibleCells().getRangeAddresses())
    total = ref.end_row - first + 1
    if not filtered:
        return "All %d rows of %s are shown again." % (total, table.label)
    return "Filtered %s: %d of %d rows match and are shown; the others are hidden." % (table.label, shown, total)


def _switch_autofilter(context, table, turn_on: bool) -> str:
    current = autofilter_area(context.document, table.sheet)
    current_ref = current[0] if current else None
    if turn_on and current_ref == table.ref.with_sheet(current_ref.sheet if current_ref else None):
        return "The AutoFilter buttons were already on %s." % table.label
    if not turn_on and current is None:
        return "There were no AutoFilter buttons on '%s'." % table.sheet_name
    if current is not None:
        _dispatch_on(context, table.sub(current_ref), ".uno:DataFilterAutoFilter")  # off where they are
    if turn_on:
        _dispatch_on(context, table, ".uno:DataFilterAutoFilter")
        return "AutoFilter buttons are on %s." % table.label
    return "The AutoFilter buttons are off."


def _dispatch_on(context, target, command: str) -> None:
    """Run a Calc command on ``target`` as if the user had selected it, then restore the selection."""
    controller = context.document.getCurrentController()
    previous = controller.getSelection()
    controller.select(target.cell_range())
    try:
        dispatch(controller.getFrame(), command, ctx=context.office)
    finally:
        controller.select(previous)


TOOLS = [sort_range, filter_range]
