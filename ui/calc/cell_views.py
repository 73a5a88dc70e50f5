"""Read a block of cells in bulk: values, formulas (in English syntax), errors and number kinds.

A handful of UNO calls per block, whatever its size: ``getDataArray``,
``getFormulaArray``, one query for formula cells, one for error cells, and the
block's format ranges for dates and percentages. Only error cells are visited one
by one (there are few).
"""
from __future__ import annotations

import datetime
from typing import Dict, List, Optional, Set, Tuple

from ...core.calc.formula_errors import error_label
from ...core.calc.formula_syntax import to_english_formula
from ...core.calc.sheet_text import DEFAULT_NULL_DATE, CellView
from .functions import api_renames

CELL_FLAG_FORMULA = 16       # com.sun.star.sheet.CellFlags.FORMULA
CONTENT_FLAGS = 1 | 2 | 4 | 16   # values, dates, text, formulas
FORMULA_RESULT_ERROR = 4     # com.sun.star.sheet.FormulaResult.ERROR
MAX_FORMAT_RANGES = 400

_DATE, _TIME, _CURRENCY, _PERCENT, _LOGICAL = 2, 4, 8, 128, 1024  # com.sun.star.util.NumberFormat


def relative_cells(ranges, origin_column: int, origin_row: int) -> Set[Tuple[int, int]]:
    """The ``(row, column)`` cells of an ``XSheetCellRanges``, relative to an origin."""
    cells = set()
    for address in ranges.getRangeAddresses():
        for row in range(address.StartRow, address.EndRow + 1):
            for column in range(address.StartColumn, address.EndColumn + 1):
                cells.add((row - origin_row, column - origin_column))
    return cells


def formula_cells(cell_range) -> Set[Tuple[int, int]]:
    """Formula cells of ``cell_range`` as ``(row, column)`` relative to its top-left cell."""
    origin = cell_range.getRangeAddress()
    return relative_cells(cell_range.queryContentCells(CELL_FLAG_FORMULA), origin.StartColumn, origin.StartRow)


def error_cells(cell_range) -> Dict[Tuple[int, int], int]:
    """``{(row, column): error code}`` of the formula cells showing an error."""
    origin = cell_range.getRangeAddress()
    found = {}
    for row, column in relative_cells(cell_range.queryFormulaCells(FORMULA_RESULT_ERROR),
                                      origin.StartColumn, origin.StartRow):
        found[(row, column)] = cell_range.getCellByPosition(column, row).getError()
    return found


def kind_of_format(type_bits: int) -> Optional[str]:
    """The display kind of a number format type (``date``, ``percent``…), None for plain numbers."""
    if type_bits & _DATE and type_bits & _TIME:
        return "datetime"
    if type_bits & _DATE:
        return "date"
    if type_bits & _TIME:
        return "time"
    if type_bits & _PERCENT:
        return "percent"
    if type_bits & _CURRENCY:
        return "currency"
    if type_bits & _LOGICAL:
        return "logical"
    return None


def format_kinds(document, cell_range) -> List[Tuple[Tuple[int, int, int, int], str]]:
    """``[((first_row, first_column, last_row, last_column), kind)]`` for specially formatted parts."""
    origin = cell_range.getRangeAddress()
    ranges = cell_range.getCellFormatRanges()
    if ranges.getCount() > MAX_FORMAT_RANGES:
        return []
    formats = document.getNumberFormats()
    cache: Dict[int, Optional[str]] = {}
    found = []
    for index in range(ranges.getCount()):
        part = ranges.getByIndex(index)
        key = part.getPropertyValue("NumberFormat")
        if key not in cache:
            cache[key] = kind_of_format(formats.getByKey(key).getPropertyValue("Type"))
        if cache[key]:
            address = part.getRangeAddress()
            found.append(((address.StartRow - origin.StartRow, address.StartColumn - origin.StartColumn,
                           address.EndRow - origin.StartRow, address.EndColumn - origin.StartColumn), cache[key]))
    return found


def null_date(document) -> datetime.date:
    """The document's day 0 (1899-12-30 unless changed)."""
    try:
        value = document.getPropertyValue("NullDate")
        return datetime.date(value.Year, value.Month, value.Day)
    except Exception:
        return DEFAULT_NULL_DATE


def read_views(document, cell_range) -> List[List[CellView]]:
    """Describe every cell of ``cell_range`` as a :class:`CellView`."""
    values = cell_range.getDataArray()
    formulas = cell_range.getFormulaArray()
    is_formula = formula_cells(cell_range)
    errors = error_cells(cell_range) if is_formula else {}
    kinds = format_kinds(document, cell_range)
    renames = api_renames(document) if is_formula else {}
    views = []
    for r, (value_row, formula_row) in enumerate(zip(values, formulas)):
        row = []
        for c, value in enumerate(value_row):
            formula = to_english_formula(formula_row[c], renames) if (r, c) in is_formula else None
            error = error_label(errors[(r, c)]) if (r, c) in errors else None
            kind = _kind_at(kinds, r, c) if isinstance(value, float) and kinds else None
            row.append(CellView(None if value == "" else value, formula, error, kind))
        views.append(row)
    return views


def _kind_at(kinds, row: int, column: int) -> Optional[str]:
    for (first_row, first_column, last_row, last_column), kind in kinds:
        if first_row <= row <= last_row and first_column <= column <= last_column:
            return kind
    return None


def filled_cells(target, flags: int = CONTENT_FLAGS) -> List[Tuple[int, int]]:
    """``(column, row)`` of the cells of ``target`` that hold something (``flags``: CellFlags; all kinds of
    content by default).

    Calc's ``queryContentCells`` also answers text cells to the left of the range in the same rows
    (measured on LibreOffice 7.4: with "x" in A5, E5:G5 answers A5), so its answer is clipped; and a
    range that ``queryEmptyCells`` answers whole is empty without asking (the stray answers made the
    question cost 0.5 s beside 50,000 rows of text).
    """
    ref = target.ref
    empty = target.cell_range().queryEmptyCells().getRangeAddresses()
    if len(empty) == 1 and (empty[0].StartColumn, empty[0].StartRow, empty[0].EndColumn, empty[0].EndRow) == (
            ref.start_column, ref.start_row, ref.end_column, ref.end_row):
        return []
    cells = []
    for address in target.cell_range().queryContentCells(flags).getRangeAddresses():
        for row in range(max(address.StartRow, ref.start_row), min(address.EndRow, ref.end_row) + 1):
            for column in range(max(address.StartColumn, ref.start_column), min(address.EndColumn,
                                                                                ref.end_column) + 1):
                cells.append((column, row))
    return cells
