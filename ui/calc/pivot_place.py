"""Pivot tables of a document: finding one by name, free names, and room for a new one.

Pivot table names are unique in the whole document (Calc silently renames a new table whose
name is taken on another sheet), and ``insertNewByName`` writes its result over whatever
the cells held, even over its own source: so the room a new table needs is checked first.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from com.sun.star.table import CellAddress

from ...core.calc.cell_address import RangeRef
from ...core.agent.tools import ToolError
from .addresses import Target, range_of_address, used_area

ANY_CONTENT = 1 | 2 | 4 | 16  # CellFlags VALUE, DATETIME, STRING, FORMULA


@dataclass
class PivotRef:
    """One pivot table: its sheet, name and UNO object."""

    sheet: object
    name: str
    table: object

    def output(self) -> Target:
        """Where its result is."""
        return Target(self.sheet, range_of_address(self.sheet, self.table.getOutputRange()))

    def source(self, document) -> Optional[Target]:
        """Its source range (None for a database or external source)."""
        try:
            address = self.table.getSourceRange()
        except Exception:  # not a cell range
            return None
        sheet = document.getSheets().getByIndex(address.Sheet)
        return Target(sheet, range_of_address(sheet, address))


def all_pivots(document) -> List[PivotRef]:
    """Every pivot table of the document, sheet by sheet."""
    found = []
    sheets = document.getSheets()
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        tables = sheet.getDataPilotTables()
        for name in tables.getElementNames():
            found.append(PivotRef(sheet, name, tables.getByName(name)))
    return found


def find_pivot(document, name: Optional[str]) -> PivotRef:
    """The pivot table ``name`` (any case), or the only one when ``name`` is None.

    Raises:
        ToolError: no such table (the message lists them), or several when none is named.
    """
    pivots = all_pivots(document)
    if not pivots:
        raise ToolError("The document has no pivot table. Nothing was changed.")
    if name is None:
        if len(pivots) == 1:
            return pivots[0]
        raise ToolError("The document has %d pivot tables (%s): say which one by name. Nothing was changed."
                        % (len(pivots), _listed(pivots)))
    for wanted in (name, name.strip().lower()):
        for pivot in pivots:
            if pivot.name == wanted or pivot.name.lower() == wanted:
                return pivot
    raise ToolError("There is no pivot table named '%s'. The pivot tables are: %s. Nothing was changed."
                    % (name, _listed(pivots)))


def pivot_name(document, wanted: Optional[str]) -> str:
    """``wanted`` when free in the document, else a ToolError; without a wish, the first free ``Pivot table N``."""
    used = {pivot.name.lower() for pivot in all_pivots(document)}
    if wanted:
        if wanted.lower() in used:
            raise ToolError("The document already has a pivot table named '%s'. Choose another name. Nothing was "
                            "changed." % wanted)
        return wanted
    number = 1
    while "pivot table %d" % number in used:
        number += 1
    return "Pivot table %d" % number


def may_hold_content(place: Target) -> bool:
    """True when cells at or below-right of ``place``'s first cell hold anything (a new table could cover it)."""
    used = used_area(place.sheet)
    ref = place.ref
    if used is None or used.end_column < ref.start_column or used.end_row < ref.start_row:
        return False
    block = place.sheet.getCellRangeByPosition(ref.start_column, ref.start_row, used.end_column, used.end_row)
    return block.queryContentCells(ANY_CONTENT).getCount() > 0


def first_filled(sheet, area: RangeRef) -> Optional[str]:
    """The first cell of ``area`` on ``sheet`` that holds anything (``H3``), or None."""
    block = sheet.getCellRangeByPosition(area.start_column, area.start_row, area.end_column, area.end_row)
    ranges = block.queryContentCells(ANY_CONTENT).getRangeAddresses()
    if not ranges:
        return None
    first = ranges[0]
    return RangeRef(None, first.StartColumn, first.StartRow, first.StartColumn, first.StartRow).a1()


def cell_address(place: Target) -> CellAddress:
    """The UNO address of ``place``'s first cell."""
    index = place.sheet.getRangeAddress().Sheet
    return CellAddress(index, place.ref.start_column, place.ref.start_row)


def _listed(pivots: List[PivotRef]) -> str:
    return ", ".join("'%s' on %s" % (pivot.name, pivot.sheet.getName()) for pivot in pivots[:20])
