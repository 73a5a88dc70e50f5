"""Why a PROMPT cell failed, in the cell's comment: the cell shows ``#AI! …``, its comment the reason."""
from __future__ import annotations

from typing import Dict, List

from ...core.prompt.answer import ERROR_MARK
from ..office.enumeration import elements, indexed
from ..office.log import get_logger

log = get_logger("prompt")

FORMULA = 16
"""``com.sun.star.sheet.CellFlags.FORMULA``."""
MARKS = ("PROMPT(", "PROMPTADDIN.PROMPT(")
PREFIX = "Marginalia: "


def prompt_cells(areas) -> List:
    """The cells of ``areas`` (sheets or ranges) whose formula calls PROMPT."""
    found = []
    for area in areas:
        for cell in elements(area.queryContentCells(FORMULA).getCells().createEnumeration()):
            if any(mark in cell.getFormula().upper() for mark in MARKS):
                found.append(cell)
    return found


def sheets_of(document) -> List:
    """Every sheet of ``document``."""
    sheets = document.getSheets()
    return indexed(sheets)


def explain_errors(document, reasons: Dict[str, str]) -> int:
    """Put the reason into the comment of every PROMPT cell showing one of ``reasons``' error texts.

    Args:
        document: The spreadsheet.
        reasons: ``{"#AI! server down": "Marginalia could not connect to …"}``.

    Returns:
        How many comments were written.
    """
    written = 0
    if document.getSheets() is None:  # closed meanwhile
        return 0
    for sheet in sheets_of(document):
        for cell in prompt_cells([sheet]):
            reason = reasons.get(cell.getString())
            if reason and _set_note(sheet, cell, PREFIX + reason):
                written += 1
    return written


def clear_explanations(cells) -> None:
    """Remove the comments :func:`explain_errors` wrote on ``cells`` (before they ask again)."""
    for cell in cells:
        if cell.getAnnotation().getString().startswith(PREFIX):
            sheet = cell.getSpreadsheet()
            _remove_note(sheet, cell)


def _set_note(sheet, cell, text: str) -> bool:
    current = cell.getAnnotation().getString()
    if current == text:
        return False
    if current and not current.startswith(PREFIX):
        return False  # the user's own comment stays
    if current:
        _remove_note(sheet, cell)
    sheet.getAnnotations().insertNew(cell.getCellAddress(), text)
    return True


def _remove_note(sheet, cell) -> None:
    address = cell.getCellAddress()
    notes = sheet.getAnnotations()
    for index in range(notes.getCount()):
        position = notes.getByIndex(index).getPosition()
        if position.Column == address.Column and position.Row == address.Row:
            notes.removeByIndex(index)
            return


def is_error(value) -> bool:
    """Whether a cell value is a PROMPT error text."""
    return isinstance(value, str) and value.startswith(ERROR_MARK)
