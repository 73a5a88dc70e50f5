"""make_diagram and edit_diagram: org charts and flowcharts as shapes joined by real connectors.

Each node is a box (or a rounded box, or an ellipse) with its text; each edge a connector glued to
the two nodes' glue points, so the nodes can be moved and the connectors follow. The layout (layers
top down or left to right, no two boxes overlapping) is computed in
:mod:`marginalia.core.slides.diagram_layout`. The shapes are named ``diagram:<direction>:node:<id>:``
and ``diagram:<direction>:edge:<from>:<to>:``, which is how edit_diagram finds the diagram again: it
reads the nodes (with their text as it stands now) and edges, applies the change and lays the whole
diagram out anew in the room it had. One diagram per slide; made on a copy of the slide (see
:mod:`.recorded`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Literal, Optional, Tuple

import uno

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from ...core.slides.diagram_layout import DiagramError, Rect, layout
from .deck import HUNDREDTHS_PER_CM, Box, free_area, is_presentation, page_at, page_word, shapes_of
from .editing import check_writable, review_note
from .layout_report import layout_report
from .recorded import SlideCommands, rewritten

PREFIX = "diagram:"
GLUE = {"down": (2, 0), "right": (1, 3)}  # (start, end) glue point: 0 top, 1 right, 2 bottom, 3 left
SHAPES = {"box": "com.sun.star.drawing.RectangleShape", "rounded": "com.sun.star.drawing.RectangleShape",
          "ellipse": "com.sun.star.drawing.EllipseShape"}
ROUNDING = 300
NAME = re.compile(r"^diagram:(down|right):(node|edge):([^:\s]+):(?:([^:\s]+):)?(?: \d+)?$")


@dataclass
class DiagramNode:
    """One node of a diagram."""

    id: str = Arg("A short id the edges use (no colon, no space).", min_length=1, max_length=40)
    text: str = Arg("The node's text.", default="")
    shape: Literal["box", "rounded", "ellipse"] = Arg("Its outline.", default="box")


@dataclass
class DiagramEdge:
    """One connector, from a node to another."""

    source: str = Arg("The id of the node it starts at.", min_length=1)
    target: str = Arg("The id of the node it points to.", min_length=1)
    label: str = Arg("Text on the connector.", default="")


@dataclass
class Diagram:
    """A diagram as read from a slide or given by a call."""

    direction: str
    nodes: List[DiagramNode]
    edges: List[DiagramEdge]


@tool(apps=("impress", "draw"), changes_document=True)
def make_diagram(context,
                 slide: int = Arg("The slide (page) number from get_presentation.", minimum=1),
                 nodes: List[DiagramNode] = Arg("The nodes, each with an id and its text.", min_items=1,
                                                max_items=60),
                 edges: List[DiagramEdge] = Arg("The connectors: source and target node ids.", default=[],
                                                max_items=120),
                 direction: Literal["down", "right"] = Arg("Top down (an org chart) or left to right (a "
                                                           "flowchart).", default="down"),
                 x_cm: Optional[float] = Arg("The diagram's box: left edge in cm (with y_cm, width_cm, height_cm; "
                                             "default: the free area).", minimum=0, maximum=500),
                 y_cm: Optional[float] = Arg("Top edge in cm.", minimum=0, maximum=500),
                 width_cm: Optional[float] = Arg("Width in cm.", minimum=2, maximum=500),
                 height_cm: Optional[float] = Arg("Height in cm.", minimum=2, maximum=500)) -> ToolOutcome:
    """Draw an org chart or a flowchart on a slide (page): boxes with text joined by real connectors that stay
    attached when the boxes move, laid out in layers top down or left to right without overlaps. Change it
    later with edit_diagram; change a node's words with edit_shape_text.
    """
    document = context.document
    page = page_at(document, slide)
    if _diagram_shapes(page):
        raise ToolError("%s %d has a diagram already; change it with edit_diagram." % (
            page_word(document).capitalize(), slide))
    diagram = Diagram(direction, list(nodes), list(edges))
    box = _box(page, is_presentation(document), x_cm, y_cm, width_cm, height_cm)
    boxes = _laid_out(diagram, box)
    check_writable(context)
    commands = SlideCommands(context)
    with rewritten(commands, slide - 1) as copy:
        _draw(document, copy, diagram, boxes)
    summary = _("Drew a diagram on slide %d") if is_presentation(document) else _("Drew a diagram on page %d")
    return _answer(context, slide, diagram, "Drew", summary)


@tool(apps=("impress", "draw"), changes_document=True)
def edit_diagram(context,
                 slide: int = Arg("The slide (page) number of the diagram.", minimum=1),
                 add_nodes: List[DiagramNode] = Arg("Nodes to add.", default=[], max_items=60),
                 add_edges: List[DiagramEdge] = Arg("Connectors to add.", default=[], max_items=120),
                 remove_nodes: List[str] = Arg("Ids of nodes to remove (with their connectors).", default=[],
                                               max_items=60),
                 remove_edges: List[DiagramEdge] = Arg("Connectors to remove (source and target).", default=[],
                                                       max_items=120),
                 direction: Optional[Literal["down", "right"]] = Arg("Lay it out in this direction from now on.")
                 ) -> ToolOutcome:
    """Change a diagram made with make_diagram: add or remove nodes and connectors, or turn it top down or left
    to right. Node texts as they read now are kept; the whole diagram is laid out again in its place.
    """
    document = context.document
    page = page_at(document, slide)
    found = _diagram_shapes(page)
    if not found:
        raise ToolError("%s %d has no diagram made by make_diagram." % (page_word(document).capitalize(), slide))
    diagram, area = _read(found)
    diagram = _changed(diagram, add_nodes, add_edges, remove_nodes, remove_edges, direction)
    boxes = _laid_out(diagram, area)
    check_writable(context)
    commands = SlideCommands(context)
    rewrite = rewritten(commands, slide - 1)
    with rewrite as copy:
        for shape in sorted(_diagram_shapes(copy), key=lambda s: ":edge:" not in s.getName()):
            rewrite.remove(shape)  # connectors first, then the nodes they were glued to
        _draw(document, copy, diagram, boxes)
    summary = _("Redrew the diagram on slide %d") if is_presentation(document) else \
        _("Redrew the diagram on page %d")
    return _answer(context, slide, diagram, "Redrew", summary)


def _laid_out(diagram: Diagram, box: Box) -> Dict[str, Rect]:
    for node in diagram.nodes:
        if ":" in node.id or len(node.id.split()) != 1 or node.id != node.id.strip():
            raise ToolError("A node id may not hold a colon or a space: '%s'." % node.id)
    try:
        return layout([node.id for node in diagram.nodes], [(e.source, e.target) for e in diagram.edges],
                      diagram.direction == "right", Rect(box.x, box.y, box.width, box.height))
    except DiagramError as error:
        raise ToolError(str(error)) from None


def _box(page, presentation: bool, x_cm, y_cm, width_cm, height_cm) -> Box:
    given = [x_cm, y_cm, width_cm, height_cm]
    if all(value is None for value in given):
        return free_area(page, presentation)
    if any(value is None for value in given):
        raise ToolError("Give the whole box: x_cm, y_cm, width_cm and height_cm (or none of them).")
    return Box(*(int(round(value * HUNDREDTHS_PER_CM)) for value in given))


def _draw(document, page, diagram: Diagram, boxes: Dict[str, Rect]) -> None:
    made = {}
    for node in diagram.nodes:
        shape = document.createInstance(SHAPES[node.shape])
        page.add(shape)
        rect = boxes[node.id]
        shape.setSize(uno.createUnoStruct("com.sun.star.awt.Size", rect.width, rect.height))
        shape.setPosition(uno.createUnoStruct("com.sun.star.awt.Point", rect.x, rect.y))
        if node.shape == "rounded":
            shape.setPropertyValue("CornerRadius", ROUNDING)
        shape.setString(node.text)
        shape.setName("%s%s:node:%s:" % (PREFIX, diagram.direction, node.id))
        made[node.id] = shape
    start, end = GLUE[diagram.direction]
    for edge in diagram.edges:
        connector = document.createInstance("com.sun.star.drawing.ConnectorShape")
        page.add(connector)
        connector.setPropertyValue("StartShape", made[edge.source])
        connector.setPropertyValue("StartGluePointIndex", start)
        connector.setPropertyValue("EndShape", made[edge.target])
        connector.setPropertyValue("EndGluePointIndex", end)
        if edge.label:
            connector.setString(edge.label)
        connector.setName("%s%s:edge:%s:%s:" % (PREFIX, diagram.direction, edge.source, edge.target))


def _diagram_shapes(page) -> list:
    return [shape for shape in shapes_of(page) if diagram_part(shape.getName()) is not None]


@dataclass(frozen=True)
class DiagramPart:
    """What a diagram shape's name says: the direction, node or edge, and the node ids (one or two)."""

    direction: str
    role: str
    ids: Tuple[str, ...]


def diagram_part(name: str) -> Optional[DiagramPart]:
    """The part of a diagram ``name`` stands for (None for another shape's name).

    LibreOffice 7.4 renames a page's named shapes when Duplicate Slide copies them and when undo or
    redo puts a page back: it cuts the digits off the end and appends `` 1``, `` 2``… (``Box 2``
    became ``Box 1``, measured). So each name ends with a colon, and what follows it is cut off.
    """
    match = NAME.match(name or "")
    if match is None:
        return None
    ids = (match.group(3),) if match.group(2) == "node" else (match.group(3), match.group(4))
    return DiagramPart(match.group(1), match.group(2), ids) if all(ids) else None


def _read(found) -> Tuple[Diagram, Box]:
    nodes, edges, direction, boxes = [], [], "down", []
    for shape in found:
        part = diagram_part(shape.getName())
        if part is None:
            continue
        direction = part.direction
        if part.role == "node":
            kind = "ellipse" if "Ellipse" in shape.getShapeType() else \
                "rounded" if shape.getPropertyValue("CornerRadius") else "box"
            nodes.append(DiagramNode(part.ids[0], shape.getString(), kind))
            boxes.append(Box.of(shape))
        else:
            edges.append(DiagramEdge(part.ids[0], part.ids[1], shape.getString()))
    if not boxes:
        raise ToolError("The diagram's nodes are gone; draw it anew with make_diagram.")
    left, top = min(b.x for b in boxes), min(b.y for b in boxes)
    right, bottom = max(b.x + b.width for b in boxes), max(b.y + b.height for b in boxes)
    margin = max(b.height for b in boxes) // 2
    area = Box(left - margin, top - margin, right - left + 2 * margin, bottom - top + 2 * margin)
    return Diagram(direction, nodes, edges), area


def _changed(diagram: Diagram, add_nodes, add_edges, remove_nodes, remove_edges, direction) -> Diagram:
    if not (add_nodes or add_edges or remove_nodes or remove_edges or direction):
        raise ToolError("Say what to change: add_nodes, add_edges, remove_nodes, remove_edges or direction.")
    ids = {node.id for node in diagram.nodes}
    missing = [node for node in remove_nodes if node not in ids]
    if missing:
        raise ToolError("The diagram has no node %s; its nodes: %s." % (", ".join(missing), ", ".join(sorted(ids))))
    gone = set(remove_nodes)
    unwanted = {(edge.source, edge.target) for edge in remove_edges}
    present = {(edge.source, edge.target) for edge in diagram.edges}
    absent = [pair for pair in unwanted if pair not in present]
    if absent:
        raise ToolError("The diagram has no connector from %s to %s." % absent[0])
    nodes = [node for node in diagram.nodes if node.id not in gone] + list(add_nodes)
    edges = [edge for edge in diagram.edges if edge.source not in gone and edge.target not in gone
             and (edge.source, edge.target) not in unwanted] + list(add_edges)
    return Diagram(direction or diagram.direction, nodes, edges)


def _answer(context, slide: int, diagram: Diagram, verb: str, summary: str) -> ToolOutcome:
    document = context.document
    word = page_word(document)
    report = layout_report(document, page_at(document, slide), slide, word)
    return ToolOutcome.success(
        "%s a diagram on %s %d: %s, %s, %s. Its shapes are named diagram:…:node:<id>: (see "
        "get_presentation for their numbers).%s%s" % (
            verb, word, slide, _count(len(diagram.nodes), "node"), _count(len(diagram.edges), "connector"),
            "top down" if diagram.direction == "down" else "left to right", report, review_note(context)),
        summary % slide)


def _count(number: int, noun: str) -> str:
    return "%d %s%s" % (number, noun, "" if number == 1 else "s")


TOOLS = [make_diagram, edit_diagram]
