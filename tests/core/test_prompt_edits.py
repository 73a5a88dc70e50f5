"""Counting PROMPT's new requests per edit: the formula cells an edit added, and the split of a calculation's requests."""
from marginalia.core.prompt.edits import MOST_CELLS, added_cells, split_by_edit


def test_the_cells_an_edit_added_are_those_no_earlier_range_held():
    assert list(added_cells([(0, 1, 0, 1, 38)], [(0, 1, 0, 1, 39)])) == [(0, 1, 39)]
    assert list(added_cells([], [(0, 1, 0, 1, 1), (1, 0, 0, 0, 0)])) == [(0, 1, 0), (0, 1, 1), (1, 0, 0)]
    assert list(added_cells([(0, 0, 0, 3, 3)], [(0, 0, 0, 3, 3)])) == []
    assert list(added_cells([(0, 0, 0, 0, 9)], [(0, 0, 0, 0, 4), (0, 0, 6, 0, 9)])) == []  # one removed
    assert list(added_cells([], [(0, 0, 0, 0, MOST_CELLS)])) == []  # too many to follow


def test_requests_count_per_edit_and_those_of_no_edit_together():
    edit_of = dict([("k%d" % n, n) for n in range(100)] + [("big%d" % n, "paste") for n in range(60)]
                   + [("input%d" % n, None) for n in range(5)])
    send, ask = split_by_edit(edit_of, 50)
    assert len(send) == 105 and all(key.startswith(("k", "input")) for key in send)
    assert ask == ["big%d" % n for n in range(60)]
    assert split_by_edit({"a": None, "b": None}, 1) == ([], ["a", "b"])
