"""format_text on every match, set on the places LibreOffice's Find All returns.

Formatting match by match through the guard's own reading (a text cursor made for each
match inside its paragraph) costs several UNO calls a match. LibreOffice's Find All
returns every place as a ready range, and each range takes a format in one call; only
the given properties change, so every other format of the matched characters is kept (a
match half red stays half red). The views are locked meanwhile (``ui/office/document_tools.py``), so
nothing is laid out before the tool ends.

A user's Find All, then Bold, formats the same places as one multiple selection. That was
this module's first way: it leaves one "Apply attributes" action per property in the undo
step, but LibreOffice's format of a multiple selection grows faster than the document (the
tool took 25.8× as long at 473 pages as at 29, for 16.6× the paragraphs; range by range
14.0×) and it moves the user's selection. Range by range, the turn's undo step holds one
action per match, and in review mode each place is one tracked format change.

Used only when LibreOffice finds exactly as many places as the edit-conflict guard did
(see :mod:`.replace_all` for why equal counts mean the same places); otherwise the caller
formats match by match.
"""
from __future__ import annotations

from typing import Dict, List

from .locate import Match
from .replace_all import MIN_MATCHES, Search, search_descriptor


def format_everywhere(document, matches: List[Match], text: str, properties: Dict[str, object]) -> bool:
    """Set ``properties`` on every one of ``matches``; False (nothing changed) when it cannot be exact.

    Args:
        document: the Writer document.
        matches: every match of ``text`` the guard found in the document.
        text: the text the call names.
        properties: the character properties to set, by UNO name.
    """
    if len(matches) < MIN_MATCHES or any(m.text != text for m in matches) or "\n" in text:
        return False
    found = document.findAll(search_descriptor(document, Search(text)))
    count = found.getCount()
    if count != len(matches):
        return False
    ordered = sorted(properties.items())
    for index in reversed(range(count)):  # LibreOffice undoes the step ~25% faster in this order (measured)
        place = found.getByIndex(index)   # a found range has no XMultiPropertySet: one call a property
        for name, value in ordered:
            place.setPropertyValue(name, value)
    return True
