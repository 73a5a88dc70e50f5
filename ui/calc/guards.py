"""Checks every changing tool runs before it touches a sheet: protection, array formulas.

Calc's API lets many calls through on a protected sheet (``setValue``, formatting,
``clearContents``), so the tools check protection themselves: content changes need
every target cell unlocked; structure and formatting changes need the sheet
unprotected; adding, renaming or deleting sheets needs the document's structure
unprotected.
"""
from __future__ import annotations

from ...core.agent.tools import ToolError
from .addresses import range_of_address
from .sheet_objects import merged_areas

UNPROTECT_HINT = "ask the user to remove the protection (Tools ▸ Protect Sheet) first"


def ensure_cells_editable(target) -> None:
    """Refuse when ``target`` lies on a protected sheet and holds locked cells."""
    if not target.sheet.isProtected():
        return
    ranges = target.cell_range().getCellFormatRanges()
    for index in range(ranges.getCount()):
        if ranges.getByIndex(index).getPropertyValue("CellProtection").IsLocked:
            raise ToolError("The sheet '%s' is protected and %s contains locked cells, so it cannot be changed; %s. "
                            "Nothing was changed." % (target.sheet_name, target.label, UNPROTECT_HINT))


def ensure_sheet_unprotected(sheet, action: str) -> None:
    """Refuse ``action`` (e.g. "sort") on a protected sheet."""
    if sheet.isProtected():
        raise ToolError("The sheet '%s' is protected, so I cannot %s there; %s. Nothing was changed."
                        % (sheet.getName(), action, UNPROTECT_HINT))


def ensure_structure_unprotected(document, action: str) -> None:
    """Refuse ``action`` on sheets when the document's structure is protected."""
    if document.isProtected():
        raise ToolError("The document's structure is protected, so I cannot %s; ask the user to remove the "
                        "protection (Tools ▸ Protect Spreadsheet Structure) first. Nothing was changed." % action)


def refused_by_calc(target, action: str, error: Exception) -> ToolError:
    """A ToolError for a change Calc itself refused (it checks before changing anything)."""
    return ToolError("Calc refused to %s %s: part of the range belongs to an array formula (or is otherwise "
                     "locked); choose a range that contains whole array formulas or none. Nothing was changed. "
                     "(%s)" % (action, target.label, type(error).__name__))


def ensure_no_partial_array(target) -> None:
    """Refuse when an array formula lies partly inside ``target`` (Calc changes arrays only as a whole).

    An array reaching outside the range must cross one of its edges, so only the formula
    cells on the four edges are looked at.
    """
    ref = target.ref
    sheet = target.sheet
    edges = {(ref.start_column, ref.start_row, ref.end_column, ref.start_row),
             (ref.start_column, ref.end_row, ref.end_column, ref.end_row),
             (ref.start_column, ref.start_row, ref.start_column, ref.end_row),
             (ref.end_column, ref.start_row, ref.end_column, ref.end_row)}
    for edge in edges:
        formulas = sheet.getCellRangeByPosition(*edge).queryContentCells(16)  # CellFlags.FORMULA
        for address in formulas.getRangeAddresses():
            for row in range(address.StartRow, address.EndRow + 1):
                for column in range(address.StartColumn, address.EndColumn + 1):
                    _check_array_cell(target, sheet.getCellByPosition(column, row))


def _check_array_cell(target, cell) -> None:
    if not cell.getArrayFormula():
        return
    cursor = target.sheet.createCursorByRange(cell)
    cursor.collapseToCurrentArray()
    area = cursor.getRangeAddress()
    ref = target.ref
    inside = (ref.start_column <= area.StartColumn and area.EndColumn <= ref.end_column
              and ref.start_row <= area.StartRow and area.EndRow <= ref.end_row)
    if not inside:
        whole = range_of_address(target.sheet, area).a1()
        raise ToolError("%s contains part of the array formula in %s; Calc changes an array formula only as a "
                        "whole. Include all of %s or none of it. Nothing was changed." % (target.label, whole, whole))


MAX_FORMULA_CELLS_CHECKED = 5000


def ensure_sortable(table) -> None:
    """Refuse a sort Calc would silently skip: merged cells or array formulas in the table."""
    merged = merged_areas(table.sheet, table.ref)
    if merged:
        raise ToolError("%s contains merged cells (%s), which Calc cannot sort; unmerge them first "
                        "(format_range with merge=false). Nothing was changed." % (table.label, ", ".join(merged[:5])))
    formulas = table.cell_range().queryContentCells(16)
    checked = 0
    for address in formulas.getRangeAddresses():
        for row in range(address.StartRow, address.EndRow + 1):
            for column in range(address.StartColumn, address.EndColumn + 1):
                checked += 1
                if checked > MAX_FORMULA_CELLS_CHECKED:
                    return
                if table.sheet.getCellByPosition(column, row).getArrayFormula():
                    raise ToolError("%s contains an array formula (at %s), which Calc cannot sort. Nothing was "
                                    "changed." % (table.label, range_of_address(table.sheet, address).a1()))
