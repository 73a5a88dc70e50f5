"""insert_content: add plain, Markdown or HTML content without replacing anything.

Content that is one paragraph of text goes where it is asked (at the cursor: into
the paragraph; elsewhere: as a new paragraph). Block content (headings, lists,
tables, several paragraphs, a paragraph with a look of its own) always arrives as whole
new paragraphs: at the cursor, the paragraph is split there first, so a heading never
swallows half a sentence. The answer names what the content asked for and did not get.
"""
from __future__ import annotations

from typing import Literal, Optional

from ...core.i18n import _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .blocks import Block, body_blocks, containing_block, has_block
from .content import Content, Format, prepare
from .pictures import PictureMaker
from .placement import body_style, open_paragraph_in, reset_paragraph, resolve_position
from .review import editing
from .rich_import import import_html
from .text_ops import insert_plain, write_runs


@tool(apps=("writer",), changes_document=True)
def insert_content(context, content: str = Arg("What to insert.", min_length=1),
                   position: Literal["cursor", "before", "after", "start", "end"] = Arg(
                       "cursor, before/after a paragraph (give paragraph), start or end of the document."),
                   paragraph: Optional[int] = Arg("The paragraph to insert before or after.", minimum=1),
                   format: Format = Arg("markdown (default), html, or plain (taken literally; each line break starts "
                                        "a paragraph).", default="markdown")) -> ToolOutcome:
    """Insert new content without replacing anything: at the user's cursor, before or after paragraph N, or at
    the start or end of the document. Markdown (the default) or HTML becomes real formatting: headings (#,
    ##), **bold**, *italic*, [links](url), bullet and numbered lists, and tables (| a | b | with a |---|
    line). One line of text at the cursor goes into the paragraph there; anything else becomes new
    paragraphs, styled like the document's body text. The reply gives the numbers of the new paragraphs.
    """
    return insert_at(context, prepare(content, format), position, paragraph)


def insert_at(context, content: Content, position: str, paragraph: Optional[int] = None) -> ToolOutcome:
    """Insert prepared ``content`` at ``position`` (``cursor``, ``start``, ``end``, or ``before``/``after``
    ``paragraph``), as insert_content describes."""
    document = context.document
    blocks = body_blocks(document)
    if position == "cursor":
        cursor, block = _cursor(document, blocks)
        if content.kind != "blocks":
            with editing(context) as scope:
                _write_inline(cursor, content, PictureMaker(document, context.office))
            where = ("the cursor's frame, header or footnote" if block is None else "paragraph %d" % block.number
                     if block.kind == "paragraph" else "table %s (paragraph %d)" % (block.obj.getName(), block.number))
            return _done("Inserted %s at the cursor in %s." % (_what(content), where), content, scope.recording)
        before, anchor = _split_at(cursor, block)
    else:
        before, anchor = resolve_position(blocks, position, paragraph)
    with editing(context) as scope:
        if position == "cursor" and before is None:
            before, anchor, blocks = _split(document, cursor, block)
        first, last = _insert_paragraphs(document, blocks, before, anchor, content,
                                         PictureMaker(document, context.office))
    numbers = "paragraph %d" % first if first == last else "paragraphs %d–%d" % (first, last)
    text = ("Inserted %s as %s. Paragraphs after them moved down by %d: read again before using their numbers."
            % (_what(content), numbers, last - first + 1))
    return _done(text, content, scope.recording, first, last)


def _cursor(document, blocks):
    selection = document.getCurrentController().getSelection()
    if selection is None or not selection.supportsService("com.sun.star.text.TextRanges"):
        raise ToolError("There is no text cursor (an object or table cells are selected). Insert before or after a "
                        "paragraph instead.")
    text_range = selection.getByIndex(0)
    cursor = text_range.getText().createTextCursorByRange(text_range.getEnd())
    return cursor, containing_block(document, blocks, text_range)


def _split_at(cursor, block):
    """Where block content goes for a cursor: before/after its paragraph, or None (split it first)."""
    if block is None or block.kind == "table" or cursor.getText() != block.obj.getText():
        raise ToolError("The cursor is in a table, frame, header or footnote, where headings, lists and tables cannot "
                        "go. Insert before or after a paragraph instead.")
    probe = cursor.getText().createTextCursorByRange(cursor)
    if probe.isStartOfParagraph():
        return True, block
    if probe.isEndOfParagraph():
        return False, block
    return None, block


def _split(document, cursor, block: Block):
    from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK
    document.getText().insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
    blocks = body_blocks(document)
    return False, blocks[block.number - 1], blocks


def _write_inline(cursor, content: Content, maker: PictureMaker) -> None:
    if content.kind == "plain":
        insert_plain(cursor.getText(), cursor, content.text)
    else:
        write_runs(cursor.getText(), cursor, content.runs, maker)


def _insert_paragraphs(document, blocks, before: bool, anchor: Block, content: Content, maker: PictureMaker):
    """Write ``content`` as new paragraphs next to ``anchor``; return the first and last new numbers.

    ``blocks`` are the body's blocks as they are now (read again after any split).
    """
    style = body_style(blocks, anchor.number)
    if _reusable(blocks, anchor, before):
        paragraph, number = anchor.obj, anchor.number
        reset_paragraph(paragraph, style)
    else:
        paragraph, number, blocks = open_paragraph_in(document, blocks, before, anchor, style)
    if content.kind == "blocks":
        return import_html(document, number, content.html, style, blocks)
    cursor = document.getText().createTextCursorByRange(paragraph.getStart())
    _write_inline(cursor, content, maker)
    return number, number + (content.text.count("\n") if content.kind == "plain" else 0)


def _reusable(blocks, anchor: Block, before: bool) -> bool:
    """An empty paragraph at the very end (or an empty document) takes the content itself."""
    if anchor.kind != "paragraph" or anchor.obj.getString():
        return False
    return not has_block(blocks, 2) or (not before and not has_block(blocks, anchor.number + 1))


def _what(content: Content) -> str:
    if content.kind == "blocks":
        return "the formatted content"
    return "the picture" if content.picture_count and not content.visible_text.strip() else "the text"


def _done(text: str, content: Content, recording: bool, first: int = 0, last: int = 0) -> ToolOutcome:
    """The outcome; the summary names the new paragraphs (none: inserted at the cursor)."""
    text = " ".join(part for part in (text, content.remarks(recording)) if part)
    shown = content.visible_text.strip().split("\n")[0][:50]
    what = "\u201c%s\u201d" % shown if shown else _("formatted content")
    if not first:
        summary = _("Inserted %s at the cursor") % what
    elif first == last:
        summary = _("Inserted %s as paragraph %d") % (what, first)
    else:
        summary = _("Inserted %s as paragraphs %d–%d") % (what, first, last)
    return ToolOutcome.success(text, summary)


TOOLS = [insert_content]
