"""The chat panel's controls: layout, listeners, and the mirror of the session.

A view lives as long as LibreOffice keeps the panel; it shows its document's
:class:`~marginalia.core.session.ChatSession` (transcript, status, busy state) and
forwards the user's actions to :mod:`marginalia.ui.chat`. Every listener entry point
is wrapped by :func:`~marginalia.ui.log.logged`: LibreOffice would swallow exceptions.
"""
from __future__ import annotations

import unohelper
from com.sun.star.awt import XActionListener, XKeyListener, XWindowListener
from com.sun.star.awt.Key import ESCAPE, RETURN
from com.sun.star.awt.KeyModifier import SHIFT
from com.sun.star.awt.PosSize import POSSIZE

from ..core import panel_layout
from . import chat, sessions
from .log import get_logger, logged
from .transcript_mirror import TranscriptMirror

log = get_logger("view")

CONTROL_NAMES = ("model", "transcript", "status", "input", "send", "stop")


class _ActionListener(unohelper.Base, XActionListener):
    def __init__(self, callback):
        self._callback = callback

    @logged
    def actionPerformed(self, event):
        self._callback()

    def disposing(self, event):
        pass


class _Resized(unohelper.Base, XWindowListener):
    def __init__(self, view):
        self._view = view

    @logged
    def windowResized(self, event):
        self._view.relayout(event.Width, event.Height)

    def windowMoved(self, event):
        pass

    def windowShown(self, event):
        pass

    def windowHidden(self, event):
        pass

    def disposing(self, event):
        pass


class _Keys(unohelper.Base, XKeyListener):
    """Enter sends and Shift+Enter adds a line in the input; Escape stops the turn.

    A control's key listener runs before the control handles the key and cannot
    consume it, so the view remembers the input as it was and the send (delivered
    later, like a click) takes that text rather than the one with the new line.
    """

    def __init__(self, view):
        self._view = view

    @logged
    def keyPressed(self, event):
        self._view.on_key(event)

    def keyReleased(self, event):
        pass

    def disposing(self, event):
        pass


class ChatPanelView:
    """Binds one panel window to its document's chat session."""

    def __init__(self, ctx, frame, window):
        self.ctx = ctx
        self.frame = frame
        self.window = window
        self.controls = {name: window.getControl(name) for name in CONTROL_NAMES}
        self._measured = None
        self.document = frame.getController().getModel()
        self.session = sessions.session_for(self.document)
        self._mirror = TranscriptMirror(self.controls["transcript"])
        self._mirror.reset(self.session.transcript.text())
        self.session.transcript.subscribe(self._mirror.apply)
        self.session.watch(self._show_status, self._show_busy)
        self._show_status(self.session.status)
        self._show_busy(self.session.busy)
        self._listen()

    def _listen(self):
        self._send = _ActionListener(self.on_send)
        self._stop = _ActionListener(self.on_stop)
        self.controls["send"].addActionListener(self._send)
        self.controls["stop"].addActionListener(self._stop)
        self._resized = _Resized(self)
        self.window.addWindowListener(self._resized)
        self._keys = _Keys(self)
        for control in self.controls.values():
            control.addKeyListener(self._keys)
        self._text_before_enter = None

    # layout ------------------------------------------------------------------
    def _metrics(self) -> panel_layout.Metrics:
        """Row heights from the controls' preferred sizes (theme and font dependent)."""
        if self._measured is None:
            row = max(self.controls[name].getPreferredSize().Height for name in ("send", "stop", "model"))
            status = self.controls["status"].getPreferredSize().Height
            self._measured = panel_layout.Metrics(row=max(row, panel_layout.ROW),
                                                  status=max(status, panel_layout.STATUS))
        return self._measured

    def layout_for_width(self, width: int) -> int:
        """Lay the controls out for ``width`` and return the preferred panel height."""
        preferred = panel_layout.preferred_height(self._metrics())
        self.relayout(width, max(self.window.getPosSize().Height, preferred))
        return preferred

    def relayout(self, width: int, height: int) -> None:
        """Move every control to its place for a panel of ``width`` × ``height`` pixels."""
        for name, rect in panel_layout.layout(width, height, metrics=self._metrics()).items():
            control = self.controls.get(name)
            if control is not None:
                control.setPosSize(rect.x, rect.y, rect.width, rect.height, POSSIZE)

    # session mirror ------------------------------------------------------------
    @logged
    def _show_status(self, text: str) -> None:
        self.controls["status"].setText(text)

    @logged
    def _show_busy(self, busy: bool) -> None:
        self.controls["send"].setEnable(not busy)
        self.controls["stop"].setEnable(busy)

    # user actions --------------------------------------------------------------
    def on_send(self) -> None:
        """Send the input's text as a new turn (runs the event loop until it ends)."""
        text = self._input_text().strip()
        if not text or self.session.busy:
            return
        self.controls["input"].setText("")
        chat.start_turn(self.ctx, self.session, self.document, text)

    def _input_text(self) -> str:
        """The input's text, without the line break Enter inserted after asking to send."""
        current = self.controls["input"].getText()
        before, self._text_before_enter = self._text_before_enter, None
        if before is not None:
            text, start, end = before
            if current == text[:start] + "\n" + text[end:] or current == text[:start] + "\r\n" + text[end:]:
                return text
        return current

    def on_stop(self) -> None:
        """Stop the running turn."""
        self.session.stop()

    def on_key(self, event) -> None:
        """Enter in the input sends (Shift+Enter: new line); Escape stops the turn."""
        source = event.Source
        log.debug("key %s modifiers %s", event.KeyCode, event.Modifiers)
        if event.KeyCode == RETURN and not event.Modifiers & SHIFT and self._is_input(source):
            selection = self.controls["input"].getSelection()
            low, high = sorted((selection.Min, selection.Max))
            self._text_before_enter = (self.controls["input"].getText(), low, high)
            self._press("send")
        elif event.KeyCode == ESCAPE and self.session.busy:
            self.on_stop()

    def _is_input(self, source) -> bool:
        """True when a key event comes from the input (the control re-broadcasts as itself)."""
        control = self.controls["input"]
        return source == control or source == control.getPeer()

    def _press(self, name: str) -> None:
        """Press a button as a click does: its listener runs later, outside this key event.

        Running the turn's loop from inside a key listener would nest it in the key's
        dispatch; a button's action is delivered asynchronously, like a real click.
        """
        control = self.controls[name]
        if control.isEnabled():
            control.getAccessibleContext().doAccessibleAction(0)

    # lifetime ------------------------------------------------------------------
    def dispose(self) -> None:
        """Detach from the session and the toolkit (the session lives on)."""
        self.session.transcript.unsubscribe(self._mirror.apply)
        self.session.unwatch(self._show_status, self._show_busy)
