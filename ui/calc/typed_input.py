"""Strings a model writes, read the way Calc's input line reads what a person types.

``write_range`` gets strings such as ``2011-05-25``, ``45%``, ``$1,200.50`` or ``10:30``
(core.calc.cell_values marks them as *input*). Each distinct one is read by Calc's own number
scanner (``com.sun.star.util.NumberFormatter.detectNumberFormat``, which gives the format
typing would give, then ``convertStringToNumber``) in the document's locale (:mod:`.locales`);
measured on LibreOffice 7.4, both give what ``.uno:EnterString`` (typing) gives, format
included. Strings Calc does not read as numbers stay text. One UNO call per distinct string
(about 20 µs inside the office) and one per distinct shape of string (digits alike).

In an English (en-US) document the values need no call per string: Calc's bulk
``setFormulaArray`` reads its strings as English input, exactly as ``convertStringToNumber``
does there; only the format is detected, once per shape, and after the write one query
finds the strings that stayed text (:meth:`TypedInputReader.settle`). 50,000 dates: 7.9 s
over the socket the first way, see docs/benchmarks.md for the second.

After the bulk write, the detected formats are set on runs of cells in one call per format,
except on cells whose format is already of the same kind (a date typed into a cell formatted
DD.MM.YYYY keeps that format, as in Calc).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

import uno
from com.sun.star.util import NotNumericException

from ...core.calc.cell_address import RangeRef, cell_name
from ...core.calc.cell_values import INPUT, NUMBER, TEXT, CellInput, looks_like_number
from .cell_views import filled_cells
from .locales import ENGLISH, document_locale, format_locale, locale_tag, same_locale

MAX_FORMAT_PARTS = 400
MAX_NAMED = 8
MAX_SHAPE_TRIES = 3
TEXT_FLAG = 4  # com.sun.star.sheet.CellFlags.STRING
_DIGITS = re.compile(r"[0-9]")
_KINDS = ((2 | 4, "date-time"), (2, "date"), (4, "time"), (128, "percent"), (8, "currency"), (32, "scientific"),
          (64, "fraction"), (1024, "logical"))  # com.sun.star.util.NumberFormat bits, the first match wins


def kind_of_type(type_bits: int) -> str:
    """``date``, ``percent``, ``currency``… for a number format's type, ``number`` for plain ones."""
    for bits, kind in _KINDS:
        if (type_bits & bits) == bits:
            return kind
    return "number"


@dataclass
class InputReport:
    """What became of the strings read as typed input."""

    locale: str
    read: Dict[str, List[Tuple[int, int]]] = field(default_factory=dict)
    """``{kind: [(row, column)]}`` of the strings that became numbers (relative to the range)."""
    text: List[Tuple[int, int, str]] = field(default_factory=list)
    """``(row, column, text)`` of the strings that stayed text."""

    def sentence(self, ref: RangeRef) -> str:
        """" Read as typed in Calc (en-US): dates A2:A4; …; stayed text: C5 '12 apples'." or ""."""
        if not self.read and not self.text:
            return ""
        parts = ["%s %s" % (_plural(kind, len(cells)), _places(ref, cells)) for kind, cells in self.read.items()]
        if self.text:
            shown = ", ".join("%s %s" % (cell_name(ref.start_column + c, ref.start_row + r), _quoted(text))
                              for r, c, text in self.text[:MAX_NAMED])
            more = " and %d more" % (len(self.text) - MAX_NAMED) if len(self.text) > MAX_NAMED else ""
            parts.append("stayed text (Calc does not read it as a number in %s): %s%s" % (self.locale, shown, more))
        return " Strings read as typed in Calc (%s): %s." % (self.locale, "; ".join(parts))


def _plural(kind: str, count: int) -> str:
    return "%d %s%s" % (count, kind, "" if count == 1 else "s")


def _quoted(text: str) -> str:
    return "'%s'" % (text if len(text) <= 30 else text[:30] + "…")


def _places(ref: RangeRef, cells: Sequence[Tuple[int, int]]) -> str:
    """Cells as short ranges: runs down each column (``A2:A40, C2``), at most a few named."""
    runs = column_runs(cells)
    named = [RangeRef(None, ref.start_column + c, ref.start_row + first, ref.start_column + c,
                      ref.start_row + last).a1() for c, first, last in runs[:MAX_NAMED]]
    more = " and %d more" % (len(runs) - MAX_NAMED) if len(runs) > MAX_NAMED else ""
    return "(%s%s)" % (", ".join(named), more)


def column_runs(cells: Sequence[Tuple[int, int]]) -> List[Tuple[int, int, int]]:
    """``[(column, first_row, last_row)]``: the cells ``(row, column)`` as runs down each column."""
    runs: List[Tuple[int, int, int]] = []
    for row, column in sorted(cells, key=lambda cell: (cell[1], cell[0])):
        if runs and runs[-1][0] == column and runs[-1][2] == row - 1:
            runs[-1] = (column, runs[-1][1], row)
        else:
            runs.append((column, row, row))
    return runs


class TypedInputReader:
    """Reads strings as Calc reads typed input in one document's locale (see the module docstring)."""

    def __init__(self, document, ctx):
        ctx = ctx or uno.getComponentContext()
        self._locale = document_locale(document, ctx)
        self._english = same_locale(self._locale, ENGLISH)
        self._formats = document.getNumberFormats()
        self._formatter = ctx.ServiceManager.createInstanceWithContext("com.sun.star.util.NumberFormatter", ctx)
        self._formatter.attachNumberFormatsSupplier(document)
        # the document's locale, or Calc's default locale when that is the same (formats without a locale tag)
        self._standard = self._formats.getStandardIndex(format_locale(document, ctx))
        self._values: Dict[str, Optional[float]] = {}
        self._keys: Dict[str, int] = {}
        self._tried: Dict[str, int] = {}
        self._kinds: Dict[int, str] = {}
        self._report = InputReport(locale_tag(self._locale))

    def read_grid(self, grid: Sequence[Sequence[CellInput]]) -> List[List[CellInput]]:
        """The grid to write: each *input* cell made a number (with its format key) or text; in an English
        document it stays input, with the format its shape of string gets (Calc's bulk write then reads it,
        and :meth:`settle` finds what it became)."""
        read = self._shaped if self._english else self._cell
        return [[read(cell, r, c) if cell.kind == INPUT else cell for c, cell in enumerate(row)]
                for r, row in enumerate(grid)]

    def settle(self, target, grid: Sequence[Sequence[CellInput]]) -> Tuple[List[List[CellInput]], InputReport]:
        """After the write: the grid as the sheet holds it (input cells made numbers or text) and the report."""
        if not any(cell.kind == INPUT for row in grid for cell in row):
            return [list(row) for row in grid], self._report
        ref = target.ref
        text = {(row - ref.start_row, column - ref.start_column) for column, row in filled_cells(target, TEXT_FLAG)}
        settled = []
        for r, row in enumerate(grid):
            settled.append([self._settled(cell, r, c, (r, c) in text) if cell.kind == INPUT else cell
                            for c, cell in enumerate(row)])
        return settled, self._report

    def _settled(self, cell: CellInput, row: int, column: int, is_text: bool) -> CellInput:
        if is_text:
            self._report.text.append((row, column, cell.value))
            return CellInput(TEXT, cell.value)
        self._report.read.setdefault(self.kind_of(cell.format_key) if cell.format_key != -1 else "number",
                                     []).append((row, column))
        return CellInput(NUMBER, None, cell.format_key)

    def _shaped(self, cell: CellInput, row: int, column: int) -> CellInput:
        shape = _DIGITS.sub("9", cell.value)
        if shape not in self._keys and self._tried.get(shape, 0) < MAX_SHAPE_TRIES:
            self._tried[shape] = self._tried.get(shape, 0) + 1
            try:
                self._keys[shape] = self._formatter.detectNumberFormat(self._standard, cell.value)
            except NotNumericException:
                pass
        return CellInput(INPUT, cell.value, self._keys.get(shape, -1))

    def _cell(self, cell: CellInput, row: int, column: int) -> CellInput:
        text, report = cell.value, self._report
        read = self._read(text)
        if read is None:
            if looks_like_number(text):  # an English number (1.5E3) Calc's locale does not read
                report.read.setdefault("number", []).append((row, column))
                return CellInput(NUMBER, float(text.strip()))
            report.text.append((row, column, text))
            return CellInput(TEXT, text)
        value, key = read
        report.read.setdefault(self.kind_of(key), []).append((row, column))
        return CellInput(NUMBER, value, key)

    def _read(self, text: str) -> Optional[Tuple[float, int]]:
        shape = _DIGITS.sub("9", text)
        if text not in self._values:
            key = self._keys.get(shape)
            try:
                self._values[text] = self._formatter.convertStringToNumber(
                    self._standard if key is None else key, text)
            except NotNumericException:
                self._values[text] = None
            if self._values[text] is not None and key is None:
                self._keys[shape] = self._detect(text)
        value = self._values[text]
        return None if value is None else (value, self._keys[shape])

    def _detect(self, text: str) -> int:
        try:
            return self._formatter.detectNumberFormat(self._standard, text)
        except NotNumericException:
            return self._standard

    def kind_of(self, key: int) -> str:
        """The kind (date, percent…) of the format ``key``."""
        if key not in self._kinds:
            self._kinds[key] = kind_of_type(self._formats.getByKey(key).getPropertyValue("Type"))
        return self._kinds[key]

    def apply_formats(self, document, target, grid: Sequence[Sequence[CellInput]]) -> None:
        """Set the detected formats on the written cells (one call per format; see the module docstring)."""
        by_key: Dict[int, List[Tuple[int, int]]] = {}
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                if cell.kind == NUMBER and cell.format_key != -1:
                    by_key.setdefault(cell.format_key, []).append((r, c))
        if not by_key:
            return
        formatted = self._formatted_areas(target)
        for key, cells in by_key.items():
            areas = formatted.get(self.kind_of(key), ())
            if areas:
                cells = [cell for cell in cells if not any(_inside(area, cell) for area in areas)]
            if cells:
                _ranges(document, target, column_runs(cells)).setPropertyValue("NumberFormat", key)

    def _formatted_areas(self, target) -> Dict[str, List[Tuple[int, int, int, int]]]:
        """``{kind: [(first_row, first_column, last_row, last_column)]}`` of the target's formats now,
        relative to it (empty when it has too many differently formatted parts to look at)."""
        parts = target.cell_range().getCellFormatRanges()
        if parts.getCount() > MAX_FORMAT_PARTS:
            return {}
        origin = target.ref
        areas: Dict[str, List[Tuple[int, int, int, int]]] = {}
        for index in range(parts.getCount()):
            part = parts.getByIndex(index)
            address = part.getRangeAddress()
            areas.setdefault(self.kind_of(part.getPropertyValue("NumberFormat")), []).append((
                address.StartRow - origin.start_row, address.StartColumn - origin.start_column,
                address.EndRow - origin.start_row, address.EndColumn - origin.start_column))
        return areas


def _inside(area: Tuple[int, int, int, int], cell: Tuple[int, int]) -> bool:
    first_row, first_column, last_row, last_column = area
    return first_row <= cell[0] <= last_row and first_column <= cell[1] <= last_column


def _ranges(document, target, runs):
    ref = target.ref
    index = target.cell_range().getRangeAddress().Sheet
    addresses = []
    for column, first, last in runs:
        address = uno.createUnoStruct("com.sun.star.table.CellRangeAddress")
        address.Sheet = index
        address.StartColumn = address.EndColumn = ref.start_column + column
        address.StartRow, address.EndRow = ref.start_row + first, ref.start_row + last
        addresses.append(address)
    ranges = document.createInstance("com.sun.star.sheet.SheetCellRanges")
    ranges.addRangeAddresses(tuple(addresses), False)
    return ranges
