"""Cross-references to a heading that has no bookmark, as Insert ▸ Cross-reference ▸ Headings makes them.

A heading is a body paragraph with an outline level (Heading 1…10 or a level set on the
paragraph), named by its text, its number ("2.1", as heading numbering shows it) or its paragraph
number. LibreOffice refers to a heading through a hidden mark named ``__RefHeading__…`` over its
text, which it never lists among the document's bookmarks; a heading that has one already (a
document LibreOffice wrote keeps them) keeps it, otherwise one is made, inside the turn's undo step.
"""
from __future__ import annotations

import difflib
import random
from dataclasses import dataclass
from typing import List, Optional, Union

from ...core.agent.tools import ToolError
from ...core.text.match import normalize, quote
from ..office.enumeration import elements
from .blocks import paragraph_at

PREFIX = "__RefHeading__"
"""The name LibreOffice gives the hidden mark of a heading it refers to (CrossRefHeadingBookmark)."""


@dataclass(frozen=True)
class Heading:
    """A heading of the body: its paragraph number, paragraph, text and number ("" when not numbered)."""

    number: int
    paragraph: object
    text: str
    label: str

    @property
    def words(self) -> str:
        """``the heading “Results” (paragraph 3)``."""
        return "the heading %s (paragraph %d)" % (quote(self.text, 80), self.number)


def find_heading(blocks, wanted: Union[str, int]) -> Heading:
    """The heading ``wanted`` names: its paragraph number, its text (any capitals) or its number ("2.1").

    Raises:
        ToolError: not a heading, none or several of that text (with the candidates).
    """
    if isinstance(wanted, int):
        block = paragraph_at(blocks, wanted)
        heading = _heading(block)
        if heading is None:
            raise ToolError("Paragraph %d is not a heading (it has no outline level); refer to it through a bookmark "
                            "(bookmarks action \"insert\"), or give a heading's text." % wanted)
        return heading
    headings = [h for h in (_heading(b) for b in blocks) if h is not None]
    key = _key(wanted)
    found = [h for h in headings if _key(h.text) == key] or [h for h in headings if h.label and _key(h.label) == key]
    if len(found) == 1:
        return found[0]
    if found:
        raise ToolError("%d headings read %s: paragraphs %s; give heading=N (its paragraph number)."
                        % (len(found), quote(wanted, 80), _and([str(h.number) for h in found])))
    raise ToolError("No heading reads %s.%s" % (quote(wanted, 80), _candidates(headings, wanted)))


def heading_mark(document, heading: Heading) -> str:
    """The name of the heading's hidden mark, made over its text when it has none (change inside the turn)."""
    for portion in elements(heading.paragraph.createEnumeration()):
        if portion.TextPortionType == "Bookmark" and portion.Bookmark.getName().startswith(PREFIX):
            return portion.Bookmark.getName()
    mark = document.createInstance("com.sun.star.text.Bookmark")
    mark.setName("%s%d" % (PREFIX, random.randint(0, 2 ** 31 - 1)))  # as LibreOffice names them
    xtext = heading.paragraph.getText()
    cursor = xtext.createTextCursorByRange(heading.paragraph.getStart())
    cursor.gotoEndOfParagraph(True)
    xtext.insertTextContent(cursor, mark, True)
    return mark.getName()  # Writer renames a mark whose name is taken


def paragraph_label(text_range) -> str:
    """The number shown before the paragraph that holds ``text_range`` ("" when it has none)."""
    cursor = text_range.getText().createTextCursorByRange(text_range.getStart())
    paragraph = cursor.createEnumeration().nextElement()
    return paragraph.getPropertyValue("ListLabelString") or ""


def _heading(block) -> Optional[Heading]:
    if block.kind != "paragraph":
        return None
    level, label = block.obj.getPropertyValues(("OutlineLevel", "ListLabelString"))
    if not level:
        return None
    return Heading(block.number, block.obj, block.obj.getString(), label or "")


def _key(text: str) -> str:
    return " ".join(normalize(text).text.split()).rstrip(".").lower()


def _candidates(headings: List[Heading], wanted: str) -> str:
    if not headings:
        return " The document has no headings (paragraphs with an outline level); refer to a bookmark instead."
    named = {h.text: h for h in headings}
    close = difflib.get_close_matches(wanted, list(named), n=3, cutoff=0.6)
    if close:
        return " Did you mean %s?" % ", ".join("%s (paragraph %d)" % (quote(c, 80), named[c].number) for c in close)
    return " The headings: %s." % ", ".join("%s (paragraph %d)" % (quote(h.text, 60), h.number)
                                            for h in headings[:15])


def _and(items: List[str]) -> str:
    return items[0] if len(items) == 1 else "%s and %s" % (", ".join(items[:-1]), items[-1])

