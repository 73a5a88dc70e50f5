"""Small UNO listener adapters that call a Python function and log any exception.

LibreOffice silently swallows exceptions raised in listeners; every adapter here runs
its callback through :func:`~marginalia.ui.log.logged`.
"""
from __future__ import annotations

import unohelper
from com.sun.star.awt import XActionListener, XItemListener, XKeyListener, XWindowListener

from .log import logged


class ActionListener(unohelper.Base, XActionListener):
    """Calls ``callback()`` when a button is pressed."""

    def __init__(self, callback):
        self._callback = logged(callback)

    def actionPerformed(self, event):
        self._callback()

    def disposing(self, event):
        pass


class ItemListener(unohelper.Base, XItemListener):
    """Calls ``callback()`` when a checkbox or list selection changes."""

    def __init__(self, callback):
        self._callback = logged(callback)

    def itemStateChanged(self, event):
        self._callback()

    def disposing(self, event):
        pass


class ResizeListener(unohelper.Base, XWindowListener):
    """Calls ``callback(width, height)`` when a window is resized."""

    def __init__(self, callback):
        self._callback = logged(callback)

    def windowResized(self, event):
        self._callback(event.Width, event.Height)

    def windowMoved(self, event):
        pass

    def windowShown(self, event):
        pass

    def windowHidden(self, event):
        pass

    def disposing(self, event):
        pass


class KeyListener(unohelper.Base, XKeyListener):
    """Calls ``callback(event)`` for every key pressed in the control."""

    def __init__(self, callback):
        self._callback = logged(callback)

    def keyPressed(self, event):
        self._callback(event)

    def keyReleased(self, event):
        pass

    def disposing(self, event):
        pass
