"""A faster :func:`~.match.find_all` for text that normalizing leaves as it is.

:func:`~.match.normalize` walks the text character by character in Python, which
dominates a search through thousands of paragraphs. Most paragraphs, though, hold
nothing it would change: no typographic look-alike, no invisible character, no
whitespace but single spaces, nothing NFC would recompose, no letter whose lower case
depends on its neighbours. For those the normalized text is the text itself (lower-
cased when case does not count) with every offset unchanged, so the matches are found
with ``str.find`` alone. Any other text goes through :func:`~.match.find_all`.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Callable, List, Tuple

from .match import INVISIBLE, _FOLD, find_all, normalize

_CHANGED = re.compile("[^\\S ]|  |[%s]" % re.escape("".join(chr(code) for code in _FOLD) + "".join(INVISIBLE) +
                                                     "\u03a3"))
"""What normalizing would change: whitespace other than a lone space, a folded or invisible character, or a
capital sigma (its lower case depends on the letters around it)."""


def find_all_quick(haystack: str, needle: str, match_case: bool = True,
                   whole_words: bool = False) -> List[Tuple[int, int]]:
    """Return what ``find_all(haystack, needle, match_case, whole_words)`` returns, faster for plain text.

    Args:
        haystack: the document text searched.
        needle: the text the model gave (typography and spacing may differ).
        match_case: letter case must match.
        whole_words: a match must not start or end inside a word (always the slow way).

    Returns:
        ``(start, end)`` offsets into ``haystack``, in order.
    """
    return finder(needle, match_case, whole_words)(haystack)


def finder(needle: str, match_case: bool = True,
           whole_words: bool = False) -> Callable[[str], List[Tuple[int, int]]]:
    """:func:`find_all_quick` for one needle in many texts: the needle is normalized once.

    Returns:
        A function of the haystack that returns the ``(start, end)`` offsets of the matches.
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
    if _CHANGED.search(text):
        return False
    if not text.isascii() and not unicodedata.is_normalized("NFC", text):
        return False
    return match_case or len(text.lower()) == len(text)
