"""Cells shown to a model as a compact table, within a character budget.

The UNO side reads a block in bulk and describes each cell as a :class:`CellView`
(value, English formula, error label, number kind); :func:`render_table` prints::

    row | A | B | C
    1 | Name | Q1 | Q2
    2 | Ann | 3 | =B2*2 → 6

Dates, times and percentages print as people read them (``2024-01-15``, ``12.5%``),
numbers with up to 15 significant digits, and text that could be mistaken for a
number or a formula with a leading ``'`` (``'2003``, ``'=A1``): the form ``write_range``
takes to keep text, so a value copied back stays what it was. Text with spaces at its
ends is shown in double quotes. When the budget runs out, rendering stops at
a row boundary and the caller says which rows were left out.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from .cell_address import column_name
from .cell_values import needs_text_mark

DEFAULT_NULL_DATE = datetime.date(1899, 12, 30)
MAX_TEXT = 300
"""Characters of one text cell shown before it is cut."""


@dataclass(frozen=True)
class CellView:
    """What one cell holds, as read from the sheet."""

    value: object = None
    """A float, a str, or None for an empty cell."""
    formula: Optional[str] = None
    """The formula in English syntax, for formula cells."""
    error: Optional[str] = None
    """The error label (``#DIV/0!``) when the formula fails."""
    kind: Optional[str] = None
    """``date``, ``time``, ``datetime``, ``percent`` or ``logical`` for formatted numbers."""


def format_number(number: float) -> str:
    """``3`` for 3.0, ``0.3`` for 0.30000000000000004, ``1.5e-07`` for tiny values."""
    if number.is_integer() and abs(number) < 1e15:
        return str(int(number))
    return "%.15g" % number


def format_value(view: CellView, null_date: datetime.date = DEFAULT_NULL_DATE) -> str:
    """The value of a cell as text (without its formula)."""
    if view.error:
        return view.error
    value = view.value
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        return _shown_text(value)
    return _formatted_number(float(value), view.kind, null_date)


def _formatted_number(number: float, kind: Optional[str], null_date: datetime.date) -> str:
    try:
        if kind == "date":
            return (null_date + datetime.timedelta(days=int(number // 1))).isoformat()
        if kind == "datetime":
            moment = datetime.datetime.combine(null_date, datetime.time()) + datetime.timedelta(days=number)
            return moment.strftime("%Y-%m-%d %H:%M:%S" if moment.second else "%Y-%m-%d %H:%M")
        if kind == "time":
            seconds = int(round(number * 86400))
            return "%02d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)
    except (OverflowError, ValueError):
        return format_number(number)
    if kind == "percent":
        return format_number(round(number * 100, 12)) + "%"
    if kind == "logical":
        return "TRUE" if number else "FALSE"
    return format_number(number)


def _shown_text(text: str) -> str:
    if len(text) > MAX_TEXT:
        text = text[:MAX_TEXT] + "…(+%d characters)" % (len(text) - MAX_TEXT)
    text = text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", "\\n").replace("\t", " ")
    if text != text.strip() or text.startswith('"'):
        return '"%s"' % text.replace('"', '\\"')
    if needs_text_mark(text):
        return "'" + text
    return text


def format_cell(view: CellView, null_date: datetime.date = DEFAULT_NULL_DATE) -> str:
    """A cell as shown in a table: the value, or ``=formula → value``."""
    value = format_value(view, null_date)
    if view.formula:
        return "%s → %s" % (view.formula.replace("|", "\\|").replace("\n", " "), value or '""')
    return value


def render_table(first_column: int, first_row: int, views: Sequence[Sequence[CellView]], max_chars: int,
                 null_date: datetime.date = DEFAULT_NULL_DATE) -> Tuple[str, int]:
    """Print cells as a table headed by column letters, each row starting with its number.

    Args:
        first_column: 0-based column of ``views[0][0]``.
        first_row: 0-based row of ``views[0][0]``.
        views: rows of cells.
        max_chars: budget for the whole table.
        null_date: the document's day 0, for dates.

    Returns:
        ``(text, rows_shown)``: ``rows_shown`` < ``len(views)`` when the budget ran out.
    """
    width = len(views[0]) if views else 0
    header = "row | " + " | ".join(column_name(first_column + c) for c in range(width))
    lines: List[str] = [header]
    used = len(header)
    for index, row in enumerate(views):
        line = "%d | %s" % (first_row + index + 1, " | ".join(format_cell(view, null_date) for view in row))
        if used + len(line) + 1 > max_chars and index > 0:
            return "\n".join(lines), index
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines), len(views)
