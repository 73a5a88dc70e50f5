"""The document's images, frames, drawing shapes and embedded objects: where each stands, how big it is.

Each kind is numbered from 1 in the order of the paragraphs it is anchored to (the body's
block numbers, as get_document gives them); something anchored inside a frame takes the
place of the frame, something anchored to a page comes last. An image that stands alone in
a frame with text is a figure with a caption (Writer's Insert ▸ Caption makes such frames).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional

from ...core.agent.tools import ToolError
from ...core.text.match import quote
from ..office.enumeration import indexed
from .body_walk import block_numbers

FRAME = "com.sun.star.text.TextFrame"
BASE_FRAME = "com.sun.star.text.BaseFrame"
HORIZONTAL = {0: "", 1: "right", 2: "centred", 3: "left", 4: "inside", 5: "outside", 6: "full width",
              7: "left"}
"""com.sun.star.text.HoriOrientation, in words ("": placed at an offset)."""
WRAP = {"NONE": "no wrap (text above and below)", "THROUGH": "in front of the text", "THROUGHT": "in front of the text",
        "PARALLEL": "text wraps around", "DYNAMIC": "text wraps on the wider side", "LEFT": "text on its left",
        "RIGHT": "text on its right"}


@dataclass
class Placed:
    """One object of the document as the model sees it."""

    kind: str
    """``image``, ``frame``, ``shape`` or ``object``."""
    number: int
    name: str
    obj: Any
    paragraph: Optional[int]
    """The body block its anchor (or its frame's anchor) is in; None on a page or outside the body."""
    frame: Any = None
    """The frame it stands in, if any."""

    @property
    def label(self) -> str:
        """``image 2 “Image2”``."""
        return "%s %d %s" % (self.kind, self.number, quote(self.name, 60))


def images(document) -> List[Placed]:
    """The document's images, numbered in document order."""
    return _numbered(document, "image", indexed(document.getGraphicObjects()))


def frames(document) -> List[Placed]:
    """The document's text frames, numbered in document order."""
    return _numbered(document, "frame", indexed(document.getTextFrames()))


def embedded(document) -> List[Placed]:
    """The document's embedded objects (charts, formulas…), numbered in document order."""
    return _numbered(document, "object", indexed(document.getEmbeddedObjects()))


def shapes(document) -> List[Placed]:
    """The drawing shapes (lines, rectangles, text boxes drawn…), numbered in document order."""
    page = document.getDrawPage()
    drawn = [shape for shape in indexed(page) if not shape.supportsService(BASE_FRAME)]
    return _numbered(document, "shape", drawn)


def _numbered(document, kind: str, objects: List[Any]) -> List[Placed]:
    holders = [frame_of(obj) for obj in objects]
    anchors = [_anchor(holder or obj) for obj, holder in zip(objects, holders)]
    known = [index for index, anchor in enumerate(anchors) if anchor is not None]
    numbers: List[Optional[int]] = [None] * len(objects)
    for index, number in zip(known, block_numbers(document, [anchors[i] for i in known]) if known else []):
        numbers[index] = number
    order = sorted(range(len(objects)), key=lambda i: (numbers[i] is None, numbers[i] or 0, i))
    return [Placed(kind, position, _name(objects[i]), objects[i], numbers[i], holders[i])
            for position, i in enumerate(order, 1)]


def frame_of(obj):
    """The text frame ``obj`` is anchored in, or None."""
    anchor = _anchor(obj)
    if anchor is None:
        return None
    text = anchor.getText()
    return text if text.supportsService(FRAME) else None


def _anchor(obj):
    try:
        return obj.getAnchor()
    except Exception:  # anchored to a page: no text range
        return None


def _name(obj) -> str:
    try:
        return obj.getName()
    except Exception:  # a drawing shape without a name
        return ""


def find(document, wanted) -> Placed:
    """The image named or numbered ``wanted`` (an int or a digit string counts images), else the embedded object
    or drawing shape named ``wanted``.

    Raises:
        ToolError: nothing of that name or number (the answer lists what there is).
    """
    pictures = images(document)
    for item in pictures:
        if item.name == wanted or str(item.number) == str(wanted).strip():
            return item
    others = embedded(document) + shapes(document)
    for item in others:
        if item.name and item.name == str(wanted).strip():
            return item
    if not pictures and not others:
        raise ToolError("The document has no images, drawing shapes or embedded objects.")
    raise ToolError("There is no image, shape or object %s; the document has: %s (an image by its name or number, "
                    "a shape or object by its name)." % (quote(str(wanted), 60),
                                                        ", ".join(item.label for item in (pictures + others)[:20])))


def centimetres(value: int) -> str:
    """1/100 mm as ``8.25`` (centimetres, at most two decimals)."""
    return ("%.2f" % (value / 1000)).rstrip("0").rstrip(".")


def size_of(obj) -> str:
    """``8 × 4.5 cm``."""
    size = obj.Size
    return "%s × %s cm" % (centimetres(size.Width), centimetres(size.Height))


def where(item: Placed) -> str:
    """Where an object stands, in words."""
    if item.frame is not None:
        frame = item.frame
        return "in frame %s (%s)" % (quote(frame.getName(), 60), _anchoring(frame, item.paragraph))
    return _anchoring(item.obj, item.paragraph)


def _anchoring(obj, paragraph: Optional[int]) -> str:
    kind = obj.AnchorType.value
    if kind == "AT_PAGE":
        return "on page %d" % obj.AnchorPageNo
    place = "paragraph %d" % paragraph if paragraph else "text outside the body (a header, footer, frame or note)"
    if kind == "AS_CHARACTER":
        return "in the text of %s" % place
    if kind == "AT_FRAME":
        return "anchored to a frame"
    return "anchored to %s" % place if kind == "AT_PARAGRAPH" else "anchored at a character of %s" % place


def layout(obj) -> str:
    """Alignment and wrap of a floating object ("" for one in the text)."""
    if obj.AnchorType.value == "AS_CHARACTER":
        return ""
    parts = [HORIZONTAL.get(obj.HoriOrient, "")]
    parts.append(WRAP.get(obj.TextWrap.value, obj.TextWrap.value.lower()))
    return ", ".join(part for part in parts if part)
