"""The PROMPT answers a document keeps, in one user-defined document property saved with the file."""
from __future__ import annotations

from contextlib import nullcontext
from typing import Callable, Dict, Iterable, List, Optional

import unohelper
from com.sun.star.document import XDocumentEventListener

from ...core.prompt.answer import CellValue, PromptAnswer
from ...core.prompt.cache import dump_answers, load_answers
from ..office.log import get_logger, logged
from .edit_log import EditListener, EditLog

log = get_logger("prompt")

PROPERTY = "MarginaliaPromptAnswers"
REMOVEABLE = 128
"""``com.sun.star.beans.PropertyAttribute.REMOVEABLE``."""
SAVING = ("OnSave", "OnSaveAs", "OnSaveTo", "OnCopyTo")
"""Document events sent before the file is written (storeToURL sends OnCopyTo)."""


class DocumentAnswers:
    """One document's stored answers: read once, written back when answers are added."""

    def __init__(self, document):
        self.document = document
        self._stored = load_answers(self._read())
        self.dirty = False
        self.kept_notes: Optional[bool] = None
        """Whether cells carry comments naming the model of a kept answer (None: not looked yet)."""
        self.edits: Optional[EditLog] = None
        """Which edit entered each formula cell (None when the document's edits cannot be followed)."""

    @property
    def answers(self) -> Dict[str, PromptAnswer]:
        """The stored answers by key."""
        return self._stored.answers

    def legacy_value(self, old_key: str) -> Optional[CellValue]:
        """A value stored in the first format under ``old_key`` (see ``legacy_key``), or None."""
        return self._stored.legacy.get(old_key)

    def keep(self, key: str, answer: PromptAnswer) -> None:
        """Remember ``answer`` for ``key`` (written by :meth:`save`)."""
        if self._stored.answers.get(key) != answer:
            self._stored.answers[key] = answer
            self.dirty = True

    def adopt(self, key: str, old_key: str, answer: PromptAnswer) -> None:
        """Keep a first-format answer under its new key."""
        self._stored.legacy.pop(old_key, None)
        self.keep(key, answer)

    def drop(self, keys: Iterable[str]) -> None:
        """Forget the answers for ``keys``."""
        for key in keys:
            if self._stored.answers.pop(key, None) is not None:
                self.dirty = True

    def prune(self, used: Iterable[str], every_cell_answered: bool) -> int:
        """Forget the answers no cell asks any more; return how many were dropped.

        Args:
            used: Every key a PROMPT cell of the document asks.
            every_cell_answered: Whether each PROMPT cell has an answer under its key (then
                no cell needs an answer stored in the first format either).
        """
        unused = set(self._stored.answers) - set(used)
        self.drop(unused)
        dropped = len(unused)
        if every_cell_answered and self._stored.legacy:
            dropped += len(self._stored.legacy)
            self._stored.legacy.clear()
            self.dirty = True
        return dropped

    def save(self) -> None:
        """Write the answers into the document's property (if they changed)."""
        if not self.dirty:
            return
        self.dirty = False
        properties = self.document.getDocumentProperties().getUserDefinedProperties()
        text = dump_answers(self._stored)
        with self.ours():
            if properties.getPropertySetInfo().hasPropertyByName(PROPERTY):
                properties.setPropertyValue(PROPERTY, text)
            else:
                properties.addProperty(PROPERTY, REMOVEABLE, text)

    def ours(self):
        """A context for Marginalia's own writes to the document (not counted as the user's edits)."""
        return self.edits.ignoring() if self.edits is not None else nullcontext()

    def _read(self) -> str:
        try:
            properties = self.document.getDocumentProperties().getUserDefinedProperties()
            if properties.getPropertySetInfo().hasPropertyByName(PROPERTY):
                return str(properties.getPropertyValue(PROPERTY))
        except Exception:
            log.warning("the document's PROMPT answers could not be read", exc_info=True)
        return ""


class _DocumentEvents(unohelper.Base, XDocumentEventListener):
    """Tells the service when a document with PROMPT cells is about to be saved, and when it goes away."""

    def __init__(self, answers: DocumentAnswers, saving: Callable, closed: Callable):
        self._answers, self._saving, self._closed = answers, saving, closed

    @logged
    def documentEventOccured(self, event):
        if event.EventName in SAVING:
            self._saving(self._answers)
        elif event.EventName == "OnUnload":
            self._closed(self._answers)

    @logged
    def disposing(self, event):
        self._closed(self._answers)


class OpenDocuments:
    """The :class:`DocumentAnswers` of the open documents PROMPT has been called from.

    Args:
        saving: ``saving(answers)``, before the document is written to a file.
        closed: ``closed(answers)``, when the document is closed (may come twice).
    """

    def __init__(self, saving: Callable[[DocumentAnswers], None], closed: Callable[[DocumentAnswers], None]):
        self._known: List[DocumentAnswers] = []
        self._saving, self._closed = saving, closed

    def find(self, document) -> Optional[DocumentAnswers]:
        """The answers of ``document`` (made on first sight), or None when there is no document."""
        if document is None:
            return None
        for answers in self._known:
            if answers.document == document:
                return answers
        found = DocumentAnswers(document)
        self._known.append(found)
        try:
            document.addDocumentEventListener(_DocumentEvents(found, self._saving, self._closing))
            edits = EditLog(document)
            document.addModifyListener(EditListener(edits))
            found.edits = edits
        except Exception:
            log.warning("PROMPT cannot follow this document's edits, saving and closing", exc_info=True)
        return found

    def _closing(self, answers: DocumentAnswers) -> None:
        if answers in self._known:
            self._known.remove(answers)
            self._closed(answers)

    def all(self) -> List[DocumentAnswers]:
        """Every known document's answers."""
        return list(self._known)
