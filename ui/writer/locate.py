"""Find the text a tool call names, where it says it is: the edit-conflict guard.

Every tool that changes existing text names that text. If it is not where the model
says (in paragraph N, in the selection, in the document), the tool refuses with a
message that shows what is there now and tells the model to read again, so an
assistant never overwrites what the user typed meanwhile.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import Any, Iterator, List, Optional, Set, Tuple

from ...core.text.match import find_all, normalize, quote
from ...core.text.quick_find import texts_finder
from ...core.agent.declare import Arg
from ...core.agent.tools import ToolError
from ..office.enumeration import indexed
from .block_info import portion_blocks, reads_by_portion
from .blocks import Block, containing_block, has_block, paragraph_at
from .plain_strings import paragraph_strings
from .spans import SpanTableError, TextSpan

MAX_LISTED = 12


@dataclass
class Match:
    """One occurrence of the named text."""

    source: str
    """The whole text of the paragraph or cell holding it."""
    start: int
    end: int
    block: int
    """The number of the paragraph (or table) holding it."""
    where: str
    """``paragraph 5`` or ``table Table1, cell B2 (paragraph 7)``."""
    cell: str = ""
    """The table cell holding the match (B2), or "" in a body paragraph."""
    span: Optional[TextSpan] = None
    """Positions in the document (read only for matches a tool will change)."""
    region: Any = None
    """The paragraph or table cell read into ``span``, to read it again (see :func:`fresh_groups`)."""

    @property
    def text(self) -> str:
        """The matched text as it reads in the document."""
        return self.source[self.start:self.end]

    def read_again(self) -> TextSpan:
        """The span of the match's paragraph or cell, read now."""
        if self.region is None:
            return self.span
        if self.cell:
            return TextSpan.of_text(self.region)
        return TextSpan.of_range(self.region)


def _matches(span: TextSpan, found, number: int, where: str, cell: str = "", region=None,
             keep_span: bool = True) -> List[Match]:
    """Matches in ``span``; without ``keep_span`` they hold only offsets and ``region`` (see :func:`fresh_groups`)."""
    kept = span if keep_span or region is None else None
    return [Match(span.text, s, e, number, where, cell, kept, region) for s, e in found]


def fresh_groups(matches: List[Match]) -> Iterator[Tuple[TextSpan, List[Match]]]:
    """The matches by paragraph or cell, the last first, each group with its span read just now.

    Every document position a span holds is a cursor LibreOffice moves on each edit, so
    an edit costs more the more of them are alive: with the 11,700 portion positions of a
    150-page report alive, each deletion took 4 times as long (measured). The spans are dropped from the matches
    and each paragraph is read again right before its own edits, so only one
    paragraph's positions are alive at a time. The first group edited keeps the span it
    was matched in when it still has one: call this before changing anything, so nothing
    has moved since.

    Raises:
        ToolError: a paragraph reads differently from when it was matched (changed meanwhile).
    """
    groups = [list(group) for _key, group in groupby(reversed(matches), key=lambda m: (m.block, m.cell))]
    first = {id(match) for match in groups[0]} if groups else set()
    for match in matches:
        if match.region is not None and id(match) not in first:
            match.span = None
    for index, group in enumerate(groups):
        span = group[0].span if index == 0 and group[0].span is not None else group[0].read_again()
        if span.text != group[0].source:
            group = _found_again(span, group)
        yield span, group


def _found_again(span: TextSpan, group: List[Match]) -> List[Match]:
    """The group's matches located in ``span``, read by portion where they were found in the plain string.

    The plain string of a paragraph with notes reads ``1`` where the tools read ``[^1]``:
    the same matches stand at other offsets.
    """
    first = group[0]
    found = [(s, e) for s, e in find_all(span.text, first.text) if span.text[s:e] == first.text]
    if len(found) != len(group) or any(m.text != first.text for m in group):
        raise ToolError("%s changed while it was being edited; read it again." % first.where)
    return [Match(span.text, s, e, first.block, first.where, first.cell, span, first.region)
            for s, e in reversed(found)]


def in_paragraph(blocks: List[Block], number: int, old_text: str, match_case: bool = True) -> List[Match]:
    """Return the occurrences of ``old_text`` in paragraph ``number`` (or in the cells of table ``number``).

    Raises:
        ToolError: the paragraph does not exist, or does not contain the text (the
            message quotes its current text).
    """
    block = blocks[number - 1] if has_block(blocks, number) else None
    if block is not None and block.kind == "table":
        matches = _in_table(block, old_text, match_case)
        if not matches:
            raise ToolError("Table %s (paragraph %d) does not contain %s. Read it with the tables tool and retry "
                            "with the current text." % (block.obj.getName(), number, quote(old_text)))
        return matches
    block = paragraph_at(blocks, number)
    span = TextSpan.of_range(block.obj)
    found = _matches(span, find_all(span.text, old_text, match_case), number, "paragraph %d" % number,
                     region=block.obj)
    if not found:
        raise ToolError(_not_in_paragraph(blocks, number, span.text, old_text, match_case))
    return found


def _not_in_paragraph(blocks: List[Block], number: int, current: str, old_text: str, match_case: bool) -> str:
    message = ("Paragraph %d does not contain %s; it may have been edited since you read it. Paragraph %d now "
               "reads: %s." % (number, quote(old_text, 80), number, quote(current, 400)))
    elsewhere = [m.block for m in in_document(blocks, old_text, match_case, positions=False)]
    if elsewhere:
        message += " The text is in paragraph %s now." % ", ".join(str(n) for n in sorted(set(elsewhere))[:5])
    elif match_case and find_all(current, old_text, match_case=False):
        message += " (It is there with different capitals.)"
    return message + " Read the document again and retry with the current text."


def in_document(blocks: List[Block], old_text: str, match_case: bool = True, whole_words: bool = False,
                has_redlines: bool = False, positions: bool = True,
                portion_blocks: Optional[Set[int]] = None) -> List[Match]:
    """Return every occurrence of ``old_text`` in the body paragraphs and table cells, in order.

    Args:
        blocks: the body's blocks.
        old_text: the text to find (typography and spacing may differ).
        match_case: capitals must match.
        whole_words: only whole words.
        has_redlines: the document has tracked changes or notes (text is then read portion
            by portion, leaving deletions out and marking note anchors, as the reads show it).
        positions: read the document positions too (needed to change the matches;
            searching alone does without, which is much faster).
        portion_blocks: with ``has_redlines``, the only blocks whose text may differ from
            their plain string (see :func:`~.block_info.portion_blocks`); None: any block may.
    """
    target = normalize(old_text, match_case).text.strip()
    if not target:
        return []
    matches: List[Match] = []
    every_block_by_portion = has_redlines and portion_blocks is None
    plain = {} if every_block_by_portion else paragraph_strings(blocks, portion_blocks if has_redlines else set())
    for block in blocks:
        if block.kind == "table":
            matches.extend(_in_table(block, old_text, match_case, whole_words, positions or has_redlines, positions))
            continue
        where = "paragraph %d" % block.number
        must_read = has_redlines and (portion_blocks is None or block.number in portion_blocks)
        if must_read or positions:
            if not must_read and not find_all(plain[block.number], old_text, match_case, whole_words):
                continue
            span = TextSpan.of_range(block.obj)
            matches.extend(_matches(span, find_all(span.text, old_text, match_case, whole_words), block.number,
                                    where, region=block.obj, keep_span=positions))
            continue
        text = plain[block.number]
        matches.extend(Match(text, s, e, block.number, where, region=block.obj)
                       for s, e in find_all(text, old_text, match_case, whole_words))
    return matches


def _in_table(block: Block, old_text: str, match_case: bool, whole_words: bool = False,
              by_portion: bool = True, positions: bool = True) -> List[Match]:
    """Matches in the cells of table ``block``: cells read by portion with ``by_portion``, keeping
    their document positions with ``positions``."""
    table = block.obj
    target = normalize(old_text, match_case).text.strip()
    if not _may_hold(table, target, match_case):
        return []
    matches = []
    for name in table.getCellNames():
        cell = table.getCellByName(name)
        text = cell.getString()
        if target not in normalize(text, match_case).text:
            continue
        where = "table %s, cell %s (paragraph %d)" % (table.getName(), name, block.number)
        if not by_portion:
            matches.extend(Match(text, s, e, block.number, where, name, region=cell)
                           for s, e in find_all(text, old_text, match_case, whole_words))
            continue
        try:
            span = TextSpan.of_text(cell)
        except SpanTableError:
            continue  # a nested table: not addressed
        matches.extend(_matches(span, find_all(span.text, old_text, match_case, whole_words), block.number, where,
                                name, cell, keep_span=positions))
    return matches


def _may_hold(table, target: str, match_case: bool) -> bool:
    """False only when no cell of ``table`` holds ``target``: every cell's text in one call.

    Reading cell by cell costs two calls a cell (a third of a millisecond for a table of 12
    cells); most tables do not hold what a search looks for. A table with merged cells has
    no such array, and a cell holding a number gives the number: then the cells are read.
    """
    try:
        rows = table.getDataArray()
    except Exception:  # merged cells
        return True
    values = [value for row in rows for value in row]
    return not all(isinstance(value, str) for value in values) or bool(texts_finder(target, match_case)(values))


def choose(matches: List[Match], old_text: str, occurrence: Optional[int], every: bool, scope: str) -> List[Match]:
    """Pick the matches a call means: all, the K-th, or the only one.

    Raises:
        ToolError: nothing matched, the K-th does not exist, or the text is ambiguous.
    """
    if not matches:
        raise ToolError("%s was not found in %s. It may have been changed since you read it: use search_text or "
                        "read the document again, and retry with the current text." % (quote(old_text, 120), scope))
    if every:
        return matches
    if occurrence is not None:
        if occurrence > len(matches):
            raise ToolError("occurrence %d does not exist: %s occurs %d time%s in %s."
                            % (occurrence, quote(old_text, 80), len(matches), "" if len(matches) == 1 else "s",
                               scope))
        return [matches[occurrence - 1]]
    if len(matches) > 1:
        places = ", ".join(m.where for m in matches[:MAX_LISTED]) + (", …" if len(matches) > MAX_LISTED else "")
        raise ToolError("%s occurs %d times (%s). Say which: pass paragraph=N, occurrence=K (1 = first), or "
                        "all=true for every one." % (quote(old_text, 80), len(matches), places))
    return matches


def selection_span(document, blocks: List[Block]):
    """Return ``(span, block number or None)`` of the user's single text selection.

    Raises:
        ToolError: nothing or something other than text is selected, or several
            passages are selected.
    """
    selection = document.getCurrentController().getSelection()
    if selection is None or not selection.supportsService("com.sun.star.text.TextRanges"):
        raise ToolError("The user has not selected text (an object or table cells may be selected). Ask the user "
                        "to select the text, or address it by paragraph number.")
    ranges = indexed(selection)
    ranges = [r for r in ranges if r.getString()] or ranges[:1]
    if len(ranges) > 1:
        raise ToolError("The user selected %d separate passages; these tools work on one. Address the passages by "
                        "paragraph number instead." % len(ranges))
    try:
        span = TextSpan.of_range(ranges[0])
    except SpanTableError:
        raise ToolError("The selection contains a table; replace its paragraphs by number and its cells with the "
                        "tables tool.") from None
    block = containing_block(document, blocks, ranges[0])
    return span, (block.number if block else None)


def in_selection(document, blocks: List[Block], old_text: str) -> Match:
    """Return the whole selection as the match, if it still reads ``old_text``.

    Raises:
        ToolError: the selection is empty or reads something else now.
    """
    span, number = selection_span(document, blocks)
    if not span.text:
        raise ToolError("Nothing is selected (the cursor is in paragraph %s). Use insert_content to add text at "
                        "the cursor, or address the text by paragraph." % (number or "?"))
    current = normalize(span.text).text.strip()
    expected = normalize(old_text).text.strip()
    if current != expected:
        raise ToolError("The selection now reads %s, not %s: the user changed it. Call get_selection and retry "
                        "with the current text." % (quote(span.text, 300), quote(old_text, 120)))
    where = "the selection" + (" (paragraph %d)" % number if number else "")
    return Match(span.text, 0, len(span.text), number or 0, where, span=span)


PARAGRAPH = Arg("Look for the text only in this paragraph (a number from get_document).", minimum=1)
SELECTION = Arg("Use the user's current selection (the text you name must be exactly the selected text).",
                default=False)
OCCURRENCE = Arg("Which match when there are several (1 = first, counted in the paragraph if given, else in the "
                 "document).", minimum=1)
ALL = Arg("Every match in the paragraph or document.", default=False)
MATCH_CASE = Arg("Capitals must match (default true).", default=True)
"""The parameters that say where a tool finds the text it names, shared by the tools that find text."""


@dataclass(frozen=True)
class Where:
    """Where a call looks for its text: one paragraph, the selection, or the whole document."""

    paragraph: Optional[int] = None
    selection: bool = False
    occurrence: Optional[int] = None
    all: bool = False
    match_case: bool = True

    @property
    def everywhere(self) -> bool:
        """The call addresses every match in the whole document (``all`` without a paragraph or selection)."""
        return self.all and self.paragraph is None and not self.selection


def find_targets(document, blocks: List[Block], where: Where, text: str) -> List[Match]:
    """The matches a call addresses with ``selection``, ``paragraph``, ``occurrence`` and ``all``.

    Raises:
        ToolError: the text is not where the call says, or it is ambiguous.
    """
    if where.selection:
        return [in_selection(document, blocks, text)]
    if where.paragraph is not None:
        found = in_paragraph(blocks, where.paragraph, text, where.match_case)
        return choose(found, text, where.occurrence, where.all, "paragraph %d" % where.paragraph)
    by_portion = reads_by_portion(document)
    found = in_document(blocks, text, where.match_case, has_redlines=by_portion,
                        portion_blocks=portion_blocks(document, blocks) if by_portion else None)
    return choose(found, text, where.occurrence, where.all, "the document")


def plain_matches(document, blocks: List[Block], text: str, match_case: bool = True) -> List[Match]:
    """Every match of ``text`` in the document, with document positions only where the text is read by portion.

    The matches of the other paragraphs are located when they are changed (see :func:`fresh_groups`).
    """
    by_portion = reads_by_portion(document)
    return in_document(blocks, text, match_case, has_redlines=by_portion, positions=False,
                       portion_blocks=portion_blocks(document, blocks) if by_portion else None)
