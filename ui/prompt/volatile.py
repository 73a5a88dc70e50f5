"""A cell's live PROMPT result (``com.sun.star.sheet.XVolatileResult``): pending now, the answer later."""
from __future__ import annotations

from typing import List

import uno
import unohelper
from com.sun.star.sheet import XVolatileResult

from ..office.log import get_logger, logged

log = get_logger("prompt")


class VolatileResult(unohelper.Base, XVolatileResult):
    """Calc listens to it; :meth:`set` (on the main thread) updates every cell showing it."""

    def __init__(self, value):
        self._value = value
        self._listeners: List = []

    @property
    def value(self):
        """What the cells show now."""
        return self._value

    def set(self, value) -> None:
        """Show ``value`` in every listening cell (call on the office's main thread)."""
        self._value = value
        for listener in list(self._listeners):
            self._notify(listener)

    def _notify(self, listener) -> None:
        event = uno.createUnoStruct("com.sun.star.sheet.ResultEvent")
        event.Source, event.Value = self, self._value
        try:
            listener.modified(event)
        except Exception:
            log.warning("a PROMPT cell could not be updated; it is forgotten", exc_info=True)
            self._forget(listener)

    def _forget(self, listener) -> None:
        self._listeners = [known for known in self._listeners if known != listener]

    # XVolatileResult
    @logged
    def addResultListener(self, listener):
        self._listeners.append(listener)
        self._notify(listener)  # Calc takes the current value from this first call

    @logged
    def removeResultListener(self, listener):
        self._forget(listener)
