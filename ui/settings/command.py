"""Open the settings dialog from the Marginalia menu, the panel or the first-run note.

The dialog is modal, so it must run on the office's main thread. A command may arrive
on another thread (a dispatch made over the UNO bridge, as the tests do), so opening
always goes through ``com.sun.star.awt.AsyncCallback``: the dispatch returns at once
and the dialog opens a moment later on the main thread. Only one settings dialog is
open at a time.
"""
from __future__ import annotations

import unohelper
from com.sun.star.awt import XCallback

from ..office.log import get_logger, logged

log = get_logger("settings")

_state = {"open": False}
_pending = []


class _OpenNow(unohelper.Base, XCallback):
    def __init__(self, ctx, frame):
        self._ctx, self._frame = ctx, frame

    @logged
    def notify(self, data):
        _pending.remove(self)
        show_settings(self._ctx, self._frame)


def _parent_window(frame):
    try:
        return frame.getContainerWindow() if frame is not None else None
    except Exception:
        return None


def show_settings(ctx, frame=None) -> int:
    """Run the dialog now, on the main thread; return 1 when the user saved."""
    if _state["open"]:
        log.info("the settings dialog is already open")
        return 0
    from .dialog import SettingsDialog
    _state["open"] = True
    try:
        return SettingsDialog(ctx, _parent_window(frame)).run()
    finally:
        _state["open"] = False


def open_settings(ctx, frame=None, args=()) -> None:
    """The ``org.marginalia:Settings`` command: open the dialog on the main thread, soon."""
    callback = _OpenNow(ctx, frame)
    _pending.append(callback)  # keep it alive until it ran
    ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.AsyncCallback", ctx) \
        .addCallback(callback, None)
