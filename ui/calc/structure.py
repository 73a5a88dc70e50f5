"""Structure tools: insert or delete rows and columns; create, rename, delete and show sheets.

Formulas elsewhere follow the moved cells (Calc adjusts their references). Calc
checks whether an insertion or deletion is possible before it changes anything
(data would be pushed off the sheet, a merged area or array formula would be cut),
so a refusal leaves the sheet as it was.
"""
from __future__ import annotations

from typing import Literal, Optional, Union

from com.sun.star.uno import Exception as UnoException

from ...core.calc.cell_address import AddressError, column_name, parse_line_position, sheet_name_problem
from ...core.i18n import _, ngettext
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import sheet_by_name, sheet_size
from .guards import ensure_sheet_unprotected, ensure_structure_unprotected

MAX_LINES = 100000


@tool(apps=("calc",), changes_document=True)
def edit_rows_columns(context, action: Literal["insert_rows", "delete_rows", "insert_columns", "delete_columns"],
                      at: Union[str, int] = Arg("Row number (e.g. 5) or column letter (e.g. C)."),
                      count: int = Arg("How many (default 1).", default=1, minimum=1, maximum=MAX_LINES),
                      sheet: Optional[str] = Arg("Sheet name (default: the active sheet).")) -> ToolOutcome:
    """Insert or delete whole rows or columns. Rows and columns are inserted before 'at'; deletion starts at
    'at'. Formulas elsewhere are adjusted.
    """
    rows = action.endswith("rows")
    sheet = sheet_by_name(context.document, sheet)
    ensure_sheet_unprotected(sheet, action.replace("_", " "))
    try:
        index = parse_line_position(at, rows)
    except AddressError as error:
        raise ToolError("%s. Nothing was changed." % error) from None
    limit = sheet_size(sheet)[1 if rows else 0]
    if index + (count if action.startswith("delete") else 0) > limit or index >= limit:
        raise ToolError("The sheet has only %d %s; %s %d from %s is not possible. Nothing was changed."
                        % (limit, "rows" if rows else "columns", action.split("_")[0], count, _name(index, rows)))
    lines = sheet.getRows() if rows else sheet.getColumns()
    try:
        if action.startswith("insert"):
            lines.insertByIndex(index, count)
        else:
            lines.removeByIndex(index, count)
    except UnoException as error:
        raise ToolError("Calc refused to %s %d %s at %s on '%s': %s. Nothing was changed."
                        % (action.split("_")[0], count, "rows" if rows else "columns", _name(index, rows),
                           sheet.getName(), _refusal_reason(action)) + _detail(error)) from None
    what = "%d %s%s" % (count, "row" if rows else "column", "" if count == 1 else "s")
    if action.startswith("insert"):
        text = "Inserted %s before %s on '%s'; the new cells are empty and formulas were adjusted." % (
            what, _name(index, rows), sheet.getName())
    else:
        text = "Deleted %s starting at %s on '%s'; formulas were adjusted (references to deleted cells now show " \
               "#REF!)." % (what, _name(index, rows), sheet.getName())
    return ToolOutcome.success(text, _lines_summary(action, count, index, rows, sheet.getName()))


def _lines_summary(action: str, count: int, index: int, rows: bool, sheet: str) -> str:
    """The transcript line of an insertion or deletion, in the user's language."""
    where = (_("row %d") % (index + 1)) if rows else (_("column %s") % column_name(index))
    if action.startswith("insert"):
        template = (ngettext("Inserted %d row before %s on '%s'", "Inserted %d rows before %s on '%s'", count) if rows
                    else ngettext("Inserted %d column before %s on '%s'", "Inserted %d columns before %s on '%s'",
                                  count))
    else:
        template = (ngettext("Deleted %d row starting at %s on '%s'", "Deleted %d rows starting at %s on '%s'", count)
                    if rows else ngettext("Deleted %d column starting at %s on '%s'",
                                          "Deleted %d columns starting at %s on '%s'", count))
    return template % (count, where, sheet)


def _name(index: int, rows: bool) -> str:
    return "row %d" % (index + 1) if rows else "column %s" % column_name(index)


def _refusal_reason(action: str) -> str:
    if action.startswith("insert"):
        return "cells with content at the end of the sheet would be pushed off it, or a merged area or array " \
               "formula would be split"
    return "a merged area or array formula would be split"


def _detail(error) -> str:
    message = getattr(error, "Message", "") or ""
    return " (%s)" % message.splitlines()[0] if message.strip() else ""


@tool(apps=("calc",), changes_document=True)
def manage_sheet(context, action: Literal["create", "rename", "delete", "activate"],
                 name: str = Arg("The sheet to act on (for create: the new sheet's name)."),
                 new_name: Optional[str] = Arg("For rename: the new name."),
                 position: Optional[int] = Arg("For create: 1 = first (default: last).", minimum=1)) -> ToolOutcome:
    """Create, rename or delete a sheet, or show (activate) it to the user."""
    document = context.document
    sheets = document.getSheets()
    if action == "activate":
        sheet = sheet_by_name(document, name)
        document.getCurrentController().setActiveSheet(sheet)
        return ToolOutcome.success("'%s' is now the active sheet." % sheet.getName(), _("Showed '%s'") % sheet.getName())
    ensure_structure_unprotected(document, "%s sheets" % action)
    if action == "create":
        _check_new_name(sheets, name)
        last = sheets.getCount() + 1
        position = last if position is None else min(position, last)
        sheets.insertNewByName(name, position - 1)
        return ToolOutcome.success("Created sheet '%s' at position %d." % (name, position), _("Created sheet '%s'") % name)
    sheet = sheet_by_name(document, name)
    old = sheet.getName()
    if action == "rename":
        if not new_name:
            raise ToolError("Give 'new_name' to rename the sheet '%s'." % old)
        if new_name.lower() != old.lower():
            _check_new_name(sheets, new_name)
        elif sheet_name_problem(new_name):
            raise ToolError("'%s' cannot be used: %s." % (new_name, sheet_name_problem(new_name)))
        sheet.setName(new_name)
        return ToolOutcome.success("Renamed sheet '%s' to '%s'; formulas that use it follow." % (old, new_name),
                                   _("Renamed sheet '%s' to '%s'") % (old, new_name))
    if sheets.getCount() == 1:
        raise ToolError("'%s' is the only sheet; a spreadsheet needs at least one. Nothing was changed." % old)
    sheets.removeByName(old)
    return ToolOutcome.success("Deleted sheet '%s' (formulas that used it now show #REF!)." % old,
                               _("Deleted sheet '%s'") % old)


def _check_new_name(sheets, name: str) -> None:
    problem = sheet_name_problem(name)
    if problem:
        raise ToolError("'%s' cannot be used: %s. Nothing was changed." % (name, problem))
    for existing in sheets.getElementNames():
        if existing.lower() == name.lower():
            raise ToolError("There is already a sheet named '%s'. Nothing was changed." % existing)


TOOLS = [edit_rows_columns, manage_sheet]
