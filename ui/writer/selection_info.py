"""What the user has selected, in words the model can act on."""
from __future__ import annotations

from typing import List, Tuple

from ...core.i18n import _, ngettext
from ...core.text.match import quote
from ..office.enumeration import indexed
from .blocks import Block, containing_block
from .format_view import selection_formatting
from .spans import SpanTableError, TextSpan

SELECTION_LIMIT = 8000
AROUND = 40


def describe_selection(document, blocks: List[Block], formatting: bool = False) -> Tuple[str, str]:
    """Return ``(content for the model, one-line summary)`` for the current selection (with its formatting)."""
    selection = document.getCurrentController().getSelection()
    if selection is None:
        return "Nothing is selected and there is no cursor (the document is not shown).", _("No selection")
    if selection.supportsService("com.sun.star.text.TextTableCursor"):
        return ("Table cells %s are selected. Read them with the tables tool." % selection.getRangeName(),
                _("Table cells selected"))
    if not selection.supportsService("com.sun.star.text.TextRanges"):
        return ("An object (image, frame or shape) is selected, not text.", _("An object is selected"))
    ranges = indexed(selection)
    texts = [r for r in ranges if r.getString()]
    if not texts:
        return _cursor_only(document, blocks, ranges[0]), _("Nothing selected (cursor only)")
    parts = []
    for text_range in texts:
        parts.append(_selected(document, blocks, text_range))
        if formatting:
            parts.append(selection_formatting(text_range))
    head = "The user selected %d separate passages:\n" % len(texts) if len(texts) > 1 else ""
    chars = sum(len(r.getString()) for r in texts)
    return head + "\n\n".join(parts), ngettext("Read the selection (%d character)", "Read the selection (%d characters)",
                                                chars) % chars


def _where(document, blocks: List[Block], text_range) -> str:
    start = containing_block(document, blocks, text_range.getStart())
    end = containing_block(document, blocks, text_range.getEnd())
    if start is None:
        return "outside the body text (a frame, header, footer or footnote)"
    if start.kind == "table":
        return "in table %s (paragraph %d)" % (start.obj.getName(), start.number)
    if end is None or end.number == start.number:
        return "in paragraph %d" % start.number
    return "in paragraphs %d–%d" % (start.number, end.number)


def _selected(document, blocks: List[Block], text_range) -> str:
    try:
        text = TextSpan.of_range(text_range).text
    except SpanTableError:
        text = text_range.getString()
    where = _where(document, blocks, text_range)
    shown = text if len(text) <= SELECTION_LIMIT else text[:SELECTION_LIMIT] + " […cut: %d more characters]" % (
        len(text) - SELECTION_LIMIT)
    return ("Selected text (%s, %d characters; paragraph breaks are line breaks here). Pass it as old_text with "
            "selection=true to replace it:\n%s" % (where, len(text), shown))


def _cursor_only(document, blocks: List[Block], text_range) -> str:
    block = containing_block(document, blocks, text_range)
    if block is None or block.kind == "table":
        return "Nothing is selected; the cursor is %s." % _where(document, blocks, text_range)
    xtext = text_range.getText()
    before = xtext.createTextCursorByRange(text_range)
    before.gotoStartOfParagraph(True)
    after = xtext.createTextCursorByRange(text_range)
    after.gotoEndOfParagraph(True)
    left, right = before.getString()[-AROUND:], after.getString()[:AROUND]
    position = "at the start of" if not before.getString() else "at the end of" if not after.getString() else "in"
    return ("Nothing is selected. The cursor is %s paragraph %d, after %s and before %s. insert_content with "
            "position=\"cursor\" inserts there." % (position, block.number, quote(left), quote(right)))
