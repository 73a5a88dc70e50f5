"""Check formulas in a throwaway hidden spreadsheet before they go where Calc would take anything.

Conditional formats accept any text as a condition and only fail when evaluated, so
their formulas are compiled first in a hidden scratch document that has sheets and
named ranges with the same names as the user's, at the same cell position (relative
references then mean the same). Only syntax errors and unknown names count: the
scratch cells are empty, so computed errors say nothing.
"""
from __future__ import annotations

from typing import List, Tuple

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.table import CellAddress

from ...core.calc.formula_errors import is_syntax_error


def _hidden_spreadsheet(ctx):
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    hidden = PropertyValue()
    hidden.Name, hidden.Value = "Hidden", True
    return desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, (hidden,))


def _mirror_names(scratch, document) -> None:
    sheets = scratch.getSheets()
    names = list(document.getSheets().getElementNames())
    sheets.getByIndex(0).setName(names[0])
    for index, name in enumerate(names[1:], 1):
        sheets.insertNewByName(name, index)
    named = document.getPropertyValue("NamedRanges")
    scratch_named = scratch.getPropertyValue("NamedRanges")
    for name in named.getElementNames():
        scratch_named.addNewByName(name, "0", CellAddress(0, 0, 0), 0)


def syntax_problems(ctx, document, sheet_name: str, column: int, row: int,
                    formulas: List[str]) -> List[Tuple[str, int]]:
    """``(formula, error code)`` for each API-syntax formula that does not compile at that cell.

    Args:
        ctx: the component context (to open the scratch document).
        document: the user's spreadsheet (for its sheet and range names).
        sheet_name, column, row: where the formulas will apply (0-based).
        formulas: formulas in Calc's API syntax, each starting with ``=``.
    """
    scratch = _hidden_spreadsheet(ctx or uno.getComponentContext())
    try:
        _mirror_names(scratch, document)
        cell = scratch.getSheets().getByName(sheet_name).getCellByPosition(column, row)
        problems = []
        for formula in formulas:
            cell.setFormula(formula)
            code = cell.getError()
            if is_syntax_error(code):
                problems.append((formula, code))
        return problems
    finally:
        scratch.close(True)
