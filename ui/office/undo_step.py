"""Undo one step of a text document without leaving thousands of places selected.

LibreOffice's undo selects every place an undone action touched. Undoing a format set on
2,400 places (a format_text on all matches, a Markdown replace all) leaves 2,400 ranges
selected, and while they stay selected each later UNO call costs ~250 ms in a 142-page
report (the views draw the selection again; a read of the body's text took 250 ms instead
of 3 ms, measured). The undo itself spent most of its time drawing them: 310 ms, against
60 ms with the views locked and one selection left before they are unlocked.

So the panel's Revert (and a failed tool's roll-back) undoes a Writer step with the views
locked and in block selection mode (where the undo does not make one cursor per place, whose
cost grows with the square of the places: :mod:`.block_selection`), puts the user's own
selection from before back, and only then unlocks the views.

Ctrl+Z and Ctrl+Y of a turn's step come here too (:mod:`.undo_keys`), and so do several
steps at once from the toolbar's list when one of them is an assistant's. Other documents,
the user's own steps and a macro's ``undo()`` are undone as LibreOffice does: watching for
the last would take an undo listener on the document, which LibreOffice calls at every edit,
and that made its own Replace All of 2,850 matches take 66 ms instead of 50 ms (142 pages,
measured).
"""
from __future__ import annotations

import unohelper
from com.sun.star.document import XUndoManagerListener

from .block_selection import block_selection
from .log import get_logger

log = get_logger("undo_step")

TITLE_PREFIX = "Marginalia: "  # begins the title of every assistant's undo step


def undo_step(document, manager, redo: bool = False, many_places: bool = True, steps: int = 1) -> None:
    """Undo the newest ``steps`` steps of ``manager`` (the undo manager of ``document``), as described above.

    With ``redo``, redo the steps on top of the redo stack the same way. Without
    ``many_places`` (steps known to be small) the views are only locked and block
    selection mode is not held; the user's selection is put back only if the undo left
    several places selected.
    """
    step = manager.redo if redo else manager.undo
    if not is_text_document(document):
        for _ in range(steps):
            step()
        return
    kept = _own_selection(document)
    document.lockControllers()
    try:
        if not many_places:
            for _ in range(steps):
                step()
            if _places_selected(document) > 1:
                _select_again(document, kept)
            return
        with block_selection(document, selection_after=kept):  # leaves the mode by selecting ``kept``
            for _ in range(steps):
                step()
    finally:
        try:
            document.unlockControllers()
        except Exception:  # closed meanwhile: nothing left to draw
            log.warning("the views could not be unlocked after an undo", exc_info=True)


def is_text_document(document) -> bool:
    """True for a Writer document (other documents' undo is LibreOffice's as it is)."""
    try:
        return bool(document.supportsService("com.sun.star.text.TextDocument"))
    except Exception:
        return False


def _own_selection(document):
    """A text cursor over the user's selection now (it moves with the undo's changes), or None."""
    try:
        view = document.getCurrentController().getViewCursor()
        return view.getText().createTextCursorByRange(view)
    except Exception:  # no view (a hidden document) or a selection outside text (a shape)
        return None


def _select_again(document, kept) -> None:
    """Select ``kept`` again; without it, reduce a selection of many places to one."""
    try:
        controller = document.getCurrentController()
        if kept is None or controller is None or not controller.select(kept):
            _first_place_only(controller)
    except Exception:  # the undo itself went through; a selection left as it is only costs time
        log.warning("the selection could not be put back after an undo", exc_info=True)


def _places_selected(document) -> int:
    """How many places the view has selected (1 for a cursor or a single range, 0 without a view)."""
    try:
        selection = document.getCurrentController().getSelection()
        return selection.getCount() if hasattr(selection, "getCount") else 1
    except Exception:
        return 0


def _first_place_only(controller) -> None:
    if controller is None:  # a document without a view has no selection
        return
    selection = controller.getSelection()
    if hasattr(selection, "getCount") and selection.getCount() > 1:
        controller.getViewCursor().collapseToStart()


class UndoListener(unohelper.Base, XUndoManagerListener):
    """An undo manager listener that ignores every event; subclasses handle the ones they need."""

    def undoActionAdded(self, event):
        pass

    def actionUndone(self, event):
        pass

    def actionRedone(self, event):
        pass

    def allActionsCleared(self, event):
        pass

    def redoActionsCleared(self, event):
        pass

    def resetAll(self, event):
        pass

    def enteredContext(self, event):
        pass

    def enteredHiddenContext(self, event):
        pass

    def leftContext(self, event):
        pass

    def leftHiddenContext(self, event):
        pass

    def cancelledContext(self, event):
        pass

    def disposing(self, event):
        pass
