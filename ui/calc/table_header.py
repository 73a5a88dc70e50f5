"""Shared by sort, filter and chart: which column of a table a letter names, and whether row 1 is a header."""
from __future__ import annotations

from typing import Optional

from ...core.calc.cell_address import AddressError, RangeRef, column_name, parse_line_position
from ...core.calc.column_types import looks_like_header
from ...core.agent.tools import ToolError
from .cell_views import read_views

HEADER_SAMPLE_ROWS = 20


def column_in_table(text, ref: RangeRef, label: str) -> int:
    """The 0-based position inside ``ref`` of the column named ``text`` (a letter such as ``C``)."""
    try:
        column = parse_line_position(text, rows=False)
    except AddressError as error:
        raise ToolError("%s. Nothing was changed." % error) from None
    if not ref.start_column <= column <= ref.end_column:
        raise ToolError("Column %s is outside %s (columns %s to %s). Nothing was changed."
                        % (column_name(column), label, column_name(ref.start_column), column_name(ref.end_column)))
    return column - ref.start_column


def _kind(view) -> Optional[str]:
    if view.error:
        return "error"
    if view.value is None:
        return None
    return "text" if isinstance(view.value, str) else "number"


def detect_header(document, target) -> bool:
    """Guess whether the target's first row holds column titles (see ``looks_like_header``)."""
    ref = target.ref
    sample = target.sub(ref.resized(min(ref.rows, HEADER_SAMPLE_ROWS + 1), ref.columns))
    kinds = [[_kind(view) for view in row] for row in read_views(document, sample.cell_range())]
    return looks_like_header(kinds[0], kinds[1:])
