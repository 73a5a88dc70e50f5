"""``copy_range``: copy or move a block of cells with their formats, to the same or another sheet.

Calc's own ``XCellRangeMovement.copyRange`` / ``moveRange`` (undoable as Copy / Move): a copy
adjusts the relative references of its formulas to the new place, a move keeps every formula
pointing at the cells it used, and formulas elsewhere follow moved cells. Before either, the
edit-conflict guard looks at the destination: cells there that hold something (outside the
source itself) are not overwritten unless the call says ``overwrite``; the refusal names them.
"""
from __future__ import annotations

from typing import Literal

from ...core.calc.cell_address import RangeRef, cell_name
from ...core.i18n import _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, resolve, target_on
from .cell_views import filled_cells
from .guards import ensure_cells_editable, ensure_no_partial_array

MAX_SHOWN = 6


@tool(apps=("calc",), changes_document=True)
def copy_range(context, source: str = Arg("The cells to copy or move: %s." % RANGE_HELP),
               destination: str = Arg("The top-left cell of the destination, e.g. F1 or Summary.A1 (another sheet)."),
               mode: Literal["copy", "move"] = Arg("copy (default) leaves the source; move empties it.",
                                                   default="copy"),
               overwrite: bool = Arg("Replace cells at the destination that hold something (default false: such a "
                                     "call is refused and names them).", default=False)) -> ToolOutcome:
    """Copy or move a block of cells with their values, formulas, formats, comments and conditional formats, on
    the same sheet or to another one. A copy's formulas adjust their relative references to the new place
    (like paste); a move keeps formulas pointing at the same cells, and formulas elsewhere follow the moved cells.
    """
    document = context.document
    origin = resolve(document, source)
    start = resolve(document, destination)
    ref = origin.ref
    to = target_on(start.sheet, RangeRef(None, start.ref.start_column, start.ref.start_row,
                                         start.ref.start_column + ref.columns - 1,
                                         start.ref.start_row + ref.rows - 1))
    if to.label == origin.label:
        raise ToolError("The destination is the source itself (%s). Nothing was changed." % origin.label)
    for target in (origin, to) if mode == "move" else (to,):
        ensure_cells_editable(target)
        ensure_no_partial_array(target)
    ensure_no_partial_array(origin)
    if not overwrite:
        _refuse_overwriting(origin, to, mode)
    cell = start.sheet.getCellByPosition(to.ref.start_column, to.ref.start_row).getCellAddress()
    address = origin.cell_range().getRangeAddress()
    if mode == "move":
        origin.sheet.moveRange(cell, address)
    else:
        origin.sheet.copyRange(cell, address)
    verb = "Moved" if mode == "move" else "Copied"
    how = ("formulas keep pointing at the same cells" if mode == "move"
           else "relative references in formulas adjusted to the new place")
    text = "%s %s to %s with formats (%s)." % (verb, origin.label, to.label, how)
    summary = (_("Moved %s to %s") if mode == "move" else _("Copied %s to %s")) % (origin.label, to.label)
    return ToolOutcome.success(text, summary)


def _refuse_overwriting(origin, to, mode: str) -> None:
    """The edit-conflict guard: refuse when the destination holds something (see the module docstring)."""
    filled = filled_cells(to)
    if mode == "move" and origin.sheet_name == to.sheet_name:
        filled = [(c, r) for c, r in filled if not _inside(origin.ref, c, r)]
    if not filled:
        return
    names = [cell_name(c, r) for c, r in filled[:MAX_SHOWN]]
    shown = ", ".join("%s (%s)" % (name, _shown(to.sheet.getCellRangeByName(name))) for name in names)
    more = " and %d more" % (len(filled) - MAX_SHOWN) if len(filled) > MAX_SHOWN else ""
    raise ToolError("%s already holds data in %d cell(s): %s%s. Read it first; to replace it, call again with "
                    "overwrite=true, or choose an empty destination. Nothing was changed."
                    % (to.label, len(filled), shown, more))


def _inside(ref: RangeRef, column: int, row: int) -> bool:
    return ref.start_column <= column <= ref.end_column and ref.start_row <= row <= ref.end_row


def _shown(cell) -> str:
    text = cell.getFormula() if cell.getFormula().startswith("=") else cell.getString()
    return "'%s'" % (text if len(text) <= 30 else text[:30] + "…")


TOOLS = [copy_range]
