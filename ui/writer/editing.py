"""replace_text and delete_paragraphs: change existing text, guarded against stale reads.

Everything a call needs is checked before the first change (the named text is where
the model says, the content is usable), so a refused call leaves the document as it
was. Replacements are applied from the last match to the first, so the positions of
the earlier matches stay valid.
"""
from __future__ import annotations

from typing import List, Literal, Optional, Tuple

from ...core.i18n import _
from ...core.text.match import quote, same_text
from ...core.text.runs import described
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .block_info import portion_blocks, reads_by_portion
from .blocks import Block, block_at, body_blocks, body_blocks_from
from .content import Content, prepare
from .locate import ALL, MATCH_CASE, OCCURRENCE, PARAGRAPH, SELECTION, Match, Where, find_targets, fresh_groups, \
    plain_matches
from .pictures import PictureMaker
from .placement import body_style, delete_blocks, open_paragraph
from .review import editing
from .replace_all import replace_everywhere
from .rich_import import import_html, is_whole_paragraphs
from .spans import TextSpan
from .text_ops import replace_keeping_format, write_runs


@tool(apps=("writer",), changes_document=True)
def replace_text(context, old_text: str = Arg("The text to replace, as it reads now.", min_length=1),
                 new_text: str = Arg("The replacement."),
                 format: Literal["plain", "markdown", "html"] = Arg(
                     "How to read new_text (default plain, which keeps the formatting).", default="plain"),
                 paragraph: Optional[int] = PARAGRAPH, selection: bool = SELECTION,
                 occurrence: Optional[int] = OCCURRENCE, all: bool = ALL,
                 match_case: bool = MATCH_CASE) -> ToolOutcome:
    """Replace existing text. old_text must be the current text exactly as you read it; if the user changed
    it since, the call is refused and you must read again (nothing is changed). Where: paragraph=N (inside
    that paragraph; old_text may be the whole paragraph), selection=true (the user's selection), or, with
    neither, anywhere in the document (it must be unique, or pass occurrence=K or all=true). With format
    "plain" (default) the existing formatting is kept: only words that differ are rewritten. With
    "markdown" or "html", new_text is formatted content (bold, italic, links, H<sub>2</sub>O, x<sup>2</sup>,
    <span style="color: red">, pictures; headings, lists, tables and a <p style="text-align: center"> only when
    old_text is whole paragraphs). An empty new_text deletes old_text.
    """
    document = context.document
    where = Where(paragraph, selection, occurrence, all, match_case)
    content = prepare(new_text, format, allow_empty=True)
    blocks = body_blocks(document)
    if where.everywhere and content.kind != "blocks":
        quick = plain_matches(document, blocks, old_text, match_case) if match_case else None
        if quick:
            with editing(context) as scope:
                replaced = replace_everywhere(document, quick, old_text, content)
            if replaced:
                return _replaced(quick, old_text, content, [], [], scope.recording)
    matches = find_targets(document, blocks, where, old_text)
    _refuse_partial_fields(matches)
    ranges = [_paragraph_range(blocks, m, old_text) for m in matches] if content.kind == "blocks" else []
    new_numbers = []
    with editing(context) as scope:
        if content.kind == "blocks":
            for first, last in reversed(ranges):
                new_numbers.append(_replace_paragraphs(document, first, last, content.html))
        else:
            maker = PictureMaker(document, context.office)
            for span, group in fresh_groups(matches):
                for match in group:
                    _replace_match(span, match, content, scope.recording, maker)
    return _replaced(matches, old_text, content, ranges, new_numbers, scope.recording)


def _refuse_partial_fields(matches: List[Match]) -> None:
    """A field (a placeholder, a date, a page number) changes whole or not at all."""
    for match in matches:
        field = match.span.cut_atomic(match.start, match.end) if match.span is not None else None
        if field is not None:
            raise ToolError("%s in %s is part of a field that shows %s (a placeholder, date, page number or "
                            "reference): it cannot be changed in part. Replace the field's whole text %s, or leave "
                            "it and change the text around it." % (quote(match.text, 60), match.where,
                                                                   quote(field, 80), quote(field, 80)))


def _paragraph_range(blocks, match: Match, old_text: str):
    """The whole paragraphs a block-content replacement takes the place of (refused otherwise)."""
    if match.cell:
        raise ToolError("Headings, lists, tables or several paragraphs cannot go into a table cell. Use plain text "
                        "or one line of Markdown for the cell.")
    first = match.block
    last = first + match.text.count("\n")
    if not first or not is_whole_paragraphs(blocks, first, last, match.text):
        raise ToolError("Formatted blocks (headings, lists, tables, several paragraphs, or a <p> with a look of its "
                        "own such as text-align, line-height, margins or a page break) can only replace whole "
                        "paragraphs. Give the complete text of the paragraph(s) as old_text, use insert_content to "
                        "add the blocks before or after a paragraph, or format_paragraphs for the paragraph's look.")
    return first, last


def _replace_match(span: TextSpan, match: Match, content: Content, recording: bool, maker: PictureMaker) -> None:
    if content.kind == "plain":
        replace_keeping_format(span, match.start, match.end, content.text, recording)
    else:
        write_runs(span.xtext, span.cursor(match.start, match.end), content.runs, maker)


def _replace_paragraphs(document, first: int, last: int, html: str):
    blocks = body_blocks(document)
    _new, number = open_paragraph(document, False, block_at(blocks, last), body_style(blocks, first))
    new_first, new_last = import_html(document, number, html, body_style(blocks, first))
    delete_blocks(document, first, last)
    removed = last - first + 1
    return new_first - removed, new_last - removed


def _replaced(matches: List[Match], old_text: str, content: Content, ranges, new_numbers,
              recording: bool) -> ToolOutcome:
    places = _places(matches)
    if content.kind == "blocks":
        first, last = new_numbers[-1] if new_numbers else (0, 0)
        text = ("Replaced paragraph%s %s with formatted content; it now fills paragraphs %d–%d. Paragraph numbers "
                "after it have changed: read again before using them." % (
                    "s" if len(ranges) > 1 or ranges[0][0] != ranges[0][1] else "",
                    ", ".join("%d–%d" % r if r[0] != r[1] else str(r[0]) for r in ranges), first, last))
        return ToolOutcome.success(_with_remarks(text, content, recording),
                                   _("Replaced %s with formatted content") % places)
    new_shown = content.visible_text
    verb = "Deleted" if not new_shown else "Replaced"
    count = "%d occurrences of " % len(matches) if len(matches) > 1 else ""
    text = "%s %s%s in %s%s." % (verb, count, quote(old_text, 80), places,
                                 " with %s" % quote(new_shown, 80) if new_shown else "")
    if content.kind == "plain":
        text += " Unchanged words kept their formatting; changed words took the formatting of the words they replace."
    elif described(content.runs):
        text += " Formatted: %s." % "; ".join(described(content.runs))
    return ToolOutcome.success(_with_remarks(text, content, recording),
                               _replace_summary(len(matches), quote(old_text, 40), quote(new_shown, 40)
                                                if new_shown else ""), in_place=not content.picture_count)


def _with_remarks(text: str, content: Content, recording: bool) -> str:
    return " ".join(part for part in (text, content.remarks(recording)) if part)


def _replace_summary(count: int, old: str, new: str) -> str:
    """The transcript line of a replacement (``new`` empty: a deletion)."""
    if new:
        return (_("Replaced %d occurrences of %s with %s") % (count, old, new) if count > 1
                else _("Replaced %s with %s") % (old, new))
    return _("Deleted %d occurrences of %s") % (count, old) if count > 1 else _("Deleted %s") % old


def _places(matches: List[Match]) -> str:
    wheres = list(dict.fromkeys(match.where for match in matches))  # each place once, in order
    shown = ", ".join(wheres[:8]) + (", …" if len(wheres) > 8 else "")
    return shown


@tool(apps=("writer",), changes_document=True)
def delete_paragraphs(context, paragraph: int = Arg("First paragraph to delete.", minimum=1),
                      to_paragraph: Optional[int] = Arg("Last paragraph to delete (default: the same as paragraph).",
                                                        minimum=1),
                      old_text: str = Arg("Their current text (paragraphs separated by line breaks).")
                      ) -> ToolOutcome:
    """Delete whole paragraphs, with their line breaks: paragraph N, or N through to_paragraph. old_text is
    the text of those paragraphs as you read it (tables in the range are deleted too and need no text).
    Refused when the paragraphs read differently now.
    """
    document = context.document
    first = paragraph
    last = to_paragraph if to_paragraph is not None else first
    if last < first:
        raise ToolError("to_paragraph (%d) is before paragraph (%d)." % (last, first))
    blocks = body_blocks_from(document, first - 1)
    stretch, current = _stretch_text(document, blocks, first, last)
    if not same_text(current, old_text) and blocks.stepped_over():  # numbered by stepping: read to be sure
        blocks = body_blocks(document)
        stretch, current = _stretch_text(document, blocks, first, last)
    if not same_text(current, old_text):
        raise ToolError("Paragraphs %d–%d do not read %s any more; they now read %s. Read them again and retry "
                        "with their current text." % (first, last, quote(old_text, 100), quote(current, 300)))
    tables = sum(1 for b in stretch if b.kind == "table")
    with editing(context):
        delete_blocks(document, first, last, blocks=blocks)
    span = "paragraph %d" % first if first == last else "paragraphs %d–%d" % (first, last)
    text = "Deleted %s%s. The paragraphs after them moved up by %d." % (
        span, " (including %d table%s)" % (tables, "s" if tables > 1 else "") if tables else "", last - first + 1)
    return ToolOutcome.success(text, _("Deleted paragraph %d") % first if first == last
                               else _("Deleted paragraphs %d–%d") % (first, last))


def _stretch_text(document, blocks, first: int, last: int) -> Tuple[List[Block], str]:
    """Blocks ``first``..``last`` and their text as the tools read it (tables left out)."""
    block_at(blocks, first)
    block_at(blocks, last)
    stretch = blocks[first - 1:last]
    marked = portion_blocks(document, stretch) if reads_by_portion(document) else set()
    return stretch, "\n".join(TextSpan.of_range(b.obj).text if b.number in marked else b.obj.getString()
                               for b in stretch if b.kind == "paragraph")


TOOLS = [replace_text, delete_paragraphs]
