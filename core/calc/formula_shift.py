"""Copy a formula to other cells the way Calc's Fill does: relative references move, ``$`` parts stay.

``=B2*C2`` filled from D2 into D5 becomes ``=B5*C5``; ``=A1+$B$1`` moved one column
right becomes ``=B1+$B$1``. Works on formulas in Calc's API syntax (after
:func:`.formula_syntax.to_api_formula`): cell references with or without a sheet
prefix, ranges, whole columns (``A:C``) and whole rows (``2:5``). Text in quotes,
quoted sheet names and function names (``LOG10(``) are left alone.

The formula is parsed once into a :class:`FormulaTemplate`; :meth:`FormulaTemplate.at`
then renders it for any offset cheaply, so filling 10,000 cells costs little.
"""
from __future__ import annotations

import re
from typing import List, Union

from .cell_address import DEFAULT_MAX_COLUMNS, DEFAULT_MAX_ROWS, column_index, column_name

_BEFORE = r"(?<![A-Za-z0-9_$])"
_AFTER = r"(?![A-Za-z0-9_(.!$])"
_REFERENCE = re.compile(
    _BEFORE + r"(?:"
    r"(?P<c1>\$?)(?P<col>[A-Za-z]{1,3})(?P<r1>\$?)(?P<row>[0-9]{1,7})"                         # B2
    r"|(?P<cc1>\$?)(?P<colA>[A-Za-z]{1,3}):(?P<cc2>\$?)(?P<colB>[A-Za-z]{1,3})"                # A:C
    r"|(?P<rr1>\$?)(?P<rowA>[0-9]{1,7}):(?P<rr2>\$?)(?P<rowB>[0-9]{1,7})"                       # 2:5
    r")" + _AFTER)


class ShiftError(ValueError):
    """A moved reference would leave the sheet."""


class _Column:
    __slots__ = ("absolute", "index")

    def __init__(self, dollar: str, letters: str):
        self.absolute, self.index = bool(dollar), column_index(letters)

    def render(self, columns: int, limit: int) -> str:
        index = self.index if self.absolute else self.index + columns
        if not 0 <= index < limit:
            raise ShiftError("a reference would move beyond the sheet's columns")
        return ("$" if self.absolute else "") + column_name(index)


class _Row:
    __slots__ = ("absolute", "number")

    def __init__(self, dollar: str, digits: str):
        self.absolute, self.number = bool(dollar), int(digits)

    def render(self, rows: int, limit: int) -> str:
        number = self.number if self.absolute else self.number + rows
        if not 1 <= number <= limit:
            raise ShiftError("a reference would move beyond the sheet's rows")
        return ("$" if self.absolute else "") + str(number)


Piece = Union[str, _Column, _Row]


class FormulaTemplate:
    """A formula split into fixed text and movable reference parts."""

    def __init__(self, formula: str, max_columns: int = DEFAULT_MAX_COLUMNS, max_rows: int = DEFAULT_MAX_ROWS):
        self.formula = formula
        self._max_columns, self._max_rows = max_columns, max_rows
        self._pieces: List[Piece] = []
        for quoted, text in _split_quoted(formula):
            if quoted:
                self._pieces.append(text)
            else:
                self._add_plain(text)

    @property
    def has_references(self) -> bool:
        """True when some part of the formula moves."""
        return any(not isinstance(piece, str) for piece in self._pieces)

    def at(self, rows: int, columns: int) -> str:
        """The formula as it reads ``rows`` down and ``columns`` right of where it was written.

        Raises:
            ShiftError: a relative reference would leave the sheet.
        """
        out = []
        for piece in self._pieces:
            if isinstance(piece, str):
                out.append(piece)
            elif isinstance(piece, _Column):
                out.append(piece.render(columns, self._max_columns))
            else:
                out.append(piece.render(rows, self._max_rows))
        return "".join(out)

    def _add_plain(self, text: str) -> None:
        position = 0
        for match in _REFERENCE.finditer(text):
            self._pieces.append(text[position:match.start()])
            self._pieces.extend(_reference_pieces(match))
            position = match.end()
        self._pieces.append(text[position:])


def _reference_pieces(match) -> List[Piece]:
    if match.group("col"):
        return [_Column(match.group("c1"), match.group("col")), _Row(match.group("r1"), match.group("row"))]
    if match.group("colA"):
        return [_Column(match.group("cc1"), match.group("colA")), ":",
                _Column(match.group("cc2"), match.group("colB"))]
    return [_Row(match.group("rr1"), match.group("rowA")), ":", _Row(match.group("rr2"), match.group("rowB"))]


def _split_quoted(formula: str):
    """Yield ``(is_quoted, text)``: string literals and quoted sheet names stay whole."""
    start, index = 0, 0
    while index < len(formula):
        quote = formula[index]
        if quote in "\"'":
            if index > start:
                yield False, formula[start:index]
            end = index + 1
            while end < len(formula):
                if formula[end] == quote:
                    if end + 1 < len(formula) and formula[end + 1] == quote:
                        end += 2
                        continue
                    break
                end += 1
            yield True, formula[index:end + 1]
            index = start = end + 1
        else:
            index += 1
    if start < len(formula):
        yield False, formula[start:]
