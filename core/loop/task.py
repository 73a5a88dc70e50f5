"""The task protocol: what the pump drives (a chat turn, Edit Selection), and how it ends.

A task is bound to the pump when it joins it (:meth:`Task.bind` gives it its ``post``
and its ``call_soon``), then started on the main thread; every message posted for it is
handed to :meth:`Task.handle`, which calls the handler named after the message's class.
Messages say what happened (a worker's piece of text, a tool's outcome); what the task
does next is a call it asks for itself (``call_soon``), run in order with its messages. A task
ends exactly once, through :meth:`Task.finish` with an :class:`Outcome`; its observers
(the document's session, which shows the panel as busy) are called with that outcome
then, so nobody has to be told separately that it ended.
"""
from __future__ import annotations

import enum
import logging
from typing import Callable, List, Optional

from .messages import Message

log = logging.getLogger("marginalia.task")

Post = Callable[[Message], None]
CallSoon = Callable[..., None]
"""``call_soon(function, *args)``: run ``function(*args)`` as the task's next step."""


class Outcome(enum.Enum):
    """How a task ended."""

    DONE = "done"
    """The work is complete (the model answered without asking for more tools)."""
    ERROR = "error"
    """A network, protocol or internal error ended it (shown to the user)."""
    CANCELLED = "cancelled"
    """The user pressed Stop."""
    MAX_ROUNDS = "max_rounds"
    """The model kept calling tools until the round limit."""
    CLOSED = "closed"
    """The document was closed while the task ran."""


class Task:
    """Base of everything the pump drives: start, handle messages, finish once."""

    finished = False
    outcome: Optional[Outcome] = None

    def __init__(self) -> None:
        self.finished = False
        self.outcome = None
        self._observers: List[Callable[[Outcome], None]] = []
        self.post: Post = _unbound
        self.call_soon: CallSoon = _unbound

    def bind(self, post: Post, call_soon: CallSoon) -> None:
        """Give the task its ways to the main thread (the pump calls this before :meth:`start`).

        Args:
            post: ``post(message)`` from any thread: the message reaches :meth:`handle`.
            call_soon: ``call_soon(function, *args)``: the task's own next step, run on the
                main thread after the messages already posted for it, failures reported by
                :meth:`fail` as a handler's are, and dropped once the task has finished.
        """
        self.post = post
        self.call_soon = call_soon

    def observe(self, observer: Callable[[Outcome], None]) -> None:
        """Call ``observer`` with the task's :class:`Outcome` when it ends (at once if it has)."""
        if self.finished:
            observer(self.outcome)
        else:
            self._observers.append(observer)

    # the protocol ---------------------------------------------------------------------------
    def start(self) -> None:
        """Begin work (called once, on the main thread, when the task joins the pump)."""

    def handle(self, message: Message) -> None:
        """Run the handler for ``message``'s class, if this task has one."""
        if self.finished:
            return
        handler = getattr(self, message.handler_name, None)
        if handler is not None:
            handler(message)

    def fail(self, error: BaseException) -> None:
        """:meth:`start` or a handler raised: show it and finish (subclasses say how)."""
        self.finish(Outcome.ERROR)

    def cancel(self) -> None:
        """The user pressed Stop."""
        self.finish(Outcome.CANCELLED)

    def document_closed(self) -> None:
        """The document went away: stop quietly, touching nothing."""
        self.finish(Outcome.CLOSED)

    def finish(self, outcome: Outcome) -> None:
        """End the task with ``outcome`` (later calls do nothing) and tell the observers."""
        if self.finished:
            return
        self.finished = True
        self.outcome = outcome
        self.on_finished(outcome)
        for observer in self._observers:
            try:
                observer(outcome)
            except Exception:
                log.exception("an observer of %r failed", self)
        self._observers = []

    def on_finished(self, outcome: Outcome) -> None:
        """Subclasses show the end (called once by :meth:`finish`, before the observers)."""


def _unbound(*what) -> None:
    raise RuntimeError("the task was not bound to a pump before posting %r" % (what,))
