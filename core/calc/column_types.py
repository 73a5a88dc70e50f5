"""What a column of a table holds, told in a few words: its type, counts, range and a sample.

The UNO side classifies each cell as one of :data:`KINDS` (with a flag for formula
cells); :func:`profile_column` folds a column into a :class:`ColumnProfile` and
:func:`describe_profile` prints it, e.g. ``number (48 values, 48 formulas), 3 … 1200``
or ``mixed: 10 text, 2 number``. :func:`looks_like_header` guesses whether the first
row of a table holds column titles.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

KINDS = ("number", "currency", "percent", "date", "time", "datetime", "logical", "text", "error")
NUMERIC_KINDS = ("number", "currency", "percent", "date", "time", "datetime", "logical")
MIXED_SHARE = 0.1
"""A second kind is worth naming when it holds at least this share of the values."""


@dataclass
class ColumnProfile:
    """The contents of one column below its header."""

    header: str = ""
    counts: Dict[str, int] = field(default_factory=dict)
    formulas: int = 0
    empty: int = 0
    minimum: Optional[float] = None
    maximum: Optional[float] = None
    sample: str = ""

    @property
    def filled(self) -> int:
        """Number of non-empty cells."""
        return sum(self.counts.values())

    def main_kind(self) -> str:
        """The most frequent kind, or ``empty``."""
        if not self.counts:
            return "empty"
        return max(self.counts.items(), key=lambda item: (item[1], -KINDS.index(item[0])))[0]


def profile_column(header: str, cells: Sequence[Tuple[Optional[str], object, bool, str]]) -> ColumnProfile:
    """Fold the cells of a column into a profile.

    Args:
        header: the column title ("" when the table has none).
        cells: ``(kind, value, is_formula, shown)`` per cell; ``kind`` None means empty,
            ``shown`` is the value as text (used for the sample).
    """
    profile = ColumnProfile(header=header)
    for kind, value, is_formula, shown in cells:
        if kind is None:
            profile.empty += 1
            continue
        profile.counts[kind] = profile.counts.get(kind, 0) + 1
        profile.formulas += 1 if is_formula else 0
        if kind in NUMERIC_KINDS and isinstance(value, float):
            profile.minimum = value if profile.minimum is None else min(profile.minimum, value)
            profile.maximum = value if profile.maximum is None else max(profile.maximum, value)
        if not profile.sample and shown:
            profile.sample = shown
    return profile


def type_label(profile: ColumnProfile) -> str:
    """``number``, ``text``, ``mixed: 10 text, 2 number`` or ``empty``."""
    if not profile.counts:
        return "empty"
    ranked = sorted(profile.counts.items(), key=lambda item: (-item[1], KINDS.index(item[0])))
    notable = [(kind, count) for kind, count in ranked if count >= MIXED_SHARE * profile.filled]
    if len(notable) == 1:
        return notable[0][0]
    return "mixed: " + ", ".join("%d %s" % (count, kind) for kind, count in notable)


def describe_profile(profile: ColumnProfile, format_number=None) -> str:
    """One line for the summary: type, counts, range of numbers, a sample value."""
    parts = ["%s (%d value%s" % (type_label(profile), profile.filled, "" if profile.filled == 1 else "s")]
    if profile.formulas:
        parts[0] += ", %d formula%s" % (profile.formulas, "" if profile.formulas == 1 else "s")
    if profile.empty:
        parts[0] += ", %d empty" % profile.empty
    parts[0] += ")"
    if profile.minimum is not None and profile.main_kind() in ("number", "currency", "percent"):
        shown = format_number or (lambda number: "%.15g" % number)
        parts.append("from %s to %s" % (shown(profile.minimum), shown(profile.maximum)))
    if profile.sample:
        sample = profile.sample if len(profile.sample) <= 40 else profile.sample[:39] + "…"
        parts.append("e.g. %s" % sample)
    return ", ".join(parts)


def looks_like_header(first_row: Sequence[Optional[str]], rows_below: Sequence[Sequence[Optional[str]]]) -> bool:
    """Guess whether the first row holds column titles.

    Args:
        first_row: the kind of each cell in the first row (None for empty).
        rows_below: the kinds of the next rows.

    Returns:
        True when every filled cell of the first row is text and, below it, some column
        holds a non-text value, or every column below is text but the titles are all
        distinct and more than one row follows.
    """
    filled = [kind for kind in first_row if kind is not None]
    if not filled or any(kind != "text" for kind in filled) or not rows_below:
        return False
    below: List[Optional[str]] = [kind for row in rows_below for kind in row]
    if any(kind not in (None, "text") for kind in below):
        return True
    return len(rows_below) > 1 and len(filled) > 1


def header_row_index(rows: Sequence[Sequence[Optional[str]]], look: int = 10) -> int:
    """The index of the row that most likely starts the table (titles above it are skipped).

    It is the first of the first ``look`` rows with at least half of the columns filled
    (and at least two when there are several columns); 0 when none qualifies.
    """
    if not rows:
        return 0
    width = len(rows[0])
    needed = 1 if width == 1 else max(2, (width + 1) // 2)
    for index, row in enumerate(rows[:look]):
        if sum(1 for kind in row if kind is not None) >= needed:
            return index
    return 0
