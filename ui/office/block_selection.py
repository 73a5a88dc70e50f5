"""Writer's block selection mode, held for the length of an undo so that it costs what it changes.

LibreOffice's undo of a format asks the view for a new cursor for each place it restores
(``SwCursorShell::CreateNewShellCursor``, called by the undo of every attribute change).
A new cursor is made whenever the view's current selection is not empty, and making one
walks every cursor made before it (``ClearUpCursors`` in ``UpdateCursor``): undoing a
format on N places walks N²/2 cursors. In block selection mode the view checks the
block's selection instead, which stays empty, so the undo keeps reusing one cursor.

Measured on the benchmark's 473-page report (``scripts/bench_writer.py``), with the views
locked either way: undoing a format_text on all 8,000 matches took 565 ms in the usual
mode and 41 ms in block mode; undoing a Markdown replace all 1,827 ms and 142 ms; at 142
pages 63 against 17 ms and 122 against 50 ms. Text and bold of every run came back the
same either way.

Entering the mode drops the view's selection. The mode is left by selecting the user's own
selection again through the API (which leaves block mode), never by the command: after an
undo that removed inserted content (a section with a table, say) the command copies the
block's cursor, which still points into the removed text, back to the view, and LibreOffice
7.4 aborts at the next read of the selection (``SwXTextRange::SetPositions``; reproduced
with 5 inserted sections, with and without a table). Selecting a range sets the view's
cursor afresh and reads nothing of the old one.

A user already in block mode is left in it (and with the selection the undo leaves: reading
it is safe while the mode holds); when the mode's state cannot be read the view is left as
it is, and the undo only takes longer.
"""
from __future__ import annotations

import unohelper
from com.sun.star.frame import XStatusListener

from .dispatch import command_url, dispatch, frame_of
from .log import get_logger

log = get_logger("block_selection")

COMMAND = ".uno:SelectionModeBlock"


class block_selection:  # noqa: N801  (used as a ``with`` statement, like ``open``)
    """Hold ``document``'s view in block selection mode inside a ``with`` block (see the module).

    On leaving the block the mode is left by selecting ``selection_after`` (a text range, the
    user's selection from before; the start of the body text when it is None or cannot be
    selected). ``with`` gives True when the user had the view in block mode already (it is
    then left so, with the selection the block leaves). A class, not a ``contextlib``
    generator: that one sets ``__traceback__`` on an exception passing through it, which
    pyuno's exceptions refuse, turning an undo's error into another.
    """

    def __init__(self, document, selection_after=None):
        self._document = document
        self._frame = frame_of(document)
        self._after = selection_after
        self._entered = False

    def __enter__(self) -> bool:
        before = None if self._frame is None else _block_mode(self._frame)
        self._entered = before is False and _set_block_mode(self._frame, True)
        return before is True

    def __exit__(self, *exception) -> bool:
        if self._entered:
            _leave_by_selecting(self._document, self._after)
        return False


class _ModeState(unohelper.Base, XStatusListener):
    """Receives the mode's state, which LibreOffice sends as soon as the listener is added."""

    def __init__(self):
        self.block = None

    def statusChanged(self, event):
        if event.IsEnabled and isinstance(event.State, bool):
            self.block = event.State

    def disposing(self, event):
        pass


def _block_mode(frame):
    """True or False as the view is in block mode or not; None when that cannot be learnt."""
    try:
        url = command_url(COMMAND)
        mode_command = frame.queryDispatch(url, "", 0)
        if mode_command is None:
            return None
        state = _ModeState()
        mode_command.addStatusListener(state, url)
        mode_command.removeStatusListener(state, url)
        return state.block
    except Exception:
        log.warning("could not read the view's selection mode", exc_info=True)
        return None


def _leave_by_selecting(document, selection) -> None:
    """Leave block mode by selecting ``selection``, else the start of the body text (see the module)."""
    controller = document.getCurrentController()
    for place in (selection, document.getText().getStart()):
        try:
            if place is not None and controller.select(place):
                return
        except Exception:  # a range the undo removed: try the next
            log.warning("could not select a place to leave block selection mode", exc_info=True)
    log.warning("block selection mode could not be left by a selection; the view stays in it")


def _set_block_mode(frame, on: bool) -> bool:
    try:
        dispatch(frame, COMMAND, {"SelectionModeBlock": on})
        return True
    except Exception:
        log.warning("could not %s block selection mode", "enter" if on else "leave", exc_info=True)
        return False
