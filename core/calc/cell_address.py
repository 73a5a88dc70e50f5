"""A1 cell and range addresses as a model writes them, parsed and checked without LibreOffice.

Accepted forms (letters in any case, ``$`` markers ignored)::

    B3            one cell
    A1:C10        a block
    A:C   C       whole columns
    2:5   7       whole rows (a bare number is a row)
    Sheet2.A1:C10 'My Sheet'.A1   Calc's sheet prefix
    Sheet2!A1:C10 'My Sheet'!A1   Excel's sheet prefix
    Sheet2.A1:Sheet2.C10          Calc's form with the sheet on both ends

Rows and columns are 0-based inside (as in UNO's ``CellRangeAddress``); the text
forms are 1-based rows and letter columns. Whole rows and columns stay open
(``None``) until :meth:`RangeRef.bounded` closes them with the sheet's size.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Tuple

DEFAULT_MAX_COLUMNS = 16384
"""Columns of a Calc sheet (A..XFD since LibreOffice 7.4) unless the document says otherwise."""
DEFAULT_MAX_ROWS = 1048576

_CELL = re.compile(r"^\$?([A-Za-z]{1,4})\$?([0-9]{1,8})$")
_COLUMN = re.compile(r"^\$?([A-Za-z]{1,4})$")
_ROW = re.compile(r"^\$?([0-9]{1,8})$")
_PLAIN_SHEET_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class AddressError(ValueError):
    """An address that cannot be used; the message says why, in words a model can act on."""


def column_index(letters: str) -> int:
    """Return the 0-based index of a column name (``"A"`` → 0, ``"AB"`` → 27)."""
    index = 0
    for letter in letters.upper():
        if not "A" <= letter <= "Z":
            raise AddressError("'%s' is not a column name (use letters such as A, B, AA)" % letters)
        index = index * 26 + (ord(letter) - ord("A") + 1)
    return index - 1


def column_name(index: int) -> str:
    """Return the column name of a 0-based index (0 → ``"A"``, 27 → ``"AB"``)."""
    if index < 0:
        raise AddressError("column index %d is negative" % index)
    name = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        name = chr(ord("A") + remainder) + name
    return name


def cell_name(column: int, row: int) -> str:
    """Return ``"B3"`` for column 1, row 2 (both 0-based)."""
    return "%s%d" % (column_name(column), row + 1)


def quote_sheet_name(name: str) -> str:
    """Return ``name`` as it must appear before ``.`` in a Calc reference (quoted when needed)."""
    if _PLAIN_SHEET_NAME.match(name) and not _CELL.match(name):
        return name
    return "'%s'" % name.replace("'", "''")


@dataclass(frozen=True)
class RangeRef:
    """A rectangular range, 0-based and inclusive; ``None`` ends are open (whole rows/columns)."""

    sheet: Optional[str]
    start_column: Optional[int]
    start_row: Optional[int]
    end_column: Optional[int]
    end_row: Optional[int]

    @property
    def rows(self) -> int:
        """Number of rows (only for bounded ranges)."""
        return self.end_row - self.start_row + 1

    @property
    def columns(self) -> int:
        """Number of columns (only for bounded ranges)."""
        return self.end_column - self.start_column + 1

    @property
    def is_single_cell(self) -> bool:
        """True for a one-cell range."""
        return self.start_column == self.end_column and self.start_row == self.end_row

    @property
    def is_bounded(self) -> bool:
        """True when no end is open."""
        return None not in (self.start_column, self.start_row, self.end_column, self.end_row)

    def bounded(self, max_columns: int = DEFAULT_MAX_COLUMNS, max_rows: int = DEFAULT_MAX_ROWS) -> "RangeRef":
        """Close open ends with the sheet's size and check the range fits in it."""
        ref = RangeRef(self.sheet,
                       0 if self.start_column is None else self.start_column,
                       0 if self.start_row is None else self.start_row,
                       max_columns - 1 if self.end_column is None else self.end_column,
                       max_rows - 1 if self.end_row is None else self.end_row)
        if ref.end_column >= max_columns:
            raise AddressError("column %s is beyond the last column of the sheet (%s)"
                               % (column_name(ref.end_column), column_name(max_columns - 1)))
        if ref.end_row >= max_rows:
            raise AddressError("row %d is beyond the last row of the sheet (%d)" % (ref.end_row + 1, max_rows))
        return ref

    def with_sheet(self, sheet: Optional[str]) -> "RangeRef":
        """Return the same cells on ``sheet``."""
        return RangeRef(sheet, self.start_column, self.start_row, self.end_column, self.end_row)

    def resized(self, rows: int, columns: int) -> "RangeRef":
        """Return the range of ``rows`` × ``columns`` cells starting at this range's top-left cell."""
        return RangeRef(self.sheet, self.start_column, self.start_row,
                        self.start_column + columns - 1, self.start_row + rows - 1)

    def contains(self, other: "RangeRef") -> bool:
        """True when ``other`` (bounded) lies inside this bounded range (sheets ignored)."""
        return (self.start_column <= other.start_column and other.end_column <= self.end_column
                and self.start_row <= other.start_row and other.end_row <= self.end_row)

    def a1(self) -> str:
        """The range without its sheet: ``"B3"``, ``"A1:C10"`` (bounded ranges only)."""
        first = cell_name(self.start_column, self.start_row)
        if self.is_single_cell:
            return first
        return "%s:%s" % (first, cell_name(self.end_column, self.end_row))

    def label(self) -> str:
        """The range with its sheet as Calc writes it: ``"Sheet1.A1:C10"``."""
        if self.sheet is None:
            return self.a1()
        return "%s.%s" % (quote_sheet_name(self.sheet), self.a1())


def parse_range(text: str) -> RangeRef:
    """Parse an address typed by a model or a user.

    Args:
        text: e.g. ``"B3"``, ``"A1:C10"``, ``"Sheet2!A:C"``, ``"'My Sheet'.B2"``.

    Returns:
        The range; ``sheet`` is None when the text names none. Whole rows or columns
        have open ends (see :meth:`RangeRef.bounded`).

    Raises:
        AddressError: the text is not an address; the message shows the accepted forms.
    """
    original = text
    text = (text or "").strip()
    if not text:
        raise AddressError("the address is empty; give a range such as A1:C10 or Sheet2.B3")
    sheet, rest = _split_sheet(text, original)
    parts = rest.split(":")
    if len(parts) == 2 and _has_sheet(parts[1]):
        parts = _drop_repeated_sheet(parts, sheet, original)
    if len(parts) > 2:
        raise AddressError("'%s' is not a range: use one colon, as in A1:C10" % original)
    try:
        return _range_from_parts(sheet, parts)
    except AddressError as error:
        raise AddressError("'%s' is not a valid address: %s. Use forms such as B3, A1:C10, A:C, 2:5 or "
                           "Sheet2.A1:C10" % (original.strip(), error)) from None


def _split_sheet(text: str, original: str) -> Tuple[Optional[str], str]:
    if text.startswith("$"):
        text = text[1:]
    if text.startswith("'"):
        end = _closing_quote(text, original)
        name = text[1:end].replace("''", "'")
        rest = text[end + 1:]
        if not rest or rest[0] not in ".!":
            raise AddressError("'%s': a quoted sheet name must be followed by . or ! and a cell, as in "
                               "'My Sheet'.A1" % original)
        return _checked_sheet(name, original), rest[1:]
    head, colon, tail = text.partition(":")
    for separator in ("!", "."):
        if separator in head:
            name, _, cell = head.rpartition(separator)
            return _checked_sheet(name.lstrip("$"), original), cell + colon + tail
    return None, text


def _checked_sheet(name: str, original: str) -> str:
    if not name:
        raise AddressError("'%s' has an empty sheet name" % original)
    return name


def _closing_quote(text: str, original: str) -> int:
    index = 1
    while index < len(text):
        if text[index] == "'":
            if index + 1 < len(text) and text[index + 1] == "'":
                index += 2
                continue
            return index
        index += 1
    raise AddressError("'%s' has an unclosed quote in its sheet name" % original)


def _has_sheet(part: str) -> bool:
    return "." in part or "!" in part


def _drop_repeated_sheet(parts, sheet, original):
    """``Sheet1.A1:Sheet1.B2`` → ``["A1", "B2"]`` when both ends name the same sheet."""
    if len(parts) != 2:
        return parts
    other, end = _split_sheet(parts[1], original)
    if other is not None and (sheet is None or other.lower() != sheet.lower()):
        raise AddressError("'%s' names two sheets (%s and %s); a range must stay on one sheet, as in "
                           "Sheet2.A1:C10" % (original, sheet or "none", other))
    return [parts[0], end]


def _range_from_parts(sheet: Optional[str], parts) -> RangeRef:
    first = _parse_part(parts[0])
    last = _parse_part(parts[1]) if len(parts) == 2 else first
    if first[0] != last[0]:
        raise AddressError("both ends must be of the same kind (cells, columns or rows)")
    kind = first[0]
    if kind == "cell":
        columns, rows = sorted((first[1], last[1])), sorted((first[2], last[2]))
        return RangeRef(sheet, columns[0], rows[0], columns[1], rows[1])
    if kind == "column":
        columns = sorted((first[1], last[1]))
        return RangeRef(sheet, columns[0], None, columns[1], None)
    rows = sorted((first[2], last[2]))
    return RangeRef(sheet, None, rows[0], None, rows[1])


def _parse_part(part: str):
    part = part.strip()
    match = _CELL.match(part)
    if match:
        return "cell", column_index(match.group(1)), _row_index(match.group(2))
    match = _COLUMN.match(part)
    if match:
        return "column", column_index(match.group(1)), None
    match = _ROW.match(part)
    if match:
        return "row", None, _row_index(match.group(1))
    raise AddressError("'%s' is neither a cell (B3), a column (C) nor a row (7)" % part)


def _row_index(digits: str) -> int:
    row = int(digits)
    if row < 1:
        raise AddressError("row numbers start at 1")
    return row - 1


_FORBIDDEN_IN_SHEET_NAMES = "[]*?:/\\"


def sheet_name_problem(name: str) -> Optional[str]:
    """Return why ``name`` cannot name a Calc sheet, or None when it can."""
    if not name or not name.strip():
        return "a sheet name cannot be empty"
    bad = sorted({char for char in name if char in _FORBIDDEN_IN_SHEET_NAMES})
    if bad:
        return "a sheet name cannot contain %s" % " ".join(bad)
    if name.startswith("'") or name.endswith("'"):
        return "a sheet name cannot start or end with an apostrophe"
    return None


def parse_line_position(text, rows: bool) -> int:
    """Return the 0-based index of a row number (``5``) or a column name (``C``).

    Raises:
        AddressError: the text is not a row number (for rows) or a column name (for columns).
    """
    text = str(text).strip().lstrip("$")
    if rows:
        if not text.isdigit() or int(text) < 1:
            raise AddressError("'%s' is not a row number; rows are numbered from 1" % text)
        return int(text) - 1
    if text.isalpha() and len(text) <= 4:
        return column_index(text)
    raise AddressError("'%s' is not a column name; use letters such as C or AB" % text)
