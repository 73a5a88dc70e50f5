"""Asking the user before research contacts a host: a worker waits, the panel answers.

A research tool runs on a worker thread; before it contacts a host the user has not
approved in this session, it calls :meth:`ApprovalBroker.ask`, which blocks. The
broker tells the office side that a question is open (``on_change``, from whatever
thread asked); the panel shows :meth:`ApprovalBroker.pending` and, when the user
clicks, calls :meth:`ApprovalBroker.answer` on the main thread, which wakes the
worker. Stop (the tool's cancel token) answers "deny" at once::

    broker = ApprovalBroker(on_change=lambda: pump.call_soon(refresh_panel))
    # worker:  choice = broker.ask("https://example.org/a", "example.org", cancel)
    # panel:   request = broker.pending(); ...; broker.answer(request.request_id, HOST)

The choices are :data:`ONCE` (this request only), :data:`HOST` (this host for the rest
of the session) and :data:`DENY`.

A question may also outlive the thread that asked (an MCP client's, which must answer
its agent before the user does): :meth:`ApprovalBroker.post` opens it without waiting,
the answer arrives through a callback, and :meth:`ApprovalBroker.withdraw` takes it back
unanswered.
"""
from __future__ import annotations

import itertools
import logging
import threading
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional

from ..i18n import _, ngettext

log = logging.getLogger("marginalia.approval")

ONCE = "once"
HOST = "host"
DENY = "deny"
CHOICES = (ONCE, HOST, DENY)


@dataclass(frozen=True)
class ApprovalRequest:
    """One open question: may research contact ``url``?"""

    request_id: int
    url: str
    host: str
    purpose: str = "read"
    """``read`` (a page), ``search`` (a query sent to the search service) or ``agent`` (an MCP
    client, named in ``host``, wants to use the tools: :data:`ONCE` allows it until LibreOffice
    closes, :data:`HOST` always)."""

    def question(self) -> str:
        """The sentence the panel shows, with the full URL."""
        if self.purpose == "agent":
            return _("The agent “%s” wants to work in your open documents through Marginalia. "
                     "Allow it?") % self.host
        if self.purpose == "search":
            return _("Search with %s?\n%s") % (self.host, self.url)
        return _("Read from %s?\n%s") % (self.host, self.url)


def shown_question(request: ApprovalRequest, waiting: int) -> str:
    """The panel's text for ``request``, naming how many more questions wait behind it."""
    if waiting <= 0:
        return request.question()
    return request.question() + "\n" + ngettext("(%d more question is waiting.)", "(%d more questions are waiting.)",
                                                waiting) % waiting


class _Waiter:
    def __init__(self, request: ApprovalRequest, on_answer: Optional[Callable[[str], None]] = None):
        self.request = request
        self.done = threading.Event()
        self.choice = DENY
        self.on_answer = on_answer


class ApprovalBroker:
    """Questions from worker threads, answers from the UI thread (one broker per chat session)."""

    def __init__(self, on_change: Optional[Callable[[], None]] = None):
        """
        Args:
            on_change: called (on the asking, answering or cancelling thread) whenever
                the open question changes; the office side schedules a panel refresh.
        """
        self._on_change = on_change
        self._lock = threading.Lock()
        self._waiters: Dict[int, _Waiter] = {}
        self._order: List[int] = []
        self._ids = itertools.count(1)

    def ask(self, url: str, host: str, cancel=None, purpose: str = "read",
            timeout: Optional[float] = None) -> str:
        """Ask the user about ``url`` and wait for the answer (call on a worker thread).

        Args:
            url: The full address about to be requested (shown as is).
            host: The host the answer :data:`HOST` approves.
            cancel: The tool's cancel token; cancelling answers :data:`DENY`.
            purpose: ``read``, ``search`` or ``agent`` (changes the question's wording).
            timeout: Seconds to wait at most (None: until answered or cancelled).

        Returns:
            :data:`ONCE`, :data:`HOST` or :data:`DENY`.
        """
        waiter = self._open(_Waiter(ApprovalRequest(next(self._ids), url, host, purpose)))
        handle = cancel.watch(lambda: self._resolve(waiter.request.request_id, DENY)) if cancel is not None else None
        self._changed()
        try:
            waiter.done.wait(timeout)
        finally:
            if cancel is not None:
                cancel.unwatch(handle)
            self._resolve(waiter.request.request_id, DENY)  # no answer in time: deny
        return waiter.choice

    def post(self, url: str, host: str, purpose: str = "read",
             on_answer: Optional[Callable[[str], None]] = None) -> int:
        """Open a question without waiting for it; return its id.

        ``on_answer(choice)`` is called once, on the answering thread, when the user answers;
        never when the question is withdrawn.
        """
        waiter = self._open(_Waiter(ApprovalRequest(next(self._ids), url, host, purpose), on_answer))
        self._changed()
        return waiter.request.request_id

    def withdraw(self, request_id: int) -> bool:
        """Take back an open question unanswered; False when it is no longer open."""
        return self._resolve(request_id, DENY, notify=False)

    def answer(self, request_id: int, choice: str) -> bool:
        """Answer an open question (the UI calls this); False when it is no longer open.

        Raises:
            ValueError: ``choice`` is not one of :data:`CHOICES`.
        """
        if choice not in CHOICES:
            raise ValueError("unknown approval choice %r" % choice)
        return self._resolve(request_id, choice)

    def pending(self) -> Optional[ApprovalRequest]:
        """The oldest open question, or None."""
        with self._lock:
            return self._waiters[self._order[0]].request if self._order else None

    def count(self) -> int:
        """How many questions are open."""
        with self._lock:
            return len(self._order)

    def _open(self, waiter: _Waiter) -> _Waiter:
        with self._lock:
            self._waiters[waiter.request.request_id] = waiter
            self._order.append(waiter.request.request_id)
        return waiter

    def _resolve(self, request_id: int, choice: str, notify: bool = True) -> bool:
        with self._lock:
            waiter = self._waiters.pop(request_id, None)
            if waiter is None:
                return False
            self._order.remove(request_id)
            waiter.choice = choice
            waiter.done.set()
        self._changed()
        if notify and waiter.on_answer is not None:
            try:
                waiter.on_answer(choice)
            except Exception:  # the asker's trouble must not break the panel's answer
                log.exception("approval answer callback failed")
        return True

    def _changed(self) -> None:
        callback = self._on_change
        if callback is None:
            return
        try:
            callback()
        except Exception:  # the panel's trouble must not break the worker or the answer
            log.exception("approval listener failed")
