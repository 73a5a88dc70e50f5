"""Cell contents sent by a model, checked and turned into what Calc's bulk calls take.

A model sends JSON values; each becomes one :class:`CellInput`:

* a number → a number; ``true``/``false`` → the logical values ``=TRUE()``/``=FALSE()``;
* ``null`` or ``""`` → an empty cell;
* a string starting with ``=`` → a formula;
* a string starting with ``'`` → text without the apostrophe (Calc's own text marker);
* a string that is plainly a number in English (``"42"``, ``"-3.5"``) → that number, in any locale, but
  not when it has a leading zero (``"007"`` stays text: codes and ids keep their zeros);
* a string that Calc may read as a number when typed (``"2011-05-25"``, ``"45%"``, ``"$1,200.50"``,
  ``"1.5E3"``, ``"10:30"``, ``"TRUE"``: :func:`may_be_number`) → *input*, read by the office side the
  way Calc's input line reads it in the document's locale (a number with the detected format, or
  text; an English number Calc's locale does not read, such as ``1.5E3`` in German, is still that number);
  :func:`grid_from_rows` with ``typed=False`` keeps such strings as text (CSV import);
* any other string → text, as is.

:func:`grid_from_rows` checks the shape (every row as long as the first);
:func:`formula_array` and :func:`data_array` give the tuples for ``setFormulaArray``
(English number syntax, text marked with ``'``) and ``setDataArray`` (floats and str).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Tuple

EMPTY, NUMBER, TEXT, FORMULA, INPUT = "empty", "number", "text", "formula", "input"

_NUMBER = re.compile(r"^[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$|^[+-]?0?\.[0-9]+$")
_CODE_WITH_ZEROS = re.compile(r"^0[0-9]+$")
_DIGIT = re.compile(r"[0-9]")
_EXPONENT = re.compile(r"[eE]")
_AM_PM = re.compile(r"\b[AaPp]\.?[Mm]\.?$")
_LETTER_OTHER_THAN_E = re.compile(r"[^\W\deE_]")
MAX_NUMBER_TEXT = 40
"""Longer texts are never read as numbers (Calc's longest date forms are shorter)."""
LOGICAL_WORDS = frozenset(("TRUE", "FALSE", "WAHR", "FALSCH", "VRAI", "FAUX", "VERO", "FALSO", "VERDADERO",
                           "WAAR", "ONWAAR", "VERDADEIRO"))
"""The logical values of the locales Calc users most often have (Calc reads only its locale's)."""


class CellValueError(ValueError):
    """Contents that cannot be written; the message names the cell and the problem."""


@dataclass(frozen=True)
class CellInput:
    """One cell to write: ``kind`` is empty, number, text or formula."""

    kind: str
    value: object = None
    format_key: int = -1
    """For a number read from typed input: the number format Calc detected (-1: none)."""


EMPTY_CELL = CellInput(EMPTY, None)


def cell_input(value, typed: bool = True) -> CellInput:
    """Classify one JSON value (see the module docstring); ``typed``: strings Calc may read as numbers
    are *input* (else text)."""
    if value is None:
        return EMPTY_CELL
    if isinstance(value, bool):
        return CellInput(FORMULA, "=TRUE()" if value else "=FALSE()")
    if isinstance(value, (int, float)):
        number = float(value)
        if math.isnan(number) or math.isinf(number):
            raise CellValueError("%r is not a finite number" % value)
        return CellInput(NUMBER, number)
    if isinstance(value, str):
        return _text_input(value, typed)
    raise CellValueError("a cell value must be a number, a string, true/false or null, not %s"
                         % type(value).__name__)


def _text_input(text: str, typed: bool) -> CellInput:
    if text == "":
        return EMPTY_CELL
    if text.startswith("=") and len(text) > 1:
        return CellInput(FORMULA, text)
    if text.startswith("'"):
        return CellInput(TEXT, text[1:]) if len(text) > 1 else EMPTY_CELL
    if looks_like_number(text) and not (typed and _EXPONENT.search(text)):
        return CellInput(NUMBER, float(text.strip()))
    if typed and may_be_number(text):
        return CellInput(INPUT, text)
    return CellInput(TEXT, text)


def may_be_number(text: str) -> bool:
    """True when Calc might read ``text`` typed into a cell as a number, date, time, percent, currency or
    logical value (``2011-05-25``, ``45%``, ``$1,200.50``, ``1.5E3``, ``May 25, 2011``, ``TRUE``).

    Generous on purpose: the office side asks Calc about each such text, and what it does not read as a
    number stays text. Codes with leading zeros (``007``) are not numbers here.
    """
    stripped = text.strip()
    if stripped.upper() in LOGICAL_WORDS:
        return True
    if not stripped or len(stripped) > MAX_NUMBER_TEXT or "\n" in stripped or _CODE_WITH_ZEROS.match(stripped):
        return False
    return bool(_DIGIT.search(stripped)) and stripped.count(" ") <= 3


def needs_text_mark(text: str) -> bool:
    """True when a text cell must be shown (and written back) as ``'text`` to stay text: it looks like a
    number or a formula, or starts with the mark itself."""
    stripped = text.strip()
    if text.startswith(("'", "=")) or stripped.upper() in LOGICAL_WORDS:
        return True
    letters = _AM_PM.sub("", stripped)
    return bool(_DIGIT.search(stripped)) and not _LETTER_OTHER_THAN_E.search(letters) and may_be_number(
        stripped.lstrip("0") or "0") or bool(_CODE_WITH_ZEROS.match(stripped))


def looks_like_number(text: str) -> bool:
    """True for plain numbers such as ``42``, ``-3.5``, ``.5``, ``1e3`` (not ``007`` or ``1,000``)."""
    return bool(_NUMBER.match(text.strip()))


def grid_from_rows(rows: Sequence[Sequence[object]], typed: bool = True) -> List[List[CellInput]]:
    """Classify a list of rows, checking that it is a non-empty rectangle (``typed``: see :func:`cell_input`).

    Raises:
        CellValueError: the rows are empty, ragged, or hold a value that is not allowed.
    """
    if not rows or not rows[0]:
        raise CellValueError("'values' is empty; give a list of rows, e.g. [[\"Name\", \"Total\"], [\"A\", 3]]")
    width = len(rows[0])
    grid = []
    for row_number, row in enumerate(rows, 1):
        if not isinstance(row, (list, tuple)):
            raise CellValueError("row %d of 'values' is not a list; 'values' must be a list of rows "
                                 "(a list of lists)" % row_number)
        if len(row) != width:
            raise CellValueError("row %d of 'values' has %d value(s) but row 1 has %d; every row must have "
                                 "the same number of values (use null for empty cells)"
                                 % (row_number, len(row), width))
        grid.append([_cell_at(value, row_number, column, typed) for column, value in enumerate(row, 1)])
    return grid


def _cell_at(value, row_number: int, column_number: int, typed: bool) -> CellInput:
    try:
        return cell_input(value, typed)
    except CellValueError as error:
        raise CellValueError("row %d, value %d: %s" % (row_number, column_number, error)) from None


def has_formulas(grid: Sequence[Sequence[CellInput]]) -> bool:
    """True when any cell of ``grid`` needs ``setFormulaArray``: a formula, or input for Calc to read."""
    return any(cell.kind in (FORMULA, INPUT) for row in grid for cell in row)


def count_kinds(grid: Sequence[Sequence[CellInput]]) -> dict:
    """Return ``{kind: count}`` over the grid."""
    counts: dict = {}
    for row in grid:
        for cell in row:
            counts[cell.kind] = counts.get(cell.kind, 0) + 1
    return counts


def number_text(number: float) -> str:
    """A number as Calc's English input reads it back exactly (``3``, ``0.1``, ``1e-05``)."""
    if number.is_integer() and abs(number) < 1e15:
        return str(int(number))
    return repr(number)


def formula_array(grid: Sequence[Sequence[CellInput]],
                  translate: Callable[[str], str] = lambda formula: formula) -> Tuple[Tuple[str, ...], ...]:
    """The strings for ``setFormulaArray``: formulas (through ``translate``), numbers, ``'``-marked text."""
    def text_of(cell: CellInput) -> str:
        if cell.kind == FORMULA:
            return translate(cell.value)
        if cell.kind == NUMBER:
            return number_text(cell.value)
        if cell.kind == TEXT:
            return "'" + cell.value
        if cell.kind == INPUT:
            return cell.value  # Calc reads it as English input (the office side sends it only then)
        return ""
    return tuple(tuple(text_of(cell) for cell in row) for row in grid)


def data_array(grid: Sequence[Sequence[CellInput]]) -> Tuple[Tuple[object, ...], ...]:
    """The values for ``setDataArray`` (no formulas allowed): floats, str, and ``""`` for empty."""
    def value_of(cell: CellInput):
        if cell.kind in (FORMULA, INPUT):
            raise ValueError("data_array() cannot write formulas or input; use formula_array()")
        return "" if cell.kind == EMPTY else cell.value
    return tuple(tuple(value_of(cell) for cell in row) for row in grid)


def snapshot_array(values: Sequence[Sequence[object]], formulas: Sequence[Sequence[str]],
                   is_formula: Callable[[int, int], bool]) -> Tuple[Tuple[str, ...], ...]:
    """The ``setFormulaArray`` strings that restore cells read with getDataArray/getFormulaArray.

    Args:
        values: ``getDataArray()`` of the range (floats, str; errors may be None).
        formulas: ``getFormulaArray()`` of the same range.
        is_formula: ``is_formula(row, column)`` tells formula cells (0-based in the range).
    """
    rows = []
    for r, (value_row, formula_row) in enumerate(zip(values, formulas)):
        row = []
        for c, (value, formula) in enumerate(zip(value_row, formula_row)):
            if is_formula(r, c):
                row.append(formula)
            elif isinstance(value, float):
                row.append(number_text(value))
            elif value:
                row.append("'" + value)
            else:
                row.append("")
        rows.append(tuple(row))
    return tuple(rows)


def empty_runs(rows: Sequence[Sequence[object]], is_empty=lambda cell: cell.kind == EMPTY):
    """``[(row, first_column, last_column)]`` for the runs of empty cells in each row (0-based)."""
    runs = []
    for r, row in enumerate(rows):
        start = None
        for c, cell in enumerate(row):
            if is_empty(cell):
                start = c if start is None else start
            elif start is not None:
                runs.append((r, start, c - 1))
                start = None
        if start is not None:
            runs.append((r, start, len(row) - 1))
    return runs


def shape_mismatch(rows: int, columns: int, range_rows: int, range_columns: int, label: str) -> Optional[str]:
    """Return a message when a grid does not fit its range exactly, else None."""
    if (rows, columns) == (range_rows, range_columns):
        return None
    return ("the range %s is %d row(s) × %d column(s) but 'values' has %d row(s) × %d column(s); give a range of "
            "exactly that size, or only its top-left cell (e.g. %s)"
            % (label, range_rows, range_columns, rows, columns, label.split(":")[0]))
