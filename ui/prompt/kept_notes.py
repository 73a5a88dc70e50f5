"""The comments that name the model of a kept answer: written on the cells that show one, removed when stale."""
from __future__ import annotations

from typing import Callable, List, Optional

from ...core.prompt.answer import PromptAnswer, from_another_model, kept_answer_note
from .document_answers import DocumentAnswers
from .formula_cells import asked_by_cells
from .notes import has_kept_notes, note_kept_answers


def update_kept_notes(stored: DocumentAnswers, answer_of: Callable[[str], Optional[PromptAnswer]], model: str,
                      shown: bool) -> None:
    """Say in the comments which cells show a kept answer of another model than ``model``, and stop saying it
    where a cell shows something else now.

    Args:
        stored: The document's answers.
        answer_of: The answer known for a key (the document's first, then memory's).
        model: The model set now ("" for none).
        shown: Whether a cell got such an answer in the calculation just over (else only stale
            comments are looked for, and only when the document has some).
    """
    if not shown:
        if stored.kept_notes is None:
            stored.kept_notes = has_kept_notes(stored.document)
        if not stored.kept_notes:
            return
    notes = [(prompt_cell.cell, _note(keys, answer_of, model))
             for prompt_cell, keys in asked_by_cells(stored.document) if keys is not None]
    with stored.ours():
        note_kept_answers(stored.document, notes)
    stored.kept_notes = any(text is not None for _, text in notes)


def _note(keys: List[str], answer_of: Callable[[str], Optional[PromptAnswer]], model: str) -> Optional[str]:
    for key in keys:
        answer = answer_of(key)
        if answer is not None and not answer.failed:
            return kept_answer_note(answer.source) if from_another_model(answer, model) else None
    return None
