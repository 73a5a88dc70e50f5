"""The "Refresh AI Cells" command: the selected PROMPT cells (or every one of the document) ask again."""
from __future__ import annotations

from typing import List

from ..office.log import get_logger, logged

log = get_logger("prompt")

FORMULA = 16
"""``com.sun.star.sheet.CellFlags.FORMULA``."""
MARKS = ("PROMPT(", "PROMPTADDIN.PROMPT(")


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
    service_of(app).refreshing(lambda: _recalculate(cells))


def _areas(document) -> List:
    """The selected ranges, or every sheet when the selection is one cell or nothing."""
    selection = document.getCurrentController().getSelection()
    if selection is not None and selection.supportsService("com.sun.star.sheet.SheetCellRanges"):
        return [selection.getByIndex(i) for i in range(selection.getCount())]
    if selection is not None and selection.supportsService("com.sun.star.sheet.SheetCellRange") \
            and not selection.supportsService("com.sun.star.sheet.SheetCell"):
        return [selection]
    sheets = document.getSheets()
    return [sheets.getByIndex(i) for i in range(sheets.getCount())]


def prompt_cells(areas) -> List:
    """The cells of ``areas`` whose formula calls PROMPT."""
    found = []
    for area in areas:
        ranges = area.queryContentCells(FORMULA)
        cells = ranges.getCells().createEnumeration()
        while cells.hasMoreElements():
            cell = cells.nextElement()
            if any(mark in cell.getFormula().upper() for mark in MARKS):
                found.append(cell)
    return found


def _recalculate(cells) -> None:
    """Enter each formula again and read the cell, so Calc calculates it now."""
    for cell in cells:
        cell.setFormula(cell.getFormula())
        cell.getString()
