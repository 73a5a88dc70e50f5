"""Pivot tables (DataPilot) on a sheet: their source, where their output is, and their fields."""
from __future__ import annotations

from typing import List

from .addresses import range_of_address

MAX_LISTED = 10
ORIENTATIONS = {"ROW": "rows", "COLUMN": "columns", "PAGE": "page filters", "DATA": "values"}


def pivot_lines(document, sheet) -> List[str]:
    """One line per pivot table whose output is on ``sheet`` (empty when there is none)."""
    tables = sheet.getDataPilotTables()
    names = tables.getElementNames()
    lines = []
    for name in names[:MAX_LISTED]:
        lines.append(_describe(document, sheet, name, tables.getByName(name)))
    if len(names) > MAX_LISTED:
        lines.append("… and %d more pivot tables." % (len(names) - MAX_LISTED))
    return lines


def _describe(document, sheet, name: str, table) -> str:
    output = range_of_address(sheet, table.getOutputRange()).a1()
    return "Pivot table '%s': output %s (its cells are computed: change the source, not the output), %s%s." % (
        name, output, _source(document, table), _fields(table))


def _source(document, table) -> str:
    try:
        address = table.getSourceRange()
        source_sheet = document.getSheets().getByIndex(address.Sheet)
        return "from %s.%s" % (source_sheet.getName(), range_of_address(source_sheet, address).a1())
    except Exception:  # a database or an external source has no cell range
        return "from an external data source"


def _fields(table) -> str:
    groups = {}
    fields = table.getDataPilotFields()
    for index in range(fields.getCount()):
        field = fields.getByIndex(index)
        orientation = field.getPropertyValue("Orientation").value
        if orientation not in ORIENTATIONS:
            continue
        label = field.getName()
        if orientation == "DATA":
            label = "%s of %s" % (field.getPropertyValue("Function").value.lower(), label)
        groups.setdefault(orientation, []).append(label)
    parts = ["%s: %s" % (ORIENTATIONS[key], ", ".join(groups[key])) for key in ORIENTATIONS if key in groups]
    return "; " + "; ".join(parts) if parts else ""
