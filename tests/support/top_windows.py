"""The office's top-level windows found by title, their controls read and used as a user would.

The same on LibreOffice 7.4, 25.2 and 26.8, where accessibility over UNO differs: on 26.8 no
window of the toolkit (a dialog, its controls) has an accessible context; on 25.2 an accessible
``setText`` on a combo box no longer reaches the control and a read-only multi-line field is a
STATIC without a scroll pane. So:

* a window is found by the title its peer gives (a dialog's ``XDialog2.getTitle``, a message
  box's window text, which is its caption);
* labels, buttons and check boxes are read through their peer's window text;
* a field (the window peer of a field is a bare panel around the edit) is read through
  accessibility where the office offers it, otherwise by selecting and copying its text with
  the keyboard and reading the clipboard;
* everything is used with real mouse and keyboard input on the X display (xdotool): a click,
  then typing; a click on a button; a drop-down list opened and an entry chosen with the keys.

A list's entries and choice can only be read through accessibility: on 26.8 they cannot be
read at all (:func:`list_choice` and :func:`list_entries` answer None there).
"""
from __future__ import annotations

import time
import xml.etree.ElementTree as ElementTree

import unohelper
from com.sun.star.datatransfer import XTransferable

from support.keyboard import xdotool


def toolkit(ctx):
    return ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)


def title_of(window) -> str:
    """The title a top window shows ("" when it has none or is going away)."""
    try:
        if hasattr(window, "getTitle"):  # a dialog (XDialog2)
            return window.getTitle()
        # any other top window (a message box, a document's frame): the window's own text is its title;
        # on 26.8 a message box's XMessageBox offers only its CaptionText attribute, no getCaptionText()
        return str(window.getProperty("Text") or "")
    except Exception:  # closing right now
        return ""


def find_top_window(ctx, title: str):
    """The visible top window titled ``title``, or None."""
    kit = toolkit(ctx)
    for index in range(kit.getTopWindowCount()):
        window = kit.getTopWindow(index)
        try:
            if window.isVisible() and title_of(window) == title:
                return window
        except Exception:  # a window closing right now
            continue
    return None


LIST = 32  # AccessibleRole


def _text_roles():
    """The accessible roles of a field's text: TEXT, PASSWORD_TEXT, and STATIC where the office has it (25.2)."""
    import uno
    roles = []
    for name in ("TEXT", "PASSWORD_TEXT", "STATIC"):
        try:
            roles.append(uno.getConstantByName("com.sun.star.accessibility.AccessibleRole." + name))
        except Exception:  # STATIC is newer than 7.4
            continue
    return tuple(roles)


DLG = "{http://openoffice.org/2000/dialog}"


def xdl_kinds(path: str):
    """Control id -> its element in the XDL at ``path`` (``textfield``, ``text``, ``menulist``, ``button``…)."""
    return {element.get(DLG + "id"): element.tag.replace(DLG, "") for element in ElementTree.parse(path).iter()
            if element.get(DLG + "id") and element.tag != DLG + "window"}


def xdl_passwords(path: str):
    """The ids of the password fields (an echo character) in the XDL at ``path``."""
    return {element.get(DLG + "id") for element in ElementTree.parse(path).iter() if element.get(DLG + "echochar")}


def xdl_controls(top, path: str):
    """Control id -> its window in the open dialog ``top`` made from the XDL at ``path``.

    Each control is the child window where the XDL puts it: the XDL position (appfont units)
    is converted to pixels by the dialog itself (``XUnitConversion``) and compared with each
    child's position. No test hook exists in Marginalia's code.
    """
    from com.sun.star.awt import Point
    from com.sun.star.util.MeasureUnit import APPFONT
    children = [(child.getPosSize(), child) for child in top.getWindows()]
    found = {}
    for element in ElementTree.parse(path).iter():
        name = element.get(DLG + "id")
        if not name or element.tag == DLG + "window" or element.get(DLG + "left") is None:
            continue
        pixel = top.convertPointToPixel(Point(int(element.get(DLG + "left")), int(element.get(DLG + "top"))), APPFONT)
        matches = [c for rect, c in children if abs(rect.X - pixel.X) <= 2 and abs(rect.Y - pixel.Y) <= 2]
        assert len(matches) == 1, "control %s: %d windows at its place" % (name, len(matches))
        found[name] = matches[0]
    return found


def settled(top, display=None, timeout: float = 5.0, least: float = 1.0):
    """``top`` once it has stopped moving and has been shown ``least`` seconds, and (with ``display``)
    clicked once on its empty top-left corner: the first click or keys a dialog gets right after it
    shows were seen to get lost now and then, as when a window needs a click to take input."""
    started = time.monotonic()
    last = None
    while time.monotonic() - started < timeout:
        rect = top.getPosSize()
        now = (rect.X, rect.Y, rect.Width, rect.Height)
        if now == last and time.monotonic() - started >= least:
            if display:
                xdotool(display, "mousemove", str(rect.X + 2), str(rect.Y + 2), "sleep", "0.05", "click", "1")
                time.sleep(0.3)
            return top
        last = now
        time.sleep(0.2)
    return top


def control_text(peer) -> str:
    """A label's, button's or check box's text, as shown (no ``~``)."""
    return str(peer.getProperty("Text") or "").replace("~", "")


def accessible(peer):
    """The accessible context of a control's window, or None where the office gives none (26.8)."""
    try:
        return peer.getAccessibleContext()
    except AttributeError:
        return None


def _below(context, fits):
    """The first accessible at or below ``context`` that ``fits``, breadth first (None when none)."""
    pending = [context]
    while pending:
        found = pending.pop(0)
        if fits(found):
            return found
        pending += [found.getAccessibleChild(i).getAccessibleContext() for i in range(found.getAccessibleChildCount())]
    return None


def field_text(display, ctx, top, peer) -> str:
    """A field's text: through accessibility where it reads, else selected and copied with the keyboard."""
    context = accessible(peer)
    roles = _text_roles()
    text = context and _below(context, lambda c: c.getAccessibleRole() in roles and hasattr(c, "getText"))
    if text:
        return text.getText()
    return copied_text(display, ctx, top, peer)


def copied_text(display, ctx, top, peer) -> str:
    """Click in a field, select all, copy, and read the system clipboard (as a user pasting it elsewhere)."""
    clipboard = ctx.ServiceManager.createInstanceWithContext("com.sun.star.datatransfer.clipboard.SystemClipboard",
                                                             ctx)
    clipboard.setContents(_Empty(), None)
    click(display, top, peer, at_left=True)
    xdotool(display, "key", "ctrl+a", "ctrl+c")
    time.sleep(0.1)
    contents = clipboard.getContents()
    for flavor in contents.getTransferDataFlavors() if contents is not None else ():
        if flavor.MimeType.startswith("text/plain;charset=utf-16"):
            return contents.getTransferData(flavor)
    return ""  # nothing selected to copy: the field is empty


def list_entries(peer):
    """A list's or combo box's entries, or None where the office gives the control no accessible context (26.8)."""
    context = accessible(peer)
    if context is None:
        return None
    entries = _below(context, lambda c: c.getAccessibleRole() == LIST)
    return [entries.getAccessibleChild(i).getAccessibleContext().getAccessibleName()
            for i in range(entries.getAccessibleChildCount())] if entries else []


def list_choice(peer):
    """A drop-down list's chosen entry, or None where the office gives the control no accessible context (26.8).

    Nothing else reads it there: the list's window peer is a bare window (no ``XListBox``, an empty
    ``Text``), and a list's choice cannot be selected and copied."""
    context = accessible(peer)
    if context is None:
        return None
    roles = _text_roles()
    shown = _below(context, lambda c: c.getAccessibleRole() in roles and hasattr(c, "getText"))
    return shown.getText() if shown else ""


def screen_rect(top, control):
    """``(x, y, width, height)`` of ``control`` (a child of ``top``) on the screen.

    Top windows have no decorations on the test display (no window manager), so a top
    window's position is where its contents start on the screen.
    """
    outer, inner = top.getPosSize(), control.getPosSize()
    return outer.X + inner.X, outer.Y + inner.Y, inner.Width, inner.Height


def click(display, top, control, at_left: bool = False) -> None:
    """Click ``control`` in its middle (``at_left``: near its left end, in a combo box's entry part)."""
    x, y, width, height = screen_rect(top, control)
    x += min(20, width // 2) if at_left else width // 2
    y += height // 2
    # moving onto the spot (not just being there already) makes the office see the pointer arrive
    xdotool(display, "mousemove", str(x - 3), str(y - 3), "sleep", "0.05", "mousemove", str(x), str(y),
            "sleep", "0.05", "click", "1")
    time.sleep(0.1)


def type_into(display, top, control, text: str) -> None:
    """Replace a field's text by typing, as a user does: click in it, select all, type."""
    click(display, top, control, at_left=True)
    xdotool(display, "key", "ctrl+a", "BackSpace")
    if text:
        # 20 ms between keys: at 2 ms the second of two equal characters was now and then lost on a busy machine
        # (seen on 26.8: 'http:/127.0.0.1…' for 'http://127.0.0.1…', three times in a row)
        xdotool(display, "type", "--delay", "20", text)
    time.sleep(0.2)  # let the office handle the last key


def choose(display, top, control, entries, entry: str) -> None:
    """Choose ``entry`` (of the list's ``entries``, in order) by opening the list and moving there with the keys."""
    click(display, top, control)
    xdotool(display, "key", "Home", *(["Down"] * list(entries).index(entry) + ["Return"]))
    time.sleep(0.2)


class _Empty(unohelper.Base, XTransferable):
    """Clipboard contents with no data (so a copy that copied nothing is told from an old copy)."""

    def getTransferData(self, flavor):
        return None

    def getTransferDataFlavors(self):
        return ()

    def isDataFlavorSupported(self, flavor):
        return False
