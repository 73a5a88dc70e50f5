"""The "Refresh AI Cells" command: the selected PROMPT cells (or every one of the document) ask again."""
from __future__ import annotations

from typing import List

from ..office.enumeration import indexed
from ..office.log import get_logger, logged
from .notes import clear_explanations, prompt_cells, sheets_of

log = get_logger("prompt")


def refresh_prompts(app, frame, args) -> None:
    """The ``org.marginalia:RefreshPrompts`` command (runs on the main thread, a moment later)."""
    app.pump.call_soon(logged(_refresh), app, frame)


def _refresh(app, frame) -> None:
    from .service import service_of
    document = frame.getController().getModel()
    if document is None or not document.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
        log.info("Refresh AI Cells: not a spreadsheet")
        return
    cells = prompt_cells(_areas(document))
    log.info("Refresh AI Cells: %d PROMPT cells", len(cells))
    clear_explanations(document, cells)
    service_of(app).refreshing(lambda: _recalculate(cells))


def _areas(document) -> List:
    """The selected ranges, or every sheet when the selection is one cell or nothing."""
    selection = document.getCurrentController().getSelection()
    if selection is not None and selection.supportsService("com.sun.star.sheet.SheetCellRanges"):
        return indexed(selection)
    if selection is not None and selection.supportsService("com.sun.star.sheet.SheetCellRange") \
            and not selection.supportsService("com.sun.star.sheet.SheetCell"):
        return [selection]
    return sheets_of(document)


def _recalculate(cells) -> None:
    """Enter each formula again and read the cell, so Calc calculates it now."""
    for cell in cells:
        cell.setFormula(cell.getFormula())
        cell.getString()
