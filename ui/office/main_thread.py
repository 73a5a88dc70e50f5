"""Hand work from worker threads to the office's main thread.

Worker threads (model list, endpoint check) must not touch controls. They call
:meth:`MainThreadQueue.post`; the function runs later on the main thread, delivered by
``com.sun.star.awt.AsyncCallback`` (the main loop calls it between events, also while
a modal dialog runs its own loop). Functions travel in a Python queue; the UNO call
only carries a wake-up. Once the queue is closed (the dialog or panel went away),
posted work is dropped.
"""
from __future__ import annotations

import queue
import threading
from typing import Callable

import unohelper
from com.sun.star.awt import XCallback

from .log import get_logger, logged

log = get_logger("main_thread")


class _Wake(unohelper.Base, XCallback):
    def __init__(self, owner: "MainThreadQueue"):
        self._owner = owner

    @logged
    def notify(self, data):
        self._owner.drain()


class MainThreadQueue:
    """Run functions on the office's main thread, posted from any thread."""

    def __init__(self, ctx):
        self._async = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.AsyncCallback", ctx)
        self._queue: "queue.Queue" = queue.Queue()
        self._wake = _Wake(self)
        self._lock = threading.Lock()
        self.closed = False

    def post(self, function: Callable, *args) -> None:
        """Queue ``function(*args)`` for the main thread (dropped after :meth:`close`)."""
        if self.closed:
            return
        self._queue.put((function, args))
        try:
            self._async.addCallback(self._wake, None)
        except Exception:  # the office is shutting down
            log.debug("could not wake the main thread", exc_info=True)

    def drain(self) -> None:
        """Run everything queued (called on the main thread)."""
        while not self.closed:
            try:
                function, args = self._queue.get_nowait()
            except queue.Empty:
                return
            try:
                function(*args)
            except Exception:
                log.exception("work posted to the main thread failed")

    def close(self) -> None:
        """Drop queued and future work."""
        self.closed = True
