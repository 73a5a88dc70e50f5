"""Org charts and flowcharts laid out in layers: each node's box, no two overlapping.

Nodes go in layers by the longest path from a root (a node nothing points to), top down or left to
right; within a layer they are ordered by where their parents stand (two sweeps of the barycentre
rule), so edges cross little, and each node stands under (beside) its parents where there is room.
Every layer gets the same room and every node the same size, at least a cell apart, so boxes never
overlap. An edge back to an earlier node (a loop in a flowchart) does not change the layers.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Sequence, Tuple

MAX_NODES = 60
MAX_NODE_WIDTH = 7000
MAX_NODE_HEIGHT = 2500


class DiagramError(ValueError):
    """The description cannot be drawn; the message says why, for the model."""


@dataclass(frozen=True)
class Rect:
    """A box in 1/100 mm."""

    x: int
    y: int
    width: int
    height: int


def layers_of(ids: Sequence[str], edges: Sequence[Tuple[str, str]]) -> List[List[str]]:
    """The nodes in layers (the first holds the roots), ordered to keep edges from crossing.

    Raises:
        DiagramError: no nodes, too many, an id used twice, or an edge naming an unknown node.
    """
    _check(ids, edges)
    children: Dict[str, List[str]] = {node: [] for node in ids}
    for source, target in _forward(ids, edges):
        children[source].append(target)
    depth = {node: 0 for node in ids}
    for node in _topological(ids, children):
        for child in children[node]:
            depth[child] = max(depth[child], depth[node] + 1)
    layers: List[List[str]] = [[] for _ in range(max(depth.values()) + 1)]
    for node in ids:
        layers[depth[node]].append(node)
    parents: Dict[str, List[str]] = {node: [] for node in ids}
    for source, targets in children.items():
        for target in targets:
            parents[target].append(source)
    for _ in range(2):
        for index in range(1, len(layers)):
            place = {node: position for position, node in enumerate(layers[index - 1])}
            own = {node: position for position, node in enumerate(layers[index])}
            layers[index].sort(key=lambda node: _barycentre(parents[node], place, own[node]))
    return layers


def layout(ids: Sequence[str], edges: Sequence[Tuple[str, str]], across: bool, box: Rect) -> Dict[str, Rect]:
    """Each node's box inside ``box``: layers top down, or left to right with ``across``."""
    layers = layers_of(ids, edges)
    widest = max(len(layer) for layer in layers)
    along, wide = (box.width, box.height) if across else (box.height, box.width)
    cell_along, cell_wide = along // len(layers), wide // widest
    node_along = min(int(cell_along * (0.5 if not across else 0.7)), MAX_NODE_WIDTH if across else MAX_NODE_HEIGHT)
    node_wide = min(int(cell_wide * (0.85 if not across else 0.6)), MAX_NODE_HEIGHT if across else MAX_NODE_WIDTH)
    boxes = {}
    for depth, (layer, centres) in enumerate(zip(layers, _centres(layers, _parents(ids, edges), widest))):
        for node, centre in zip(layer, centres):
            a = depth * cell_along + (cell_along - node_along) // 2
            w = int(centre * cell_wide) - node_wide // 2
            if across:
                boxes[node] = Rect(box.x + a, box.y + w, node_along, node_wide)
            else:
                boxes[node] = Rect(box.x + w, box.y + a, node_wide, node_along)
    return boxes


def _parents(ids: Sequence[str], edges: Sequence[Tuple[str, str]]) -> Dict[str, List[str]]:
    parents: Dict[str, List[str]] = {node: [] for node in ids}
    for source, target in _forward(ids, edges):
        parents[target].append(source)
    return parents


def _centres(layers: List[List[str]], parents: Dict[str, List[str]], widest: int) -> List[List[float]]:
    """Each node's centre across the layers, in cells (0 to ``widest``): under its parents where there is room.

    The first layer is centred; a node of a later layer goes to the mean of its parents' centres, then
    nodes are pushed apart to a whole cell between centres and back inside the area, in their order.
    """
    placed: Dict[str, float] = {}
    result = []
    for layer in layers:
        start = (widest - len(layer)) / 2 + 0.5
        wanted = []
        for position, node in enumerate(layer):
            above = [placed[parent] for parent in parents[node] if parent in placed]
            wanted.append(sum(above) / len(above) if above else start + position)
        centres = _spread(wanted, widest)
        placed.update(zip(layer, centres))
        result.append(centres)
    return result


def _spread(wanted: List[float], widest: int) -> List[float]:
    """``wanted`` centres (in order) moved the least so that they lie a cell apart within 0.5 .. widest - 0.5."""
    centres = []
    for value in wanted:
        centres.append(max(value, 0.5, centres[-1] + 1 if centres else 0.5))
    limit = widest - 0.5
    for index in range(len(centres) - 1, -1, -1):
        centres[index] = min(centres[index], limit)
        limit = centres[index] - 1
    return centres


def _check(ids: Sequence[str], edges: Sequence[Tuple[str, str]]) -> None:
    if not ids:
        raise DiagramError("Give at least one node.")
    if len(ids) > MAX_NODES:
        raise DiagramError("At most %d nodes in one diagram (%d given)." % (MAX_NODES, len(ids)))
    seen = set()
    for node in ids:
        if node in seen:
            raise DiagramError("The node id '%s' is used twice; give each node its own id." % node)
        seen.add(node)
    for source, target in edges:
        for end in (source, target):
            if end not in seen:
                raise DiagramError("An edge names '%s', which is no node's id." % end)


def _forward(ids: Sequence[str], edges: Sequence[Tuple[str, str]]) -> List[Tuple[str, str]]:
    """The edges without those that close a loop (found depth first from the roots, in the given order)."""
    outgoing: Dict[str, List[str]] = {node: [] for node in ids}
    for source, target in edges:
        if source != target:
            outgoing[source].append(target)
    incoming = {target for source, target in edges if source != target}
    roots = [node for node in ids if node not in incoming] + list(ids)
    state: Dict[str, int] = {}
    kept: List[Tuple[str, str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        for target in outgoing[node]:
            if state.get(target) == 1:
                continue  # back to a node on the current path: a loop
            kept.append((node, target))
            if target not in state:
                visit(target)
        state[node] = 2

    for root in roots:
        if root not in state:
            visit(root)
    return kept


def _topological(ids: Sequence[str], children: Dict[str, List[str]]) -> List[str]:
    waiting = {node: 0 for node in ids}
    for targets in children.values():
        for target in targets:
            waiting[target] += 1
    ready = [node for node in ids if not waiting[node]]
    order = []
    while ready:
        node = ready.pop(0)
        order.append(node)
        for child in children[node]:
            waiting[child] -= 1
            if not waiting[child]:
                ready.append(child)
    return order


def _barycentre(parents: List[str], place: Dict[str, int], own: int) -> float:
    placed = [place[parent] for parent in parents if parent in place]
    return sum(placed) / len(placed) if placed else float(own)
