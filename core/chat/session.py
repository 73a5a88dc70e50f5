"""A chat session: the conversation of one document, independent of any panel.

The sidebar panel is a disposable view; LibreOffice destroys and re-creates it when
the sidebar is closed, the deck switched or the window resized. The session holds
everything that must survive that: the message history sent to the model, the
transcript shown to the user, the status line and the turn currently running.
Views subscribe while they exist and unsubscribe when disposed.
"""
from __future__ import annotations

import uuid
from typing import Callable, List, Optional

from ..llm.context_budget import TokenCalibration
from ..i18n import _, ngettext
from .transcript import Transcript


class ChatSession:
    """The state of one document's conversation with the assistant."""

    def __init__(self, session_id: Optional[str] = None):
        self.session_id = session_id or uuid.uuid4().hex[:12]
        self.history: List[dict] = []
        self.transcript = Transcript(markdown_kinds=("answer",))
        self.status = _("Ready")
        self.turn = None
        """The running or last task (a chat turn, or Edit Selection), a :class:`~marginalia.core.loop.task.Task`."""
        self.show_thinking = False
        self._revertible = None
        self.pending_note = ""
        """Told to the model with the next message (e.g. that the user reverted its changes)."""
        self.calibration = TokenCalibration()
        """Scales token estimates by what the server reported (context budgeting)."""
        self._status_listeners: List[Callable[[str], None]] = []
        self._busy_listeners: List[Callable[[bool], None]] = []

    def last_answer(self) -> str:
        """The Markdown of the newest answer segment in the transcript (``""`` when there is none)."""
        transcript = self.transcript
        for seg_id in reversed(transcript.segment_ids()):
            if transcript.kind(seg_id) == "answer":
                return transcript.body(seg_id)
        return ""

    @property
    def busy(self) -> bool:
        """True while a turn is running."""
        return self.turn is not None and not self.turn.finished

    @property
    def revertible(self):
        """The undo step of the last turn that changed the document (None: nothing to revert).

        Opaque here: the office side's ``TurnStep`` (its title and what Revert needs to know).
        """
        return self._revertible

    @revertible.setter
    def revertible(self, step) -> None:
        self._revertible = step
        self._notify_busy()  # the views enable or disable Revert

    # observers ---------------------------------------------------------------
    def watch(self, on_status: Callable[[str], None], on_busy: Callable[[bool], None]) -> None:
        """Subscribe a view to status and busy changes."""
        self._status_listeners.append(on_status)
        self._busy_listeners.append(on_busy)

    def unwatch(self, on_status: Callable[[str], None], on_busy: Callable[[bool], None]) -> None:
        """Unsubscribe a view (no error if it was not subscribed)."""
        for listeners, item in ((self._status_listeners, on_status), (self._busy_listeners, on_busy)):
            if item in listeners:
                listeners.remove(item)

    def set_status(self, text: str) -> None:
        """Change the status line and tell the views."""
        self.status = text
        for listener in list(self._status_listeners):
            listener(text)

    def _notify_busy(self) -> None:
        busy = self.busy
        for listener in list(self._busy_listeners):
            listener(busy)

    # turns -------------------------------------------------------------------
    def begin_turn(self, task) -> None:
        """Record ``task`` as running and tell the views, now and when it finishes."""
        self.turn = task
        self._notify_busy()
        task.observe(lambda outcome: self._notify_busy())

    def stop(self) -> bool:
        """Cancel the running turn; return True if there was one."""
        if not self.busy:
            return False
        self.turn.cancel()
        return True

    def clear(self) -> None:
        """Forget the conversation (not allowed while a turn runs)."""
        if self.busy:
            raise RuntimeError("cannot clear while a turn is running")
        self.history.clear()
        self.transcript.clear()
        self._revertible = None
        self.pending_note = ""
        self.set_status(_("Ready"))
        self._notify_busy()

    def set_show_thinking(self, show: bool) -> None:
        """Show every thinking section in full, or collapse each to its summary line."""
        self.show_thinking = show
        for seg_id in self.transcript.segment_ids():
            if self.transcript.kind(seg_id) != "thinking":
                continue
            if show and self.transcript.is_collapsed(seg_id):
                self.transcript.expand(seg_id)
            elif not show and not self.transcript.is_collapsed(seg_id):
                self.transcript.collapse(seg_id, thinking_summary(self.transcript.body(seg_id)))

    def take_pending_note(self) -> str:
        """Return and forget the note for the model's next request."""
        note, self.pending_note = self.pending_note, ""
        return note


def thinking_summary(body: str) -> str:
    """The one line a collapsed thinking section shows."""
    words = len(body.split())
    return ngettext("(%d word of thinking, hidden: tick “Thinking” below to show them)",
                    "(%d words of thinking, hidden: tick “Thinking” below to show them)", words) % words
