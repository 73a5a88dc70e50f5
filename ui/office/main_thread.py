"""The wake of the main-thread pump: ``com.sun.star.awt.AsyncCallback`` calls the pump's drain.

:class:`~marginalia.core.loop.pump.MessagePump` asks for a wake whenever work arrives and no
blocking drive will see it; the office then calls :meth:`AsyncWake.notify` on its main
thread between events (also while a modal dialog runs its own loop), and the pump runs
what is queued. Only a wake-up crosses the UNO bridge; the work itself stays in Python.
"""
from __future__ import annotations

from typing import Callable, Optional

import unohelper
from com.sun.star.awt import XCallback

from .log import get_logger, logged

log = get_logger("main_thread")


class AsyncWake(unohelper.Base, XCallback):
    """Calls the connected function on the office's main thread each time :meth:`request` is called."""

    def __init__(self, ctx):
        self._async = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.AsyncCallback", ctx)
        self._drain: Optional[Callable[[], None]] = None

    def connect(self, drain: Callable[[], None]) -> None:
        """Set what runs on the main thread when woken (the pump's drain)."""
        self._drain = drain

    def request(self) -> None:
        """Ask for a call on the main thread soon; safe from any thread."""
        self._async.addCallback(self, None)

    # XCallback
    @logged
    def notify(self, data):
        if self._drain is not None:
            self._drain()
