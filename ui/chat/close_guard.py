"""Closing a document from another thread while its turn runs: wait until the turn is stopped.

A turn's tools run on the office's main thread, one UNO call at a time. A close that comes
from another thread (a macro, a script over the UNO socket) can land between two of those
calls; the tool's next call then reaches into a document LibreOffice has already torn down,
and soffice crashes (SwUnoInternalPaM on freed nodes, measured in the resilience suite). A
close from the main thread (the window's close button) cannot interleave like that.

So a close from another thread during a turn is vetoed (``CloseVetoException``) and, when
the closer handed over ownership as the close protocol allows, done on the main thread as
soon as the loop is between two steps: the turn is stopped quietly first, then the document
closes. A close that keeps ownership is simply refused while the turn runs.
"""
from __future__ import annotations

import threading

import unohelper
from com.sun.star.lang import DisposedException
from com.sun.star.util import CloseVetoException, XCloseListener

from ..office.log import get_logger, logged

log = get_logger("close_guard")


class CloseGuards:
    """Guards every document with a session; knows the main thread (remembered on its first call)."""

    def __init__(self, pump):
        self._pump = pump
        self._main_thread = None
        pump.call_soon(self._remember_main_thread)

    def _remember_main_thread(self) -> None:
        self._main_thread = threading.get_ident()

    def on_main_thread(self) -> bool:
        """True when the caller runs on the office's main thread."""
        return threading.get_ident() == self._main_thread

    def watch(self, model, session, stop_turn) -> None:
        """Guard ``model`` while ``session`` runs turns; ``stop_turn()`` ends its turn quietly."""
        model.addCloseListener(_CloseGuard(self, model, session, stop_turn))

    def close_later(self, close) -> None:
        """Run ``close()`` on the main thread soon."""
        self._pump.call_soon(close)


class _CloseGuard(unohelper.Base, XCloseListener):
    def __init__(self, guards: CloseGuards, model, session, stop_turn):
        self._guards = guards
        self._model = model
        self._session = session
        self._stop_turn = stop_turn

    def queryClosing(self, event, gets_ownership):
        if not self._session.busy or self._guards.on_main_thread():
            return
        if gets_ownership:
            log.info("a close from another thread waits until the turn has stopped")
            self._guards.close_later(self._close_now)
        raise CloseVetoException("Marginalia is changing this document; it closes once the turn has stopped.",
                                 self)

    @logged
    def _close_now(self) -> None:
        self._stop_turn()
        try:
            self._model.close(True)
        except DisposedException:
            pass   # closed meanwhile by someone else

    def notifyClosing(self, event):
        pass

    def disposing(self, event):
        pass
