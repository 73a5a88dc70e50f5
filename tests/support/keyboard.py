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


def focused_control(panel, names):
    """The name of the panel control that has the keyboard focus (as accessibility reports it), or None."""
    from com.sun.star.accessibility.AccessibleStateType import FOCUSED
    for name in names:
        if panel.control(name).getAccessibleContext().getAccessibleStateSet().contains(FOCUSED):
            return name
    return None
