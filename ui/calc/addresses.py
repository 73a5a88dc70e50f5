"""Addresses resolved against a real spreadsheet: the sheet exists, the range fits, cells may change.

Every Calc tool goes through :func:`resolve` (or :func:`sheet_by_name`) before it
touches anything, so a bad address or a protected sheet is reported precisely and
the sheet stays unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from ...core.calc.cell_address import AddressError, RangeRef, parse_range
from ...core.agent.tools import ToolError

RANGE_HELP = "a range such as A1:C10, B3, A:C, 2:5, or with a sheet: Sheet2.A1:C10 or 'My Sheet'!B3"


def sheet_names(document) -> List[str]:
    """The names of the document's sheets, in order."""
    return list(document.getSheets().getElementNames())


def active_sheet(document):
    """The sheet the user is looking at (the first sheet when there is no view)."""
    controller = document.getCurrentController()
    if controller is not None:
        try:
            return controller.getActiveSheet()
        except Exception:  # a controller without a spreadsheet view
            pass
    return document.getSheets().getByIndex(0)


def sheet_by_name(document, name: Optional[str]):
    """Return the sheet called ``name`` (any case), or the active sheet when ``name`` is None.

    Raises:
        ToolError: no such sheet; the message lists the sheets.
    """
    if name is None:
        return active_sheet(document)
    sheets = document.getSheets()
    if sheets.hasByName(name):
        return sheets.getByName(name)
    for existing in sheets.getElementNames():
        if existing.lower() == name.lower():
            return sheets.getByName(existing)
    raise ToolError("There is no sheet named '%s'. The sheets are: %s."
                    % (name, ", ".join("'%s'" % n for n in sheets.getElementNames())))


def sheet_size(sheet):
    """``(columns, rows)`` a sheet can hold."""
    return sheet.getColumns().getCount(), sheet.getRows().getCount()


@dataclass
class Target:
    """A checked range on a real sheet."""

    sheet: object
    ref: RangeRef
    """Bounded, with the sheet's real name."""

    @property
    def label(self) -> str:
        """``Sheet1.A1:C10``."""
        return self.ref.label()

    @property
    def sheet_name(self) -> str:
        """The sheet's name."""
        return self.ref.sheet

    def cell_range(self):
        """The UNO cell range (``XCellRange`` and friends)."""
        ref = self.ref
        return self.sheet.getCellRangeByPosition(ref.start_column, ref.start_row, ref.end_column, ref.end_row)

    def sub(self, ref: RangeRef) -> "Target":
        """The target for another range on the same sheet."""
        return Target(self.sheet, ref.with_sheet(self.ref.sheet))


def parse(text: str) -> RangeRef:
    """Parse ``text`` or raise a ToolError saying which forms are accepted."""
    try:
        return parse_range(text)
    except AddressError as error:
        raise ToolError(str(error)) from None


def resolve(document, text: str) -> Target:
    """Resolve an address typed by the model on ``document`` (the active sheet when it names none).

    Raises:
        ToolError: unknown sheet, malformed address, or a range beyond the sheet's edge.
    """
    ref = parse(text)
    sheet = sheet_by_name(document, ref.sheet)
    return target_on(sheet, ref)


def target_on(sheet, ref: RangeRef) -> Target:
    """Close ``ref`` with ``sheet``'s size and attach the sheet's name."""
    columns, rows = sheet_size(sheet)
    try:
        bounded = ref.bounded(columns, rows)
    except AddressError as error:
        raise ToolError("%s is outside the sheet: %s." % (ref.with_sheet(sheet.getName()).label()
                                                          if ref.is_bounded else "The range", error)) from None
    return Target(sheet, bounded.with_sheet(sheet.getName()))


def range_of_address(sheet, address) -> RangeRef:
    """A RangeRef for a UNO ``CellRangeAddress`` on ``sheet``."""
    return RangeRef(sheet.getName(), address.StartColumn, address.StartRow, address.EndColumn, address.EndRow)


def used_area(sheet) -> Optional[RangeRef]:
    """The block from the first to the last used row and column, or None for an empty sheet."""
    cursor = sheet.createCursor()
    cursor.gotoStartOfUsedArea(False)
    start = cursor.getRangeAddress()
    cursor.gotoEndOfUsedArea(False)
    end = cursor.getRangeAddress()
    ref = RangeRef(sheet.getName(), start.StartColumn, start.StartRow, end.EndColumn, end.EndRow)
    if ref.is_single_cell and not sheet.getCellByPosition(ref.start_column, ref.start_row).getFormula():
        return None
    return ref


def clamp_to_used(target: Target) -> Optional[Target]:
    """The part of ``target`` inside the sheet's used area (None when nothing is used there)."""
    used = used_area(target.sheet)
    if used is None:
        return None
    ref = target.ref
    end_column, end_row = min(ref.end_column, used.end_column), min(ref.end_row, used.end_row)
    if end_column < ref.start_column or end_row < ref.start_row:
        return None
    return target.sub(RangeRef(None, ref.start_column, ref.start_row, end_column, end_row))
