"""Reading tools: the document as numbered paragraphs, the selection, statistics."""
from __future__ import annotations

from typing import List, Optional

from ...core.i18n import _, ngettext
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.text.writer_listing import BlockInfo, count_words, most_common_style, outline_lines, page_of
from ..office.enumeration import elements
from .block_info import (change_count, describe, describe_brief, has_fields, has_notes, has_tracked_changes,
                         outline_brief, paragraph_text, reads_by_portion)
from .blocks import body_blocks, containing_block
from .format_view import FORMAT_NOTE, body_line, body_look, formatted_block
from .other_text import listing_lines
from .selection_info import describe_selection
from .spans import TextSpan

NUMBERING_NOTE = ("Paragraph numbers: every paragraph and every table of the body has one number [N], from 1, in "
                  "order; pass them as paragraph=N to the other tools. Numbers shift when paragraphs are added or "
                  "removed, so read again after such edits.")
NOTES_NOTE = ("[^1] in the text marks footnote 1 and [^e1] endnote 1 (their text is under the paragraph); quote "
              "them as they are shown, and keep a marker in new_text to keep its note. Change a note's own text "
              "with other_text (where=\"footnote 1\").")
OUTLINE_BUDGET = 4000
STYLE_SAMPLE = 400
"""Blocks from the first one asked for whose styles decide the body style (a page shows fewer)."""
PLAIN_STYLES = ("Standard", "Text body")


@tool(apps=("writer",))
def get_document(context, from_paragraph: int = Arg("First paragraph to show (default 1).", default=1, minimum=1),
                 to_paragraph: Optional[int] = Arg("Last paragraph to show (default: as many as fit).", minimum=1),
                 outline_only: bool = Arg("Only the headings with their numbers (a quick overview of a long "
                                          "document).", default=False),
                 formatting: bool = Arg("Also show each paragraph's style and layout (alignment, spacing, indents) "
                                        "and its text's character formatting, e.g. An [italic]{italic} word.",
                                        default=False)) -> ToolOutcome:
    """Read the document as numbered paragraphs, with its heading outline. Every paragraph and every table has a
    number [N] starting at 1; the other tools take it as paragraph=N. Headings show their style, e.g.
    (Heading 1); list items show their bullet or number; a table shows its name, size and first rows. Text
    with pending tracked changes is shown as it reads after them. formatting=true shows how the text looks:
    a stretch formatted differently from the rest of its paragraph reads [text]{bold, color #0000FF blue, 14 pt,
    …}. Long documents come in pages: the reply tells you the from_paragraph to continue with.
    """
    document = context.document
    blocks = body_blocks(document)
    first, last = from_paragraph, to_paragraph
    if first > len(blocks):
        raise ToolError("There is no paragraph %d: the document has paragraphs 1 to %d." % (first, len(blocks)))
    if last is not None and last < first:
        raise ToolError("to_paragraph (%d) is before from_paragraph (%d)." % (last, first))
    tracked, notes = has_tracked_changes(document), has_notes(document)
    by_portion, marks = tracked or notes, notes or has_fields(document)
    end = len(blocks) if last is None or outline_only else min(last, len(blocks))
    briefs = _briefs(blocks, first, end, first == 1 or outline_only, by_portion, marks and not outline_only)
    outside = listing_lines(document) if first == 1 or outline_only else []
    lines = [_header(document, blocks, tracked, notes, bool(outside))]
    outline = outline_lines(briefs)
    if outline and (first == 1 or outline_only):
        lines.append("Outline (headings):")
        lines.extend(_capped(outline, OUTLINE_BUDGET))
    if outline_only:
        if not outline:
            lines.append("The document has no headings.")
        lines.extend(_outside(outside))
        return ToolOutcome.success("\n".join(lines), ngettext("Read the outline (%d heading)", "Read the outline (%d headings)",
                                                              len(outline)) % len(outline))
    body_style = most_common_style(briefs[first - 1:end])
    if formatting:
        body = body_look(document, body_style)
        lines.extend([FORMAT_NOTE, body_line(body, body_style)])
        shown_lines, shown = page_of(lambda number: formatted_block(blocks[number - 1], body), first, end)
    else:
        shown_lines, shown = page_of(lambda number: describe(blocks[number - 1], True, by_portion, marks), first,
                                     end, plain_styles=PLAIN_STYLES + (body_style,))
    lines.append("Paragraphs %d–%d:" % (first, shown))
    lines.extend(shown_lines)
    if shown < end:
        lines.append("[Shown: paragraphs %d–%d of %d. Continue with get_document from_paragraph=%d%s.]"
                     % (first, shown, len(blocks), shown + 1, " formatting=true" if formatting else ""))
    lines.extend(_outside(outside))
    return ToolOutcome.success("\n".join(lines), _("Read paragraphs %d–%d of %d") % (first, shown, len(blocks)))


def _briefs(blocks, first: int, end: int, outline: bool, by_portion: bool, marks: bool) -> List[BlockInfo]:
    """Brief descriptions of blocks ``first``..``end``, with every heading for the outline.

    The first :data:`STYLE_SAMPLE` blocks of the range are described with their style and
    list item (the body style is the most common among them); past them, and outside the
    range, the outline needs only the headings' level and text (:func:`outline_brief`):
    those of the range read as the page reads them (with their marks), the others as plain
    paragraph text. Blocks the outline does not need are left as bare numbers.
    """
    def plain(paragraph):
        return paragraph_text(paragraph, by_portion)

    def full(paragraph):
        return TextSpan.of_range(paragraph).text if marks else plain(paragraph)

    infos = []
    for block in blocks:
        inside = first <= block.number <= end
        if inside and block.number < first + STYLE_SAMPLE:
            infos.append(describe_brief(block, full if outline else None))
        elif outline:
            infos.append(outline_brief(block, full if inside else plain))
        else:
            infos.append(BlockInfo(block.number, block.kind))
    return infos


def _outside(lines):
    return ["Outside the body (headers, footers, frames, text boxes; change them with other_text):"] + lines \
        if lines else []


def _header(document, blocks, tracked: bool, notes: bool = False, outside: bool = False) -> str:
    tables = sum(1 for block in blocks if block.kind == "table")
    if len(blocks) == 1 and blocks[0].kind == "paragraph" and not blocks[0].obj.getString():
        if outside:
            return ("The body is empty (one empty paragraph, number 1); the document's text is outside the body, "
                    "listed below.")
        return "The document is empty (one empty paragraph, number 1). Add content with insert_content."
    parts = ["The document has %d paragraphs (numbered 1–%d%s)." % (
        len(blocks), len(blocks), ", %d of them tables" % tables if tables else "")]
    cursor = _cursor_block(document, blocks)
    if cursor:
        parts.append("The user's cursor is in paragraph %d." % cursor)
    if tracked:
        parts.append("It has tracked changes; text is shown as it reads with them applied.")
    if notes:
        parts.append(NOTES_NOTE)
    parts.append(NUMBERING_NOTE)
    return " ".join(parts)


def _cursor_block(document, blocks):
    try:
        selection = document.getCurrentController().getSelection()
        block = containing_block(document, blocks, selection.getByIndex(0))
    except Exception:
        return None
    return block.number if block else None


def _capped(lines, budget):
    result, used = [], 0
    for line in lines:
        if used + len(line) > budget:
            result.append("… (%d more headings; read with from_paragraph to see them)" % (len(lines) - len(result)))
            break
        result.append(line)
        used += len(line) + 1
    return result


@tool(apps=("writer",))
def get_selection(context, formatting: bool = Arg("Also show the selection's character formatting and its "
                                                  "paragraphs' layout (as get_document's formatting=true).",
                                                  default=False)) -> ToolOutcome:
    """Get the text the user has selected, with its paragraph numbers; or, when nothing is selected, where the
    cursor is (paragraph number and the words around it).
    """
    content, summary = describe_selection(context.document, body_blocks(context.document), formatting)
    return ToolOutcome.success(content, summary)


@tool(apps=("writer",))
def get_statistics(context) -> ToolOutcome:
    """Count words, characters, paragraphs, pages, headings, tables, comments, tracked changes and images; also
    says whether changes are being recorded and whether the document is read-only.
    """
    document = context.document
    blocks = body_blocks(document)
    by_portion = reads_by_portion(document)
    texts, headings = [], 0
    for block in blocks:
        if block.kind == "table":
            texts.extend(block.obj.getCellByName(name).getString() for name in block.obj.getCellNames())
        else:
            texts.append(paragraph_text(block.obj, by_portion))
            headings += 1 if int(block.obj.getPropertyValue("OutlineLevel") or 0) else 0
    text = "\n".join(texts)
    facts = [
        ("words", count_words(text)), ("characters (with spaces)", len(text.replace("\n", ""))),
        ("paragraphs (numbered blocks)", len(blocks)), ("pages", _pages(document)), ("headings", headings),
        ("tables", document.getTextTables().getCount()), ("comments", _comments(document)),
        ("tracked changes", change_count(document)), ("images", document.getGraphicObjects().getCount()),
    ]
    lines = ["%s: %s" % (name, value) for name, value in facts]
    lines.append("recording changes: %s" % ("yes" if document.getPropertyValue("RecordChanges") else "no"))
    lines.append("read-only: %s" % ("yes" if document.isReadonly() else "no"))
    words = ngettext("%d word", "%d words", facts[0][1]) % facts[0][1]
    paragraphs = ngettext("%d paragraph", "%d paragraphs", len(blocks)) % len(blocks)
    return ToolOutcome.success("\n".join(lines), _("Counted %s in %s") % (words, paragraphs))


def _pages(document) -> int:
    try:
        return int(document.getCurrentController().getPropertyValue("PageCount"))
    except Exception:
        stats = {item.Name: item.Value for item in document.getDocumentProperties().DocumentStatistics}
        return int(stats.get("PageCount", 0))


def _comments(document) -> int:
    fields = elements(document.getTextFields().createEnumeration())
    return sum(1 for field in fields if field.supportsService("com.sun.star.text.textfield.Annotation"))


TOOLS = [get_document, get_selection, get_statistics]
