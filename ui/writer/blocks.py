"""The body of a Writer document as numbered blocks: the addressing every tool shares.

Numbering rule (also stated in the tool descriptions): every top-level paragraph of
the body and every top-level table is one numbered block, in body order, starting at
1. Paragraphs inside tables, frames, headers, footers and footnotes have no number
(tables are read and edited cell by cell with the ``tables`` tool). Paragraphs inside
sections are body paragraphs and are numbered like the others. Numbers shift when
blocks are added or removed before them, so the editing tools report the numbers of
what they created.
"""
from __future__ import annotations

from collections import abc
from dataclasses import dataclass
from typing import Any, Callable, Iterator, List, Optional, Sequence, Tuple

from com.sun.star.container import NoSuchElementException
from com.sun.star.lang import IllegalArgumentException

from ...core.agent.tools import ToolError
from ..office.enumeration import elements, indexed
from ..office.log import get_logger

log = get_logger("writer.blocks")

PARAGRAPH = "com.sun.star.text.Paragraph"
TABLE = "com.sun.star.text.TextTable"


@dataclass
class Block:
    """One numbered block of the body."""

    number: int
    kind: str
    """``paragraph`` or ``table``."""
    obj: Any


@dataclass
class Skipped:
    """The blocks a :class:`BodyBlocks` stepped over without reading them (see :func:`body_blocks_from`)."""

    document: Any
    blocks: int
    tables: int
    """How many of them are tables."""


class BodyBlocks(abc.Sequence):
    """The body's blocks, read from the document only as far as they are asked for.

    Enumerating a 150-page body costs about 30 ms; a tool that addresses paragraph 2,
    or deletes paragraphs 1,400–1,600, needs only the blocks up to there. Indexing and
    slicing read on to the block asked for; ``len()``, negative indexes and open-ended
    slices read the whole body. The enumeration stays valid across edits before the
    point it has reached (LibreOffice moves its position with the text), which is how
    :func:`reread_around` keeps the rest unread after a change. Blocks made by
    :func:`body_blocks_from` start with blocks stepped over, read only when asked for.
    """

    def __init__(self, blocks: List[Block], following: Optional[Callable[[], Any]], is_table: Callable[[Any], bool],
                 table_count: Optional[int] = None, skipped: Optional["Skipped"] = None):
        self._blocks: List[Optional[Block]] = blocks
        self._following = following
        self._is_table = is_table
        self._table_count = table_count
        self._skipped = skipped
        if skipped is not None:
            self._blocks = [None] * skipped.blocks + blocks

    def _read_to(self, count: Optional[int]) -> None:
        """Read on until ``count`` blocks are known (None: all of them)."""
        while self._following is not None and (count is None or len(self._blocks) < count):
            try:
                element = self._following()
            except NoSuchElementException:
                self._following = None
                self._check_tables()
                return
            kind = "table" if self._is_table(element) else "paragraph"
            self._blocks.append(Block(len(self._blocks) + 1, kind, element))

    def _check_tables(self) -> None:
        """Having read to the end: if not every table was told apart by identity, ask each block."""
        before = self._skipped.tables if self._skipped is not None else 0
        read = [block for block in self._blocks if block is not None]
        if self._table_count is None or before + sum(b.kind == "table" for b in read) == self._table_count:
            return
        for block in read:
            block.kind = "table" if _supports_table(block.obj) else "paragraph"

    def _read_skipped(self, first: Optional[int]) -> None:
        """Read the skipped blocks if index ``first`` (None: any) falls among them.

        The body is read afresh from its start as far as this one has been read, and
        goes on from there.
        """
        skipped = self._skipped
        if skipped is None or (first is not None and first >= skipped.blocks):
            return
        fresh = body_blocks(skipped.document)
        fresh._read_to(len(self._blocks))
        self._blocks, self._following = fresh._blocks, fresh._following
        self._is_table, self._table_count, self._skipped = fresh._is_table, fresh._table_count, None

    def __len__(self) -> int:
        self._read_to(None)
        return len(self._blocks)

    def __getitem__(self, index):
        if isinstance(index, slice):
            open_ended = index.stop is None or index.stop < 0 or (index.start or 0) < 0
            self._read_skipped(None if (index.start or 0) < 0 else index.start or 0)
            self._read_to(None if open_ended else index.stop)
        else:
            self._read_skipped(None if index < 0 else index)
            self._read_to(None if index < 0 else index + 1)
        return self._blocks[index]

    def __iter__(self) -> Iterator[Block]:
        self._read_skipped(None)
        index = 0
        while True:
            self._read_to(index + 1)
            if index >= len(self._blocks):
                return
            yield self._blocks[index]
            index += 1

    def has(self, number: int) -> bool:
        """True when block ``number`` exists (reading only up to it)."""
        if number < 1:
            return False
        self._read_to(number)
        return number <= len(self._blocks)

    def continued(self, blocks: List[Block]) -> "BodyBlocks":
        """New blocks that start with ``blocks`` and go on where this enumeration stands (this one stops)."""
        following, self._following = self._following, None
        return BodyBlocks(blocks, following, self._is_table)  # new tables may be among them: not checked

    def known(self) -> int:
        """How many blocks have been read (or stepped over) so far."""
        return len(self._blocks)

    def stepped_over(self) -> int:
        """How many blocks at the start were stepped over and are still unread (see :func:`body_blocks_from`)."""
        return self._skipped.blocks if self._skipped is not None else 0


def body_blocks(document) -> BodyBlocks:
    """Return every block of the body, numbered from 1, read as far as they are used (see :class:`BodyBlocks`)."""
    return _from_start(document, _all_tables(document))


def _from_start(document, tables: Optional[set]) -> BodyBlocks:
    """The body's blocks from the first, ``tables`` (taken before: through a remote bridge, identity holds only
    for objects met after them) telling tables apart."""
    following = document.getText().createEnumeration().nextElement
    if tables is None:
        return BodyBlocks([], following, _supports_table)
    return BodyBlocks([], following, tables.__contains__, len(tables))


SEEK_AFTER = 300
"""Blocks from which on stepping over the body is cheaper than reading it (see :func:`body_blocks_from`)."""


def body_blocks_from(document, number: int, seek_after: int = SEEK_AFTER) -> BodyBlocks:
    """:func:`body_blocks` for a tool that needs the blocks from ``number`` on.

    Reading a block costs about 9 µs (LibreOffice makes a paragraph object for it);
    stepping a text cursor over a paragraph costs 4 µs, and placing a table against the
    cursor 12 µs. So the blocks before ``number`` are stepped over and numbered by the
    tables before the cursor, and read (from the body's start) only if asked for. A
    caller must check what it finds there (the editing guard does) and can read again
    with :func:`body_blocks` if it differs. Where stepping cannot be exact (a table first
    or last in the body, a shorter body) or does not pay (``number`` up to ``seek_after``)
    this is :func:`body_blocks`.
    """
    tables = _all_tables(document)
    if number <= seek_after or tables is None:
        return _from_start(document, tables)
    try:
        found = _seek(document, number)
    except Exception:  # a body the cursor cannot step through: read it
        log.warning("stepping to block %d failed; reading the body instead", number, exc_info=True)
        found = None
    if found is None:
        return _from_start(document, tables)
    skipped, following = found
    return BodyBlocks([], following, tables.__contains__, len(tables), Skipped(document, *skipped))


def _seek(document, number: int):
    """``((blocks skipped, tables among them), the next element's reader)`` for a start at or just before
    block ``number``; None where the cursor cannot tell."""
    body = document.getText()
    cursor, end = body.createTextCursor(), body.createTextCursor()
    cursor.gotoStart(False)
    end.gotoEnd(False)
    if _in_a_table(cursor) or _in_a_table(end):
        return None
    anchors = _body_table_anchors(document, body)
    paragraph = number - len(anchors)  # its block number is that plus the tables before it: at most `number`
    if paragraph < 2:
        return None
    step = cursor.gotoNextParagraph
    for _ in range(paragraph - 1):
        if not step(False):
            return None
    before = _tables_before(body, anchors, cursor)
    stretch = body.createTextCursorByRange(cursor.getStart())
    stretch.gotoEnd(True)
    following = stretch.createEnumeration()
    first = following.nextElement()
    if not first.supportsService(PARAGRAPH) or body.compareRegionStarts(first, cursor) != 0:
        return None
    skipped = paragraph - 1 + before
    return (skipped, before), _Following(body, following, first, skipped)


class _Following:
    """The elements after the skipped blocks: those of a selection from the start to the body's end, then, as a
    selection leaves out a last empty paragraph after a table, the rest of a whole enumeration."""

    def __init__(self, body, elements, first, skipped: int):
        self._body, self._next, self._pending = body, elements.nextElement, [first]  # looked up once
        self._given = skipped
        self._whole = False

    def __call__(self):
        if self._pending:
            element = self._pending.pop()
        else:
            try:
                element = self._next()
            except NoSuchElementException:
                if self._whole:
                    raise
                self._next, self._whole = self._body.createEnumeration().nextElement, True
                for _ in range(self._given):
                    self._next()
                element = self._next()
        self._given += 1
        return element


def _in_a_table(cursor) -> bool:
    try:
        return bool(cursor.getPropertyValue("TextTable"))
    except Exception:
        return True


def _body_table_anchors(document, body) -> list:
    """The anchors of the tables that stand in the body itself (see :func:`stands_in_body`)."""
    tables = document.getTextTables()
    anchors = (table.getAnchor() for table in indexed(tables))
    start = body_start(body)
    return [anchor for anchor in anchors if stands_in_body(body, anchor, start)]


def body_start(body):
    """Where the body's own text starts: its first paragraph, or the anchor of a table standing first."""
    first = body.createEnumeration().nextElement()
    return first.getAnchor() if first.supportsService(TABLE) else first.getStart()


def stands_in_body(body, anchor, start) -> bool:
    """True when a table's ``anchor`` is in the body itself (``start`` from :func:`body_start`).

    A table in a cell names the table holding it (``TextTable``), one in a frame or a
    shape's text box the frame (``TextFrame``). A header's, a footer's or a note's text
    is stored before the body's: LibreOffice up to 7.5 refuses to compare a place there
    with a body place (IllegalArgumentException), later versions tell it lies before
    the body's start (25.2 measured; a test covers both). So the decision rests on the
    comparison's result, not on whether it raises.
    """
    if anchor.getPropertyValue("TextTable") or anchor.getPropertyValue("TextFrame"):
        return False
    try:
        return body.compareRegionStarts(start, anchor) >= 0
    except IllegalArgumentException:  # up to 7.5: not in the body's text
        return False


def _tables_before(body, anchors: list, cursor) -> int:
    return sum(1 for anchor in anchors if body.compareRegionStarts(anchor, cursor) > 0)


def _supports_table(element) -> bool:
    return element.supportsService(TABLE)


def has_block(blocks: Sequence[Block], number: int) -> bool:
    """True when block ``number`` exists in ``blocks`` (a list or :class:`BodyBlocks`, read only up to it)."""
    if isinstance(blocks, BodyBlocks):
        return blocks.has(number)
    return 1 <= number <= len(blocks)


def _all_tables(document) -> Optional[set]:
    """The document's tables as a set, to tell tables from paragraphs without asking each element.

    None when the office's Python bridge cannot hash its objects (then each element is asked).
    """
    try:
        tables = document.getTextTables()
        return set(indexed(tables))
    except TypeError:
        return None


def reread_around(document, blocks: BodyBlocks, number: int, reach: int = 1) -> Tuple[BodyBlocks, int]:
    """The body's blocks after a change that touched only blocks ``number - reach``..``number + reach``.

    Only that stretch is enumerated again, between the untouched paragraphs on either
    side; the blocks before it are kept and those after it are read on as before (their
    objects stay valid). Where no such paragraph exists on a side, or the stretch cannot
    be told apart, the whole body is read again, as :func:`body_blocks` does.

    Args:
        document: the Writer document.
        blocks: the blocks as they were before the change (read at least to ``number + reach + 1``).
        number: the block the change was made at (numbers as in ``blocks``).
        reach: how many blocks either side the change may have touched.

    Returns:
        ``(the blocks now, how many blocks the change added)``.
    """
    before, after = number - reach - 2, number + reach  # indexes of the untouched paragraphs around
    if before < 0 or not has_block(blocks, after + 1) or blocks[before].kind != "paragraph" \
            or blocks[after].kind != "paragraph":
        return _read_again(document, blocks)
    body = document.getText()
    cursor = body.createTextCursorByRange(blocks[before].obj.getEnd())
    cursor.gotoRange(blocks[after].obj.getStart(), True)
    found = list(elements(cursor.createEnumeration()))
    if len(found) < 2 or not _same_paragraph(body, found[0], blocks[before].obj) \
            or not _same_paragraph(body, found[-1], blocks[after].obj):
        return _read_again(document, blocks)
    middle = [Block(0, "table" if element.supportsService(TABLE) else "paragraph", element)
              for element in found[1:-1]]
    kept = blocks[:before + 1] + middle + blocks[after:blocks.known()]
    renumbered = [Block(index, block.kind, block.obj) for index, block in enumerate(kept, 1)]
    return blocks.continued(renumbered), len(middle) - (after - before - 1)


def _read_again(document, blocks: BodyBlocks) -> Tuple[BodyBlocks, int]:
    fresh = body_blocks(document)
    return fresh, len(fresh) - len(blocks)


def _same_paragraph(body, element, paragraph) -> bool:
    """True when ``element`` (a part of a paragraph, from a cursor's enumeration) lies in ``paragraph``."""
    try:
        return element.supportsService(PARAGRAPH) and body.compareRegionStarts(element, paragraph) <= 0 \
            and body.compareRegionEnds(element, paragraph) >= 0
    except Exception:  # not comparable: not in the same text
        return False


def block_at(blocks: List[Block], number: int) -> Block:
    """Return block ``number`` or raise a ToolError that states the valid range."""
    if not has_block(blocks, 1):
        raise ToolError("The document is empty.")
    if not has_block(blocks, number):
        raise ToolError("There is no paragraph %d: the document has paragraphs 1 to %d. Read it again with "
                        "get_document." % (number, len(blocks)))
    return blocks[number - 1]


def paragraph_at(blocks: List[Block], number: int) -> Block:
    """Return block ``number``, refusing tables with a hint to the tables tool."""
    block = block_at(blocks, number)
    if block.kind == "table":
        raise ToolError("Paragraph %d is a table (%s). Use the tables tool to read or change its cells."
                        % (number, block.obj.getName()))
    return block


def table_block(blocks: List[Block], name: str) -> Optional[Block]:
    """Return the block of the table called ``name`` (None if it is not a body table)."""
    for block in blocks:
        if block.kind == "table" and block.obj.getName() == name:
            return block
    return None


def containing_block(document, blocks: List[Block], text_range) -> Optional[Block]:
    """Return the block that contains the start of ``text_range`` (None outside the body).

    A range inside a table cell gives the table's block; a range in a frame, header,
    footer or footnote gives None.
    """
    return block_finder(document, blocks)(text_range)


def block_finder(document, blocks: List[Block]) -> Callable[[Any], Optional[Block]]:
    """A :func:`containing_block` for many ranges: the body's paragraphs are listed once."""
    body = document.getText()
    paragraphs = [block for block in blocks if block.kind == "paragraph"]

    def find(text_range) -> Optional[Block]:
        text = text_range.getText()
        if text != body:
            table_name = _table_of(text, text_range)
            return table_block(blocks, table_name) if table_name else None
        low, high, found = 0, len(paragraphs) - 1, None
        while low <= high:
            middle = (low + high) // 2
            if body.compareRegionStarts(paragraphs[middle].obj, text_range) >= 0:  # starts before or at the range
                found = paragraphs[middle]
                low = middle + 1
            else:
                high = middle - 1
        return found
    return find


def _table_of(text, text_range) -> str:
    try:
        cursor = text.createTextCursorByRange(text_range)
        table = cursor.getPropertyValue("TextTable")
    except Exception:
        return ""
    return table.getName() if table else ""


def is_heading(paragraph) -> bool:
    """True for paragraphs of the outline (headings)."""
    return int(paragraph.getPropertyValue("OutlineLevel") or 0) > 0


def list_label(paragraph) -> str:
    """The list label the user sees ("1.", "a)", "•"), or "" outside lists."""
    try:
        if not paragraph.getPropertyValue("NumberingIsNumber"):
            return ""
        label = paragraph.getPropertyValue("ListLabelString") or ""
    except Exception:
        return ""
    return label.strip() or "\u2022"


def list_level(paragraph) -> int:
    """The list level of a list paragraph (0 = top level)."""
    try:
        return int(paragraph.getPropertyValue("NumberingLevel") or 0)
    except Exception:
        return 0
