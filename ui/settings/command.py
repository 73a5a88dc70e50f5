"""Open the settings dialog from the Marginalia menu, the panel or the first-run note.

The dialog is modal, so it must run on the office's main thread. A command may arrive
on another thread (a dispatch made over the UNO bridge, as the tests do), so opening
always goes through the main-thread pump: the dispatch returns at once and the dialog
opens a moment later on the main thread.

Only one settings dialog is open at a time. A second request while it shows brings it
to the front. A request that arrives while it is closing (OK or Cancel was pressed and
its window is gone, but its modal loop has not returned yet) is not lost: the dialog
opens again once the first one has gone.
"""
from __future__ import annotations

import time

from ..office.log import get_logger

log = get_logger("settings")


class SettingsOpener:
    """Opens the one settings dialog (owned by the process-wide :class:`~marginalia.ui.app.Marginalia`)."""

    def __init__(self, app, make_dialog=None):
        """``make_dialog(app, parent window)`` builds a dialog with ``run()``, ``closing()`` and
        ``to_front()`` (by default :class:`~.dialog.SettingsDialog`)."""
        self._app = app
        self._make_dialog = make_dialog or _settings_dialog
        self._busy = False  # a dialog is being built or runs
        self._dialog = None
        self._reopen = None  # the frame of a request that came while the dialog was closing

    def open(self, frame=None) -> None:
        """The ``org.marginalia:Settings`` command: open the dialog on the main thread, soon."""
        self._app.pump.call_soon(self.show, frame)

    def show(self, frame=None) -> int:
        """Run the dialog now, on the main thread; return 1 when the user saved."""
        if self._busy:
            self._while_open(frame)
            return 0
        self._busy = True
        try:
            started = time.monotonic()
            self._dialog = self._make_dialog(self._app, _parent_window(frame))
            log.info("settings dialog built in %.0f ms", (time.monotonic() - started) * 1000)
            return self._dialog.run()
        finally:
            self._busy, self._dialog = False, None
            log.info("settings dialog closed")
            if self._reopen is not None:
                reopen, self._reopen = self._reopen, None
                self._app.pump.call_soon(self.show, reopen[0])

    def _while_open(self, frame) -> None:
        if self._dialog is None:
            log.info("settings asked for while the dialog is being built: it opens once")
        elif self._dialog.closing():
            log.info("settings asked for while the dialog closes: it opens again afterwards")
            self._reopen = (frame,)
        else:
            log.info("the settings dialog is already open: brought to the front")
            self._dialog.to_front()


def _settings_dialog(app, parent):
    from .dialog import SettingsDialog
    return SettingsDialog(app, parent)


def _parent_window(frame):
    try:
        return frame.getContainerWindow() if frame is not None else None
    except Exception:
        return None
