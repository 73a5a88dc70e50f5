"""One undo step per assistant turn, through the document's XUndoManager.

The first document-changing tool of a turn runs in a visible undo context titled
after the request; later tools run in *hidden* contexts, which LibreOffice merges
into the step on top of the stack, so one Ctrl+Z reverts the whole turn. Contexts
are only open while a tool runs, never while the UI is pumped, so the user's own
typing between tools stays a separate step. If the user made an edit in between, the
next tool starts a new visible step instead of merging into the user's.

A first tool that fails after changing something is rolled back at once.
"""
from __future__ import annotations

from .log import get_logger

log = get_logger("undo")

TITLE_PREFIX = "Marginalia: "
TITLE_LENGTH = 48


def step_title(request: str) -> str:
    """The undo step's title, after the user's request."""
    text = " ".join(request.split())
    if len(text) > TITLE_LENGTH:
        text = text[:TITLE_LENGTH - 1].rstrip() + "…"
    return TITLE_PREFIX + text


class DocumentUndo:
    """The undo scope of one turn in one document (see the module docstring)."""

    def __init__(self, document):
        self._manager = document.getUndoManager()
        self._title = None
        self._depth = None

    @property
    def title(self):
        """The title of the turn's step, or None while the turn changed nothing."""
        return self._title if self._depth is not None else None

    def run(self, request: str, action):
        """Run one document-changing tool inside the turn's step; return its outcome."""
        manager = self._manager
        title = step_title(request)
        before = len(manager.getAllUndoActionTitles())
        merge = self._depth is not None and before == self._depth and manager.getCurrentUndoActionTitle() == title
        if merge:
            manager.enterHiddenUndoContext()
        else:
            manager.enterUndoContext(title)
        try:
            outcome = action()
        finally:
            manager.leaveUndoContext()
        after = len(manager.getAllUndoActionTitles())
        if not merge and after > before and not outcome.ok:
            log.info("rolling back the failed tool's partial changes")
            manager.undo()
            return outcome
        if after > before or merge:
            self._title, self._depth = title, after
        return outcome


def revert_turn(document, title: str) -> bool:
    """Undo the turn's step if it is still the newest one; return True when undone."""
    manager = document.getUndoManager()
    if title and manager.isUndoPossible() and manager.getCurrentUndoActionTitle() == title:
        manager.undo()
        return True
    return False
