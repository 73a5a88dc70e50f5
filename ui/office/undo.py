"""One undo step per assistant turn, through the document's XUndoManager.

The first document-changing tool of a turn runs in a visible undo context titled
after the request; later tools run in *hidden* contexts, which LibreOffice merges
into the step on top of the stack, so one Ctrl+Z reverts the whole turn. Contexts
are only open while a tool runs, never while the UI is pumped, so the user's own
typing between tools stays a separate step. If the user made an edit in between, the
next tool starts a new visible step instead of merging into the user's.

Whether a context recorded anything is learnt from the undo manager's own events
(counting steps fails once the stack is at its size limit, 100 steps by default).

A tool that fails after changing something never leaves half its change:

* when it is the turn's first change, its step is undone (and kept off the redo stack);
* when it crashed (an unexpected error, not a deliberate refusal) after merging into
  the turn's step, LibreOffice cannot take its part out alone: the turn's step is
  undone, and the turn's earlier successful tools are run again in a fresh step
  (the document is then exactly as before the failed tool, since the tools are
  deterministic and check the text they change). Should a replay not succeed, the
  turn's step stays undone and the model is told the document is as before the request.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import uno  # noqa: F401  (installs the com.sun.star import hook, for a module imported first)
from com.sun.star.lang import DisposedException

from ...core.agent.tools import ToolOutcome
from .log import get_logger
from .undo_step import TITLE_PREFIX, UndoListener, undo_step

log = get_logger("undo")

TITLE_LENGTH = 48
DOCUMENT_CLOSED = "The document was closed, so nothing more can be changed in it."
TURN_UNDONE = (" Because the tool failed halfway, every change of your reply so far was undone with it: the "
               "document is as it was before the user's request. Read it again and redo what is still needed.")
TOOL_UNDONE = (" Its partial change was taken back; your earlier changes in this reply are kept, so the document "
               "is as it was just before this call.")


QUICK_STEP_SECONDS = 0.03
"""A step whose tools took less than this to make is reverted without block selection mode.

Holding block mode costs about 3 ms (the undo of one replaced match takes 1 ms); it saves
time only on steps that formatted many places, and those take longer to make: a format on
the 2,400 matches of a 142-page report took 150 ms (measured, ``scripts/bench_writer.py``).
"""


@dataclass(frozen=True)
class TurnStep:
    """A turn's undo step, as Revert needs it: its title, the time its tools took to make it, and
    whether every change of it stayed inside existing paragraphs (``ToolOutcome.in_place``)."""

    title: str
    made_in: float
    in_place: bool = False

    @property
    def many_places(self) -> bool:
        """True when the step may have changed many places (see :data:`QUICK_STEP_SECONDS`) and may be
        undone in block selection mode (only changes in place: see ``ToolOutcome.in_place``)."""
        return self.in_place and self.made_in >= QUICK_STEP_SECONDS


def step_title(request: str) -> str:
    """The undo step's title, after the user's request."""
    text = " ".join(request.split())
    if len(text) > TITLE_LENGTH:
        text = text[:TITLE_LENGTH - 1].rstrip() + "…"
    return TITLE_PREFIX + text


class _ContextEnd(UndoListener):
    """Learns whether leaving an undo context kept something (an empty context is cancelled)."""

    def __init__(self):
        self.recorded = False

    def leftContext(self, event):
        self.recorded = True

    def leftHiddenContext(self, event):
        self.recorded = True

    def cancelledContext(self, event):
        self.recorded = False


class DocumentUndo:
    """The undo scope of one turn in one document (see the module docstring)."""

    def __init__(self, document):
        self._document = document
        self._manager = document.getUndoManager()
        self._title = None
        self._depth = None
        self._done = []  # the turn's successful changing actions, in order, for a replay
        self._made_in = 0.0  # seconds the tools of the turn's step took
        self._in_place = True  # every change of the step stayed inside existing paragraphs

    @property
    def title(self):
        """The title of the turn's step, or None while the turn changed nothing."""
        return self._title if self._depth is not None else None

    @property
    def step(self):
        """The turn's step for :func:`revert_turn`, or None while the turn changed nothing."""
        title = self.title
        return TurnStep(title, self._made_in, self._in_place) if title is not None else None

    def run(self, request: str, action):
        """Run one document-changing tool inside the turn's step; return its outcome.

        A document closed meanwhile (by a macro or another program, while the turn still
        runs) makes the call a plain failure, never an exception.
        """
        try:
            return self._run(request, action)
        except DisposedException:
            log.info("the document was closed while the turn was changing it")
            return ToolOutcome.failure(DOCUMENT_CLOSED)

    def _run(self, request: str, action):
        manager = self._manager
        title = step_title(request)
        before = len(manager.getAllUndoActionTitles())
        merge = self._depth is not None and before == self._depth and manager.getCurrentUndoActionTitle() == title
        started = time.perf_counter()
        outcome, recorded = self._in_context(None if merge else title, action)
        spent = time.perf_counter() - started
        if recorded and not outcome.ok:
            return self._roll_back(outcome, merge)
        if recorded or merge:
            self._title, self._depth = title, len(manager.getAllUndoActionTitles())
            self._made_in = (self._made_in if merge else 0.0) + spent
            if recorded:
                self._in_place = (self._in_place or not merge) and outcome.in_place
            if outcome.ok:
                self._done = self._done + [action] if merge else [action]
        return outcome

    def _in_context(self, title, action):
        """Run ``action`` in a visible context titled ``title`` (hidden when None): ``(result, recorded)``."""
        manager = self._manager
        if title is None:
            manager.enterHiddenUndoContext()
        else:
            manager.enterUndoContext(title)
        ended = _ContextEnd()
        try:
            result = action()
        finally:
            manager.addUndoManagerListener(ended)
            try:
                manager.leaveUndoContext()
            finally:
                manager.removeUndoManagerListener(ended)
        return result, ended.recorded

    def _roll_back(self, outcome, merged: bool):
        """Take a failed tool's change back (see the module docstring)."""
        if merged and not getattr(outcome, "unexpected", False):
            return outcome   # a deliberate refusal: the tool undid what it had started
        undo_step(self._document, self._manager)
        self._manager.clearRedo()
        if not merged:
            log.info("rolled back the failed tool's partial changes")
            return outcome
        if self._replay():
            log.warning("a tool crashed halfway: the turn was undone and its earlier tools run again")
            return ToolOutcome(False, outcome.content + TOOL_UNDONE, outcome.summary, outcome.data)
        log.warning("a tool crashed halfway inside the turn's step: the whole turn was undone")
        self._title = self._depth = None
        self._done = []
        return ToolOutcome(False, outcome.content + TURN_UNDONE, outcome.summary, outcome.data)

    def _replay(self) -> bool:
        """Run the turn's earlier successful tools again in a fresh step; False (and undone) on failure."""
        if not self._done or self._title is None:
            return False

        def replay_all():
            try:
                return all(action().ok for action in self._done)
            except Exception:
                log.exception("replaying the turn's tools failed")
                return False

        started = time.perf_counter()
        replayed, recorded = self._in_context(self._title, replay_all)
        self._made_in = time.perf_counter() - started
        if not replayed:
            if recorded:
                undo_step(self._document, self._manager)
                self._manager.clearRedo()
            return False
        self._depth = len(self._manager.getAllUndoActionTitles())
        return True


def revert_turn(document, step) -> bool:
    """Undo the turn's ``step`` (a :class:`TurnStep`) if it is still the newest one; True when undone."""
    manager = document.getUndoManager()
    if step and manager.isUndoPossible() and manager.getCurrentUndoActionTitle() == step.title:
        undo_step(document, manager, in_place=step.in_place, many_places=step.many_places)
        return True
    return False
