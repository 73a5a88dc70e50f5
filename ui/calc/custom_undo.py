"""Undo steps for changes Calc does not record itself (e.g. a new cell style).

An action added with :func:`record` joins whatever undo context is open, so it is
undone together with the rest of the assistant's turn.
"""
from __future__ import annotations

import unohelper
from com.sun.star.document import XUndoAction

from .log_helpers import log_failure


class CallbackUndoAction(unohelper.Base, XUndoAction):
    """An undo action that calls Python functions."""

    def __init__(self, title: str, undo, redo):
        self.Title = title
        self._undo = undo
        self._redo = redo

    def undo(self):
        with log_failure("undo of %s" % self.Title):
            self._undo()

    def redo(self):
        with log_failure("redo of %s" % self.Title):
            self._redo()


def record(document, title: str, undo, redo) -> None:
    """Add an undo action to ``document`` that runs ``undo()`` / ``redo()``."""
    document.getUndoManager().addUndoAction(CallbackUndoAction(title, undo, redo))
