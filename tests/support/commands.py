"""Driving a document as its user does through commands: select a phrase, press what Ctrl+Z dispatches."""
from __future__ import annotations

import uno  # noqa: F401  (installs the com.sun.star import hook)


def select_phrase(document, phrase: str) -> None:
    """Select the first occurrence of ``phrase`` in ``document``'s view (the user's selection)."""
    search = document.createSearchDescriptor()
    search.SearchString = phrase
    document.getCurrentController().select(document.findFirst(search))


def selected_text(document) -> str:
    """The text of the view's first selected range."""
    return document.getCurrentController().getSelection().getByIndex(0).getString()


def press(office, document, command: str, **arguments) -> None:
    """Dispatch ``command`` to ``document``'s frame as a key or menu does (``.uno:Undo`` is Ctrl+Z)."""
    office.dispatch(document, command, **arguments)
