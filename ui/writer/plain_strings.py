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
"""
from __future__ import annotations

from typing import Dict, Iterable, Iterator, List, Set

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
    if len(stretch) < FEWEST_AT_ONCE:
        return [block.obj.getString() for block in stretch]
    parts = _read_at_once(stretch)
    if parts is not None:
        return parts
    middle = len(stretch) // 2
    return _read(stretch[:middle]) + _read(stretch[middle:])


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
    first, last = stretch[0].obj, stretch[-1].obj
    try:
        cursor = first.getText().createTextCursorByRange(first)
        cursor.gotoRange(last.getEnd(), True)
        joined = cursor.getString()
        parts = joined.split("\r\n" if "\r\n" in joined else "\n")
        if len(parts) != len(stretch) or parts[0] != first.getString() or parts[-1] != last.getString():
            return None
    except Exception:  # a paragraph gone meanwhile: read them one by one, which reports it
        log.debug("a stretch of paragraphs could not be read at once", exc_info=True)
        return None
    return parts
