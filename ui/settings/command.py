"""Open the settings dialog from the Marginalia menu, the panel or the first-run note.

The dialog is modal, so it must run on the office's main thread. A command may arrive
on another thread (a dispatch made over the UNO bridge, as the tests do), so opening
always goes through the main-thread pump: the dispatch returns at once and the dialog
opens a moment later on the main thread. Only one settings dialog is open at a time.
"""
from __future__ import annotations

from ..office.log import get_logger

log = get_logger("settings")


class SettingsOpener:
    """Opens the one settings dialog (owned by the process-wide :class:`~marginalia.ui.app.Marginalia`)."""

    def __init__(self, app):
        self._app = app
        self._open = False

    def open(self, frame=None) -> None:
        """The ``org.marginalia:Settings`` command: open the dialog on the main thread, soon."""
        self._app.pump.call_soon(self.show, frame)

    def show(self, frame=None) -> int:
        """Run the dialog now, on the main thread; return 1 when the user saved."""
        if self._open:
            log.info("the settings dialog is already open")
            return 0
        from .dialog import SettingsDialog
        self._open = True
        try:
            return SettingsDialog(self._app, _parent_window(frame)).run()
        finally:
            self._open = False


def _parent_window(frame):
    try:
        return frame.getContainerWindow() if frame is not None else None
    except Exception:
        return None
