"""The single-page moves that put a block of slides where it is asked, with the fewest Move commands.

Impress moves one page at a time (its Move Slide commands: to the start, to the end, or one step up
or down), so moving slides 1 and 2 behind slide 4 is a few such moves. :func:`move_plan` finds them:
it fixes positions from the left or from the right (whichever costs fewer commands in a simulation)
and returns ``(from, to)`` index pairs, each a page taken out at ``from`` and put back at ``to``.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

Move = Tuple[int, int]


def target_order(count: int, moved: Sequence[int], to: int) -> List[int]:
    """The page indices in their order after moving ``moved`` (sorted indices) so the first is at ``to``."""
    rest = [index for index in range(count) if index not in set(moved)]
    return rest[:to] + list(moved) + rest[to:]


def move_plan(count: int, moved: Sequence[int], to: int) -> List[Move]:
    """The moves that turn ``range(count)`` into :func:`target_order` (the cheaper of two ways)."""
    wanted = target_order(count, sorted(moved), to)
    plans = [_fix_from_left(count, wanted), _fix_from_right(count, wanted)]
    return min(plans, key=lambda plan: sum(commands(count, start, end) for start, end in plan))


def commands(count: int, start: int, end: int) -> int:
    """How many Move commands one move takes (straight there, or via the first or last place)."""
    return min(abs(start - end), end + 1, count - end)


def _fix_from_left(count: int, wanted: List[int]) -> List[Move]:
    order, plan = list(range(count)), []
    for position, page in enumerate(wanted):
        current = order.index(page)
        if current != position:
            plan.append((current, position))
            order.insert(position, order.pop(current))
    return plan


def _fix_from_right(count: int, wanted: List[int]) -> List[Move]:
    order, plan = list(range(count)), []
    for position in range(count - 1, -1, -1):
        current = order.index(wanted[position])
        if current != position:
            plan.append((current, position))
            order.insert(position, order.pop(current))
    return plan
