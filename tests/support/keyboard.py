"""Real keyboard input to a soffice with windows on a virtual X display, and where the focus is."""
from __future__ import annotations

import subprocess


def xdotool(display, *args):
    """Run xdotool on ``display`` (type, key, windowfocus...)."""
    return subprocess.run(["xdotool"] + list(args), env={"DISPLAY": display}, capture_output=True,
                          text=True, timeout=20)


def focus_office_window(display, doc):
    """Give the X focus to the office window of ``doc`` (keys then go to its focused control)."""
    doc.getCurrentController().getFrame().getContainerWindow().setFocus()
    found = xdotool(display, "search", "--name", "LibreOffice")
    for window in found.stdout.split():
        xdotool(display, "windowfocus", "--sync", window)
        break


def has_focus(control) -> bool:
    """True when ``control`` has the keyboard focus, as accessibility reports it.

    The state set is an ``XAccessibleStateSet`` up to LibreOffice 7.5 and a bit mask (an int) since
    7.6; the ``AccessibleStateType`` constants of the running office fit what it returns.
    """
    from com.sun.star.accessibility.AccessibleStateType import FOCUSED
    states = control.getAccessibleContext().getAccessibleStateSet()
    return bool(states & FOCUSED) if isinstance(states, int) else bool(states.contains(FOCUSED))


def focused_control(panel, names):
    """The name of the panel control that has the keyboard focus (as accessibility reports it), or None."""
    for name in names:
        if has_focus(panel.control(name)):
            return name
    return None
