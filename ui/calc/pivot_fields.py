"""A pivot table's layout: which source columns become rows, columns, values (with their function) and filters.

Fields are named by their column's header (any case) or, failing that, by the column's letter.
Everything is checked against the source's fields before any of it is set. A field used twice
as a value (sum and count of Revenue) is set to DATA twice: Calc then makes a copy of it, and
the field object refers to the copy, whose function is set next. Filters are page fields; the
values they let through are chosen by hiding the other items (``SelectedPage`` does nothing
while Calc has not listed the field's members).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Literal, Optional

import uno

from ...core.calc.cell_address import AddressError, column_name, parse_line_position
from ...core.agent.declare import Arg
from ...core.agent.tools import ToolError

Function = Literal["sum", "count", "average", "min", "max", "median", "product", "count_numbers", "stdev", "var"]
FUNCTIONS = {"sum": 2, "count": 3, "average": 4, "max": 5, "min": 6, "product": 7, "count_numbers": 8, "stdev": 9,
             "var": 11, "median": 13}  # com.sun.star.sheet.GeneralFunction2
FUNCTION_NAMES = {number: name for name, number in FUNCTIONS.items()}
FIELD = Arg("A column's header (or its letter).")
MAX_ITEMS_LISTED = 15


@dataclass(frozen=True)
class ValueField:
    """A field summarised in the table's body."""

    field: str = FIELD
    function: Function = Arg("Default sum; count counts the non-empty cells.", default="sum")


@dataclass(frozen=True)
class FilterField:
    """A page field above the table."""

    field: str = FIELD
    show: Optional[List[str]] = Arg("Only rows with these values count (default: all).")


@dataclass(frozen=True)
class Layout:
    """The areas a call sets (None: left as they are)."""

    rows: Optional[List[str]] = None
    columns: Optional[List[str]] = None
    values: Optional[List[ValueField]] = None
    filters: Optional[List[FilterField]] = None


class FieldNames:
    """The source's fields, to resolve the names a call gives."""

    def __init__(self, fields, first_column: int):
        self.fields = fields
        count = fields.getCount()
        self.names = [fields.getByIndex(index).getName() for index in range(count - 1)]  # the last is "Data"
        self.first_column = first_column

    @property
    def data_layout(self):
        """The pseudo-field placing several value fields in rows or columns."""
        return self.fields.getByIndex(self.fields.getCount() - 1)

    def resolve(self, text: str) -> str:
        """The field's name for ``text`` (a header or a column letter)."""
        for wanted in (text, text.strip().lower()):
            for name in self.names:
                if name == wanted or name.lower() == wanted:
                    return name
        try:
            offset = parse_line_position(text.strip(), rows=False) - self.first_column
        except AddressError:
            offset = -1
        if 0 <= offset < len(self.names):
            return self.names[offset]
        raise ToolError("The source has no field '%s'. Its fields (column headers) are: %s. Nothing was changed."
                        % (text, ", ".join("'%s' (%s)" % (name, column_name(self.first_column + index))
                                           for index, name in enumerate(self.names[:40]))))


@dataclass(frozen=True)
class CheckedLayout:
    """A :class:`Layout` with every field name resolved and every filter value found."""

    rows: Optional[List[str]]
    columns: Optional[List[str]]
    values: Optional[List[ValueField]]
    filters: Optional[List[FilterField]]

    def used(self) -> List[str]:
        """Every field in rows, columns and filters."""
        return [name for area in (self.rows, self.columns) for name in (area or [])] + \
            [item.field for item in self.filters or []]


def check_layout(names: FieldNames, layout: Layout) -> CheckedLayout:
    """Resolve every name of ``layout`` (ToolError on the first unknown one or a field used twice)."""
    rows = [names.resolve(text) for text in layout.rows] if layout.rows is not None else None
    columns = [names.resolve(text) for text in layout.columns] if layout.columns is not None else None
    values = [ValueField(names.resolve(item.field), item.function) for item in layout.values] \
        if layout.values is not None else None
    filters = [FilterField(names.resolve(item.field), item.show) for item in layout.filters] \
        if layout.filters is not None else None
    checked = CheckedLayout(rows, columns, values, filters)
    placed = checked.used()
    twice = sorted({name for name in placed if placed.count(name) > 1})
    if twice:
        raise ToolError("A field can be in only one of rows, columns and filters: %s is in several. Nothing was "
                        "changed." % ", ".join("'%s'" % name for name in twice))
    for item in filters or []:
        if item.show is not None:
            _shown_items(names.fields.getByName(item.field), item)
    return checked


def set_layout(descriptor, names: FieldNames, layout: CheckedLayout, values_in: Optional[str]) -> None:
    """Set ``layout`` on a pivot table or its descriptor (areas not given are kept; values last, so a field in
    rows can be counted too)."""
    fields = descriptor.getDataPilotFields()
    if layout.rows is not None:
        _replace(fields, names, "ROW", layout.rows)
    if layout.columns is not None:
        _replace(fields, names, "COLUMN", layout.columns)
    if layout.filters is not None:
        _replace(fields, names, "PAGE", [item.field for item in layout.filters])
        for item in layout.filters:
            _show_only(fields.getByName(item.field), item)
    if layout.values is not None:
        _clear_values(descriptor)
        for item in layout.values:
            field = fields.getByName(item.field)
            field.Orientation = orientation("DATA")
            field.Function2 = FUNCTIONS[item.function]
    if values_in is not None:
        names.data_layout.Orientation = orientation("COLUMN" if values_in == "columns" else "ROW")


def orientation(name: str):
    """A ``DataPilotFieldOrientation`` value."""
    return uno.Enum("com.sun.star.sheet.DataPilotFieldOrientation", name)


def _replace(fields, names: FieldNames, area: str, wanted: List[str]) -> None:
    for name in names.names:
        field = fields.getByName(name)
        if field.Orientation.value == area and name not in wanted:
            field.Orientation = orientation("HIDDEN")
    for name in wanted:
        field = fields.getByName(name)
        if field.Orientation.value != "HIDDEN":
            field.Orientation = orientation("HIDDEN")  # set again below: the areas' order is the call's
        field.Orientation = orientation(area)


def _clear_values(descriptor) -> None:
    """Take every value field out (their copies too)."""
    data = descriptor.getDataFields()
    for index in reversed(range(data.getCount())):
        data.getByIndex(index).Orientation = orientation("HIDDEN")


def _shown_items(field, item: FilterField) -> Dict[str, bool]:
    """``{member: shown}`` for a filter's ``show`` list (ToolError when a value is not among the members)."""
    members = list(field.getItems().getElementNames())
    shown = {member: False for member in members}
    for value in item.show:
        match = _member(members, value)
        if match is None:
            raise ToolError("The field '%s' has no value '%s'. Its values are: %s%s. Nothing was changed." % (
                item.field, value, ", ".join(members[:MAX_ITEMS_LISTED]),
                " …" if len(members) > MAX_ITEMS_LISTED else ""))
        shown[match] = True
    return shown


def _member(members: List[str], value: str) -> Optional[str]:
    for member in members:
        if member == value or member.lower() == str(value).strip().lower():
            return member
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    for member in members:
        try:
            if float(member) == number:
                return member
        except ValueError:
            continue
    return None


def _show_only(field, item: FilterField) -> None:
    items = field.getItems()
    shown = _shown_items(field, item) if item.show is not None else None
    for member in items.getElementNames():
        hidden = shown is not None and not shown[member]
        entry = items.getByName(member)
        if entry.IsHidden != hidden:
            entry.IsHidden = hidden
