"""``sheet_view``: freeze panes, hide or show rows and columns, group them in an outline, fit their size.

Hiding, showing and fitting go through the rows' and columns' properties, which Calc records
for undo. Two changes Calc does not take back safely are recorded by this module instead
(:mod:`..office.custom_undo`), with Calc's own recording held off meanwhile:

* **freezing** is a view setting Calc never puts on its undo stack;
* **grouping**: LibreOffice 7.4 crashes when it undoes an outline group while the document's
  view is not the active one (another document in front, or a hidden document; measured with
  ``XSheetOutline.group`` then ``XUndoManager.undo``), which is exactly when an agent's turn
  is taken back. The undo recorded here ungroups through the API instead.
"""
from __future__ import annotations

from typing import Literal, Optional

from ...core.calc.cell_address import RangeRef, column_name
from ...core.i18n import _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, resolve
from ..office.custom_undo import record
from .guards import ensure_sheet_unprotected

ROWS_ORIENTATION, COLUMNS_ORIENTATION = 1, 0   # com.sun.star.table.TableOrientation
Action = Literal["freeze", "unfreeze", "hide", "show", "group", "ungroup", "optimal_width", "optimal_height"]


@tool(apps=("calc",), changes_document=True)
def sheet_view(context, action: Action,
               range: Optional[str] = Arg(
                   "For freeze: the first cell that scrolls, e.g. B2 keeps row 1 and column A in view. Otherwise the "
                   "rows or columns to act on: %s (e.g. 3:5, B:D)." % RANGE_HELP),
               lines: Optional[Literal["rows", "columns"]] = Arg(
                   "For hide/show/group/ungroup: rows or columns (default: whole rows given as 3:5 are rows, whole "
                   "columns as B:D are columns).")) -> ToolOutcome:
    """Change how a sheet shows: freeze panes at a cell (or unfreeze), hide or show rows or columns, group or
    ungroup them in an outline (with +/- buttons; grouped rows stay shown), or fit column widths / row heights
    to their contents (optimal_width, optimal_height).
    """
    document = context.document
    if action == "unfreeze":
        return _freeze(document, None)
    if not range:
        raise ToolError("Give 'range' for %s (e.g. %s). Nothing was changed." % (
            action, "B2" if action == "freeze" else "3:5 or B:D"))
    target = resolve(document, range)
    if action == "freeze":
        return _freeze(document, target)
    ensure_sheet_unprotected(target.sheet, action.replace("_", " "))
    if action in ("optimal_width", "optimal_height"):
        return _optimal(target, action == "optimal_width")
    rows = _rows_meant(target.ref, lines, action)
    if action in ("hide", "show"):
        return _visibility(target, rows, action == "show")
    return _group(document, target, rows, action == "group")


def _rows_meant(ref: RangeRef, lines: Optional[str], action: str) -> bool:
    if lines is not None:
        return lines == "rows"
    whole_columns = ref.start_row == 0 and ref.rows >= 1048576
    whole_rows = ref.start_column == 0 and ref.columns >= 1024
    if whole_rows == whole_columns:
        raise ToolError("Say whether to %s rows or columns: give lines=\"rows\" or lines=\"columns\", or a range of "
                        "whole rows (3:5) or whole columns (B:D). Nothing was changed." % action)
    return whole_rows


def _lines_label(ref: RangeRef, rows: bool) -> str:
    if rows:
        return ("row %d" % (ref.start_row + 1)) if ref.rows == 1 else "rows %d-%d" % (ref.start_row + 1,
                                                                                      ref.end_row + 1)
    first, last = column_name(ref.start_column), column_name(ref.end_column)
    return ("column %s" % first) if first == last else "columns %s-%s" % (first, last)


def _lines(target, rows: bool):
    cell_range = target.cell_range()
    return cell_range.getRows() if rows else cell_range.getColumns()


def _visibility(target, rows: bool, show: bool) -> ToolOutcome:
    _lines(target, rows).setPropertyValue("IsVisible", show)
    label = _lines_label(target.ref, rows)
    text = "%s %s on '%s'." % ("Showed" if show else "Hid", label, target.sheet_name)
    return ToolOutcome.success(text, (_("Showed %s") if show else _("Hid %s")) % label)


def _optimal(target, width: bool) -> ToolOutcome:
    _lines(target, not width).setPropertyValue("OptimalWidth" if width else "OptimalHeight", True)
    label = _lines_label(target.ref, not width)
    text = "Fitted the %s of %s on '%s' to their contents." % ("width" if width else "height", label,
                                                               target.sheet_name)
    return ToolOutcome.success(text, _("Fitted the size of %s") % label)


def _group(document, target, rows: bool, group: bool) -> ToolOutcome:
    sheet, address = target.sheet, target.cell_range().getRangeAddress()
    orientation = ROWS_ORIENTATION if rows else COLUMNS_ORIENTATION

    def do():
        _without_calc_undo(document, lambda: (sheet.group if group else sheet.ungroup)(address, orientation))

    def undo():
        _without_calc_undo(document, lambda: (sheet.ungroup if group else sheet.group)(address, orientation))
    do()
    record(document, "Group" if group else "Ungroup", undo, do)
    label = _lines_label(target.ref, rows)
    if group:
        text = "Grouped %s on '%s' in an outline (its button hides and shows them; they stay shown now)." % (
            label, target.sheet_name)
        return ToolOutcome.success(text, _("Grouped %s") % label)
    text = ("Removed one outline level around %s on '%s' (Calc does not say whether they were grouped: if they "
            "were not, nothing changed)." % (label, target.sheet_name))
    return ToolOutcome.success(text, _("Ungrouped %s") % label)


def _without_calc_undo(document, change) -> None:
    manager = document.getUndoManager()
    manager.lock()
    try:
        change()
    finally:
        manager.unlock()


def _freeze(document, target) -> ToolOutcome:
    controller = document.getCurrentController()
    if controller is None:
        raise ToolError("The document has no window to freeze panes in. Nothing was changed.")
    before = (controller.getSplitColumn(), controller.getSplitRow()) if controller.hasFrozenPanes() else (0, 0)
    if target is not None:
        controller.setActiveSheet(target.sheet)
        after = (target.ref.start_column, target.ref.start_row)
        if after == (0, 0):
            raise ToolError("Freezing at A1 keeps nothing in view; give the first cell that scrolls, e.g. A2 for the "
                            "top row or B1 for column A. Nothing was changed.")
    else:
        after = (0, 0)
    sheet = controller.getActiveSheet()

    def freeze(position):
        controller.setActiveSheet(sheet)
        if position == (0, 0):
            controller.splitAtPosition(0, 0)  # freezeAtPosition(0, 0) leaves the panes frozen on LibreOffice 7.4
        else:
            controller.freezeAtPosition(*position)
    freeze(after)
    record(document, "Freeze panes", lambda: freeze(before), lambda: freeze(after))
    if target is None:
        return ToolOutcome.success("Unfroze the panes of the sheet '%s'." % controller.getActiveSheet().getName(),
                                   _("Unfroze the panes"))
    kept = []
    if after[1]:
        kept.append("row%s 1%s" % ("s" if after[1] > 1 else "", "-%d" % after[1] if after[1] > 1 else ""))
    if after[0]:
        kept.append("column%s A%s" % ("s" if after[0] > 1 else "", "-%s" % column_name(after[0] - 1)
                                      if after[0] > 1 else ""))
    text = "Froze the panes of '%s' at %s: %s stay%s in view while scrolling." % (
        target.sheet_name, target.ref.a1().split(":")[0], " and ".join(kept),
        "s" if len(kept) == 1 and not kept[0].startswith(("rows", "columns")) else "")
    return ToolOutcome.success(text, _("Froze panes at %s") % target.ref.a1().split(":")[0])


TOOLS = [sheet_view]
