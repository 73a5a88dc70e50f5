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

from dataclasses import dataclass
from typing import Any, Callable, List, Optional

from com.sun.star.container import NoSuchElementException

from ...core.agent.tools import ToolError

PARAGRAPH = "com.sun.star.text.Paragraph"
TABLE = "com.sun.star.text.TextTable"


@dataclass
class Block:
    """One numbered block of the body."""

    number: int
    kind: str
    """``paragraph`` or ``table``."""
    obj: Any


def body_blocks(document) -> List[Block]:
    """Return every block of the body, numbered from 1."""
    elements = _body_elements(document)
    tables = _all_tables(document)
    if tables is not None:
        kinds = ["table" if element in tables else "paragraph" for element in elements]
        if kinds.count("table") == len(tables):  # every table of the document is in the body, each one found
            return [Block(number, kind, element) for number, (kind, element) in enumerate(zip(kinds, elements), 1)]
    return [Block(number, "table" if element.supportsService(TABLE) else "paragraph", element)
            for number, element in enumerate(elements, 1)]


def _body_elements(document) -> list:
    """The paragraphs and tables of the body, in order.

    The end is found by the enumeration's exception, which saves asking it before every element.
    """
    elements = []
    following = document.getText().createEnumeration().nextElement
    try:
        while True:
            elements.append(following())
    except NoSuchElementException:
        return elements


def _all_tables(document) -> Optional[set]:
    """The document's tables as a set, to tell tables from paragraphs without asking each element.

    None when the office's Python bridge cannot hash its objects (then each element is asked).
    """
    try:
        tables = document.getTextTables()
        return {tables.getByIndex(index) for index in range(tables.getCount())}
    except TypeError:
        return None


def reread_around(document, blocks: List[Block], number: int, reach: int = 1) -> List[Block]:
    """The body's blocks after a change that touched only blocks ``number - reach``..``number + reach``.

    Only that stretch is enumerated again, between the untouched paragraphs on either
    side; the blocks outside it are kept (their objects stay valid). Where no such
    paragraph exists on a side, or the stretch cannot be told apart, the whole body is
    read again, as :func:`body_blocks` does.

    Args:
        document: the Writer document.
        blocks: the blocks as they were before the change.
        number: the block the change was made at (numbers as in ``blocks``).
        reach: how many blocks either side the change may have touched.
    """
    before, after = number - reach - 2, number + reach  # indexes of the untouched paragraphs around
    if before < 0 or after >= len(blocks) or blocks[before].kind != "paragraph" or blocks[after].kind != "paragraph":
        return body_blocks(document)
    body = document.getText()
    cursor = body.createTextCursorByRange(blocks[before].obj.getEnd())
    cursor.gotoRange(blocks[after].obj.getStart(), True)
    elements = []
    enumeration = cursor.createEnumeration()
    while enumeration.hasMoreElements():
        elements.append(enumeration.nextElement())
    if len(elements) < 2 or not _same_paragraph(body, elements[0], blocks[before].obj) \
            or not _same_paragraph(body, elements[-1], blocks[after].obj):
        return body_blocks(document)
    middle = [Block(0, "table" if element.supportsService(TABLE) else "paragraph", element)
              for element in elements[1:-1]]
    kept = blocks[:before + 1] + middle + blocks[after:]
    return [Block(index, block.kind, block.obj) for index, block in enumerate(kept, 1)]


def _same_paragraph(body, element, paragraph) -> bool:
    """True when ``element`` (a part of a paragraph, from a cursor's enumeration) lies in ``paragraph``."""
    try:
        return element.supportsService(PARAGRAPH) and body.compareRegionStarts(element, paragraph) <= 0 \
            and body.compareRegionEnds(element, paragraph) >= 0
    except Exception:  # not comparable: not in the same text
        return False


def block_at(blocks: List[Block], number: int) -> Block:
    """Return block ``number`` or raise a ToolError that states the valid range."""
    if not blocks:
        raise ToolError("The document is empty.")
    if number < 1 or number > len(blocks):
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
