"""The one main-thread pump: every way work reaches LibreOffice's main thread goes through it.

Worker threads (the model stream, network tools, the model list, the endpoint check, an
MCP request) never touch the office. They put work on the pump, which runs it on the
office's main thread:

* **messages for a task** (:meth:`MessagePump.post`): a chat turn or a selection action
  receives its workers' typed messages (:mod:`.messages`), in order, through
  :meth:`~.task.Task.handle`; a task's own next step (its ``call_soon``) is queued among
  them and runs in the same order;
* **plain calls** (:meth:`MessagePump.call_soon`, or a closable :class:`Channel` for a
  dialog or panel that may go away): a function to run on the main thread.

Two ways to drive it, and so two ways it wakes:

1. **The blocking drive** (:meth:`MessagePump.run`), used when the Send button starts a
   turn: the button's handler keeps running, draining the queue and calling the injected
   ``pump_ui`` (``toolkit.processEventsToIdle()``) between batches, so LibreOffice keeps
   repainting and answering input. A worker's message wakes it through the queue itself
   (the drive waits on it for at most ``idle_wait``). A task started while a drive runs
   (a turn in a second document) joins it instead of nesting a second drive.
2. **The wake callback** (:meth:`MessagePump.drain`): with no drive running (a menu
   command, a dialog's worker, Edit Selection), each post asks the injected ``wake``
   function (``com.sun.star.awt.AsyncCallback`` in the office) to call :meth:`drain` on
   the main thread soon; one wake is pending at a time. A drain never blocks: it runs what
   is queued, dispatches at most ``batch_seconds`` of task messages and asks to be woken
   again for the rest, so the office handles its own events in between. Plain calls are
   always run by a wake, also while a drive runs (they may open a modal dialog, which must
   not stall the drive's tasks).

Consecutive messages of a coalescing class (text deltas) for the same task are merged
before dispatch, so a fast stream costs one UI update per batch, not one per token, and a
burst is dispatched in slices of at most :data:`MAX_COALESCED_CHARS`: the office lays text
out in time proportional to its length (5-30 microseconds a character, measured), so one
100,000-character insert would freeze it for a second.

Task messages are never dispatched re-entrantly: a drain that runs while a task handler
is on the stack (a handler that pumps events) only runs plain calls.
"""
from __future__ import annotations

import collections
import logging
import os
import queue
import threading
import time
from typing import Callable, Deque, Dict, List, Optional, Tuple, Union

from .messages import Message
from .task import Task

log = logging.getLogger("marginalia.loop")

MAX_COALESCED_CHARS = 2000
"""The most text one dispatched delta carries (a few tens of milliseconds of layout)."""
SLOW_ITERATION = float(os.environ.get("MARGINALIA_SLOW_MS", "100")) / 1000
"""Seconds after which one drive iteration is logged as slow (the office was blocked that long)."""


class TaskCall:
    """A task's own next step, queued among its messages (it never coalesces)."""

    __slots__ = ("function", "args")
    coalesces = False

    def __init__(self, function: Callable, args: tuple) -> None:
        self.function = function
        self.args = args


Envelope = Tuple[int, Union[Message, TaskCall]]


class Channel:
    """Plain calls for one owner (a dialog, a panel) that stop when the owner goes away."""

    def __init__(self, pump: "MessagePump"):
        self._pump = pump
        self.closed = False

    def call_soon(self, function: Callable, *args) -> None:
        """Run ``function(*args)`` on the main thread soon, unless the channel is closed by then."""
        if not self.closed:
            self._pump.call_soon(function, *args, channel=self)

    def close(self) -> None:
        """Drop queued and future calls."""
        self.closed = True


class MessagePump:
    """Runs tasks and calls on the main thread, pumping the UI between batches."""

    def __init__(self, pump_ui: Callable[[], None], wake: Optional[Callable[[], None]] = None,
                 batch_seconds: float = 0.03, idle_wait: float = 0.02, max_pump_failures: int = 3):
        """
        Args:
            pump_ui: called between batches of a blocking drive to let the office process its events.
            wake: asks for :meth:`drain` to be called on the main thread soon; callable from any
                thread. Without one (pure tests), only a blocking drive runs messages and calls.
            batch_seconds: longest time spent dispatching before pumping (or yielding) again.
            idle_wait: how long a drive blocks on an empty queue before pumping anyway.
            max_pump_failures: consecutive ``pump_ui`` exceptions after which a drive gives up
                (the office is going away) and fails every task.
        """
        self._pump_ui = pump_ui
        self._wake = wake
        self._batch_seconds = batch_seconds
        self._idle_wait = idle_wait
        self._max_pump_failures = max_pump_failures
        self._messages: "queue.Queue[Envelope]" = queue.Queue()
        self._held: List[Envelope] = []  # taken but not yet dispatched (main thread only); they go first
        self._calls: Deque[Tuple[Callable, tuple, Optional[Channel]]] = collections.deque()
        self._tasks: Dict[int, Task] = {}
        self._next_id = 1
        self._lock = threading.Lock()
        self._wake_pending = False
        self._driving = False
        self._dispatching = False

    # state -------------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True while a blocking drive (:meth:`run`) is under way."""
        return self._driving

    # ways in (any thread) -------------------------------------------------------------------------
    def post(self, owner: int, message: Message) -> None:
        """Queue ``message`` for task ``owner``; wake the main thread unless a drive will see it."""
        self._queue(owner, message)

    def poster(self, owner: int) -> Callable[[Message], None]:
        """Return a ``post(message)`` function bound to one task."""
        return lambda message: self.post(owner, message)

    def call_soon(self, function: Callable, *args, channel: Optional[Channel] = None) -> None:
        """Run ``function(*args)`` on the main thread soon (dropped if ``channel`` closes first)."""
        self._calls.append((function, args, channel))
        self._request_wake()

    def channel(self) -> Channel:
        """A closable way for one owner to post calls."""
        return Channel(self)

    # tasks (main thread) ---------------------------------------------------------------------------
    def start(self, task: Task) -> None:
        """Bind and start ``task`` without blocking; its messages arrive through drives or wakes."""
        with self._lock:
            task_id = self._next_id
            self._next_id += 1
        self._tasks[task_id] = task
        task.bind(self.poster(task_id), lambda function, *args: self._queue(task_id, TaskCall(function, args)))
        self._guard(task, task.start)

    def run(self, task: Task) -> bool:
        """Start ``task`` and drive the pump, blocking, until every task has finished.

        Returns:
            True when this call drove the pump; False when a drive was already running and
            the task simply joined it (the call then returns at once).
        """
        if self._driving:
            self.start(task)
            return False
        self._driving = True
        try:
            self.start(task)
            self._drive()
        finally:
            self._driving = False
            if self._held or not self._messages.empty() or self._calls:
                self._request_wake()
        return True

    # the wake's side (main thread) -------------------------------------------------------------------
    def drain(self) -> None:
        """Run the queued calls and, unless a drive or a dispatch is under way, task messages (never blocks)."""
        with self._lock:
            self._wake_pending = False
        self._run_calls()
        if self._driving or self._dispatching:
            return
        started = time.monotonic()
        batch = self._take_available()
        if batch:
            self._dispatch(batch, started, pump_between=False)
        self._reap()
        if self._held or not self._messages.empty():
            self._request_wake()  # what is left waits until the office has handled its events

    # internals -----------------------------------------------------------------------------------------
    def _queue(self, owner: int, item: Union[Message, TaskCall]) -> None:
        self._messages.put((owner, item))
        if not self._driving:
            self._request_wake()

    def _request_wake(self) -> None:
        if self._wake is None:
            return
        with self._lock:
            if self._wake_pending:
                return
            self._wake_pending = True
        try:
            self._wake()
        except Exception:  # the office is shutting down
            log.debug("could not wake the main thread", exc_info=True)
            with self._lock:
                self._wake_pending = False

    def _run_calls(self) -> None:
        while self._calls:
            try:
                function, args, channel = self._calls.popleft()
            except IndexError:
                return
            if channel is not None and channel.closed:
                continue
            try:
                function(*args)
            except Exception:
                log.exception("work posted to the main thread failed")

    def _drive(self) -> None:
        pump_failures = 0
        while self._reap():
            if self._wake is None:
                self._run_calls()
            batch = self._take_batch()
            started = time.monotonic()
            pump_failures = self._dispatch(batch, started, pump_between=True, failures=pump_failures)
            dispatched = time.monotonic()
            pump_failures = self._pump(pump_failures)
            pumped = time.monotonic()
            if pumped - started > SLOW_ITERATION:
                log.info("slow loop iteration: %d messages (%s) dispatched in %.0f ms, UI pump %.0f ms",
                         len(batch), ", ".join(sorted({type(m).__name__ for _, m in batch})),
                         (dispatched - started) * 1000, (pumped - dispatched) * 1000)

    def _dispatch(self, batch: List[Envelope], started: float, pump_between: bool, failures: int = 0) -> int:
        """Hand ``batch`` to the tasks; between slices, pump the UI (drive) or stop and requeue (drain)."""
        merged = coalesce(batch)
        self._dispatching = True
        try:
            for position, (owner, message) in enumerate(merged):
                if time.monotonic() - started > self._batch_seconds:
                    if not pump_between:
                        self._requeue(merged[position:])
                        return failures
                    failures = self._pump(failures)  # a long batch: let the office breathe
                    started = time.monotonic()
                task = self._tasks.get(owner)
                if task is None or task.finished:
                    continue
                if type(message) is TaskCall:
                    self._guard(task, message.function, *message.args)
                else:
                    self._guard(task, task.handle, message)
        finally:
            self._dispatching = False
        return failures

    def _requeue(self, envelopes: List[Envelope]) -> None:
        """Keep undelivered messages to go before anything posted since (keeping the order)."""
        self._held = envelopes + self._held

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

    def _take_batch(self) -> List[Envelope]:
        batch, self._held = self._held, []
        if not batch:
            try:
                batch.append(self._messages.get(timeout=self._idle_wait))
            except queue.Empty:
                return batch
        deadline = time.monotonic() + self._batch_seconds
        while time.monotonic() < deadline:
            try:
                batch.append(self._messages.get_nowait())
            except queue.Empty:
                break
        return batch

    def _take_available(self) -> List[Envelope]:
        batch, self._held = self._held, []
        while True:
            try:
                batch.append(self._messages.get_nowait())
            except queue.Empty:
                return batch

    def _reap(self) -> bool:
        """Forget finished tasks; return True while some remain."""
        for task_id in [i for i, t in self._tasks.items() if t.finished]:
            del self._tasks[task_id]
        return bool(self._tasks)

    def _guard(self, task: Task, method, *args) -> None:
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


def coalesce(batch: List[Envelope], limit: int = MAX_COALESCED_CHARS) -> List[Envelope]:
    """Merge runs of coalescing messages of one class for the same task, in slices of at most ``limit``."""
    merged: List[Envelope] = []
    run: List[Message] = []
    run_owner = 0
    for owner, message in batch:
        if run and (owner != run_owner or type(message) is not type(run[0])):
            merged.extend((run_owner, piece) for piece in type(run[0]).merged(run, limit))
            run = []
        if message.coalesces:
            run_owner = owner
            run.append(message)
        else:
            merged.append((owner, message))
    if run:
        merged.extend((run_owner, piece) for piece in type(run[0]).merged(run, limit))
    return merged
