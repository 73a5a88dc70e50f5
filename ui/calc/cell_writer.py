"""Write a grid of values and formulas to a range in one bulk call, all or nothing.

Values only: one ``setDataArray``. With formulas: one ``setFormulaArray`` (English
function names; the separators are converted to Calc's API syntax first), then the
written formulas are checked: if any does not parse or calls an unknown function
(and the error is its own, not inherited from a cell it uses), the range's previous
contents are put back and the tool fails with every bad formula named. Cell comments
in the range, which Calc's bulk calls drop, are kept.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Sequence, Tuple

from com.sun.star.uno import RuntimeException as UnoRuntimeException

from ...core.cell_address import cell_name
from ...core.cell_values import FORMULA, CellInput, count_kinds, data_array, formula_array, has_formulas, \
    snapshot_array
from ...core.formula_errors import describe_error, error_label, is_syntax_error
from ...core.formula_syntax import to_api_formula
from ...core.tools import ToolError
from .addresses import sheet_names
from .cell_views import error_cells, formula_cells
from .functions import unknown_functions
from .guards import ensure_cells_editable, refused_by_calc

CONTENT_FLAGS = 1 | 2 | 4 | 16   # VALUE | DATETIME | STRING | FORMULA
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
        return (" Some formulas compute an error: %s%s. Call find_formula_errors to see why."
                % (shown, more))


def write_grid(document, target, grid: Sequence[Sequence[CellInput]]) -> WriteReport:
    """Write ``grid`` (exactly the target's size) into the target range; see the module docstring.

    Raises:
        ToolError: protected cells, an array formula in the way, or formulas that do not work;
            the range is then as it was.
    """
    ensure_cells_editable(target)
    cell_range = target.cell_range()
    notes = _notes_in(target)
    try:
        if has_formulas(grid):
            errors = _write_formulas(document, target, cell_range, grid)
        else:
            _call(target, "write to", cell_range.setDataArray, data_array(grid))
            errors = []
    finally:
        _restore_notes(target, notes)
    return WriteReport(count_kinds(grid), errors)


def _call(target, action: str, method, argument) -> None:
    try:
        method(argument)
    except UnoRuntimeException as error:  # Calc checks editability before changing anything
        raise refused_by_calc(target, action, error) from None


def _write_formulas(document, target, cell_range, grid) -> List[Tuple[str, int]]:
    names = sheet_names(document)
    strings = formula_array(grid, lambda formula: to_api_formula(formula, names))
    saved = snapshot(cell_range)
    _call(target, "write to", cell_range.setFormulaArray, strings)
    ref = target.ref
    bad, computed = [], []
    for (row, column), code in sorted(error_cells(cell_range).items()):
        if grid[row][column].kind != FORMULA:
            continue
        cell = cell_range.getCellByPosition(column, row)
        name = cell_name(ref.start_column + column, ref.start_row + row)
        if is_syntax_error(code) and not _inherits_error(cell):
            bad.append((name, grid[row][column].value, code))
        else:
            computed.append((name, code))
    if bad:
        restore(cell_range, saved)
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


def restore(cell_range, saved) -> None:
    """Put back the contents saved by :func:`snapshot`."""
    if saved is None:
        cell_range.clearContents(CONTENT_FLAGS)
    else:
        cell_range.setFormulaArray(saved)


def formula_errors_in(target) -> List[Tuple[str, int]]:
    """``(cell, code)`` of the formula cells in the target that show an error."""
    ref = target.ref
    return [(cell_name(ref.start_column + column, ref.start_row + row), code)
            for (row, column), code in sorted(error_cells(target.cell_range()).items())]


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
