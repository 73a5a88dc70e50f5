"""Changing a page style so that one Ctrl+Z takes it back, without touching the rest of the undo history.

LibreOffice 7.4 records no undo step for a page style changed through the API, and worse, it
deletes the whole undo history first (``SwXPageStyle``: "as long as Undo of page styles with
header/footer causes trouble"). Its own undo of a header switched on (the menu's, recorded as
"Header/footer changed") crashed the office at the next undo or redo (measured, through the
API's undo and inside an undo context; a header switched off, or a first page made to share its
header again, left "!!br0ken!!" in the text after undo and redo). So a page style is changed here
with the document's undo manager locked (nothing is recorded and nothing deleted), and an undo
action of our own that sets the old values back (and the new ones on redo) joins the open undo
context. Headers and footers are created at the end of their part of the document, so switching
one on and off again in reverse order leaves every other position as it was: undone and redone
20 times with text typed into the new header meanwhile, the text stayed right (measured).
Switching a header off deletes its text, whose positions an undo cannot restore: callers refuse it.

A paragraph that starts a page style is set the same way (:func:`start_page_style`): LibreOffice's
own undo keeps the page style the paragraph named by its object, and the undo of the turn that made
that style deletes it, so its redo brought the paragraph back naming "Default Page Style" instead
of the style made anew (measured). Our action names the style by name and finds the paragraph by its
number, which is the same whenever it runs: every step after it is undone first, every step before
it is redone first.
"""
from __future__ import annotations

from typing import Sequence

import unohelper
from com.sun.star.document import XUndoAction

from ..office.log import get_logger
from .blocks import block_at, body_blocks

log = get_logger("writer.page_undo")


class PageStyleUndo(unohelper.Base, XUndoAction):
    """Sets a page style's properties back (undo) or again (redo), in one call each (see :func:`set_together`).

    The style is looked up by name each time: the undo of a turn that made the style deletes it,
    and its redo makes a new one (the object of the old one then pointed into freed memory: setting
    a property through it aborted LibreOffice, found by the crash hunt).
    """

    def __init__(self, title: str, family, name: str, names: Sequence[str], before: Sequence, after: Sequence):
        self.Title = title
        self._family = family
        self._name = name
        self._steps = list(zip(names, before, after))

    def undo(self):
        self._set([(name, old) for name, old, _new in self._steps], "undo")

    def redo(self):
        self._set([(name, new) for name, _old, new in self._steps], "redo")

    def _set(self, values, what: str) -> None:
        # LibreOffice runs this with undo disabled, so the API does not clear the history here
        try:
            if not self._family.hasByName(self._name):
                log.warning("the %s of %s found no page style %s", what, self.Title, self._name)
                return
            set_together(self._family.getByName(self._name), values)
        except Exception:  # LibreOffice would swallow it: log it
            log.exception("the %s of %s failed", what, self.Title)


class PageStartUndo(unohelper.Base, XUndoAction):
    """Sets the page style that block ``number`` starts back (undo) or again (redo)."""

    def __init__(self, title: str, document, number: int, before: str, after: str):
        self.Title = title
        self._document = document
        self._number = number
        self._before, self._after = before, after

    def undo(self):
        self._set(self._before, "undo")

    def redo(self):
        self._set(self._after, "redo")

    def _set(self, name: str, what: str) -> None:
        try:
            block = block_at(body_blocks(self._document), self._number)
            block.obj.setPropertyValue("PageDescName", name)
        except Exception:  # LibreOffice would swallow it: log it
            log.exception("the %s of %s failed", what, self.Title)


def start_page_style(document, block, name: str, title: str) -> None:
    """Make ``block`` (a :class:`~.blocks.Block` of the body) start a new page with the page style ``name``
    ("": with none) as one undoable action that finds the style by name."""
    manager = document.getUndoManager()
    before = block.obj.getPropertyValue("PageDescName") or ""
    manager.lock()
    try:
        block.obj.setPropertyValue("PageDescName", name)
    finally:
        manager.unlock()
    manager.addUndoAction(PageStartUndo(title, document, block.number, before, name))


def change_page_style(document, style, changes: dict, title: str) -> None:
    """Set ``changes`` (property name → value, in order) on the page ``style`` as one undoable action.

    Whatever was set before a failure stays undoable: the action holds the values read afterwards.
    """
    changes = _keeping_first_page(style, changes)
    names = list(changes)
    manager = document.getUndoManager()
    manager.lock()
    try:
        before = list(style.getPropertyValues(tuple(names)))
        try:
            set_together(style, list(changes.items()))
        finally:
            after = list(style.getPropertyValues(tuple(names)))
    finally:
        manager.unlock()
    family = document.getStyleFamilies().getByName("PageStyles")
    manager.addUndoAction(PageStyleUndo(title, family, style.getName(), names, before, after))


def set_together(style, values) -> None:
    """Set ``(name, value)`` pairs on a page style in one call, in their order (void values left out).

    One call, because LibreOffice applies a header or footer switched on with the sharing flags it
    had by default: set alone, ``HeaderIsOn`` made the first page share its footer again, and the first
    page's own footer text was lost (measured: set together with ``FirstIsShared`` after it, it stayed).
    """
    kept = [(name, value) for name, value in values if value is not None]
    if kept:
        style.setPropertyValues(tuple(name for name, _v in kept), tuple(value for _n, value in kept))


def _keeping_first_page(style, changes: dict) -> dict:
    """``changes``, with a first page that has its own header and footer kept so when one is switched on."""
    switched = any(name in changes for name in ("HeaderIsOn", "FooterIsOn"))
    if not switched or "FirstIsShared" in changes or style.getPropertyValue("FirstIsShared") is not False:
        return changes
    return dict(changes, FirstIsShared=False)  # after the switches: in order
