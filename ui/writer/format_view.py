"""The formatting read: each paragraph with its style and layout, and its text with the formatting it shows.

A paragraph reads ``[5] (Text body; justified; line spacing 1.5) Water [H]{…}…``: in the parentheses its
style, its layout where it is not plain (:mod:`~marginalia.core.text.paragraph_looks`) and, where it
differs from the body text's, the look most of its characters have; in the text every stretch that
differs from that look is marked ``[text]{what differs}`` (:func:`~marginalia.core.text.char_looks.marked_text`).
The body text's look is that of the most common paragraph style, said once at the top of the page.
"""
from __future__ import annotations

from typing import List, Tuple

from ...core.text.char_looks import PLAIN, Look, look_words, marked_text, usual_look
from ...core.text.paragraph_looks import ParagraphLook, paragraph_words
from ...core.text.writer_listing import BlockInfo
from ..office.log import get_logger
from .block_info import describe
from ..office.enumeration import elements
from .blocks import PARAGRAPH, Block, list_label, list_level
from .run_looks import look_of_holder, read_span, runs_of
from .spans import SpanTableError, TextSpan

log = get_logger("writer.format_view")
SELECTION_LIMIT = 8000

LAYOUT = ("BreakType", "OutlineLevel", "ParaAdjust", "ParaBottomMargin", "ParaFirstLineIndent", "ParaLeftMargin",
          "ParaLineSpacing", "ParaRightMargin", "ParaStyleName", "ParaTopMargin")
"""The paragraph properties a formatting read shows (sorted, for XMultiPropertySet)."""
BREAKS = {"PAGE_BEFORE": "before", "PAGE_AFTER": "after", "PAGE_BOTH": "before and after"}
FORMAT_NOTE = ("Formatting is shown: after [N], in parentheses, the paragraph's style, its layout where it is not "
               "plain, and its usual character look where it differs from the body text's; in the text, a stretch "
               "that looks different from the rest of its paragraph reads [the text]{what differs}, in format_text's "
               "words. Quote text to other tools without the brackets and braces.")


def body_look(document, style: str) -> Look:
    """The character look of the paragraph style ``style`` (the body text's), or a plain look when it cannot be read."""
    try:
        return look_of_holder(document.getStyleFamilies().getByName("ParagraphStyles").getByName(style or "Standard"))
    except Exception:
        log.info("the character look of the style %r could not be read", style, exc_info=True)
        return PLAIN


def layout_of(paragraph) -> ParagraphLook:
    """A paragraph's style and layout."""
    values = dict(zip(LAYOUT, paragraph.getPropertyValues(LAYOUT)))
    spacing = values["ParaLineSpacing"]
    return ParagraphLook(style=values["ParaStyleName"], alignment=int(values["ParaAdjust"]),
                         line_mode=int(spacing.Mode), line_height=int(spacing.Height),
                         above=int(values["ParaTopMargin"]), below=int(values["ParaBottomMargin"]),
                         left=int(values["ParaLeftMargin"]), right=int(values["ParaRightMargin"]),
                         first_line=int(values["ParaFirstLineIndent"]), outline_level=int(values["OutlineLevel"] or 0),
                         page_break=BREAKS.get(values["BreakType"].value, ""))


def text_runs(span: TextSpan) -> List[Tuple[str, Look]]:
    """``(text, look)`` of each run of a span read with the formats."""
    return [(span.text[start:end], look) for start, end, look in runs_of(span)]


def formatted_block(block: Block, body: Look) -> BlockInfo:
    """A block as the formatting read shows it (tables as the plain read does)."""
    if block.kind == "table":
        return describe(block, True, False)
    paragraph = block.obj
    span = read_span(paragraph)
    runs = text_runs(span)
    usual = usual_look(runs, look_of_holder(paragraph))
    layout = layout_of(paragraph)
    words = paragraph_words(layout)
    own = look_words(usual, body)
    label = list_label(paragraph)
    text = marked_text(runs, usual)
    if text and not text.strip():
        text = "(%d space%s only)" % (len(text), "" if len(text) == 1 else "s")
    return BlockInfo(block.number, text=text, style="; ".join(words + ([own] if own else [])),
                     outline_level=layout.outline_level, list_label=label,
                     list_level=list_level(paragraph) if label else 0, notes=span.marks.notes,
                     comments=span.marks.comments, fields=span.marks.fields)


def body_line(body: Look, style: str) -> str:
    """The page's line about the body text's look."""
    return "Body text (style %s): %s." % (style or "Standard", look_words(body) or "the default look")


PARAGRAPHS_SHOWN = 20


def selection_formatting(text_range) -> str:
    """The formatting of a selected passage: its marked text and the layout of its paragraphs."""
    try:
        span = read_span(text_range)
    except SpanTableError:
        return "(Its formatting is not shown: the selection holds a table.)"
    runs = text_runs(span)
    usual = usual_look(runs)
    shown = marked_text(runs, usual)
    if len(shown) > SELECTION_LIMIT:
        shown = shown[:SELECTION_LIMIT] + " […cut]"
    paragraphs = [layout_of(p) for p in _paragraphs(text_range)]
    layouts = ["%s: %s" % ("paragraph %d of the selection" % number if len(paragraphs) > 1 else "Its paragraph",
                           "; ".join(paragraph_words(layout)))
               for number, layout in enumerate(paragraphs[:PARAGRAPHS_SHOWN], 1)]
    more = ["… and %d more paragraphs" % (len(paragraphs) - PARAGRAPHS_SHOWN)] if len(paragraphs) > PARAGRAPHS_SHOWN \
        else []
    return "\n".join(["Its formatting: mostly %s; a stretch that looks different reads [the text]{what differs}:"
                      % (look_words(usual) or "the default look"), shown] + layouts + more)


def _paragraphs(text_range):
    cursor = text_range.getText().createTextCursorByRange(text_range)
    return [p for p in elements(cursor.createEnumeration()) if p.supportsService(PARAGRAPH)]
