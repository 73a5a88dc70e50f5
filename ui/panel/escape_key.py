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

_views = []
_handler = None
_toolkit = None  # kept alive: the toolkit instance stops calling its handlers when released


class _EscapeHandler(unohelper.Base, XKeyHandler):
    @logged(default=False)
    def keyPressed(self, event):
        if event.KeyCode != ESCAPE or event.Modifiers:
            return False
        for view in list(_views):
            if view.session.busy and (view.owns_focus_source(event.Source) or _frame_active(view.frame)):
                view.on_stop()
                return True
        return False

    def keyReleased(self, event):
        return False

    def disposing(self, event):
        pass


def _frame_active(frame) -> bool:
    try:
        return bool(frame.isActive())
    except Exception:  # the frame is going away
        return False


def watch(view, main_queue) -> None:
    """Let Escape stop ``view``'s turn; installs the process-wide handler on first use."""
    _views.append(view)
    if _handler is None:
        main_queue.post(_install, view.ctx)


def unwatch(view) -> None:
    """Forget a view that is going away."""
    if view in _views:
        _views.remove(view)


@logged
def _install(ctx) -> None:
    global _handler, _toolkit
    if _handler is not None:
        return
    _toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    _handler = _EscapeHandler()
    _toolkit.addKeyHandler(_handler)
    log.info("Escape key handler installed")
