"""A deck or drawing in short, for a turn in another document: each slide's title, its text and notes.

``read_other_document`` shows an open presentation this way (a Writer turn making a summary of a
deck, an Impress turn reading another deck): no geometry, no shape numbers (the other document's
tools do not reach it), only what its slides say; long decks come in parts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List

from ..office.enumeration import indexed
from .deck import is_presentation, kind_of, shapes_of, TEXT_KINDS
from .reading import notes_text
from .shape_text import paragraphs

BUDGET = 12000
"""Characters of slides one answer holds (the rest is for the next call)."""


@dataclass(frozen=True)
class InShort:
    """Slides ``first``–``last`` of a deck of ``count``, as lines."""

    lines: List[str]
    first: int
    last: int
    count: int
    presentation: bool


def in_short(document, first: int) -> InShort:
    """Slides (pages) from ``first`` on, as many as :data:`BUDGET` holds (at least one): per slide a line
    ``Slide N: title``, its other text indented (bullets with their levels), its notes and what else it
    holds (tables, images, charts by count). ``first`` past the end gives no lines."""
    pages = indexed(document.getDrawPages())
    presentation = is_presentation(document)
    lines: List[str] = []
    last, used = first - 1, 0
    for number in range(first, len(pages) + 1):
        block = _page(pages[number - 1], number, presentation)
        size = sum(len(line) + 1 for line in block)
        if used + size > BUDGET and number > first:
            break
        lines.extend(block)
        used += size
        last = number
    return InShort(lines, first, last, len(pages), presentation)


def _page(page, number: int, presentation: bool) -> List[str]:
    title = ""
    lines: List[str] = []
    others: Dict[str, int] = {}
    for shape in shapes_of(page):
        kind = kind_of(shape)
        if kind not in TEXT_KINDS:
            if kind not in ("connector", "line", "date", "footer", "slide number", "header"):
                others[kind] = others.get(kind, 0) + 1
            continue
        found = [(text, level) for text, level in paragraphs(shape) if text.strip()]
        if kind == "title" and not title and found:
            title = " ".join(text.strip() for text, _ in found)
            continue
        bullet = "- " if kind == "body" else ""
        lines.extend("  " + "  " * level + bullet + text.strip() for text, level in found)
    word = "Slide" if presentation else "Page"
    block = ["%s %d: %s" % (word, number, title or "(no title)")] + lines
    if others:
        block.append("  (also: %s)" % ", ".join("%d %s%s" % (n, kind, "" if n == 1 else "s")
                                               for kind, n in sorted(others.items())))
    notes = notes_text(page) if presentation else ""
    if notes:
        block.append("  Notes: " + " ".join(notes.split()))
    return block
