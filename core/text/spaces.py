"""Spaces a tool must reach: text that is only spaces, and the spaces at the edges of a quoted text.

Matching (:mod:`.match`) folds every run of whitespace to one space and trims the needle, so a
model's "Smith, " finds "Smith," and a needle of spaces alone finds nothing. Formatting must reach
those spaces too (a font set on "Smith, " covers the space after the comma), so the places
found are widened here over the whitespace the needle has at its edges, and a needle of
whitespace alone finds every run of whitespace. Paragraph breaks (``\\n`` in a span's text) are
never part of a run.
"""
from __future__ import annotations

import re
from typing import List, Tuple

_RUN = re.compile(r"[^\S\n]+")


def is_spaces(text: str) -> bool:
    """True when ``text`` is whitespace alone (and not empty)."""
    return bool(text) and not text.strip()


def space_runs(source: str) -> List[Tuple[int, int]]:
    """``(start, end)`` of every run of whitespace (spaces, tabs, no-break spaces) in ``source``."""
    return [match.span() for match in _RUN.finditer(source)]


def widen(source: str, start: int, end: int, needle: str) -> Tuple[int, int]:
    """``source[start:end]`` widened over the whitespace next to it where ``needle`` starts or ends with some."""
    if needle[:1].isspace():
        while start > 0 and source[start - 1].isspace() and source[start - 1] != "\n":
            start -= 1
    if needle[-1:].isspace():
        while end < len(source) and source[end].isspace() and source[end] != "\n":
            end += 1
    return start, end
