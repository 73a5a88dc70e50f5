"""Listener adapters for dialog controls: each calls one Python function, logged.

LibreOffice swallows exceptions raised in listeners, so every callback goes through
:func:`~marginalia.ui.log.logged`.
"""
from __future__ import annotations

import unohelper
from com.sun.star.awt import XActionListener, XFocusListener, XItemListener, XTextListener

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
    """A list entry was chosen."""

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
