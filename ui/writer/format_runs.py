"""Carry character formatting from an old passage over to the rewritten one.

Edit Selection streams the model's rewrite into the document as it arrives, so the
new text first takes one formatting. Once the rewrite is complete, the formatting
of the old passage is laid back on it word by word: unchanged words get exactly
their old formatting, changed words the formatting of the words they replace.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Tuple

from ...core.text.format_keep import align
from .spans import TextSpan

PROPERTIES = ("CharBackColor", "CharBackTransparent", "CharColor", "CharFontName", "CharHeight", "CharPosture",
              "CharStrikeout", "CharStyleName", "CharUnderline", "CharWeight", "HyperLinkURL")
"""Character properties carried over (sorted by name, as XMultiPropertySet requires)."""
DEFAULT_CHAR_STYLE = "Standard"


@dataclass
class FormatRun:
    """Offsets ``[start, end)`` of a span's text that share one set of formats."""

    start: int
    end: int
    values: Tuple


def capture(span: TextSpan) -> List[FormatRun]:
    """Read the formats of every text piece of ``span``."""
    runs = []
    for piece in span.text_pieces():
        cursor = span.cursor(piece.start, piece.end)
        runs.append(FormatRun(piece.start, piece.end, tuple(cursor.getPropertyValues(PROPERTIES))))
    return runs


def is_uniform(runs: List[FormatRun]) -> bool:
    """True when every run has the same formats (nothing to carry over)."""
    return all(run.values == runs[0].values for run in runs)  # UNO enums compare but do not hash


def reapply(old_text: str, runs: List[FormatRun], new_span: TextSpan) -> None:
    """Lay the formats of ``runs`` (over ``old_text``) onto the text of ``new_span``."""
    for same, a1, a2, b1, b2 in align(old_text, new_span.text):
        if b2 <= b1:
            continue
        if same:
            for run in runs:
                start, end = max(run.start, a1), min(run.end, a2)
                if start < end:
                    _apply(new_span, b1 + start - a1, b1 + end - a1, run.values)
        else:
            run = _run_at(runs, a1 if a2 > a1 else max(a1 - 1, 0))
            if run is not None:
                _apply(new_span, b1, b2, run.values)


def _run_at(runs: List[FormatRun], offset: int):
    for run in runs:
        if run.start <= offset < run.end:
            return run
    return runs[-1] if runs else None


def _apply(span: TextSpan, start: int, end: int, values: Tuple) -> None:
    """Set ``values`` on ``span.text[start:end]``, line by line (never across a paragraph break)."""
    values = tuple(DEFAULT_CHAR_STYLE if name == "CharStyleName" and not value else value
                   for name, value in zip(PROPERTIES, values))
    offset = start
    for line in span.text[start:end].split("\n"):
        if line:
            span.cursor(offset, offset + len(line)).setPropertyValues(PROPERTIES, values)
        offset += len(line) + 1
