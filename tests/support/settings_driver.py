"""Drive Marginalia's modal settings dialog in a real office, as a user would.

The technique (a modal dialog must not block the test):

1. open it with the real command: ``DispatchHelper.executeDispatch(frame,
   "org.marginalia:Settings")``. Marginalia's handler posts the opening to the office's
   main thread (``AsyncCallback``), so the dispatch returns at once (no test thread is
   needed; pyuno calls from extra test threads proved unreliable), and the dialog then
   runs its modal loop on the main thread exactly as after a menu click;
2. find the dialog among the toolkit's top windows by its title;
3. find each control among the dialog window's child windows by where the XDL puts it:
   the XDL position (appfont units) is converted to pixels by the dialog itself
   (``XUnitConversion``) and compared with each child's position. No test hook exists
   in Marginalia's code;
4. use each control through its accessibility interface, as a screen reader does (the
   child windows are plain window peers; a field sits in a panel whose accessible child
   is the edit, named after its label): ``XAccessibleEditableText.setText`` types (it
   fires the same modify events as typing), ``XAccessibleSelection.selectAccessibleChild``
   on a list chooses an entry (it fires the select handler), and ``doAccessibleAction(0)``
   presses a button (a click: the handler runs later on the main thread);
5. multi-line fields expose no text to accessibility in this VCL backend, so they are
   used with real input on the X display (xdotool): a click in the field, then typing,
   or Ctrl+A Ctrl+C and reading the system clipboard through UNO.

A modal dialog only runs with real windows (headless LibreOffice cancels dialogs), so
these tests use the ``gui_office`` fixture (Xvfb).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import time
import xml.etree.ElementTree as ElementTree

from support.panel import wait_until

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
XDL = os.path.join(ROOT, "extension", "dialogs", "Settings.xdl")
TITLE = "Marginalia Settings"
DLG = "{http://openoffice.org/2000/dialog}"
LABEL, LIST, PASSWORD_TEXT, PUSH_BUTTON, SCROLL_PANE, TEXT = 30, 32, 42, 44, 51, 60  # AccessibleRole
XDOTOOL = shutil.which("xdotool")


def xdl_positions():
    """Control id -> (left, top) in appfont units, from the dialog's XDL."""
    tree = ElementTree.parse(XDL)
    return {element.get(DLG + "id"): (int(element.get(DLG + "left")), int(element.get(DLG + "top")))
            for element in tree.iter() if element.get(DLG + "id") and element.get(DLG + "left")
            and element.tag != DLG + "window"}


def find_top_window(ctx, title: str = TITLE):
    toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    for index in range(toolkit.getTopWindowCount()):
        window = toolkit.getTopWindow(index)
        try:
            if window.getAccessibleContext().getAccessibleName() == title and window.isVisible():
                return window  # visible: execute() has begun, after the fields were filled
        except Exception:  # a window closing right now
            continue
    return None


def dispatch(ctx, frame, url: str) -> None:
    helper = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", ctx)
    helper.executeDispatch(frame, url, "", 0, ())


class SettingsDialogDriver:
    """The open settings dialog."""

    def __init__(self, ctx, window, display=None):
        self.ctx, self.window, self.display = ctx, window, display
        self._controls = self._map_controls()

    @classmethod
    def open(cls, ctx, doc, display=None, timeout: float = 15.0) -> "SettingsDialogDriver":
        assert find_top_window(ctx) is None, "a settings dialog is already open"
        frame = doc.getCurrentController().getFrame()
        started = time.monotonic()
        dispatch(ctx, frame, "org.marginalia:Settings")  # returns at once: the dialog opens later
        assert time.monotonic() - started < 5, "the Settings dispatch waited for the dialog"
        window = wait_until(lambda: find_top_window(ctx), timeout, message="the settings dialog")
        return cls(ctx, window, display)

    def _map_controls(self):
        from com.sun.star.awt import Point
        from com.sun.star.util.MeasureUnit import APPFONT
        children = [(child.getPosSize(), child) for child in self.window.getWindows()]
        found = {}
        for name, (left, top) in xdl_positions().items():
            pixel = self.window.convertPointToPixel(Point(left, top), APPFONT)
            matches = [c for rect, c in children if abs(rect.X - pixel.X) <= 2 and abs(rect.Y - pixel.Y) <= 2]
            assert len(matches) == 1, "control %s: %d windows at its place" % (name, len(matches))
            found[name] = matches[0]
        return found

    def control(self, name: str):
        """The control's window (for position, size and enabled state)."""
        return self._controls[name]

    def _accessible(self, name: str, *roles: int):
        """The first accessible at or below the control with one of ``roles``."""
        pending = [self.control(name).getAccessibleContext()]
        while pending:
            context = pending.pop(0)
            if context.getAccessibleRole() in roles:
                return context
            pending += [context.getAccessibleChild(i).getAccessibleContext()
                        for i in range(context.getAccessibleChildCount())]
        raise AssertionError("control %s has no accessible of role %s" % (name, roles))

    def text(self, name: str) -> str:
        """A field's text, a label's text or a list's shown entry."""
        context = self.control(name).getAccessibleContext()
        if context.getAccessibleRole() in (LABEL, PUSH_BUTTON):
            return context.getAccessibleName()
        if self._is_multiline(name):
            return self._copy_text(name)
        return self._accessible(name, TEXT, PASSWORD_TEXT).getText()

    def set_text(self, name: str, text: str) -> None:
        if self._is_multiline(name):
            self._xdotool(name, "key", "ctrl+a", "BackSpace", "type", "--delay", "2", text)
            return
        assert self._accessible(name, TEXT, PASSWORD_TEXT).setText(text)

    # -- multi-line fields: real input -------------------------------------------------

    def _is_multiline(self, name: str) -> bool:
        context = self.control(name).getAccessibleContext()
        children = [context.getAccessibleChild(i).getAccessibleContext().getAccessibleRole()
                    for i in range(context.getAccessibleChildCount())]
        return SCROLL_PANE in children

    def _xdotool(self, name: str, *commands: str) -> None:
        assert XDOTOOL and self.display, "multi-line fields need xdotool and the X display"
        context = self.control(name).getAccessibleContext()
        where, size = context.getLocationOnScreen(), context.getSize()
        x, y = where.X + min(20, size.Width // 2), where.Y + min(10, size.Height // 2)
        env = dict(os.environ, DISPLAY=self.display)
        subprocess.run([XDOTOOL, "mousemove", str(x), str(y), "click", "1", "sleep", "0.2"] + list(commands),
                       env=env, check=True, timeout=60)
        time.sleep(0.2)  # let the office handle the last key

    def move_pointer_away(self) -> None:
        """Park the mouse pointer in the screen's corner (tooltips vanish)."""
        if XDOTOOL and self.display:
            subprocess.run([XDOTOOL, "mousemove", "1279", "899"], env=dict(os.environ, DISPLAY=self.display),
                           check=True, timeout=30)
            time.sleep(0.5)

    def _copy_text(self, name: str) -> str:
        self._xdotool(name, "key", "ctrl+a", "ctrl+c")
        clipboard = self.ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.datatransfer.clipboard.SystemClipboard", self.ctx)
        contents = clipboard.getContents()
        for flavor in contents.getTransferDataFlavors():
            if flavor.MimeType.startswith("text/plain;charset=utf-16"):
                return contents.getTransferData(flavor)
        return ""

    def press(self, name: str) -> None:
        assert self.control(name).getAccessibleContext().doAccessibleAction(0)

    def enabled(self, name: str) -> bool:
        return bool(self.control(name).isEnabled())

    def items(self, name: str):
        entries = self._accessible(name, LIST)
        return [entries.getAccessibleChild(i).getAccessibleContext().getAccessibleName()
                for i in range(entries.getAccessibleChildCount())]

    def select(self, name: str, label: str) -> None:
        self._accessible(name, LIST).selectAccessibleChild(self.items(name).index(label))

    def selected(self, name: str) -> str:
        return self.text(name)

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
