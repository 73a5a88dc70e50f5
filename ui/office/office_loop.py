"""The one event loop of the office process, pumping LibreOffice's UI between messages."""
from __future__ import annotations

from ...core.loop.pump import EventLoop

_loop = None


def get_loop(ctx) -> EventLoop:
    """Return the process-wide loop, creating it on first use."""
    global _loop
    if _loop is None:
        toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
        _loop = EventLoop(pump_ui=toolkit.processEventsToIdle)
    return _loop
