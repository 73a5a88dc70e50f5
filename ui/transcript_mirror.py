"""Applies transcript edits to the panel's multi-line text field."""
from __future__ import annotations

import uno

from .log import logged


def _selection(start: int, end: int):
    return uno.createUnoStruct("com.sun.star.awt.Selection", start, end)


class TranscriptMirror:
    """Keeps a read-only text control equal to a transcript, one small edit at a time."""

    def __init__(self, control):
        self._control = control
        self._length = 0

    @logged
    def reset(self, text: str) -> None:
        """Replace the whole content (used when a new panel attaches to a session)."""
        self._control.setText(text)
        self._length = len(text.encode("utf-16-le")) // 2
        self._scroll_to_end()

    @logged
    def apply(self, edit) -> None:
        """Apply one :class:`~marginalia.core.transcript.Edit`."""
        self._control.insertText(_selection(edit.start, edit.end), edit.text)
        self._length += len(edit.text.encode("utf-16-le")) // 2 - (edit.end - edit.start)
        if edit.end >= self._length - len(edit.text):
            self._scroll_to_end()

    def _scroll_to_end(self) -> None:
        self._control.setSelection(_selection(self._length, self._length))
