"""Write a grid of values and formulas to a range in one bulk call, all or nothing, and undoable.

Values only: one ``setDataArray``. With formulas: one ``setFormulaArray`` (English
function names; the separators are converted to Calc's API syntax first), then the
written formulas are checked: if any does not parse or calls an unknown function
(and the error is its own, not inherited from a cell it uses), the range's previous
contents are put back and the tool fails with every bad formula named. Cell comments
in the range, which Calc's bulk calls drop, are kept.

Undo (measured on LibreOffice 7.4): Calc records a bulk write as a paste whose undo
only copies back the cells that had contents, so cells that were empty keep the new
values, and its redo likewise leaves cells that should be empty filled. Each bulk
write is therefore framed (:func:`bulk_write`): first the range is *seeded* with one
array formula ``=0`` (whose undo restores the range exactly, empty cells included),
then the data is written, then the cells meant to stay empty are cleared (whose redo
empties them). One undo of the turn then restores the range exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Sequence, Tuple

import uno
from com.sun.star.uno import RuntimeException as UnoRuntimeException

from ...core.calc.cell_address import cell_name
from ...core.calc.cell_values import (FORMULA, CellInput, count_kinds, data_array, empty_runs, formula_array,
    has_formulas, snapshot_array)
from ...core.calc.formula_errors import describe_error, error_label, is_syntax_error
from ...core.calc.formula_syntax import to_api_formula
from ...core.agent.tools import ToolError
from .addresses import sheet_names
from .cell_views import error_cells, formula_cells
from .functions import unknown_functions
from .guards import ensure_cells_editable, ensure_no_partial_array, refused_by_calc

CONTENT_FLAGS = 1 | 2 | 4 | 16   # VALUE | DATETIME | STRING | FORMULA
SEED_FORMULA = "=0"
MAX_REPORTED = 10
SYNTAX_HINT = ("Write formulas with English function names and commas between arguments, e.g. "
               "=IF(B2>0, B2*2, \"none\"); refer to other sheets as Sheet2.A1 or 'My Sheet'!A1.")


@dataclass
class WriteReport:
    """What a write did."""

    counts: dict
    errors: List[Tuple[str, int]] = field(default_factory=list)
    """``(cell, code)`` of written formulas that show an error (their inputs' fault)."""

    def error_note(self) -> str:
        """A sentence about formulas showing errors, or ""."""
        if not self.errors:
            return ""
        shown = ", ".join("%s %s" % (cell, error_label(code)) for cell, code in self.errors[:MAX_REPORTED])
        more = " and %d more" % (len(self.errors) - MAX_REPORTED) if len(self.errors) > MAX_REPORTED else ""
        return " Some formulas compute an error: %s%s. Call find_formula_errors to see why." % (shown, more)


def write_grid(document, target, grid: Sequence[Sequence[CellInput]], api_syntax: bool = False) -> WriteReport:
    """Write ``grid`` (exactly the target's size) into the target range; see the module docstring.

    Args:
        api_syntax: the formulas are already in Calc's API syntax (not English).

    Raises:
        ToolError: protected cells, an array formula in the way, or formulas that do not work;
            the range is then as it was.
    """
    ensure_cells_editable(target)
    ensure_no_partial_array(target)
    notes = _notes_in(target)
    try:
        if has_formulas(grid):
            errors = _write_formulas(document, target, grid, api_syntax)
        else:
            bulk_write(document, target, data_array(grid), empty_runs(grid), formulas=False)
            errors = []
    finally:
        _restore_notes(target, notes)
    return WriteReport(count_kinds(grid), errors)


def bulk_write(document, target, rows, empties, formulas: bool) -> None:
    """Seed, write in one call, clear the cells meant to be empty (see the module docstring).

    Args:
        rows: the tuples for ``setFormulaArray`` (``formulas``) or ``setDataArray``.
        empties: ``(row, first_column, last_column)`` runs that must end up empty.
    """
    cell_range = target.cell_range()
    try:
        cell_range.setArrayFormula(SEED_FORMULA)
    except UnoRuntimeException as error:  # Calc checks editability before changing anything
        raise refused_by_calc(target, "write to", error) from None
    if formulas:
        cell_range.setFormulaArray(rows)
    else:
        cell_range.setDataArray(rows)
    if empties:
        _clear_runs(document, target, empties)


def _clear_runs(document, target, runs) -> None:
    ref = target.ref
    ranges = document.createInstance("com.sun.star.sheet.SheetCellRanges")
    index = target.cell_range().getRangeAddress().Sheet
    addresses = []
    for row, first, last in runs:
        address = uno.createUnoStruct("com.sun.star.table.CellRangeAddress")
        address.Sheet, address.StartRow, address.EndRow = index, ref.start_row + row, ref.start_row + row
        address.StartColumn, address.EndColumn = ref.start_column + first, ref.start_column + last
        addresses.append(address)
    ranges.addRangeAddresses(tuple(addresses), False)
    ranges.clearContents(CONTENT_FLAGS)


def _write_formulas(document, target, grid, api_syntax: bool) -> List[Tuple[str, int]]:
    names = sheet_names(document)
    translate = (lambda formula: formula) if api_syntax else (lambda formula: to_api_formula(formula, names))
    cell_range = target.cell_range()
    saved = snapshot(cell_range)
    bulk_write(document, target, formula_array(grid, translate), empty_runs(grid), formulas=True)
    ref = target.ref
    bad, computed = [], []
    for (row, column), code in sorted(error_cells(cell_range).items()):
        if grid[row][column].kind != FORMULA:
            continue
        name = cell_name(ref.start_column + column, ref.start_row + row)
        if is_syntax_error(code) and not _inherits_error(cell_range.getCellByPosition(column, row)):
            bad.append((name, grid[row][column].value, code))
        else:
            computed.append((name, code))
    if bad:
        restore(document, target, saved)
        raise ToolError(_bad_formulas_message(document, target, bad))
    return computed


def _inherits_error(cell) -> bool:
    """True when a cell the formula uses shows an error itself (the error is passed on).

    Calc lists the formula's own cell among its precedents; it does not count.
    """
    own = cell.getCellAddress()
    for address in cell.queryPrecedents(False).queryFormulaCells(4).getRangeAddresses():
        if (address.StartColumn, address.StartRow, address.EndColumn, address.EndRow) != (
                own.Column, own.Row, own.Column, own.Row):
            return True
    return False


def _bad_formulas_message(document, target, bad) -> str:
    lines = []
    for name, formula, code in bad[:MAX_REPORTED]:
        line = "- %s: %s gives %s" % (name, formula, describe_error(code))
        unknown = unknown_functions(document, formula) if code == 525 else []
        if unknown:
            line += "; Calc has no function named %s" % ", ".join(unknown)
        lines.append(line)
    if len(bad) > MAX_REPORTED:
        lines.append("- and %d more" % (len(bad) - MAX_REPORTED))
    return ("Nothing was written to %s: %d formula(s) do not work in Calc:\n%s\n%s"
            % (target.label, len(bad), "\n".join(lines), SYNTAX_HINT))


def snapshot(cell_range):
    """What :func:`restore` needs to put the range's contents back (None when it is empty)."""
    if not cell_range.queryContentCells(CONTENT_FLAGS).getCount():
        return None
    is_formula = formula_cells(cell_range)
    return snapshot_array(cell_range.getDataArray(), cell_range.getFormulaArray(),
                          lambda row, column: (row, column) in is_formula)


def restore(document, target, saved) -> None:
    """Put back the contents saved by :func:`snapshot` (undoably, see the module docstring)."""
    if saved is None:
        target.cell_range().clearContents(CONTENT_FLAGS)
    else:
        bulk_write(document, target, saved, empty_runs(saved, is_empty=lambda text: text == ""), formulas=True)


def _notes_in(target):
    """``[(CellAddress, text)]`` of the comments inside the target."""
    annotations = target.sheet.getAnnotations()
    count = annotations.getCount()
    if not count:
        return []
    ref = target.ref
    found = []
    for index in range(count):
        annotation = annotations.getByIndex(index)
        position = annotation.getPosition()
        if ref.start_column <= position.Column <= ref.end_column and ref.start_row <= position.Row <= ref.end_row:
            found.append((position, annotation.getString()))
    return found


def _restore_notes(target, notes) -> None:
    annotations = target.sheet.getAnnotations()
    for position, text in notes:
        cell = target.sheet.getCellByPosition(position.Column, position.Row)
        if not cell.getAnnotation().getString():
            annotations.insertNew(position, text)

