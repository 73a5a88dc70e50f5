"""``find_formula_errors``: every formula showing an error, explained with the cells it uses.

For each error cell: its formula (English syntax), what the error means, its direct
precedents on any sheet (:mod:`.precedents`) with their values, and whether the error
is its own or passed on from a cell it uses; a formula with ``#NAME?`` also
gets the function names Calc does not know.
"""
from __future__ import annotations

from typing import List, Optional, Tuple

from ...core.calc.cell_address import RangeRef, cell_name
from ...core.calc.formula_errors import describe_error, error_label
from ...core.calc.formula_syntax import to_english_formula
from ...core.i18n import _, ngettext
from ...core.calc.sheet_text import format_value
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolOutcome
from ..office.enumeration import indexed
from .addresses import RANGE_HELP, active_sheet, range_of_address, resolve, used_area
from .cell_views import null_date, read_views
from .functions import api_renames, unknown_functions
from .precedents import direct_precedents

MAX_EXPLAINED = 30
MAX_LISTED_PRECEDENT_CELLS = 6
MAX_VALUE_CHARS = 60
NAME_ERROR, REF_ERROR, DIV_ZERO = 525, 524, 532


@tool(apps=("calc",))
def find_formula_errors(context, range: Optional[str] = Arg("Where to look: %s (default: the active sheet)."
                                                            % RANGE_HELP),
                        all_sheets: bool = Arg("Look in every sheet.", default=False)) -> ToolOutcome:
    """Find formulas that show errors (#DIV/0!, #REF!, #NAME?, #VALUE!, #N/A, Err:5xx) and explain each one with
    the cells it uses and where the error comes from.
    """
    document = context.document
    scopes = _scopes(document, range, all_sheets)
    total, first = 0, []
    for sheet, ref in scopes:
        block = sheet.getCellRangeByPosition(ref.start_column, ref.start_row, ref.end_column, ref.end_row)
        for address in block.queryFormulaCells(4).getRangeAddresses():
            total += (address.EndRow - address.StartRow + 1) * (address.EndColumn - address.StartColumn + 1)
            first.extend(_cells(sheet, address, MAX_EXPLAINED - len(first)))
    where = ", ".join(ref.label() for _sheet, ref in scopes) or "the document"
    if not total:
        return ToolOutcome.success("No formula shows an error in %s." % where, _("No formula errors"))
    lines = ["%d formula(s) show an error in %s:" % (total, where)]
    lines.extend(_explain(document, sheet, column, row) for sheet, column, row in first)
    if total > len(first):
        lines.append("(%d more not explained; ask about a smaller range.)" % (total - len(first)))
    return ToolOutcome.success("\n".join(lines), ngettext("Found %d formula error", "Found %d formula errors", total) % total)


def _cells(sheet, address, limit: int):
    """Up to ``limit`` cells of a range address, row by row."""
    cells = []
    for row in range(address.StartRow, address.EndRow + 1):
        for column in range(address.StartColumn, address.EndColumn + 1):
            if len(cells) >= limit:
                return cells
            cells.append((sheet, column, row))
    return cells


def _scopes(document, range_text: Optional[str], all_sheets: bool) -> List[Tuple[object, RangeRef]]:
    """``(sheet, area)`` to look in: the range, else the used area of every sheet or of the active one."""
    if range_text:
        target = resolve(document, range_text)
        return [(target.sheet, target.ref)]
    chosen = indexed(document.getSheets()) if all_sheets else [active_sheet(document)]
    return [(sheet, used) for sheet in chosen for used in [used_area(sheet)] if used is not None]


def _explain(document, sheet, column: int, row: int) -> str:
    cell = sheet.getCellByPosition(column, row)
    code = cell.getError()
    formula = to_english_formula(cell.getFormula(), api_renames(document))
    name = RangeRef(sheet.getName(), column, row, column, row).label()
    precedents = _precedents(document, cell)
    inherited = [p for p in precedents if p[2]]
    if inherited:
        sources = ", ".join("%s (%s)" % (label, error) for label, _, error in inherited[:3])
        return "- %s: %s → %s, passed on from %s." % (name, formula, error_label(code), sources)
    line = "- %s: %s → %s." % (name, formula, describe_error(code))
    hint = _hint(document, code, formula, precedents)
    uses = "; ".join(text for _, text, _ in precedents[:MAX_LISTED_PRECEDENT_CELLS])
    return line + (" " + hint if hint else "") + (" It uses: %s." % uses if uses else "")


def _precedents(document, cell):
    """``[(label, description, error label or "")]`` for the cells the formula uses directly."""
    own_sheet = cell.getCellAddress().Sheet
    result = []
    for block in direct_precedents(cell):
        result.extend(_describe_block(document, block, own_sheet))
    return result


def _describe_block(document, block, own_sheet: int):
    sheets = document.getSheets()
    if not 0 <= block.sheet < sheets.getCount():
        return []
    sheet = sheets.getByIndex(block.sheet)
    ref = RangeRef(sheet.getName(), block.first_column, block.first_row, block.last_column, block.last_row)
    prefix = "" if block.sheet == own_sheet else ref.label().rsplit(".", 1)[0] + "."
    cells = sheet.getCellRangeByPosition(block.first_column, block.first_row, block.last_column, block.last_row)
    if block.cells > MAX_LISTED_PRECEDENT_CELLS:
        errors = cells.queryFormulaCells(4).getRangeAddresses()
        error_text = ", with errors in %s" % ", ".join(range_of_address(sheet, a).a1() for a in errors[:3]) \
            if errors else ""
        first_error = "error in %s" % range_of_address(sheet, errors[0]).a1() if errors else ""
        return [(prefix + ref.a1(), "%s%s (%d cells%s)" % (prefix, ref.a1(), block.cells, error_text), first_error)]
    day_zero = null_date(document)
    described = []
    for r, view_row in enumerate(read_views(document, cells)):
        for c, view in enumerate(view_row):
            label = prefix + cell_name(block.first_column + c, block.first_row + r)
            shown = format_value(view, day_zero) or "empty"
            shown = shown if len(shown) <= MAX_VALUE_CHARS else shown[:MAX_VALUE_CHARS] + "…"
            described.append((label, "%s = %s" % (label, shown), view.error or ""))
    return described


def _hint(document, code: int, formula: str, precedents) -> str:
    if code == NAME_ERROR:
        unknown = unknown_functions(document, formula)
        return "Calc has no function named %s." % ", ".join(unknown) if unknown else \
            "A name in it is not a function, a named range or a sheet reference Calc knows."
    if code == REF_ERROR and "#REF!" in formula.upper():
        return "It refers to cells, rows, columns or a sheet that were deleted."
    if code == DIV_ZERO:
        zeros = [text.split(" = ")[0] for _, text, _ in precedents if text.endswith(("= 0", "= empty"))]
        if zeros:
            return "%s %s 0 or empty." % (", ".join(zeros), "is" if len(zeros) == 1 else "are")
    return ""


TOOLS = [find_formula_errors]
