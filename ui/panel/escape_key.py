"""Escape stops the running reply of the window the user works in.

A key handler on the toolkit sees every key before the window does. While a turn runs
in the active window's document, Escape stops it (and is not passed on); otherwise
Escape keeps its usual meaning. In the sidebar itself LibreOffice takes Escape to move
the focus back to the document (measured: no handler sees that press), so from the
panel it is Escape twice, or the Stop button.

The handler is registered once per process, from the main thread a moment after the
first panel was created (registering it while the sidebar builds the panel hangs the
office), on a toolkit instance kept alive (a released instance stops calling it).
"""
from __future__ import annotations

import unohelper
from com.sun.star.awt import XKeyHandler
from com.sun.star.awt.Key import ESCAPE

from ..office.log import get_logger, logged

log = get_logger("escape")

class EscapeKey:
    """The process-wide Escape handler and the panel views it may stop (one owner per process)."""

    def __init__(self, ctx, pump):
        self._ctx = ctx
        self._pump = pump
        self._views = []
        self._handler = None
        self._toolkit = None  # kept alive: the toolkit instance stops calling its handlers when released

    def watch(self, view) -> None:
        """Let Escape stop ``view``'s turn; installs the handler a moment after the first view."""
        self._views.append(view)
        if self._handler is None:
            self._pump.call_soon(self._install)

    def unwatch(self, view) -> None:
        """Forget a view that is going away."""
        if view in self._views:
            self._views.remove(view)

    @logged(default=False)
    def stop_for(self, event) -> bool:
        """Escape was pressed: stop the busy view the key belongs to; True when one was stopped."""
        if event.KeyCode != ESCAPE or event.Modifiers:
            return False
        for view in list(self._views):
            if view.session.busy and (view.owns_focus_source(event.Source) or _frame_active(view.frame)):
                view.on_stop()
                return True
        return False

    @logged
    def _install(self) -> None:
        if self._handler is not None:
            return
        self._toolkit = self._ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", self._ctx)
        self._handler = _EscapeHandler(self)
        self._toolkit.addKeyHandler(self._handler)
        log.info("Escape key handler installed")


class _EscapeHandler(unohelper.Base, XKeyHandler):
    def __init__(self, owner: EscapeKey):
        self._owner = owner

    def keyPressed(self, event):
        return self._owner.stop_for(event)

    def keyReleased(self, event):
        return False

    def disposing(self, event):
        pass


def _frame_active(frame) -> bool:
    try:
        return bool(frame.isActive())
    except Exception:  # the frame is going away
        return False
