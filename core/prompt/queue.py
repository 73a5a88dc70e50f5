"""PROMPT's worker queue: questions asked in the order the cells asked, at most ``limit`` at a time."""
from __future__ import annotations

import collections
import logging
import threading
from typing import Callable, Deque, Iterable, List, Set

from ..i18n import _
from .answer import PromptAnswer, error_answer
from .ask import PromptJob

log = logging.getLogger("marginalia.prompt")

DEFAULT_LIMIT = 4


class PromptQueue:
    """Runs jobs on worker threads; each key is asked once while it is pending.

    Args:
        ask: ``ask(job) -> PromptAnswer``, run on a worker thread.
        deliver: ``deliver(job, answer)``, called on the worker thread when an answer is in
            (before the key stops being pending, so a cache filled there is never missed).
        spawn: Starts ``target()`` on a new thread (:func:`marginalia.core.threads.start_worker`).
    """

    def __init__(self, ask: Callable[[PromptJob], PromptAnswer], deliver: Callable[[PromptJob, PromptAnswer], None],
                 spawn: Callable, limit: int = DEFAULT_LIMIT):
        self._ask, self._deliver, self._spawn = ask, deliver, spawn
        self._jobs: Deque[PromptJob] = collections.deque()
        self._pending: Set[str] = set()
        self._lock = threading.Lock()
        self._running = 0
        self.started = 0
        """Jobs taken by a worker so far (each one is one request)."""
        self.limit = max(1, limit)

    def submit(self, job: PromptJob) -> bool:
        """Queue ``job`` unless its key is pending already; return whether it was queued."""
        with self._lock:
            if job.key in self._pending:
                return False
            self._pending.add(job.key)
            self._jobs.append(job)
            start = self._running < self.limit
            if start:
                self._running += 1
        if start:
            self._spawn(self._work, name="marginalia-prompt")
        return True

    def cancel(self, keys: Iterable[str]) -> List[PromptJob]:
        """Take the jobs for ``keys`` that no worker has started yet out of the queue; return them.

        A job a worker has taken goes on: its request is on the way.
        """
        unwanted = set(keys)
        with self._lock:
            dropped = [job for job in self._jobs if job.key in unwanted]
            if dropped:
                self._jobs = collections.deque(job for job in self._jobs if job.key not in unwanted)
                self._pending.difference_update(job.key for job in dropped)
        return dropped

    def is_pending(self, key: str) -> bool:
        """Whether ``key`` is queued or being asked."""
        with self._lock:
            return key in self._pending

    @property
    def pending_count(self) -> int:
        """How many questions are queued or being asked."""
        with self._lock:
            return len(self._pending)

    def _next(self):
        with self._lock:
            if not self._jobs or self._running > self.limit:
                self._running -= 1
                return None
            self.started += 1
            return self._jobs.popleft()

    def _work(self) -> None:
        job = self._next()
        while job is not None:
            try:
                answer = self._ask(job)
            except Exception as error:  # never leave a cell pending for ever
                log.exception("PROMPT worker failed")
                answer = error_answer(_("failed"), str(error))
            try:
                self._deliver(job, answer)
            except Exception:
                log.exception("delivering a PROMPT answer failed")
            finally:
                with self._lock:
                    self._pending.discard(job.key)
            job = self._next()
