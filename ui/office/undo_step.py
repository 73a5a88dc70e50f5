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

Ctrl+Z and Ctrl+Y of a turn's step come here too (:mod:`.undo_keys`). When a turn's step is
undone another way (a macro's ``undo()``, several steps at once from the toolbar's list),
:class:`AssistantStepWatch` (one per document) reduces a selection of many places to
one of them (a cursor at its start) from inside the undo, before the views draw it: 308 ms
against 66 ms for such an undo (measured, before block mode). Other documents, and the
user's own steps, are undone as LibreOffice does.
"""
from __future__ import annotations

from contextlib import contextmanager

import unohelper
from com.sun.star.document import XUndoManagerListener

from .block_selection import block_selection
from .log import get_logger

log = get_logger("undo_step")

TITLE_PREFIX = "Marginalia: "  # begins the title of every assistant's undo step


def undo_step(document, manager, redo: bool = False, many_places: bool = True) -> None:
    """Undo the newest step of ``manager`` (the undo manager of ``document``), as described above.

    With ``redo``, redo the step on top of the redo stack the same way. Without
    ``many_places`` (a step known to be small) the views are only locked: LibreOffice then
    puts the view's selection back itself (its undo keeps the view's cursors while the
    views are locked, tested), and block selection mode is not held.
    """
    step = manager.redo if redo else manager.undo
    if not is_text_document(document):
        step()
        return
    kept = _own_selection(document) if many_places else None
    document.lockControllers()
    try:
        if not many_places:
            step()
            return
        with block_selection(document) as user_in_block_mode:
            step()
        if not user_in_block_mode:  # entering the mode dropped the selection; selecting leaves the mode
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


def _select_again(document, kept) -> None:
    """Select ``kept`` again; without it, reduce a selection of many places to one."""
    try:
        controller = document.getCurrentController()
        if kept is None or controller is None or not controller.select(kept):
            _first_place_only(controller)
    except Exception:  # the undo itself went through; a selection left as it is only costs time
        log.warning("the selection could not be put back after an undo", exc_info=True)


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


class AssistantStepWatch(UndoListener):
    """Watches one Writer document's undo: an assistant's step undone or redone another way leaves one place selected.

    "Another way" is a macro's ``undo()`` or several steps at once from the toolbar's list
    (Revert, Ctrl+Z and Ctrl+Y go through :func:`undo_step`). One watch per document,
    registered by :meth:`~.undo_keys.UndoKeys.cover`; it knows an assistant's step by its
    title, as Ctrl+Z does. It reacts to undo and redo only: LibreOffice also tells every
    listener of each edit (each typed character and each inserted string fires "action
    added" and "redo cleared"), so it is :meth:`paused` while an assistant's tools edit.
    """

    def __init__(self, document, manager, on_gone):
        self._document, self._manager, self._on_gone = document, manager, on_gone

    @contextmanager
    def paused(self):
        """Stop listening while the ``with`` block runs (an assistant's tools editing the document).

        Every edit calls each undo listener twice, and a Python listener costs the edit's
        time even when it does nothing: bold on 2,400 places took 155 ms with this watch
        listening and 126 ms without (142 pages, measured).
        """
        manager = self._manager
        if self._document is None:
            yield
            return
        manager.removeUndoManagerListener(self)
        try:
            yield
        finally:
            self._listen_again(manager)

    def _listen_again(self, manager) -> None:
        try:
            manager.addUndoManagerListener(self)
        except Exception:  # the document was closed meanwhile
            log.debug("the document went while its undo watch was paused", exc_info=True)
            self.disposing(None)

    def actionUndone(self, event):
        self._one_place_if_assistants(event)

    def actionRedone(self, event):  # a redo selects every place again, as the undo did
        self._one_place_if_assistants(event)

    def _one_place_if_assistants(self, event):
        document = self._document
        if document is None or not event.UndoActionTitle.startswith(TITLE_PREFIX):
            return
        try:
            _first_place_only(document.getCurrentController())
        except Exception:  # LibreOffice would swallow it: say it, the undo itself went through
            log.warning("the selection could not be reduced after a step was undone or redone", exc_info=True)

    def disposing(self, event):  # the document's undo manager goes with the document
        document, self._document = self._document, None
        if document is not None:
            self._on_gone(document)
