"""Undo one step of a text document without leaving thousands of places selected, never crashing.

LibreOffice's undo selects every place an undone action touched. Undoing a format set on
2,400 places (a format_text on all matches, a Markdown replace all) leaves 2,400 ranges
selected, and while they stay selected each later UNO call costs ~250 ms in a 142-page
report (the views draw the selection again; a read of the body's text took 250 ms instead
of 3 ms, measured). The undo itself spent most of its time drawing them: 310 ms, against
60 ms with the views locked and one selection left before they are unlocked.

But with the views locked, LibreOffice's undo keeps the view's cursor where it was and puts
it back afterwards (``sw::UndoManager::impl_DoUndoRedo``: "in case the model has controllers
locked, the Undo should not change the view cursors"), and a cursor kept in text the undo
removes is left pointing into nothing: LibreOffice 7.4 then aborted at the next read of the
selection or when the views were unlocked (issue 30, found again by ``make test-crash``).
Unlocked, the undo first drops the view's cursors, which is safe. So a step is undone in one
of three ways, by what it holds:

* **changes in place** (text and formats inside existing paragraphs, ``TurnStep.in_place``):
  the views locked, and, for a step that may have touched many places, block selection mode
  held (where the undo does not make one cursor per place, whose cost grows with the square
  of the places: :mod:`.block_selection`); the user's own selection is put back before the
  views are unlocked;
* **anything else** (added or removed paragraphs, tables, objects; or not known): the views
  left unlocked, then the user's own selection put back (or the start of the text, when the
  undo removed the place it was in).

The panel's Revert and a failed tool's roll-back come here, and Ctrl+Z and Ctrl+Y of a turn's
step (:mod:`.undo_keys`), also several steps at once from the toolbar's list when one of them
is an assistant's. Other documents, the user's own steps and a macro's ``undo()`` are undone
as LibreOffice does: watching for the last would take an undo listener on the document, which
LibreOffice calls at every edit, and that made its own Replace All of 2,850 matches take 66 ms
instead of 50 ms (142 pages, measured).
"""
from __future__ import annotations

import unohelper
from com.sun.star.document import XUndoManagerListener

from .block_selection import block_selection
from .log import get_logger

log = get_logger("undo_step")

TITLE_PREFIX = "Marginalia: "  # begins the title of every assistant's undo step


def undo_step(document, manager, redo: bool = False, steps: int = 1, in_place: bool = False,
              many_places: bool = False) -> None:
    """Undo the newest ``steps`` steps of ``manager`` (the undo manager of ``document``), as described above.

    With ``redo``, redo the steps on top of the redo stack the same way. ``in_place``: every
    change of the steps stayed inside existing paragraphs; ``many_places`` (with ``in_place``):
    they may have touched many places, so block selection mode is held.
    """
    step = manager.redo if redo else manager.undo
    if not is_text_document(document):
        for _ in range(steps):
            step()
        return
    kept = _own_selection(document)
    if not in_place:
        for _ in range(steps):
            step()
        _select_again(document, kept, always=True)
        return
    document.lockControllers()
    try:
        if many_places:
            with block_selection(document, selection_after=kept):  # leaves the mode by selecting ``kept``
                for _ in range(steps):
                    step()
            return
        for _ in range(steps):
            step()
        if _places_selected(document) > 1:
            _select_again(document, kept)
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


def _select_again(document, kept, always: bool = False) -> None:
    """Select ``kept`` again; without it, reduce a selection of many places to one (``always``:
    select the start of the text instead, never reading the selection the undo left)."""
    try:
        controller = document.getCurrentController()
        if controller is None or (kept is not None and controller.select(kept)):
            return
        if always:
            controller.select(document.getText().getStart())
        else:
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
