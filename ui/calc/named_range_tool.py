"""``named_ranges``: create, list and delete the names a workbook gives to cells (Sheet ▸ Named Ranges).

Calc's ``NamedRanges`` container records its changes for undo ("Edit range names"). A name
refers to a range (absolute, ``$Sheet1.$A$2:$A$20``) or to a formula.
"""
from __future__ import annotations

import re
from typing import Literal, Optional

from ...core.calc.cell_address import column_name
from ...core.calc.formula_syntax import to_api_formula
from ...core.i18n import _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, active_sheet, resolve, sheet_names
from .guards import ensure_structure_unprotected
from .named_ranges import named_range_lines

_NAME = re.compile(r"^[^\W\d][\w.]*$")
_CELL_LIKE = re.compile(r"^[A-Za-z]{1,3}[0-9]+$|^[RrCc][0-9]*$|^[Rr][0-9]*[Cc][0-9]*$")


@tool(apps=("calc",), changes_document=True)
def named_ranges(context, action: Literal["create", "list", "delete"],
                 name: Optional[str] = Arg("The name, e.g. Prices (letters, digits, _ and .; not like a cell "
                                           "address such as A1)."),
                 range: Optional[str] = Arg("For create: the cells it names: %s." % RANGE_HELP),
                 formula: Optional[str] = Arg("For create, instead of range: an expression, e.g. =0.19 or "
                                              "=SUM(Sheet1.B2:B9).")) -> ToolOutcome:
    """Create, list or delete named ranges (names usable in formulas, e.g. =SUM(Prices)). A name can stand for a
    range of cells or for an expression.
    """
    document = context.document
    names = document.getPropertyValue("NamedRanges")
    if action == "list":
        lines = named_range_lines(document, active_sheet(document))
        text = lines[0] if lines else "The workbook has no named ranges."
        return ToolOutcome.success(text, _("Listed the named ranges"))
    if not name:
        raise ToolError("Give 'name' to %s a named range. Nothing was changed." % action)
    ensure_structure_unprotected(document, "%s named ranges" % action)
    existing = _existing(names, name)
    if action == "delete":
        if existing is None:
            raise ToolError("There is no named range '%s'.%s Nothing was changed." % (name, _known(names)))
        content = names.getByName(existing).getContent()
        names.removeByName(existing)
        return ToolOutcome.success("Deleted the named range '%s' (it was %s); formulas that used it now show an "
                                   "error." % (existing, content), _("Deleted the named range '%s'") % existing)
    _check_name(name, existing)
    if bool(range) == bool(formula):
        raise ToolError("For create give either 'range' (the cells) or 'formula' (an expression). Nothing was "
                        "changed.")
    if range:
        target = resolve(document, range)
        ref = target.ref
        content = "$%s.$%s$%d:$%s$%d" % (_quoted(target.sheet_name), column_name(ref.start_column), ref.start_row + 1,
                                         column_name(ref.end_column), ref.end_row + 1)
        where = target.label
    else:
        text = formula if formula.startswith("=") else "=" + formula
        content = to_api_formula(text, sheet_names(document))[1:]
        where = text
    example = "=%s*2" % name if formula else "=SUM(%s)" % name
    position = active_sheet(document).getCellByPosition(0, 0).getCellAddress()
    names.addNewByName(name, content, position, 0)
    return ToolOutcome.success("Created the named range '%s' for %s; formulas can use it, e.g. %s."
                               % (name, where, example), _("Created the named range '%s'") % name)


def _existing(names, name: str) -> Optional[str]:
    for existing in names.getElementNames():
        if existing.lower() == name.lower():
            return existing
    return None


def _known(names) -> str:
    known = names.getElementNames()
    return (" The names are: %s." % ", ".join(known[:20])) if known else " The workbook has no named ranges."


def _check_name(name: str, existing: Optional[str]) -> None:
    if existing is not None:
        raise ToolError("There is already a named range '%s'; delete it first or choose another name. Nothing was "
                        "changed." % existing)
    if not _NAME.match(name) or _CELL_LIKE.match(name) or name.upper() in ("TRUE", "FALSE"):
        raise ToolError("'%s' cannot be a name: use letters, digits, _ and ., start with a letter or _, and do not "
                        "write it like a cell address (A1, R1C1). Nothing was changed." % name)


def _quoted(name: str) -> str:
    return name if name.replace("_", "").isalnum() else "'%s'" % name.replace("'", "''")


TOOLS = [named_ranges]
