"""Counting PROMPT's new requests per edit, not per calculation of Calc.

Calc calculates a cell when it is shown or read: 200 cells entered one by one by a
script, outside the visible rows, are calculated together when the script reads them.
The cost question is about what one edit asks for, so each new request is counted with
the edit that entered its cell (found from the formula cells each edit added); requests
of cells no edit entered (an input changed, a file opened, Refresh) count together.
"""
from __future__ import annotations

from typing import Dict, Hashable, Iterator, List, Optional, Sequence, Tuple

CellRange = Tuple[int, int, int, int, int]
"""(sheet, first column, first row, last column, last row)."""
Cell = Tuple[int, int, int]
"""(sheet, column, row)."""
MOST_CELLS = 100000
"""A range of more new formula cells than this is not followed cell by cell (its requests count together)."""


def added_cells(before: Sequence[CellRange], after: Sequence[CellRange]) -> Iterator[Cell]:
    """The cells in ``after``'s ranges that no range of ``before`` holds (formula cells an edit added)."""
    known = set(before)
    for area in after:
        if area in known or _size(area) > MOST_CELLS:
            continue
        sheet, first_column, first_row, last_column, last_row = area
        for column in range(first_column, last_column + 1):
            for row in range(first_row, last_row + 1):
                if not any(_holds(old, sheet, column, row) for old in before):
                    yield sheet, column, row


def _size(area: CellRange) -> int:
    return (area[3] - area[1] + 1) * (area[4] - area[2] + 1)


def _holds(area: CellRange, sheet: int, column: int, row: int) -> bool:
    return area[0] == sheet and area[1] <= column <= area[3] and area[2] <= row <= area[4]


def split_by_edit(edit_of: Dict[str, Optional[Hashable]], limit: int) -> Tuple[List[str], List[str]]:
    """Which new requests go at once, and which wait for the user's answer.

    Args:
        edit_of: Each request's key, with the edit that entered its cell (None: no edit).
        limit: More requests than this from one edit ask first.

    Returns:
        (keys to send now, keys to ask about), each in the order given.
    """
    counts: Dict[Optional[Hashable], int] = {}
    for edit in edit_of.values():
        counts[edit] = counts.get(edit, 0) + 1
    send = [key for key, edit in edit_of.items() if counts[edit] <= limit]
    ask = [key for key, edit in edit_of.items() if counts[edit] > limit]
    return send, ask
