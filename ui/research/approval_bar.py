"""The panel's approval question: the full URL and Allow once / Allow this host / Deny.

Created inside the panel window, hidden until a research tool asks; while a question
is open it takes the input field's place (the input is hidden meanwhile and comes
back with the same text when the question is answered). The panel's layout calls
:meth:`ApprovalBar.place` with the input area's rectangle on every relayout (the input
is hidden while a question is open, so the bar cannot follow it by itself); before the
first call the bar takes the input's current rectangle.

Control names (for tests and the accessibility tree): ``approval_question``,
``approval_once``, ``approval_host``, ``approval_deny``.
"""
from __future__ import annotations

from typing import Callable, Dict, Optional, Tuple

from com.sun.star.awt.PosSize import POSSIZE

from ...core.research.approval import DENY, HOST, ONCE
from ...core.i18n import _
from ..office.accessibility import is_focused
from ..office.listeners import OnAction
from ..office.log import get_logger, logged

log = get_logger("approval_bar")

QUESTION = "approval_question"
BUTTONS = (("approval_once", ONCE), ("approval_host", HOST), ("approval_deny", DENY))
GAP = 4
MIN_ROW = 24
MAX_ROW = 26
"""The buttons' height: the question needs the room more than the buttons need padding."""


def _has_focus(control) -> bool:
    """True when ``control`` (or the part of it that takes input) has the keyboard focus."""
    if control is None:
        return False
    try:
        return is_focused(control)
    except Exception:
        log.debug("no focus state for %r", control, exc_info=True)
        return False


def button_texts(purpose: str = "read") -> Dict[str, Tuple[str, str, str]]:
    """Label, short label (for a narrow panel) and tooltip of each button, in the current language."""
    if purpose == "agent":
        return {
            "approval_once": (_("Allow"), _("Allow"), _("Allow this agent until LibreOffice closes")),
            "approval_host": (_("Allow always"), _("Always"), _("Allow this agent now and after a restart")),
            "approval_deny": (_("Deny"), _("Deny"), _("Refuse; the agent is told it was denied")),
        }
    return {
        "approval_once": (_("Allow once"), _("Once"), _("Allow this one request")),
        "approval_host": (_("Allow this host"), _("This host"),
                          _("Allow every request to this host until the document is closed")),
        "approval_deny": (_("Deny"), _("Deny"), _("Refuse the request; the assistant is told it was denied")),
    }


class ApprovalBar:
    """A question with three answers, shown in place of the panel's input."""

    def __init__(self, ctx, window, covers=None):
        """
        Args:
            ctx: The component context.
            window: The panel window (an ``XControlContainer``).
            covers: The control the bar replaces while open (the input field).
        """
        self._window = window
        self._covers = covers
        self.on_dispose: Optional[Callable[[], None]] = None
        """Called once by :meth:`dispose` (the session stops showing questions here)."""
        self._rect: Optional[Tuple[int, int, int, int]] = None
        self._on_choice: Optional[Callable[[str], None]] = None
        self._question_text = ""
        self._purpose = "read"
        self.is_open = False
        self.question = _add(ctx, window, "Edit", QUESTION, {
            "MultiLine": True, "ReadOnly": True, "VScroll": True, "Tabstop": True,
            "HelpText": _("The address the assistant wants to contact")})
        self._listeners = []
        self.buttons = {}
        for name, choice in BUTTONS:
            label, _short, tip = button_texts()[name]
            self.buttons[name] = _add(ctx, window, "Button", name, {"Label": label, "HelpText": tip, "Tabstop": True})
            listener = OnAction(lambda event, choice=choice: self._choose(choice))
            self.buttons[name].addActionListener(listener)
            self._listeners.append(listener)

    @logged
    def place(self, x: int, y: int, width: int, height: int) -> None:
        """Use this rectangle (the input area's) from now on; move there at once when open."""
        self._rect = (x, y, width, height)
        if self.is_open:
            self._layout()

    @logged
    def show(self, question: str, on_choice: Callable[[str], None], purpose: str = "read") -> None:
        """Show ``question``; the user's click calls ``on_choice("once"|"host"|"deny")`` once.

        ``purpose`` (``agent`` for an MCP client) chooses the buttons' wording.
        """
        self._on_choice = on_choice
        self._purpose = purpose
        if self.is_open and question == self._question_text:
            return
        self._question_text = question
        self.question.setText(question)
        typing_here = _has_focus(self._covers)
        self.is_open = True
        self._layout()
        for control in self._controls():
            control.setVisible(True)
        if self._covers is not None:
            self._covers.setVisible(False)
        if typing_here:  # the focus was in the hidden input: give it to Deny, the safe answer to a stray Enter
            self.buttons["approval_deny"].setFocus()

    @logged
    def hide(self) -> None:
        """Hide the question and give the input its place back."""
        self._on_choice = None
        if not self.is_open:
            return
        self.is_open = False
        self._question_text = ""
        answered_here = any(_has_focus(control) for control in self._controls())
        for control in self._controls():
            control.setVisible(False)
        if self._covers is not None:
            self._covers.setVisible(True)
            if answered_here:  # answered from the keyboard: back to the message field
                self._covers.setFocus()

    def focusables(self):
        """The bar's controls in Tab order (the panel puts them where the input is)."""
        return self._controls()

    def dispose(self) -> None:
        """Stop showing questions here (the window disposes the controls)."""
        self._on_choice = None
        detach, self.on_dispose = self.on_dispose, None
        if detach is not None:
            detach()

    # internals -----------------------------------------------------------------------
    def _choose(self, choice: str) -> None:
        callback, self._on_choice = self._on_choice, None
        self.hide()
        if callback is not None:
            callback(choice)

    def _controls(self):
        return [self.question] + list(self.buttons.values())

    def _layout(self) -> None:
        x, y, width, height = self._rect or self._input_rect()
        row = max(MIN_ROW, min(MAX_ROW, max(b.getPreferredSize().Height for b in self.buttons.values())))
        self.question.setPosSize(x, y, width, max(row, height - row - GAP), POSSIZE)
        each = (width - GAP * (len(self.buttons) - 1)) // len(self.buttons)
        self._fit_labels(each)
        top = y + height - row
        for number, control in enumerate(self.buttons.values()):
            control.setPosSize(x + number * (each + GAP), top, each, row, POSSIZE)

    def _fit_labels(self, each: int) -> None:
        """The full labels when every one fits ``each`` pixels, else the short ones."""
        texts = button_texts(self._purpose)
        for name, control in self.buttons.items():
            control.getModel().Label = texts[name][0]
        fits = all(control.getPreferredSize().Width <= each for control in self.buttons.values())
        if not fits:
            for name, control in self.buttons.items():
                control.getModel().Label = texts[name][1]

    def _input_rect(self) -> Tuple[int, int, int, int]:
        if self._covers is None:
            size = self._window.getPosSize()
            return 0, 0, size.Width, size.Height
        rect = self._covers.getPosSize()
        return rect.X, rect.Y, rect.Width, rect.Height


def _add(ctx, window, kind: str, name: str, properties: dict):
    """Create a hidden ``UnoControl<kind>`` in ``window`` under ``name``."""
    smgr = ctx.ServiceManager
    model = smgr.createInstanceWithContext("com.sun.star.awt.UnoControl%sModel" % kind, ctx)
    for key, value in properties.items():
        model.setPropertyValue(key, value)
    control = smgr.createInstanceWithContext("com.sun.star.awt.UnoControl%s" % kind, ctx)
    control.setModel(model)
    window.addControl(name, control)
    control.setVisible(False)
    return control
