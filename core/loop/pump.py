"""The main-thread event loop: one ``queue.Queue`` drained between UI pumps.

Worker threads (the model stream, network tools) never touch the office: they post
``(owner, kind, payload)`` messages to the queue. The loop, running on the office's
main thread, hands each message to its owner task (a chat turn) and, between batches,
calls the injected ``pump_ui`` (``toolkit.processEventsToIdle()`` in the office), so
LibreOffice keeps repainting and answering input while a turn runs.

There is only ever one loop running per process. A task started while the loop is
already running (a turn in a second document, sent from inside a pump) joins the
running loop instead of nesting a second blocking loop inside the first.

Consecutive text deltas of the same owner are coalesced before dispatch, so a fast
stream costs one UI update per batch, not one per token. A burst of text (a server that
flushes a whole answer at once) is dispatched in slices of at most
``MAX_COALESCED_CHARS`` with the UI pumped between them: the office lays text out in
time proportional to its length (5-30 microseconds a character, measured), so one
100,000-character insert would freeze it for a second.
"""
from __future__ import annotations

import logging
import os
import queue
import threading
import time
from typing import Callable, Dict, List, Optional, Tuple

log = logging.getLogger("marginalia.loop")

COALESCED_KINDS = frozenset(("content", "thinking"))
MAX_COALESCED_CHARS = 2000
"""The most text one dispatched delta carries (a few tens of milliseconds of layout)."""
SLOW_ITERATION = float(os.environ.get("MARGINALIA_SLOW_MS", "100")) / 1000
"""Seconds after which one loop iteration is logged as slow (the office was blocked that long)."""

Message = Tuple[int, str, object]


class LoopTask:
    """What the loop drives: a chat turn implements these three methods."""

    finished = False

    def start(self) -> None:
        """Begin work (called once, on the main thread, when the task joins the loop)."""

    def handle(self, kind: str, payload) -> None:
        """Handle one message posted for this task."""

    def fail(self, error: BaseException) -> None:
        """Called when ``start`` or ``handle`` raised: show it and finish."""
        self.finished = True


class EventLoop:
    """Drains one queue on the main thread, dispatching to tasks and pumping the UI."""

    def __init__(self, pump_ui: Callable[[], None], batch_seconds: float = 0.03,
                 idle_wait: float = 0.02, max_pump_failures: int = 3):
        """
        Args:
            pump_ui: called between batches to let the office process its events.
            batch_seconds: longest time spent dispatching before pumping again.
            idle_wait: how long to block on an empty queue before pumping anyway.
            max_pump_failures: consecutive ``pump_ui`` exceptions after which the loop
                gives up (the office is going away) and fails every task.
        """
        self._pump_ui = pump_ui
        self._batch_seconds = batch_seconds
        self._idle_wait = idle_wait
        self._max_pump_failures = max_pump_failures
        self._queue: "queue.Queue[Message]" = queue.Queue()
        self._tasks: Dict[int, LoopTask] = {}
        self._next_id = 1
        self._running = False
        self._lock = threading.Lock()

    @property
    def running(self) -> bool:
        """True while a call to :meth:`run` is draining the queue."""
        return self._running

    def active_tasks(self) -> List[LoopTask]:
        """Return the tasks that have not finished yet."""
        return list(self._tasks.values())

    def post(self, owner: int, kind: str, payload=None) -> None:
        """Queue a message for task ``owner``; safe to call from any thread."""
        self._queue.put((owner, kind, payload))

    def poster(self, owner: int) -> Callable[[str, object], None]:
        """Return a ``post(kind, payload=None)`` function bound to one task."""
        def post(kind: str, payload=None) -> None:
            self._queue.put((owner, kind, payload))
        return post

    def new_task_id(self) -> int:
        """Reserve an owner id for a task about to be created."""
        with self._lock:
            task_id = self._next_id
            self._next_id += 1
        return task_id

    def run(self, task_id: int, task: LoopTask) -> bool:
        """Start ``task`` and drive the loop until every task has finished.

        Returns:
            True when this call ran the loop; False when a loop was already running
            and the task simply joined it (the call then returns at once).
        """
        self._tasks[task_id] = task
        self._guard(task, task.start)
        if self._running:
            return False
        self._running = True
        try:
            self._drive()
        finally:
            self._running = False
        return True

    # internals ---------------------------------------------------------------
    def _drive(self) -> None:
        pump_failures = 0
        while self._reap():
            batch = self._take_batch()
            started = time.monotonic()
            for owner, kind, payload in _coalesce(batch):
                if time.monotonic() - started > self._batch_seconds:
                    pump_failures = self._pump(pump_failures)  # a long batch: let the office breathe
                    started = time.monotonic()
                task = self._tasks.get(owner)
                if task is not None and not task.finished:
                    self._guard(task, task.handle, kind, payload)
            dispatched = time.monotonic()
            pump_failures = self._pump(pump_failures)
            pumped = time.monotonic()
            if pumped - started > SLOW_ITERATION:
                log.info("slow loop iteration: %d messages (%s) dispatched in %.0f ms, UI pump %.0f ms",
                         len(batch), ", ".join(sorted({kind for _, kind, _ in batch})),
                         (dispatched - started) * 1000, (pumped - dispatched) * 1000)

    def _pump(self, failures: int) -> int:
        """Pump the UI once; return the count of consecutive pump failures after it."""
        try:
            self._pump_ui()
            return 0
        except Exception:
            failures += 1
            log.exception("UI pump failed (%d in a row)", failures)
            if failures >= self._max_pump_failures:
                self._fail_all(RuntimeError("the office stopped answering"))
            return failures

    def _take_batch(self) -> List[Message]:
        batch: List[Message] = []
        try:
            batch.append(self._queue.get(timeout=self._idle_wait))
        except queue.Empty:
            return batch
        deadline = time.monotonic() + self._batch_seconds
        while time.monotonic() < deadline:
            try:
                batch.append(self._queue.get_nowait())
            except queue.Empty:
                break
        return batch

    def _reap(self) -> bool:
        """Forget finished tasks; return True while some remain."""
        for task_id in [i for i, t in self._tasks.items() if t.finished]:
            del self._tasks[task_id]
        return bool(self._tasks)

    def _guard(self, task: LoopTask, method, *args) -> None:
        try:
            method(*args)
        except Exception as error:
            log.exception("task %r failed", task)
            try:
                task.fail(error)
            except Exception:
                log.exception("task %r failed while reporting a failure", task)
                task.finished = True

    def _fail_all(self, error: BaseException) -> None:
        for task in list(self._tasks.values()):
            if not task.finished:
                self._guard(task, task.fail, error)
            task.finished = True


def _coalesce(batch: List[Message], limit: int = MAX_COALESCED_CHARS) -> List[Message]:
    """Merge runs of text deltas for the same owner and kind, in slices of at most ``limit`` characters."""
    merged: List[Message] = []
    pending: Optional[List] = None  # [owner, kind, [texts]]

    def flush():
        text = "".join(pending[2])
        merged.extend((pending[0], pending[1], text[i:i + limit]) for i in range(0, len(text), limit))
        if not text:
            merged.append((pending[0], pending[1], text))

    for owner, kind, payload in batch:
        if kind in COALESCED_KINDS and pending is not None and pending[0] == owner and pending[1] == kind:
            pending[2].append(payload)
            continue
        if pending is not None:
            flush()
            pending = None
        if kind in COALESCED_KINDS:
            pending = [owner, kind, [payload]]
        else:
            merged.append((owner, kind, payload))
    if pending is not None:
        flush()
    return merged
