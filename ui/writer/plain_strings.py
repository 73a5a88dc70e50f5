"""The plain strings of many body paragraphs, read a stretch of paragraphs at a time.

A paragraph's ``getString`` makes LibreOffice run its plain-text export over the paragraph,
which costs ~16 µs however short the paragraph is, and a little more in a longer document:
reading the 10,000 paragraphs of a 473-page report one by one took 155 ms. The same export
over a stretch of consecutive paragraphs gives their strings joined by line ends: 23 ms
for the same paragraphs, read between the tables (measured, ``scripts/bench_writer.py``'s
report, the same strings).

The export ends each paragraph with one line end, but a manual line break inside a
paragraph is a line end too. So a stretch is taken only when it splits into exactly one
part per paragraph and its first and last parts are those paragraphs' own strings; else
it is halved and each half read the same way, down to stretches of a few paragraphs, which
are read one by one (in the corpus of documents written by others, manual line breaks are
common: a letter template's address block, a novel's paragraphs).

The paragraphs are given as blocks (:func:`paragraph_strings`) or by a walk of the body
(:func:`walked_strings`, which reads the stretches between the walk's marks and tables
without making an object for each paragraph).
"""
from __future__ import annotations

from typing import Callable, Dict, Iterable, Iterator, List, Optional, Set, Tuple

from ..office.log import get_logger
from .blocks import Block

log = get_logger("writer.plain_strings")


FEWEST_AT_ONCE = 8  # stretches shorter than this are read paragraph by paragraph


def paragraph_strings(blocks: Iterable[Block], skip: Set[int] = frozenset()) -> Dict[int, str]:
    """``{paragraph number: its getString()}`` for the paragraphs of ``blocks`` not numbered in ``skip``."""
    strings: Dict[int, str] = {}
    for stretch in _stretches(blocks, skip):
        strings.update((block.number, part) for block, part in zip(stretch, _read(stretch)))
    return strings


def _read(stretch: List[Block]) -> List[str]:
    """The strings of ``stretch``'s paragraphs: at once, by halves, or one by one (see the module)."""
    return _by_halves(
        0, len(stretch),
        lambda first, count: _read_at_once(stretch[first:first + count]),
        lambda first, count: [block.obj.getString() for block in stretch[first:first + count]])


def _by_halves(first: int, count: int, at_once: Callable[[int, int], Optional[List[str]]],
               one_by_one: Callable[[int, int], List[str]]) -> List[str]:
    """The strings of ``count`` paragraphs from ``first`` on: ``at_once`` for the whole stretch, else each
    half read the same way, down to stretches shorter than FEWEST_AT_ONCE, read ``one_by_one``."""
    if count < FEWEST_AT_ONCE:
        return one_by_one(first, count)
    parts = at_once(first, count)
    if parts is not None:
        return parts
    half = count // 2
    return _by_halves(first, half, at_once, one_by_one) + _by_halves(first + half, count - half, at_once, one_by_one)


def _stretches(blocks: Iterable[Block], skip: Set[int]) -> Iterator[List[Block]]:
    """Runs of consecutive paragraphs, broken by tables and by the paragraphs in ``skip``."""
    stretch: List[Block] = []
    for block in blocks:
        if block.kind == "paragraph" and block.number not in skip:
            stretch.append(block)
            continue
        if stretch:
            yield stretch
        stretch = []
    if stretch:
        yield stretch


def _read_at_once(stretch: List[Block]):
    """The strings of ``stretch``'s paragraphs from one export, or None when it cannot be split surely."""
    return _parts_between(stretch[0].obj, stretch[-1].obj, len(stretch))


def _parts_between(first, last, count: int) -> Optional[List[str]]:
    """The strings of the ``count`` paragraphs from ``first`` to ``last`` (each a whole paragraph) from one
    export, or None when it cannot be split surely."""
    try:
        cursor = first.getText().createTextCursorByRange(first)
        cursor.gotoRange(last.getEnd(), True)
        joined = cursor.getString()
        parts = joined.split("\r\n" if "\r\n" in joined else "\n")
        if len(parts) != count or parts[0] != first.getString() or parts[-1] != last.getString():
            return None
    except Exception:  # a paragraph gone meanwhile: read them one by one, which reports it
        log.debug("a stretch of paragraphs could not be read at once", exc_info=True)
        return None
    return parts


def walked_strings(walk, skip: Set[int] = frozenset()) -> Dict[int, str]:
    """``{paragraph index: its string}`` for the body paragraphs of a :class:`~.body_walk.BodyWalk` whose
    index (from 1, tables not counted) is not in ``skip``: :func:`paragraph_strings` without reading the
    paragraphs' objects."""
    strings: Dict[int, str] = {}
    for first, last in _walked_stretches(walk, skip):
        strings.update(zip(range(first, last + 1), _read_walked(walk, first, last)))
    return strings


def _walked_stretches(walk, skip: Set[int]) -> Iterator[Tuple[int, int]]:
    """``(first, last)`` paragraph indexes of runs of paragraphs broken by tables and by ``skip``."""
    followed_by_table = {table.paragraphs_before for table in walk.tables}
    first = None
    for paragraph in range(1, walk.paragraphs + 1):
        if paragraph in skip:
            if first is not None:
                yield first, paragraph - 1
            first = None
            continue
        if first is None:
            first = paragraph
        if paragraph in followed_by_table:
            yield first, paragraph
            first = None
    if first is not None:
        yield first, walk.paragraphs


def _read_walked(walk, first: int, last: int) -> List[str]:
    """The strings of paragraphs ``first`` to ``last``: at once, by halves, or one by one (see the module)."""
    return _by_halves(
        first, last - first + 1,
        lambda start, count: _parts_between(walk.paragraph_range(start), walk.paragraph_range(start + count - 1),
                                            count),
        lambda start, count: _one_by_one(walk, start, count))


def _one_by_one(walk, first: int, count: int) -> List[str]:
    """The strings of ``count`` paragraphs from ``first`` on, one cursor stepping from each to the next."""
    cursor = walk.cursor_at(first)
    strings = []
    for _ in range(count):
        cursor.gotoEndOfParagraph(True)
        strings.append(cursor.getString())
        cursor.gotoNextParagraph(False)
    return strings
