"""The user's current selection in Calc, as a target for tools and as context for the model.

:func:`describe_selection` is what the chat puts into the system prompt: where the
selection is and, for a small block, what it holds. :func:`selected_targets` gives
the selected blocks to the reading tools.
"""
from __future__ import annotations

from typing import List

from ...core.calc.sheet_text import render_table
from .addresses import Target, range_of_address
from .cell_views import null_date, read_views

PREVIEW_CELLS = 60
PREVIEW_CHARS = 1500


def selected_targets(document) -> List[Target]:
    """The selected cell blocks (several for a multi-selection; empty when shapes are selected)."""
    controller = document.getCurrentController()
    selection = controller.getSelection() if controller is not None else None
    if selection is None:
        return []
    sheets = document.getSheets()
    if hasattr(selection, "getRangeAddresses") and selection.supportsService("com.sun.star.sheet.SheetCellRanges"):
        addresses = selection.getRangeAddresses()
    elif hasattr(selection, "getRangeAddress") and selection.supportsService("com.sun.star.sheet.SheetCellRange"):
        addresses = [selection.getRangeAddress()]
    else:
        return []
    targets = []
    for address in addresses:
        sheet = sheets.getByIndex(address.Sheet)
        targets.append(Target(sheet, range_of_address(sheet, address)))
    return targets


def describe_selection(document) -> str:
    """The user's selection in words for the system prompt ("" when there is nothing to say).

    Examples: ``"Sheet1.B2 (one cell) is selected. It holds:"`` followed by a small table
    of its cells (blocks of up to 60 cells are shown), or a list of selected blocks.
    """
    try:
        targets = selected_targets(document)
        if not targets:
            return _describe_other_selection(document)
    except Exception:  # no view, or a selection Calc cannot describe
        return ""
    if len(targets) > 1:
        return "Several blocks are selected: %s." % ", ".join(t.label for t in targets[:20])
    target = targets[0]
    ref = target.ref
    size = "one cell" if ref.is_single_cell else "%d rows × %d columns" % (ref.rows, ref.columns)
    text = "%s (%s) is selected." % (target.label, size)
    if ref.rows * ref.columns <= PREVIEW_CELLS:
        views = read_views(document, target.cell_range())
        if any(view.value is not None or view.formula for row in views for view in row):
            table, _ = render_table(ref.start_column, ref.start_row, views, PREVIEW_CHARS, null_date(document))
            text += " It holds:\n" + table
        else:
            text += " It is empty."
    return text


def _describe_other_selection(document) -> str:
    selection = document.getCurrentController().getSelection()
    if selection is not None and hasattr(selection, "getCount") and selection.supportsService(
            "com.sun.star.drawing.ShapeCollection"):
        return "%d drawing object(s) (shapes or charts) are selected, not cells." % selection.getCount()
    return ""
