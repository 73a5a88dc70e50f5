"""The PROMPT answers a document keeps, in one user-defined document property saved with the file."""
from __future__ import annotations

from typing import Dict, List, Optional

from ...core.prompt.cache import dump_values, load_values
from ..office.log import get_logger

log = get_logger("prompt")

PROPERTY = "MarginaliaPromptAnswers"
REMOVEABLE = 128
"""``com.sun.star.beans.PropertyAttribute.REMOVEABLE``."""


class DocumentAnswers:
    """One document's stored answers: read once, written back when answers are added."""

    def __init__(self, document):
        self.document = document
        self.values: Dict[str, object] = load_values(self._read())
        self.dirty = False

    def keep(self, key: str, value) -> None:
        """Remember ``value`` for ``key`` (written by :meth:`save`)."""
        if self.values.get(key) != value:
            self.values[key] = value
            self.dirty = True

    def drop(self, keys) -> None:
        """Forget the answers for ``keys``."""
        for key in keys:
            if self.values.pop(key, None) is not None:
                self.dirty = True

    def save(self) -> None:
        """Write the answers into the document's property (if they changed)."""
        if not self.dirty:
            return
        self.dirty = False
        properties = self.document.getDocumentProperties().getUserDefinedProperties()
        text = dump_values(self.values)
        if properties.getPropertySetInfo().hasPropertyByName(PROPERTY):
            properties.setPropertyValue(PROPERTY, text)
        else:
            properties.addProperty(PROPERTY, REMOVEABLE, text)

    def _read(self) -> str:
        try:
            properties = self.document.getDocumentProperties().getUserDefinedProperties()
            if properties.getPropertySetInfo().hasPropertyByName(PROPERTY):
                return str(properties.getPropertyValue(PROPERTY))
        except Exception:
            log.warning("the document's PROMPT answers could not be read", exc_info=True)
        return ""


class OpenDocuments:
    """The :class:`DocumentAnswers` of the documents PROMPT has been called from."""

    def __init__(self):
        self._known: List[DocumentAnswers] = []

    def find(self, document) -> Optional[DocumentAnswers]:
        """The answers of ``document`` (made on first sight), or None when there is no document."""
        if document is None:
            return None
        alive = []
        found = None
        for answers in self._known:
            try:
                same = answers.document == document
                answers.document.getURL()  # raises once the document is closed
            except Exception:
                continue
            alive.append(answers)
            if same:
                found = answers
        self._known = alive
        if found is None:
            found = DocumentAnswers(document)
            self._known.append(found)
        return found

    def all(self) -> List[DocumentAnswers]:
        """Every known document's answers."""
        return list(self._known)
