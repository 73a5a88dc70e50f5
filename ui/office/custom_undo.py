"""Undo steps for changes LibreOffice does not record itself (a new cell style in Calc, a shape resized in Writer).

An action added with :func:`record` joins whatever undo context is open, so it is
undone together with the rest of the assistant's turn.
"""
from __future__ import annotations

import unohelper
from com.sun.star.document import XUndoAction

from .log import get_logger

log = get_logger("custom_undo")


class CallbackUndoAction(unohelper.Base, XUndoAction):
    """An undo action that calls Python functions."""

    def __init__(self, title: str, undo, redo):
        self.Title = title
        self._undo = undo
        self._redo = redo

    def undo(self):
        self._run(self._undo, "undo")

    def redo(self):
        self._run(self._redo, "redo")

    def _run(self, action, what: str) -> None:
        try:
            action()
        except Exception:  # LibreOffice would swallow it: log it
            log.exception("%s of %s failed", what, self.Title)


def record(document, title: str, undo, redo) -> None:
    """Add an undo action to ``document`` that runs ``undo()`` / ``redo()``."""
    document.getUndoManager().addUndoAction(CallbackUndoAction(title, undo, redo))
