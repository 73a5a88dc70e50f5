"""A faster :func:`~.match.find_all` for text that normalizing leaves as it is.

:func:`~.match.normalize` walks the text character by character in Python, which
dominates a search through thousands of paragraphs. Most paragraphs, though, hold
nothing it would change: no typographic look-alike, no invisible character, no
whitespace but single spaces, nothing NFC would recompose, no letter whose lower case
depends on its neighbours. For those the normalized text is the text itself (lower-
cased when case does not count) with every offset unchanged, so the matches are found
with ``str.find`` alone. Any other text goes through :func:`~.match.find_all`.

:func:`texts_finder` searches many texts (a document's paragraphs) at once: the plain ones
are joined and scanned in one pass, so the per-text work of a search through 10,000
paragraphs is one string join instead of 10,000 calls.
"""
from __future__ import annotations

import bisect
import re
import unicodedata
from functools import lru_cache
from typing import Callable, List, Sequence, Set, Tuple

from .match import INVISIBLE, _FOLD, find_all, normalize

_OTHER_SPACES = "".join(chr(code) for code in range(0x3001) if chr(code).isspace() and code != 32)
"""Every whitespace character but the space (none lies above U+3000)."""
_CHANGED = re.compile("[%s]" % re.escape(_OTHER_SPACES + "".join(chr(code) for code in _FOLD) + "".join(INVISIBLE) +
                                         "\u03a3"))
"""What normalizing would change, besides two spaces in a row: whitespace other than a space, a folded or
invisible character, or a capital sigma (its lower case depends on the letters around it). One class of
characters rather than alternatives: Python's regular expressions scan it four times faster (a 1.5 MB body,
17 → 4 ms)."""


def finder(needle: str, match_case: bool = True,
           whole_words: bool = False) -> Callable[[str], List[Tuple[int, int]]]:
    """What :func:`~.match.find_all` finds for ``needle``, faster for plain text; the needle is normalized once.

    Args:
        needle: the text the model gave (typography and spacing may differ).
        match_case: letter case must match.
        whole_words: a match must not start or end inside a word (always the slow way).

    Returns:
        A function of the haystack that returns the ``(start, end)`` offsets of the matches, in order.
    """
    target = normalize(needle, match_case).text.strip()

    def find(haystack: str) -> List[Tuple[int, int]]:
        if not target:
            return []
        if whole_words or not _normalizes_to_itself(haystack, match_case):
            return find_all(haystack, needle, match_case, whole_words)
        source = haystack if match_case else haystack.lower()
        found: List[Tuple[int, int]] = []
        at = source.find(target)
        while at >= 0:
            found.append((at, at + len(target)))
            at = source.find(target, at + len(target))
        return found
    return find


def _normalizes_to_itself(text: str, match_case: bool) -> bool:
    """True when ``normalize(text, match_case).text`` is ``text`` (lower-cased without case) offset for offset."""
    if "  " in text or _CHANGED.search(text):
        return False
    if not text.isascii() and not unicodedata.is_normalized("NFC", text):
        return False
    return match_case or len(text.lower()) == len(text)


SEPARATOR = "\x00"
"""Joins the texts searched at once: normalizing keeps it, and a needle holding it is searched text by text."""


@lru_cache(maxsize=16)
def texts_finder(needle: str, match_case: bool = True,
                 whole_words: bool = False) -> Callable[[Sequence[str]], List[Tuple[int, int, int]]]:
    """:func:`finder` for many texts at once (the needle is normalized once).

    Returns:
        A function of a sequence of texts that returns ``(index of the text, start, end)``
        for every match, in order: what ``finder(needle, …)`` finds in each text. The
        function is kept for the next call with the same arguments (a search through
        many tables asks for it once per table).
    """
    target = normalize(needle, match_case).text.strip()
    find = finder(needle, match_case, whole_words)

    def find_in(texts: Sequence[str]) -> List[Tuple[int, int, int]]:
        if not target:
            return []
        if whole_words or SEPARATOR in target:
            return [(index, start, end) for index, text in enumerate(texts) for start, end in find(text)]
        tricky = _tricky(texts, match_case)
        plain = [("" if index in tricky else text) for index, text in enumerate(texts)]
        found = _joined_matches(plain, target, match_case)
        found += [(index, start, end) for index in tricky for start, end in find(texts[index])]
        return sorted(found) if tricky else found
    return find_in


def _tricky(texts: Sequence[str], match_case: bool) -> Set[int]:
    """The indexes of the texts that do not normalize to themselves (see :func:`_normalizes_to_itself`)."""
    joined = SEPARATOR.join(texts)
    if _normalizes_to_itself(joined, match_case):
        return set()
    return {index for index, text in enumerate(texts) if not _normalizes_to_itself(text, match_case)}


def _joined_matches(texts: Sequence[str], target: str, match_case: bool) -> List[Tuple[int, int, int]]:
    """Every ``(index, start, end)`` of ``target`` in ``texts``, which all normalize to themselves."""
    joined = SEPARATOR.join(texts)
    source = joined if match_case else joined.lower()
    starts, at = [], 0
    for text in texts:
        starts.append(at)
        at += len(text) + 1
    found: List[Tuple[int, int, int]] = []
    at = source.find(target)
    while at >= 0:
        index = bisect.bisect_right(starts, at) - 1
        found.append((index, at - starts[index], at - starts[index] + len(target)))
        at = source.find(target, at + len(target))
    return found
