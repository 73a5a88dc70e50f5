"""Drive Marginalia's modal settings dialog in a real office, as a user would.

The technique (a modal dialog must not block the test):

1. open it with the real command: ``DispatchHelper.executeDispatch(frame,
   "org.marginalia:Settings")``. Marginalia's handler posts the opening to the office's
   main thread (``AsyncCallback``), so the dispatch returns at once (no test thread is
   needed; pyuno calls from extra test threads proved unreliable), and the dialog then
   runs its modal loop on the main thread exactly as after a menu click;
2. find the dialog among the toolkit's top windows by its title (tests/support/top_windows.py);
3. find each control among the dialog window's child windows by where the XDL puts it:
   the XDL position (appfont units) is converted to pixels by the dialog itself
   (``XUnitConversion``) and compared with each child's position. No test hook exists
   in Marginalia's code;
4. read each control through its peer (a field's ``XTextComponent``, a list's ``XListBox``,
   a label's text) and use it with real input on the X display (xdotool): a click in a
   field, then typing; a click on a button or a check box; a list opened and an entry
   chosen with the keys. The same on LibreOffice 7.4, 25.2 and 26.8, where accessibility
   differs (see top_windows.py).

A modal dialog only runs with real windows (headless LibreOffice cancels dialogs), so
these tests use the ``gui_office`` fixture (Xvfb).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import time

from support.panel import wait_until
from support.top_windows import (choose, click, control_text, field_text, find_top_window as _find, list_choice,
                                 list_entries, settled, type_into, xdl_controls, xdl_kinds, xdl_passwords)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
XDL = os.path.join(ROOT, "extension", "dialogs", "Settings.xdl")
TITLE = "Marginalia Settings"
XDOTOOL = shutil.which("xdotool")


def find_top_window(ctx, title: str = TITLE):
    """The open settings dialog (visible: execute() has begun, after the fields were filled), or None."""
    return _find(ctx, title)


def dispatch(ctx, frame, url: str) -> None:
    helper = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", ctx)
    helper.executeDispatch(frame, url, "", 0, ())


class SettingsDialogDriver:
    """The open settings dialog."""

    def __init__(self, ctx, window, display=None):
        self.shown_after = 0.0
        """Seconds from the Settings command to the dialog showing (set by :meth:`open`)."""
        self.ctx, self.window, self.display = ctx, settled(window, display), display
        self._controls = xdl_controls(window, XDL)
        self._kinds = xdl_kinds(XDL)
        self._passwords = xdl_passwords(XDL)

    @classmethod
    def open(cls, ctx, doc, display=None, timeout: float = 15.0) -> "SettingsDialogDriver":
        assert find_top_window(ctx) is None, "a settings dialog is already open"
        frame = doc.getCurrentController().getFrame()
        started = time.monotonic()
        dispatch(ctx, frame, "org.marginalia:Settings")  # returns at once: the dialog opens later
        assert time.monotonic() - started < 5, "the Settings dispatch waited for the dialog"
        window = wait_until(lambda: find_top_window(ctx), timeout, message="the settings dialog")
        shown_after = time.monotonic() - started
        driver = cls(ctx, window, display)
        driver.shown_after = shown_after
        return driver

    def control(self, name: str):
        """The control's window peer (its position, size, enabled state, text)."""
        return self._controls[name]

    def text(self, name: str) -> str:
        """A field's text, a label's or button's text, or a drop-down list's chosen entry."""
        kind, control = self._kinds[name], self.control(name)
        if kind in ("textfield", "combobox"):
            return field_text(self.display, self.ctx, self.window, control)
        if kind == "menulist":
            return self.selected(name)
        return control_text(control)

    def set_text(self, name: str, text: str, attempts: int = 3) -> None:
        """Type ``text`` into a field (single- or multi-line, or a combo box's entry), replacing what it holds.

        Returns once the field reads ``text`` (a password field, which cannot be read, after a moment).
        On a busy machine a dialog that has just shown now and then drops the first keys: then the
        text is typed again, as a user would.
        """
        self._require_display()
        read = []
        for _ in range(attempts):
            type_into(self.display, self.window, self.control(name), text)
            if name in self._passwords:
                return
            try:
                wait_until(lambda: read.append(self.text(name)) or read[-1] == text, 5)
                return
            except AssertionError:
                continue
        raise AssertionError("%s reads %r after typing %r %d times" % (name, read[-1], text, attempts))

    def move_pointer_away(self) -> None:
        """Park the mouse pointer in the screen's corner (tooltips vanish)."""
        if XDOTOOL and self.display:
            subprocess.run([XDOTOOL, "mousemove", "1279", "899"], env=dict(os.environ, DISPLAY=self.display),
                           check=True, timeout=30)
            time.sleep(0.5)

    def press(self, name: str) -> None:
        """Click a button or a check box (near its left end: on a check box's box or first words)."""
        self._require_display()
        click(self.display, self.window, self.control(name), at_left=True)

    def enabled(self, name: str) -> bool:
        return bool(self.control(name).isEnabled())

    def items(self, name: str):
        """A list's or combo box's entries (None where the office lets nothing read them: 26.8)."""
        return list_entries(self.control(name))

    def select(self, name: str, label: str) -> None:
        """Choose ``label`` in a drop-down list (its entries from the XDL's list, or as read)."""
        self._require_display()
        choose(self.display, self.window, self.control(name), self.items(name) or self._entries(name), label)

    @staticmethod
    def _entries(name: str):
        """The entries the dialog fills a list with (English), for where they cannot be read."""
        assert name in ("preset", "pictures"), "no known entries for %s" % name
        if name == "pictures":
            from marginalia.ui.settings.texts import picture_choices
            return list(picture_choices())
        from marginalia.core.llm.endpoints import PRESETS
        return [preset.label for preset in PRESETS.values()]

    def selected(self, name: str):
        """A drop-down list's chosen entry (None where the office lets nothing read it: 26.8)."""
        return list_choice(self.control(name))

    def _require_display(self) -> None:
        assert XDOTOOL and self.display, "real input needs xdotool and the X display"

    def wait_text(self, name: str, predicate, timeout: float = 15.0) -> str:
        return wait_until(lambda: (lambda t: t if predicate(t) else None)(self.text(name)), timeout,
                          message="%s to show the expected text (now %r)" % (name, self.text(name)))

    @property
    def is_open(self) -> bool:
        return find_top_window(self.ctx) is not None

    def wait_closed(self, timeout: float = 10.0) -> None:
        wait_until(lambda: not self.is_open, timeout, message="the settings dialog to close")

    def close(self) -> None:
        """Cancel the dialog if it is still open."""
        if self.is_open:
            self.press("cancel")
            self.wait_closed()
