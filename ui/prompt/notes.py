"""Marginalia's comments on PROMPT cells: why a cell failed (it shows ``#AI! …``), or which model gave
the kept answer it shows. They are not the user's edits: writing them adds nothing to the undo stack."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Dict, List, Optional, Sequence, Tuple

from ...core.prompt.answer import ERROR_MARK
from ..office.enumeration import elements, indexed
from ..office.log import get_logger

log = get_logger("prompt")

FORMULA = 16
"""``com.sun.star.sheet.CellFlags.FORMULA``."""
MARKS = ("PROMPT(", "PROMPTADDIN.PROMPT(")
PREFIX = "Marginalia: "
UNDO_SWITCH = "IsUndoEnabled"
"""The spreadsheet document's property that turns the recording of undo steps on and off."""


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
    with _without_undo(document):
        for sheet in sheets_of(document):
            for cell in prompt_cells([sheet]):
                reason = reasons.get(cell.getString())
                if reason and _set_note(sheet, cell, PREFIX + reason):
                    written += 1
    return written


def note_kept_answers(document, notes: Sequence[Tuple[object, Optional[str]]]) -> int:
    """Say in each cell's comment which model gave the kept answer it shows; remove such a comment
    from a cell that shows something else now.

    Args:
        document: The spreadsheet.
        notes: ``(cell, text)``: the comment's text, or None when the cell shows no kept answer
            of another model.

    Returns:
        How many comments were written or removed.
    """
    changed = 0
    with _without_undo(document):
        for cell, text in notes:
            sheet = cell.getSpreadsheet()
            if text is not None:
                changed += _set_note(sheet, cell, PREFIX + text)
            elif _is_kept_note(cell):
                _remove_note(sheet, cell)
                changed += 1
    return changed


def has_kept_notes(document) -> bool:
    """Whether a cell of ``document`` carries a comment of :func:`note_kept_answers`."""
    for sheet in sheets_of(document):
        for note in indexed(sheet.getAnnotations()):
            if note.getString().startswith(PREFIX):
                position = note.getPosition()
                if _is_kept_note(sheet.getCellByPosition(position.Column, position.Row)):
                    return True
    return False


def _is_kept_note(cell) -> bool:
    """Ours, on a cell that shows no error (the comment of an error cell gives its reason)."""
    return cell.getAnnotation().getString().startswith(PREFIX) and not is_error(cell.getString())


@contextmanager
def _without_undo(document):
    """Calc's own switch (measured: with the undo manager locked, 200 new comments still made 100 undo steps);
    left alone when someone else has locked the undo manager (turning it back on would break that lock)."""
    if document.getUndoManager().isLocked():
        yield
        return
    enabled = document.getPropertyValue(UNDO_SWITCH)
    document.setPropertyValue(UNDO_SWITCH, False)
    try:
        yield
    finally:
        document.setPropertyValue(UNDO_SWITCH, enabled)


def clear_explanations(document, cells) -> None:
    """Remove Marginalia's comments from ``cells`` (before they ask again)."""
    with _without_undo(document):
        for cell in cells:
            if cell.getAnnotation().getString().startswith(PREFIX):
                _remove_note(cell.getSpreadsheet(), cell)


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
