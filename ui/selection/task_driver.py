"""Drive a LoopTask from LibreOffice's own main loop, without a pumping loop of our own.

A selection action starts from a menu entry or shortcut, that is inside a dispatch on
the main thread with the office's SolarMutex held. Running the blocking event loop
(:mod:`marginalia.core.loop.pump`) there would hold that mutex for the whole reply, and
every other UNO client would wait until the stream ends. Here nothing blocks: the
worker's messages reach the task through ``AsyncCallback`` (see
:mod:`marginalia.ui.office.main_thread`), consecutive text deltas are merged into one write,
and between messages the office runs normally, repainting as the text grows.
"""
from __future__ import annotations

import _thread
import threading
from typing import Callable, List

from ...core.loop.pump import LoopTask
from ..office.log import get_logger
from ..office.main_thread import MainThreadQueue

log = get_logger("writer.driver")

MERGED_KINDS = ("content",)
IGNORED_KINDS = ("thinking", "usage", "status")


def spawn_without_waiting(target: Callable, *args) -> None:
    """Run ``target(*args)`` on a new thread without waiting for it to start.

    ``threading.Thread.start`` waits until the new thread has signalled that it runs.
    Called with the SolarMutex held (a command, an AsyncCallback), that wait can
    deadlock: if the new thread's first steps trigger Python's garbage collector and it
    releases a UNO object, that release waits for the SolarMutex (seen in a real
    office: both threads stuck for good). A bare thread has no such handshake.
    """
    def run():
        try:
            target(*args)
        except Exception:
            log.exception("worker thread failed")
    _thread.start_new_thread(run, ())


class CallbackDriver:
    """Delivers the messages posted for one task on the main thread, in order."""

    def __init__(self, ctx):
        self._queue = MainThreadQueue(ctx)
        self._task: LoopTask = LoopTask()
        self._lock = threading.Lock()
        self._text: List[str] = []
        self._flush_scheduled = False

    def run(self, task: LoopTask) -> None:
        """Start ``task`` (call on the main thread); its messages come through :meth:`post`."""
        self._task = task
        self._guard(task.start)

    def post(self, kind: str, payload=None) -> None:
        """Queue a message for the task; safe from any thread."""
        if kind in IGNORED_KINDS:
            return
        if kind in MERGED_KINDS:
            with self._lock:
                self._text.append(payload)
                if self._flush_scheduled:
                    return
                self._flush_scheduled = True
            self._queue.post(self._flush)
            return
        self._queue.post(self._deliver, kind, payload)

    def _flush(self) -> None:
        with self._lock:
            text, self._text = "".join(self._text), []
            self._flush_scheduled = False
        if text:
            self._deliver("content", text)

    def _deliver(self, kind: str, payload) -> None:
        if not self._task.finished:
            self._guard(self._task.handle, kind, payload)
        if self._task.finished:
            self._queue.close()

    def _guard(self, method, *args) -> None:
        try:
            method(*args)
        except Exception as error:
            log.exception("selection task failed")
            try:
                self._task.fail(error)
            except Exception:
                log.exception("selection task failed while reporting a failure")
                self._task.finished = True
