"""The body's paragraphs counted by a text cursor walking over them, without reading them.

Enumerating the body makes LibreOffice build an object for each paragraph: 9–11 µs a
paragraph, a little more in a longer document, and the enumeration is how
:func:`~.blocks.body_blocks` numbers the blocks. A text cursor steps from one paragraph
to the next in about 3 µs and steps over tables; comparing two places, making a cursor
or a range costs 8–12 µs (measured at 29 and 473 pages in the report of
``scripts/bench_writer.py``).

So a tool that needs the block numbers of a few places (comments, tracked changes,
notes) or the strings of every paragraph walks the body once, leaving a mark every
:data:`SPACING` paragraphs. The places asked about, and the tables, are taken in
document order (sorted first; they mostly come in that order, which Python's sort
confirms with one comparison each) and found between two marks: one comparison per mark
passed, then a binary search over the few paragraphs between them. The work grows as
the body does, where placing each place by a binary search over every paragraph grows
with the logarithm of their number too.

The walk gives up (:meth:`BodyWalk.of` returns None, and the caller reads the body the
usual way) where a text cursor cannot stand at the body's start or end, or where tables
between the same two paragraphs cannot be told apart. Its numbers are those of
:mod:`.blocks`: tests check them against a whole read in every document of the corpus
written by others and in a body with tables first, side by side and in cells.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import cmp_to_key
from typing import Any, Dict, List, Optional, Sequence

from ..office.enumeration import elements, indexed
from ..office.log import get_logger
from .blocks import TABLE, _in_a_table, _table_of, block_finder, body_blocks, body_start, stands_in_body

log = get_logger("writer.body_walk")

SPACING = 16
"""Paragraphs between two marks: a place is found with at most log2 of this many comparisons past its mark."""


@dataclass
class WalkedTable:
    """A table standing in the body itself, placed between the paragraphs."""

    table: Any
    paragraphs_before: int
    number: int
    """Its block number."""


class BodyWalk:
    """The body's paragraphs, counted and marked; tables placed among them (see the module)."""

    def __init__(self, document, body, marks: List[Any], paragraphs: int):
        self._document, self._body = document, body
        self._marks = marks
        self.paragraphs = paragraphs
        """How many paragraphs the body has (those in tables, frames and notes not counted)."""
        self.tables: List[WalkedTable] = []
        """The tables standing in the body itself, in document order."""
        self._tables_by_name: Dict[str, WalkedTable] = {}
        self._before: List[int] = []

    @classmethod
    def of(cls, document) -> Optional["BodyWalk"]:
        """Walk the body of ``document``; None where a walk cannot number it as the enumeration does."""
        try:
            return cls._walked(document)
        except Exception:  # a body the cursor cannot walk: the caller reads it
            log.warning("walking the body failed; reading it instead", exc_info=True)
            return None

    @classmethod
    def _walked(cls, document) -> Optional["BodyWalk"]:
        body = document.getText()
        cursor = body.createTextCursor()
        cursor.gotoStart(False)
        if _in_a_table(cursor):
            return None
        marks, count = [cursor.getStart()], 1
        step = cursor.gotoNextParagraph
        while step(False):
            if count % SPACING == 0:
                marks.append(cursor.getStart())
            count += 1
        if _in_a_table(cursor):
            return None
        walk = cls(document, body, marks, count)
        return walk if walk._place_tables() else None

    def block_number(self, paragraph: int) -> int:
        """The block number of body paragraph ``paragraph`` (1 = the first paragraph)."""
        return paragraph + bisect.bisect_left(self._before, paragraph)

    def numbers(self, places: Sequence[Any]) -> List[Optional[int]]:
        """The block number of the paragraph or table holding the start of each place (None outside the body).

        A place in a cell of a body table gives the table's number; one in a frame, a
        header, a footer, a note or a nested table gives None, as
        :func:`~.blocks.containing_block` does.
        """
        texts = [place.getText() for place in places]
        in_body = [index for index, text in enumerate(texts) if text == self._body]
        numbers: List[Optional[int]] = [None] * len(places)
        for index, paragraph in zip(in_body, self.paragraph_indexes([places[index] for index in in_body])):
            numbers[index] = self.block_number(paragraph)
        for index, text in enumerate(texts):
            if text != self._body:
                table = self._tables_by_name.get(_table_of(text, places[index]))
                numbers[index] = table.number if table else None
        return numbers

    def paragraph_indexes(self, places: Sequence[Any]) -> List[int]:
        """For each place in the body's own text, the index of the paragraph holding its start (from 1)."""
        order = self._in_order(places)
        indexes = [0] * len(places)
        for index, paragraph in zip(order, self._paragraph_indexes([places[index] for index in order])):
            indexes[index] = paragraph
        return indexes

    def _place_tables(self) -> bool:
        """Place the tables standing in the body; False where they cannot be told apart (see :meth:`_alone`)."""
        found = self._document.getTextTables()
        tables, anchors = [], []
        start = body_start(self._body)
        for table in indexed(found):
            anchor = table.getAnchor()
            if stands_in_body(self._body, anchor, start):
                tables.append(table)
                anchors.append(anchor)
        order = self._in_order(anchors)
        groups: Dict[int, List[Any]] = {}
        for index, before in zip(order, self._paragraph_indexes([anchors[index] for index in order])):
            groups.setdefault(before, []).append(tables[index])
        for paragraphs_before in sorted(groups):
            standing = self._alone(paragraphs_before, groups[paragraphs_before])
            if standing is None:
                return False
            for table in standing:
                walked = WalkedTable(table, paragraphs_before, paragraphs_before + len(self.tables) + 1)
                self.tables.append(walked)
                self._tables_by_name[table.getName()] = walked
        self._before = [walked.paragraphs_before for walked in self.tables]
        return True

    def _alone(self, paragraphs_before: int, tables: List[Any]) -> Optional[List[Any]]:
        """``tables``, found between the same two paragraphs, in their order in the body.

        Tables side by side (or a table in another's cell that :func:`~.blocks.stands_in_body`
        did not tell) are checked by enumerating the stretch between the two paragraphs,
        which names only the tables standing in the body, in order (None where there is no
        paragraph on one side to enumerate from).
        """
        if len(tables) == 1:
            return tables
        if paragraphs_before == 0 or paragraphs_before == self.paragraphs:
            return None
        cursor = self._body.createTextCursorByRange(self.paragraph_range(paragraphs_before).getEnd())
        cursor.gotoRange(self.cursor_at(paragraphs_before + 1), True)
        by_name = {table.getName(): table for table in tables}
        standing = []
        for element in elements(cursor.createEnumeration()):
            if element.supportsService(TABLE):
                standing.append(by_name[element.getName()])
        return standing

    def _in_order(self, places: Sequence[Any]) -> List[int]:
        """The indexes of ``places`` in document order."""
        compare = self._body.compareRegionStarts
        return sorted(range(len(places)), key=cmp_to_key(lambda a, b: -compare(places[a], places[b])))

    def _paragraph_indexes(self, places: Sequence[Any]) -> List[int]:
        """:meth:`paragraph_indexes` for places in document order (0 for a table before the first paragraph)."""
        compare, marks = self._body.compareRegionStarts, self._marks
        mark, found, past_start = 0, [], False
        for place in places:
            past_start = past_start or compare(marks[0], place) >= 0
            if not past_start:
                found.append(0)
                continue
            while mark + 1 < len(marks) and compare(marks[mark + 1], place) >= 0:
                mark += 1
            found.append(self._between_marks(mark, place))
        return found

    def _between_marks(self, mark: int, place) -> int:
        """The paragraph holding ``place``, which starts at or after mark ``mark`` and before the next.

        A binary search over the paragraphs between the two marks, with one cursor
        stepping back and forth (a step costs a third of a new cursor).
        """
        low = mark * SPACING + 1
        high = min(low + SPACING - 1, self.paragraphs)
        cursor, at = self._body.createTextCursorByRange(self._marks[mark]), low
        while low < high:
            middle = (low + high + 1) // 2
            _step(cursor, middle - at)
            at = middle
            if self._body.compareRegionStarts(cursor, place) >= 0:
                low = middle
            else:
                high = middle - 1
        return low

    def cursor_at(self, paragraph: int):
        """A text cursor at the start of body paragraph ``paragraph`` (from 1)."""
        mark = (paragraph - 1) // SPACING
        cursor = self._body.createTextCursorByRange(self._marks[mark])
        _step(cursor, paragraph - 1 - mark * SPACING)
        return cursor

    def text_after(self, paragraph: int) -> Optional[str]:
        """The plain text of what stands between body paragraph ``paragraph`` and the next (the tables
        there, a line for each cell), in one export; None after the last paragraph.

        Cheaper than the tables' own data arrays (about 100 against 160 µs for a table of 12
        cells at 473 pages, measured), so a search passes over tables that cannot hold what it looks for.
        """
        if not 0 < paragraph < self.paragraphs:
            return None
        cursor = self.cursor_at(paragraph)
        cursor.gotoEndOfParagraph(False)
        cursor.gotoNextParagraph(True)
        return cursor.getString()

    def paragraph_range(self, paragraph: int):
        """A text cursor selecting the whole of body paragraph ``paragraph``."""
        cursor = self.cursor_at(paragraph)
        cursor.gotoEndOfParagraph(True)
        return cursor


def _step(cursor, paragraphs: int) -> None:
    """Move ``cursor`` to the start of the paragraph ``paragraphs`` on (back where negative)."""
    move = cursor.gotoNextParagraph if paragraphs > 0 else cursor.gotoPreviousParagraph
    for _ in range(abs(paragraphs)):
        move(False)


def block_numbers(document, places: Sequence[Any]) -> List[Optional[int]]:
    """The block number of the paragraph or table holding each place (None outside the body).

    Through a :class:`BodyWalk`, or where the body cannot be walked, by reading it
    (:func:`~.blocks.block_finder`).
    """
    walk = BodyWalk.of(document)
    if walk is not None:
        return walk.numbers(places)
    find = block_finder(document, body_blocks(document))
    found = [find(place) for place in places]
    return [block.number if block else None for block in found]
