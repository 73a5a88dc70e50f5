"""Listener adapters for controls and windows: each calls one Python function with the event, logged.

LibreOffice silently swallows exceptions raised in listeners, so every callback goes
through :func:`~marginalia.ui.office.log.logged`.
"""
from __future__ import annotations

import unohelper
from com.sun.star.awt import (XActionListener, XFocusListener, XItemListener, XKeyListener, XTextListener,
                              XWindowListener)

from .log import logged


class _Callback(unohelper.Base):
    def __init__(self, callback):
        self._callback = callback

    def disposing(self, event):
        self._callback = None

    @logged
    def _call(self, event):
        if self._callback is not None:
            self._callback(event)


class OnAction(_Callback, XActionListener):
    """A button was pressed."""

    def actionPerformed(self, event):
        self._call(event)


class OnItem(_Callback, XItemListener):
    """A checkbox changed or a list entry was chosen."""

    def itemStateChanged(self, event):
        self._call(event)


class OnText(_Callback, XTextListener):
    """A text field changed (every keystroke)."""

    def textChanged(self, event):
        self._call(event)


class OnFocusLost(_Callback, XFocusListener):
    """A control lost the focus (the user moved on)."""

    def focusGained(self, event):
        pass

    def focusLost(self, event):
        self._call(event)


class OnKey(_Callback, XKeyListener):
    """A key was pressed in a control (the control handles the key afterwards)."""

    def keyPressed(self, event):
        self._call(event)

    def keyReleased(self, event):
        pass


class OnResize(_Callback, XWindowListener):
    """A window was resized (the event carries its new Width and Height)."""

    def windowResized(self, event):
        self._call(event)

    def windowMoved(self, event):
        pass

    def windowShown(self, event):
        pass

    def windowHidden(self, event):
        pass


class OnHidden(_Callback, XWindowListener):
    """A window was hidden (a dialog does so when it ends)."""

    def windowResized(self, event):
        pass

    def windowMoved(self, event):
        pass

    def windowShown(self, event):
        pass

    def windowHidden(self, event):
        self._call(event)
