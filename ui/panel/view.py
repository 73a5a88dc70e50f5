"""The chat panel's controls: layout, labels, listeners, and the mirror of the session.

A view lives as long as LibreOffice keeps the panel; it shows its document's
:class:`~marginalia.core.chat.session.ChatSession` (transcript, status, busy state) and
forwards the user's actions to :mod:`marginalia.ui.panel.actions`. Every listener
runs through :func:`~marginalia.ui.office.log.logged`: LibreOffice would swallow exceptions.
"""
from __future__ import annotations

from com.sun.star.awt.Key import RETURN
from com.sun.star.awt.KeyModifier import SHIFT
from com.sun.star.awt.PosSize import POSSIZE

from ...core.chat import panel_layout
from ...core.i18n import _
from . import actions as panel_actions
from ..office.listeners import OnAction, OnItem, OnKey, OnResize
from ..office.log import get_logger, logged
from .model_picker import ModelPicker
from .transcript_mirror import TranscriptMirror, base_style, create_transcript_control

log = get_logger("view")

CONTROL_NAMES = ("model", "settings", "transcript", "status", "show_thinking", "input",
                 "send", "stop", "clear", "revert", "insert")
TAB_ORDER = tuple(name for name in CONTROL_NAMES if name != "status")


def control_texts():
    """Labels, tooltips and accessible names of the controls, in the current language."""
    return {
        "model": (None, _("Model")),
        "settings": (_("Settings…"), _("Connection and chat settings")),
        "transcript": (None, _("Conversation")),
        "status": (None, _("Status")),
        "show_thinking": (_("Thinking"), _("Show the model's thinking in full")),
        "input": (None, _("Message to the assistant. Enter sends, Shift+Enter adds a line")),
        "send": (_("Send"), _("Send the message (Enter)")),
        "stop": (_("Stop"), _("Stop the reply (Escape)")),
        "clear": (_("Clear"), _("Start a new conversation")),
        "revert": (_("Revert"), _("Undo every change of the assistant's last turn")),
        "insert": (_("Insert"), _("Insert the last answer into the document at the cursor, formatted")),
    }


class ChatPanelView:
    """Binds one panel window to its document's chat session."""

    def __init__(self, app, frame, window):
        ctx = self.ctx = app.ctx
        self.app = app
        self.frame = frame
        self.window = window
        create_transcript_control(ctx, window, _("Conversation"))
        self.controls = {name: window.getControl(name) for name in CONTROL_NAMES}
        status = self.controls["status"].getModel()
        status.MultiLine = True  # a long status wraps instead of being cut off
        status.NoLabel = True  # a "~" in a status (an address, say) is shown, not taken as a mnemonic
        self._measured = None
        self._status_lines = 1
        self._size = None  # the panel's last (width, height)
        self._text_before_enter = None
        self.document = frame.getController().getModel()
        self.session = app.sessions.session_for(self.document)
        self._apply_texts()
        self._mirror = TranscriptMirror(self.controls["transcript"], self.session.transcript, base_style(window))
        self._mirror.reset()
        self.session.transcript.subscribe(self._mirror.apply)
        self.session.watch(self._show_status, self._show_busy)
        self._show_status(self.session.status)
        self._show_busy(self.session.busy)
        self.controls["show_thinking"].setState(1 if self.session.show_thinking else 0)
        self.approval_bar = app.approvals.attach_bar(ctx, self.session, window, covers=self.controls["input"])
        self._order_tabs()  # after the last control is added: adding one orders them again
        self._listen()
        self._main = app.pump.channel()
        self._model_picker = ModelPicker(
            ctx, self.controls["model"], self._main,
            on_settings_changed=lambda: panel_actions.settings_changed(ctx, self.session))
        app.escape_key.watch(self)
        self._main.call_soon(app.tools.registry)  # load the tools now, not during the first reply
        panel_actions.first_run_check(self.ctx, self.session)

    def _order_tabs(self) -> None:
        """Tab follows the panel from top to bottom (the transcript, made in code, came last)."""
        try:
            controls = [self.controls[name] for name in TAB_ORDER]
            where = TAB_ORDER.index("input") + 1  # the approval bar takes the input's place
            controls[where:where] = self.approval_bar.focusables()
            peers = [control.getPeer() for control in controls]
            self.window.getPeer().setTabOrder(tuple(peers), (True,) * len(peers), False)
        except Exception:
            log.exception("could not order the panel's controls for Tab")

    def _apply_texts(self) -> None:
        for name, (label, tip) in control_texts().items():
            if name == "transcript":
                continue  # created in code with its tooltip
            model = self.controls[name].getModel()
            if label is not None:
                model.Label = label
            model.HelpText = tip

    def _listen(self) -> None:
        self._actions = {
            "send": OnAction(lambda event: self.on_send()),
            "stop": OnAction(lambda event: self.on_stop()),
            "clear": OnAction(lambda event: panel_actions.clear(self.app, self.session)),
            "revert": OnAction(lambda event: panel_actions.revert(self.document, self.session)),
            "settings": OnAction(lambda event: panel_actions.open_settings(self.app, self.frame)),
            "insert": OnAction(lambda event: panel_actions.insert_answer(self.ctx, self.document, self.session)),
        }
        for name, listener in self._actions.items():
            self.controls[name].addActionListener(listener)
        self._thinking_toggle = OnItem(lambda event: self._on_show_thinking())
        self.controls["show_thinking"].addItemListener(self._thinking_toggle)
        self._resized = OnResize(lambda event: self.relayout(event.Width, event.Height))
        self.window.addWindowListener(self._resized)
        self._keys = OnKey(self.on_key)
        for control in self.controls.values():
            control.addKeyListener(self._keys)

    # layout ------------------------------------------------------------------
    def _metrics(self) -> panel_layout.Metrics:
        """Row heights and widths from the controls' preferred sizes (theme and font dependent)."""
        if self._measured is None:
            size = {name: self.controls[name].getPreferredSize() for name in
                    ("send", "stop", "clear", "revert", "insert", "model", "settings", "status", "show_thinking")}
            row = max(s.Height for n, s in size.items() if n not in ("status", "show_thinking"))
            self._measured = panel_layout.Metrics(
                row=max(row, panel_layout.ROW),
                status=max(size["status"].Height, size["show_thinking"].Height, panel_layout.STATUS),
                status_line=max(size["status"].Height, panel_layout.STATUS - 4),
                top_button_width=max(size["settings"].Width, row),
                status_side_width=size["show_thinking"].Width + 4,
                button_widths=tuple((n, size[n].Width) for n in panel_layout.BUTTONS))
        return self._measured

    def layout_for_width(self, width: int) -> int:
        """Lay the controls out for ``width`` and return the preferred panel height."""
        preferred = panel_layout.preferred_height(self._metrics(), width, self._status_lines)
        self.relayout(width, max(self.window.getPosSize().Height, preferred))
        return preferred

    def relayout(self, width: int, height: int) -> None:
        """Move every control to its place for a panel of ``width`` × ``height`` pixels."""
        self._size = (width, height)
        needed = self._lines_for_status(width)
        self._status_lines = max(needed, self._status_lines) if self.session.busy else needed
        rects = panel_layout.layout(width, height, metrics=self._metrics(), status_lines=self._status_lines)
        for name, rect in rects.items():
            control = self.controls.get(name)
            if control is not None:
                control.setPosSize(rect.x, rect.y, rect.width, rect.height, POSSIZE)
        self.approval_bar.place(*rects["input"])  # a research question takes the input's place

    # session mirror ------------------------------------------------------------
    @logged
    def _show_status(self, text: str) -> None:
        self.controls["status"].setText(text)
        self._refit_status()

    def _refit_status(self) -> None:
        """Give the status a second line when it needs one; take it back only between turns.

        While a reply streams the status changes many times a second, and the transcript
        must not jump up and down a line with it.
        """
        if self._size is None or (self.session.busy and self._status_lines >= panel_layout.MAX_STATUS_LINES):
            return  # nothing can change until the turn ends: no measuring on every streamed token
        lines = self._lines_for_status(self._size[0])
        if lines > self._status_lines or (lines < self._status_lines and not self.session.busy):
            self.relayout(*self._size)

    def _lines_for_status(self, width: int) -> int:
        text_width = self.controls["status"].getPreferredSize().Width
        return panel_layout.lines_for_status(text_width, width, self._metrics())

    @logged
    def _show_busy(self, busy: bool) -> None:
        self.controls["send"].setEnable(not busy)
        self.controls["stop"].setEnable(busy)
        self.controls["clear"].setEnable(not busy)
        self.controls["revert"].setEnable(not busy and self.session.revertible is not None)
        self.controls["insert"].setEnable(not busy and panel_actions.can_insert_answer(self.document, self.session))
        if not busy:
            self._refit_status()

    def _on_show_thinking(self) -> None:
        self.session.set_show_thinking(bool(self.controls["show_thinking"].getState()))

    # user actions --------------------------------------------------------------
    def on_send(self) -> None:
        """Send the input's text as a new turn (runs the event loop until it ends)."""
        text = self._input_text().strip()
        if not text or self.session.busy:
            return
        self.controls["input"].setText("")
        panel_actions.send(self.app, self.session, self.document, text)

    def _input_text(self) -> str:
        """The input's text, without the line break Enter inserted after asking to send."""
        current = self.controls["input"].getText()
        before, self._text_before_enter = self._text_before_enter, None
        if before is not None:
            text, start, end = before
            if current in (text[:start] + "\n" + text[end:], text[:start] + "\r\n" + text[end:]):
                return text
        return current

    def on_stop(self) -> None:
        """Stop the running turn."""
        self.session.stop()

    def on_key(self, event) -> None:
        """Enter in the input sends (Shift+Enter: new line); Escape is handled in escape_key.py.

        A control's key listener runs before the control handles the key and cannot
        consume it, so the view remembers the input as it was, and the send (delivered
        later, like a click) takes that text rather than the one with the new line.
        """
        log.debug("key %s (modifiers %s)", event.KeyCode, event.Modifiers)
        if event.KeyCode == RETURN and not event.Modifiers & SHIFT and self._is_input(event.Source):
            selection = self.controls["input"].getSelection()
            low, high = sorted((selection.Min, selection.Max))
            self._text_before_enter = (self.controls["input"].getText(), low, high)
            self._press("send")

    def owns_focus_source(self, source) -> bool:
        """True when a key event's source is one of this panel's controls (or the panel)."""
        if source == self.window or source == self.window.getPeer():
            return True
        return any(source == control or source == control.getPeer() for control in self.controls.values())

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
        """Detach from the session (the session lives on with the document)."""
        self.app.escape_key.unwatch(self)
        self._model_picker.dispose()
        self.approval_bar.dispose()
        self.session.transcript.unsubscribe(self._mirror.apply)
        self.session.unwatch(self._show_status, self._show_busy)
