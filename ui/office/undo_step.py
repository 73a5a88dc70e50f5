"""Undo one step of a text document without leaving thousands of places selected.

LibreOffice's undo selects every place an undone action touched. Undoing a format set on
2,400 places (a format_text on all matches, a Markdown replace all) leaves 2,400 ranges
selected, and while they stay selected each later UNO call costs ~250 ms in a 142-page
report (the views draw the selection again; a read of the body's text took 250 ms instead
of 3 ms, measured). The undo itself spent most of its time drawing them: 310 ms, against
60 ms with the views locked and one selection left before they are unlocked.

So a Writer step is undone with the views locked; when the undo leaves more than one range
selected, the user's own selection from before is put back (the first undone place when
that is gone), and only then are the views unlocked. An undo that leaves one range keeps
LibreOffice's usual selection of it. Other documents are undone as they are.
"""
from __future__ import annotations

from .log import get_logger

log = get_logger("undo_step")


def undo_step(document, manager) -> None:
    """Undo the newest step of ``manager`` (the undo manager of ``document``), as described above."""
    if not _is_text_document(document):
        manager.undo()
        return
    kept = _own_selection(document)
    document.lockControllers()
    try:
        manager.undo()
        _leave_one_selection(document, kept)
    finally:
        try:
            document.unlockControllers()
        except Exception:  # closed meanwhile: nothing left to draw
            log.warning("the views could not be unlocked after an undo", exc_info=True)


def _is_text_document(document) -> bool:
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


def _leave_one_selection(document, kept) -> None:
    try:
        controller = document.getCurrentController()
        selection = controller.getSelection() if controller is not None else None
        if not hasattr(selection, "getCount") or selection.getCount() <= 1:
            return
        if kept is None or not controller.select(kept):
            controller.getViewCursor().collapseToStart()
    except Exception:  # the undo itself went through; a selection left as it is only costs time
        log.warning("the selection could not be reduced after an undo", exc_info=True)
