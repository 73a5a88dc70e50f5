"""An agent's burst of calls in one document forms one undo step, titled after the agent.

Calls of the same client session in the same document no more than :data:`BURST_GAP`
seconds apart share one :class:`~marginalia.ui.office.undo.DocumentUndo` (as the tools of
one sidebar turn do), so one Ctrl+Z or the panel's Revert takes the burst back. A longer
pause, or an edit of the user's in between, starts a new step.
"""
from __future__ import annotations

import time
from typing import Callable, List

from ..office.undo import DocumentUndo

BURST_GAP = 5.0
"""Seconds between two calls of one agent that still belong to the same undo step."""


class _Burst:
    def __init__(self, session_id: str, document, now: float):
        self.session_id = session_id
        self.document = document
        self.undo = DocumentUndo(document)
        self.last = now


class AgentBursts:
    """The open bursts of every agent (main thread only)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, gap: float = BURST_GAP):
        self._clock = clock
        self._gap = gap
        self._bursts: List[_Burst] = []

    def undo_for(self, session_id: str, document) -> DocumentUndo:
        """The undo scope for the next changing call of ``session_id`` in ``document``."""
        now = self._clock()
        self._bursts = [burst for burst in self._bursts if now - burst.last <= self._gap]
        for burst in self._bursts:
            if burst.session_id == session_id and burst.document == document:
                burst.last = now
                return burst.undo
        burst = _Burst(session_id, document, now)
        self._bursts.append(burst)
        return burst.undo

    def touch(self, session_id: str, document) -> None:
        """A changing call just ended: the gap counts from now."""
        now = self._clock()
        for burst in self._bursts:
            if burst.session_id == session_id and burst.document == document:
                burst.last = now
