"""Diagram layout: layers from the roots, loops kept out of the layers, boxes that never overlap."""
import itertools

import pytest

from marginalia.core.slides.diagram_layout import DiagramError, Rect, layers_of, layout

BOX = Rect(1000, 3000, 26000, 11000)


def overlapping(boxes):
    return [(a, b) for (a, p), (b, q) in itertools.combinations(boxes.items(), 2)
            if p.x < q.x + q.width and q.x < p.x + p.width and p.y < q.y + q.height and q.y < p.y + p.height]


def test_an_org_chart_in_layers_children_under_their_parents():
    edges = [("ceo", "cto"), ("ceo", "cfo"), ("cto", "dev"), ("cfo", "acc"), ("cto", "ops")]
    assert layers_of(["ceo", "cfo", "cto", "acc", "dev", "ops"], edges) == [["ceo"], ["cfo", "cto"],
                                                                          ["acc", "dev", "ops"]]
    boxes = layout(["ceo", "cto", "cfo", "dev", "ops", "acc"], edges, False, BOX)
    assert overlapping(boxes) == []
    assert boxes["ceo"].y < boxes["cto"].y < boxes["dev"].y
    assert all(BOX.x <= b.x and b.x + b.width <= BOX.x + BOX.width and BOX.y <= b.y and
               b.y + b.height <= BOX.y + BOX.height for b in boxes.values())


def test_a_flowchart_with_a_loop_left_to_right():
    edges = [("start", "check"), ("check", "fix"), ("fix", "check"), ("check", "end")]
    assert layers_of(["start", "check", "fix", "end"], edges) == [["start"], ["check"], ["fix", "end"]]
    boxes = layout(["start", "check", "fix", "end"], edges, True, BOX)
    assert boxes["start"].x < boxes["check"].x < boxes["end"].x and overlapping(boxes) == []


def test_many_nodes_in_one_layer_still_do_not_overlap():
    ids = ["root"] + ["n%d" % k for k in range(20)]
    boxes = layout(ids, [("root", n) for n in ids[1:]], False, BOX)
    assert overlapping(boxes) == []


@pytest.mark.parametrize("ids, edges, words", [
    ([], [], "at least one node"),
    (["a", "a"], [], "used twice"),
    (["a"], [("a", "b")], "'b', which is no node's id"),
    (["n%d" % k for k in range(61)], [], "At most 60 nodes"),
])
def test_refusals(ids, edges, words):
    with pytest.raises(DiagramError, match=words):
        layers_of(ids, edges)


def test_a_child_stands_under_its_parent_not_in_the_middle():
    edges = [("ceo", "cto"), ("ceo", "cfo"), ("cto", "dev")]
    boxes = layout(["ceo", "cto", "cfo", "dev"], edges, False, BOX)
    centre = {node: b.x + b.width // 2 for node, b in boxes.items()}
    assert abs(centre["dev"] - centre["cto"]) <= 1 and centre["ceo"] == BOX.x + BOX.width // 2
    assert overlapping(boxes) == []
