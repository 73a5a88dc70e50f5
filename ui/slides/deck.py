"""What the Impress and Draw tools share: the pages of a document, their numbers, their shapes, units.

Slides (Impress) and pages (Draw) are numbered from 1 in the order of the deck; shapes from 1 in
each page's order (its z-order, back to front), the numbers get_presentation shows. Lengths are
LibreOffice's 1/100 mm inside and centimetres in what the model reads and gives.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import List, Optional, Tuple

import uno

from ...core.agent.tools import ToolError

HUNDREDTHS_PER_CM = 1000
PRESENTATION = "com.sun.star.presentation.PresentationDocument"
CHART_CLASS_ID = "12dcae26-281f-416f-a234-c3086127382e"
"""The class id of an embedded chart (an OLE2 shape holding a chart)."""

KINDS = {"TitleTextShape": "title", "SubtitleShape": "subtitle", "OutlinerShape": "body", "NotesShape": "notes",
         "GraphicObjectShape": "image", "TableShape": "table", "ChartShape": "chart", "OLE2Shape": "object",
         "MediaShape": "media", "PluginShape": "media", "GroupShape": "group", "ConnectorShape": "connector",
         "LineShape": "line", "TextShape": "text box", "CustomShape": "shape", "RectangleShape": "rectangle",
         "EllipseShape": "ellipse", "PolyPolygonShape": "polygon", "PolyLineShape": "polyline",
         "OpenBezierShape": "curve", "ClosedBezierShape": "curve", "MeasureShape": "dimension line",
         "DateTimeShape": "date", "FooterShape": "footer", "SlideNumberShape": "slide number",
         "HeaderShape": "header", "PageShape": "slide image", "ControlShape": "form control",
         "FrameShape": "frame", "AppletShape": "object", "CaptionShape": "callout", "Shape3DSceneObject": "3D object"}
"""A shape's kind in words, by the last part of its type (``com.sun.star.presentation.TitleTextShape``)."""
TEXT_KINDS = frozenset(("title", "subtitle", "body", "notes", "text box", "shape", "rectangle", "ellipse",
                        "callout", "polygon", "curve"))
"""Kinds whose text get_presentation shows and the editing tools change."""
LAYOUTS = {"blank": 20, "title": 0, "title_content": 1, "title_2_content": 3, "title_only": 19,
           "centered_text": 32, "title_2_content_and_content": 12, "title_content_and_2_content": 15,
           "title_2_content_over_content": 16, "title_content_over_content": 14, "title_4_content": 18,
           "title_6_content": 34}
"""The layouts of Impress's Layouts panel by the names the tools take, with their AutoLayout numbers."""
LAYOUT_TITLES = {20: "Blank", 0: "Title Slide", 1: "Title, Content", 3: "Title and 2 Content", 19: "Title Only",
                 32: "Centered Text", 12: "Title, 2 Content and Content", 15: "Title, Content and 2 Content",
                 16: "Title, 2 Content over Content", 14: "Title, Content over Content", 18: "Title, 4 Content",
                 34: "Title, 6 Content", 27: "Vertical Title, Text, Chart", 28: "Vertical Title, Vertical Text",
                 29: "Title, Vertical Text", 30: "Title, Vertical Text, Clipart"}


def is_presentation(document) -> bool:
    """True for an Impress document (a Draw document has pages, not slides)."""
    return bool(document.supportsService(PRESENTATION))


def page_word(document) -> str:
    """``slide`` in Impress, ``page`` in Draw."""
    return "slide" if is_presentation(document) else "page"


def page_at(document, number: int):
    """The slide (page) ``number`` (from 1); refused when the deck has no such slide."""
    pages = document.getDrawPages()
    count = pages.getCount()
    if not 1 <= number <= count:
        raise ToolError("The %s has %d %ss; there is no %s %d." % (
            "presentation" if is_presentation(document) else "drawing", count, page_word(document),
            page_word(document), number))
    return pages.getByIndex(number - 1)


def layout_number(name: str) -> int:
    """The AutoLayout number of the layout ``name`` (see :data:`LAYOUTS`); refused with the names otherwise."""
    key = name.strip().lower().replace(" ", "_").replace(",", "").replace("-", "_")
    if key in LAYOUTS:
        return LAYOUTS[key]
    titles = {title.lower(): number for number, title in LAYOUT_TITLES.items() if number in LAYOUTS.values()}
    if name.strip().lower() in titles:
        return titles[name.strip().lower()]
    raise ToolError("There is no layout '%s'. Layouts: %s." % (name, ", ".join(LAYOUTS)))


def layout_name(number: Optional[int]) -> str:
    """How get_presentation names the AutoLayout ``number``."""
    for name, value in LAYOUTS.items():
        if value == number:
            return "%s (%s)" % (name, LAYOUT_TITLES[value])
    return LAYOUT_TITLES.get(number, "layout %s" % number)


def kind_of(shape) -> str:
    """The shape's kind in words (see :data:`KINDS`); an embedded chart is a chart."""
    kind = KINDS.get(shape.getShapeType().rsplit(".", 1)[-1], "shape")
    if kind == "object" and _class_id(shape) == CHART_CLASS_ID:
        return "chart"
    return kind


def _class_id(shape) -> str:
    try:
        return str(shape.getPropertyValue("CLSID")).lower()
    except Exception:  # an object that does not say what it is
        return ""


def shapes_of(page) -> List:
    """The shapes of ``page`` in its order (shape N is ``shapes_of(page)[N - 1]``)."""
    get = page.getByIndex
    return [get(index) for index in range(page.getCount())]


def shape_at(page, number: int, where: str):
    """Shape ``number`` (from 1) of ``page``; refused when there is none (``where``: "slide 3")."""
    count = page.getCount()
    if not 1 <= number <= count:
        raise ToolError("%s has %d shapes; there is no shape %d (read the numbers with get_presentation)."
                        % (where[:1].upper() + where[1:], count, number))
    return page.getByIndex(number - 1)


@dataclass(frozen=True)
class Box:
    """A shape's rectangle in 1/100 mm."""

    x: int
    y: int
    width: int
    height: int

    @classmethod
    def of(cls, shape) -> "Box":
        """The rectangle of ``shape`` (position and size)."""
        position, size = shape.getPosition(), shape.getSize()
        return cls(position.X, position.Y, size.Width, size.Height)

    def words(self) -> str:
        """``at 1.4, 0.6 cm, 25.2 x 2.6 cm``."""
        return "at %s, %s cm, %s x %s cm" % (cm(self.x), cm(self.y), cm(self.width), cm(self.height))


def cm(hundredths: int) -> str:
    """1/100 mm as centimetres in short: 1400 → ``1.4``."""
    return ("%.2f" % (hundredths / HUNDREDTHS_PER_CM)).rstrip("0").rstrip(".")


def free_area(page, presentation: bool) -> Box:
    """Where new content goes by default: below the title on a slide, inside the margins on a drawing's page."""
    width, height = page.getPropertyValue("Width"), page.getPropertyValue("Height")
    if not presentation:
        left, top = page.getPropertyValue("BorderLeft"), page.getPropertyValue("BorderTop")
        return Box(left, top, width - left - page.getPropertyValue("BorderRight"),
                   height - top - page.getPropertyValue("BorderBottom"))
    titles = [Box.of(shape) for shape in shapes_of(page) if kind_of(shape) == "title"]
    top = max([box.y + box.height for box in titles] or [height // 10])
    top = min(top + height // 40, height // 2)
    return Box(width // 10, top, width * 8 // 10, max(height - top - height // 10, height // 5))


TRANSITIONS = {"none": None, "fade": ("FADE", "CROSSFADE"), "wipe": ("BARWIPE", "LEFTTORIGHT"),
               "push": ("PUSHWIPE", "FROMRIGHT"), "cover": ("SLIDEWIPE", "FROMRIGHT"), "dissolve": ("DISSOLVE", "DEFAULT")}
"""The transitions manage_slides gives: LibreOffice's TransitionType and TransitionSubType names."""


@functools.lru_cache(maxsize=None)
def transition_values(name: str) -> Tuple[int, int]:
    """``(TransitionType, TransitionSubtype)`` of the transition ``name`` of :data:`TRANSITIONS` (0, 0 for none)."""
    names = TRANSITIONS[name]
    if names is None:
        return 0, 0
    return (uno.getConstantByName("com.sun.star.animations.TransitionType." + names[0]),
            uno.getConstantByName("com.sun.star.animations.TransitionSubType." + names[1]))


def transition_of(page) -> str:
    """The name of the slide's transition ("" for none; ``another`` for one manage_slides does not give)."""
    values = (page.getPropertyValue("TransitionType"), page.getPropertyValue("TransitionSubtype"))
    if not values[0]:
        return ""
    return next((name for name in TRANSITIONS if name != "none" and transition_values(name) == values), "another")
