"""Writing tools: values and formulas into a whole range in one call, clearing, CSV import.

Everything is checked before the sheet changes (address, size, protection); formulas
are checked right after the bulk write and the range is put back if any fails (see
:mod:`.cell_writer`), so a failing call leaves the sheet as it was.
"""
from __future__ import annotations

from typing import List, Literal, Optional, Union

from ...core.calc.cell_values import (FORMULA, INPUT, TEXT, CellInput, CellValueError, cell_input, count_kinds,
    grid_from_rows, shape_mismatch)
from ...core.calc.csv_text import CsvError, parse_csv
from ...core.calc.formula_shift import FormulaTemplate, ShiftError
from ...core.calc.formula_syntax import to_api_formula
from ...core.i18n import _, ngettext
from ...core.agent.declare import ABSENT, Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, resolve, sheet_names, sheet_size
from .cell_writer import write_grid
from .guards import ensure_cells_editable, ensure_no_partial_array, ensure_sheet_unprotected, refused_by_calc
from .typed_input import TypedInputReader

MAX_WRITE_CELLS = 200000
CLEAR_FLAGS = {
    "contents": 1 | 2 | 4 | 16,                           # values, dates, text, formulas
    "formats": 32 | 64 | 256,                             # direct formatting, styles, text attributes
    "all": 1 | 2 | 4 | 8 | 16 | 32 | 64 | 256 | 512,      # and comments
}
VALUES_HELP = ("Rows of cell values, e.g. [[\"Item\", \"Price\"], [\"Tea\", 3.5], [\"Total\", \"=SUM(B2:B2)\"]]. "
               "Strings starting with = are formulas (English function names, commas between arguments); "
               "numbers stay numbers; other strings are read as Calc reads typed input in the document's "
               "locale (\"2024-05-25\", \"45%\", \"$1,200.50\", \"10:30\" become dates, percents… with "
               "their format); null or \"\" leaves a cell empty; start with ' to keep text (\"'2003\").")
CellValue = Union[str, float, bool, None]
"""One cell as the model gives it (null: empty); written flat, see ``Operand`` in :mod:`.conditional`."""


def _kind_words(counts: dict) -> str:
    words = [("number", "number"), ("text", "text"), ("formula", "formula"), ("empty", "empty")]
    parts = ["%d %s" % (counts[key], label) for key, label in words if counts.get(key)]
    return ", ".join(parts)


@tool(apps=("calc",), changes_document=True)
def write_range(context, range: str = Arg("Where to write: %s." % RANGE_HELP),
                values: Optional[List[List[CellValue]]] = Arg(VALUES_HELP),
                fill: CellValue = Arg("One value or formula for every cell, e.g. \"=B2*C2\" written for D2:D50 becomes "
                                      "=B3*C3 in D3 and so on.", default=ABSENT, nullable=True)) -> ToolOutcome:
    """Write values and formulas to a whole range in ONE call (much faster than cell by cell). Give 'values'
    (rows) starting at 'range' (its top-left cell is enough), or 'fill' to put one value or formula into every
    cell of 'range' (relative references adjust per row and column, like Fill Down). Formulas use English
    function names and commas.
    """
    if (values is None) == (fill is ABSENT):
        raise ToolError("Give either 'values' (rows of cells) or 'fill' (one value or formula for every cell), "
                        "not both and not neither.")
    target = resolve(context.document, range)
    if fill is not ABSENT:
        return _fill(context, target, fill)
    try:
        grid = grid_from_rows(values)
    except CellValueError as error:
        raise ToolError("Nothing was written: %s." % error) from None
    rows, columns = len(grid), len(grid[0])
    if target.ref.is_single_cell:
        target = target.sub(target.ref.resized(rows, columns))
        target = resolve(context.document, target.label)  # checks the grown range still fits the sheet
    mismatch = shape_mismatch(rows, columns, target.ref.rows, target.ref.columns, target.label)
    if mismatch:
        raise ToolError("Nothing was written: %s." % mismatch)
    reader = _reader(context, grid)
    if reader is not None:
        grid = reader.read_grid(grid)
    report = write_grid(context.document, target, grid)
    typed = ""
    if reader is not None:
        grid, read = reader.settle(target, grid)
        reader.apply_formats(context.document, target, grid)
        report.counts, typed = count_kinds(grid), read.sentence(target.ref)
    text = "Wrote %d cells to %s (%s).%s" % (rows * columns, target.label, _kind_words(report.counts), typed)
    return ToolOutcome.success(text + report.error_note(), ngettext("Wrote %d cell in %s", "Wrote %d cells in %s",
                                                                    rows * columns) % (rows * columns, target.label))


def _reader(context, grid) -> Optional[TypedInputReader]:
    """A reader of typed input when the grid holds strings for Calc to read (None otherwise)."""
    if not any(cell.kind == INPUT for row in grid for cell in row):
        return None
    return TypedInputReader(context.document, context.office)


def _fill(context, target, value) -> ToolOutcome:
    document = context.document
    ref = target.ref
    if ref.rows * ref.columns > MAX_WRITE_CELLS:
        raise ToolError("%s has %d cells; fill at most %d at once." % (target.label, ref.rows * ref.columns,
                                                                       MAX_WRITE_CELLS))
    try:
        first = cell_input(value)
        reader = _reader(context, [[first]])
        if reader is not None:
            first = reader.read_grid([[first]])[0][0]
        grid = _filled(document, target, first)
    except (CellValueError, ShiftError) as error:
        raise ToolError("Nothing was written: %s." % error) from None
    report = write_grid(document, target, grid, api_syntax=True)
    if reader is not None:
        grid, _read = reader.settle(target, grid)
        first = grid[0][0]
        reader.apply_formats(document, target, grid)
    how = " (relative references adjusted for each cell, as with Fill Down)" if first.kind == FORMULA else ""
    if reader is not None:
        how = " (read as typed in Calc: %s)" % (reader.kind_of(first.format_key) if first.format_key != -1
                                                 else "text" if first.kind == TEXT else "a number")
    text = "Filled %d cells of %s with %s%s." % (ref.rows * ref.columns, target.label, value, how)
    return ToolOutcome.success(text + report.error_note(), _("Filled %s") % target.label)


def _filled(document, target, first: CellInput):
    """The grid for a fill: one value everywhere, or the formula moved to each cell like Fill Down."""
    ref = target.ref
    if first.kind != FORMULA:
        return [[first] * ref.columns for _row in range(ref.rows)]
    columns, rows = sheet_size(target.sheet)
    template = FormulaTemplate(to_api_formula(first.value, sheet_names(document)), columns, rows)
    return [[CellInput(FORMULA, template.at(r, c)) for c in range(ref.columns)] for r in range(ref.rows)]


@tool(apps=("calc",), changes_document=True)
def clear_range(context, range: str = Arg("What to clear: %s." % RANGE_HELP),
                what: Literal["contents", "formats", "all"] = "contents") -> ToolOutcome:
    """Clear a range: its contents (default), its formats, or both ('all', also removes comments)."""
    target = resolve(context.document, range)
    ensure_no_partial_array(target)
    if what == "contents":
        ensure_cells_editable(target)
    else:
        ensure_sheet_unprotected(target.sheet, "clear formats")
    try:
        target.cell_range().clearContents(CLEAR_FLAGS[what])
    except Exception as error:
        raise refused_by_calc(target, "clear", error) from None
    return ToolOutcome.success("Cleared the %s of %s." % ("contents and formats" if what == "all" else what,
                                                          target.label), _("Cleared %s") % target.label)


@tool(apps=("calc",), changes_document=True)
def import_csv(context, csv: str = Arg("The CSV text, one line per row."),
               cell: str = Arg("Top-left cell, e.g. A1 or Sheet2.B3 (default A1 of the active sheet).", default="A1"),
               delimiter: Optional[str] = Arg("Field separator (default: detected among , ; tab |)."),
               decimal_comma: bool = Arg("Read 1,5 as 1.5 (European numbers).", default=False)) -> ToolOutcome:
    """Import CSV text into the sheet as a block starting at 'cell'. Numbers become numbers; everything else
    stays text (formulas in CSV are not run).
    """
    try:
        rows = parse_csv(csv, delimiter, decimal_comma)
        grid = grid_from_rows(rows, typed=False)
    except (CsvError, CellValueError) as error:
        raise ToolError("Nothing was imported: %s." % error) from None
    start = resolve(context.document, cell)
    target = resolve(context.document, start.sub(start.ref.resized(len(grid), len(grid[0]))).label)
    report = write_grid(context.document, target, grid)
    text = "Imported %d rows × %d columns into %s (%s)." % (len(grid), len(grid[0]), target.label,
                                                            _kind_words(report.counts))
    return ToolOutcome.success(text, _("Imported CSV into %s") % target.label)


TOOLS = [write_range, clear_range, import_csv]
