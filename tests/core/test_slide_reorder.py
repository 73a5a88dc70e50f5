"""Moving a block of slides with single-page moves: the right order, and few Move commands."""
import itertools

import pytest

from marginalia.core.slides.reorder import commands, move_plan, target_order


def apply(count, plan):
    order = list(range(count))
    for start, end in plan:
        order.insert(end, order.pop(start))
    return order


@pytest.mark.parametrize("count, moved, to, wanted", [
    (4, [0, 1], 2, [2, 3, 0, 1]),
    (4, [2, 3], 0, [2, 3, 0, 1]),
    (5, [1, 4], 2, [0, 2, 1, 4, 3]),
    (3, [1], 1, [0, 1, 2]),
])
def test_the_block_lands_in_order_where_asked(count, moved, to, wanted):
    assert target_order(count, moved, to) == wanted
    assert apply(count, move_plan(count, moved, to)) == wanted


def test_every_small_case_is_right():
    for count in range(1, 6):
        for size in range(1, count + 1):
            for moved in itertools.combinations(range(count), size):
                for to in range(count - size + 1):
                    assert apply(count, move_plan(count, moved, to)) == target_order(count, moved, to)


def test_the_first_of_200_to_the_end_and_the_last_to_the_start_is_one_cheap_move():
    for moved, to in (([0], 199), ([199], 0)):
        plan = move_plan(200, moved, to)
        assert len(plan) == 1 and sum(commands(200, a, b) for a, b in plan) == 1
