"""Find the text a model names inside document text, tolerant of typography only.

Models copy text from what a reading tool gave them, but they often retype it with
straight quotes where the document has typographic ones, a plain space for a
no-break space, or one space where the document has two. The edit-conflict guard
must not refuse such a copy, yet must refuse when the *words* differ (the user edited
the passage meanwhile). So matching works on a normalized form:

* :func:`fold` maps look-alike characters one to one (quotes, dashes, exotic spaces),
  keeping offsets, so it is also used to compare tokens when planning edits;
* :func:`normalize` folds, collapses every run of whitespace (paragraph breaks
  included) to one space, drops invisible characters (soft hyphens, zero-width
  spaces), and keeps a map back to the original offsets.

:func:`find_all` returns matches as offsets into the *original* text.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import List, Tuple

_FOLD = {}
for _chars, _plain in (("\u2018\u2019\u201a\u201b\u2032\u00b4`", "'"), ("\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb", '"'),
                       ("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", "-"),
                       ("\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\t", " ")):
    for _char in _chars:
        _FOLD[ord(_char)] = _plain

INVISIBLE = frozenset("\u00ad\u200b\u200c\u200d\u2060\ufeff")
"""Characters that never count when matching (soft hyphen, zero-width spaces and joiners)."""


def fold(text: str) -> str:
    """Map typographic look-alikes to their plain form, one character for one.

    Args:
        text: any text.

    Returns:
        A string of the same length with curly quotes, dashes and special spaces
        replaced by ``'``, ``"``, ``-`` and a plain space.
    """
    return text.translate(_FOLD)


@dataclass
class Normalized:
    """A normalized text and, for each of its characters, the offset in the original."""

    text: str
    positions: List[int]
    """``positions[i]`` is the original offset of ``text[i]``; one extra entry holds the original length."""

    def span(self, start: int, end: int) -> Tuple[int, int]:
        """Return the original ``(start, end)`` of the normalized slice ``[start, end)``."""
        if end <= start:
            at = self.positions[start]
            return at, at
        return self.positions[start], self.positions[end - 1] + 1


def normalize(text: str, match_case: bool = True) -> Normalized:
    """Normalize ``text`` for matching (see the module docstring).

    Args:
        text: the original text.
        match_case: keep letter case; when False, letters are lower-cased (only
            where lower-casing keeps one character for one).

    Returns:
        The :class:`Normalized` text with its offset map.
    """
    chars: List[str] = []
    positions: List[int] = []
    folded = unicodedata.normalize("NFC", text) if not text.isascii() else text
    if len(folded) != len(text):
        folded = text  # NFC changed the length: keep offsets exact instead
    folded = fold(folded)
    in_space = False
    for index, char in enumerate(folded):
        if char in INVISIBLE:
            continue
        if char.isspace():
            if in_space:
                continue
            in_space = True
            chars.append(" ")
        else:
            in_space = False
            if not match_case:
                lowered = char.lower()
                char = lowered if len(lowered) == 1 else char
            chars.append(char)
        positions.append(index)
    positions.append(len(text))
    return Normalized("".join(chars), positions)


def normalized_text(text: str, match_case: bool = True) -> str:
    """Return only the normalized form of ``text`` (see :func:`normalize`), trimmed."""
    return normalize(text, match_case).text.strip()


def same_text(actual: str, expected: str) -> bool:
    """True when ``actual`` and ``expected`` differ only in typography and spacing."""
    if actual == expected:
        return True  # the usual case, and the normalization costs ~0.1 ms per paragraph
    return normalized_text(actual) == normalized_text(expected)


def find_all(haystack: str, needle: str, match_case: bool = True, whole_words: bool = False) -> List[Tuple[int, int]]:
    """Return every non-overlapping match of ``needle`` in ``haystack``.

    Args:
        haystack: the document text searched.
        needle: the text the model gave (typography and spacing may differ).
        match_case: letter case must match.
        whole_words: a match must not start or end inside a word.

    Returns:
        ``(start, end)`` offsets into the original ``haystack``, in order. An empty
        or whitespace-only needle matches nothing.
    """
    target = _target(needle, match_case)
    if not target or (match_case and cannot_hold(haystack, target)):
        return []
    if match_case and is_normal(haystack):
        source_text, span = haystack, _same_span  # normalizing would change nothing
    else:
        source = normalize(haystack, match_case)
        source_text, span = source.text, source.span
    found: List[Tuple[int, int]] = []
    at = source_text.find(target)
    while at >= 0:
        end = at + len(target)
        if not whole_words or _word_bounded(source_text, at, end):
            found.append(span(at, end))
            at = source_text.find(target, end)
        else:
            at = source_text.find(target, at + 1)
    return found


@lru_cache(maxsize=32)
def _target(needle: str, match_case: bool) -> str:
    """The normalized needle (a search asks the same of thousands of paragraphs)."""
    return normalize(needle, match_case).text.strip()


def _same_span(start: int, end: int) -> Tuple[int, int]:
    return start, end


_CHANGED_BY_NORMALIZING = re.compile("[%s]| \\s|[^\\S ]" % re.escape(
    "".join(chr(code) for code in _FOLD) + "".join(INVISIBLE)))
"""A character :func:`normalize` folds, drops or turns into a space, or a space it collapses."""


def is_normal(text: str) -> bool:
    """True when :func:`normalize` (letter case kept) would return ``text`` unchanged, offsets and all.

    Most paragraphs are: one regular-expression scan then replaces the character-by-character
    walk (measured 6× faster on a 150-page report's paragraphs).
    """
    if _CHANGED_BY_NORMALIZING.search(text):
        return False
    return text.isascii() or unicodedata.is_normalized("NFC", text)


_LOOK_ALIKE_TARGETS = re.compile("[\\s'\"-]+")
"""What folding and spacing turn look-alikes into: a normalized target is split there."""


def cannot_hold(haystack: str, target: str) -> bool:
    """True when ``haystack`` surely has no match of the normalized, case-kept ``target``.

    Normalizing a long text character by character costs far more than searching it, and
    most paragraphs of a document do not hold the text at all. The longest piece of the
    target that normalizing leaves alone (no spaces, quotes or dashes) must then stand in
    the haystack as it is, unless the haystack holds characters normalizing removes or
    recomposes (invisible characters, decomposed accents): then nothing is concluded.

    Args:
        haystack: the original text.
        target: a target already normalized with letter case kept.
    """
    anchor = _longest_plain_piece(target)
    if not anchor or anchor in haystack:
        return False
    if any(char in haystack for char in INVISIBLE):
        return False
    return haystack.isascii() or unicodedata.is_normalized("NFC", haystack)


@lru_cache(maxsize=32)
def _longest_plain_piece(target: str) -> str:
    return max(_LOOK_ALIKE_TARGETS.split(target), key=len)


def _word_bounded(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not (_is_word_char(before) and _is_word_char(text[start])) and \
        not (_is_word_char(after) and _is_word_char(text[end - 1]))


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def quote(text: str, limit: int = 160) -> str:
    """Return ``text`` in quotes for a message to the model, shortened in the middle if long.

    Args:
        text: the text to show.
        limit: the longest text shown whole.

    Returns:
        ``"…"`` with line breaks shown as ``⏎`` so one quote stays on one line.
    """
    shown = text.replace("\n", " \u23ce ")
    if len(shown) > limit:
        half = (limit - 3) // 2
        shown = shown[:half].rstrip() + " […] " + shown[-half:].lstrip()
    return "\u201c%s\u201d" % shown


def context_around(text: str, start: int, end: int, width: int = 60) -> str:
    """Return the match ``text[start:end]`` with ``width`` characters either side, marked ``[[…]]``.

    Args:
        text: the paragraph (or cell) text.
        start: match start.
        end: match end.
        width: characters of context on each side (cut at a word boundary when possible).

    Returns:
        ``"…before [[match]] after…"`` on one line.
    """
    left = text[max(0, start - width):start]
    right = text[end:end + width]
    if start - width > 0:
        left = "…" + (left.split(" ", 1)[1] if " " in left[:20] else left)
    if end + width < len(text):
        right = (right.rsplit(" ", 1)[0] if " " in right[-20:] else right) + "…"
    return re.sub(r"\s*\n\s*", " \u23ce ", "%s[[%s]]%s" % (left, text[start:end], right))
