"""Resize, realign and re-wrap what Writer's undo does not record: drawing shapes, embedded objects (charts,
formulas) and pictures floating on a page.

LibreOffice 7.4 records no undo action for a size, alignment, wrap or alt text set on them
through its API (measured: its undo stack stayed empty), and unlike a picture in the text
(:func:`.images._remake`) such an object cannot be made anew. So the change is recorded as an
undo action of our own (:mod:`..office.custom_undo`): undo puts back exactly what was there
(size, alignment and offsets, wrap, alt text), redo makes the change again. It joins the turn's
undo context, so Ctrl+Z, Ctrl+Y and the panel's Revert take it back with the rest of the turn.
A paragraph's alignment (an object in the text) is left to LibreOffice's own undo.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Optional

from com.sun.star.awt import Size

from ..office.custom_undo import record
from ..office.enumeration import elements, indexed
from .blocks import block_at, body_blocks
from .objects import HORIZONTAL, WRAP, Placed, centimetres

NO_ORIENTATION = 0  # com.sun.star.text.HoriOrientation.NONE / VertOrientation.NONE: at an offset


@dataclass(frozen=True)
class Looks:
    """What a change of an object may alter and its undo puts back (sizes and offsets in 1/100 mm)."""

    width: int
    height: int
    floating: bool
    hori: int = 0
    hori_position: int = 0
    vert: int = 0
    vert_position: int = 0
    wrap: Any = None
    title: str = ""

    def horizontal_words(self) -> str:
        """``centred`` or ``11.49 cm from the left`` (an aligned object's offset is known only once laid out)."""
        named = HORIZONTAL.get(self.hori, "") if self.hori != NO_ORIENTATION else ""
        return named or "%s cm from the left" % centimetres(self.hori_position)

    def size_words(self) -> str:
        """``3 × 2 cm``."""
        return "%s × %s cm" % (centimetres(self.width), centimetres(self.height))


def looks_of(obj) -> Looks:
    """The looks of ``obj`` now."""
    size = obj.Size
    if obj.AnchorType.value == "AS_CHARACTER":
        return Looks(size.Width, size.Height, False, title=obj.Title)
    return Looks(size.Width, size.Height, True, obj.HoriOrient, obj.HoriOrientPosition, obj.VertOrient,
                 obj.VertOrientPosition, obj.TextWrap, obj.Title)


def changed(looks: Looks, width: Optional[int], height: Optional[int], hori: Optional[int], wrap: Any,
            title: Optional[str]) -> Looks:
    """``looks`` with what a call gives (None: kept)."""
    return replace(looks, width=looks.width if width is None else width,
                   height=looks.height if height is None else height,
                   hori=looks.hori if hori is None else hori, wrap=looks.wrap if wrap is None else wrap,
                   title=looks.title if title is None else title)


def put_looks(obj, looks: Looks) -> None:
    """Give ``obj`` exactly ``looks``, setting only what differs (an offset after its orientation)."""
    now = looks_of(obj)
    if (now.width, now.height) != (looks.width, looks.height):
        obj.Size = Size(looks.width, looks.height)
    if looks.floating:
        _put_orientation(obj, "Hori", looks.hori, looks.hori_position)
        _put_orientation(obj, "Vert", looks.vert, looks.vert_position)
        if obj.TextWrap != looks.wrap:
            obj.TextWrap = looks.wrap
    if obj.Title != looks.title:
        obj.Title = looks.title


def _put_orientation(obj, axis: str, orient: int, position: int) -> None:
    if obj.getPropertyValue(axis + "Orient") != orient:
        obj.setPropertyValue(axis + "Orient", orient)
    if orient == NO_ORIENTATION and obj.getPropertyValue(axis + "OrientPosition") != position:
        obj.setPropertyValue(axis + "OrientPosition", position)


def change_recorded(document, item: Placed, wanted: Looks, paragraph: Optional[int] = None) -> Looks:
    """Give ``item`` the looks ``wanted`` (and, with ``paragraph``, anchor it to that body paragraph instead of
    ``item.paragraph``) and record the undo action that puts back the ones it had; return the looks read back
    after the change. The anchor is kept as a paragraph number: when the action is undone or redone, every
    later step has been undone, so the numbers are those of now."""
    old = looks_of(item.obj)
    moves = paragraph is not None and item.paragraph is not None
    if moves:
        _anchor_to(document, item.obj, paragraph)
    put_looks(item.obj, wanted)
    new = looks_of(item.obj)
    if new == old and not moves:  # nothing changed: no undo action
        return new
    kind, name = item.kind, item.name

    def put(looks: Looks, number: Optional[int]):
        obj = _current(document, kind, name, item.obj)
        if moves:
            _anchor_to(document, obj, number)
        put_looks(obj, looks)

    def back():
        put(old, item.paragraph)

    def again():
        put(new, paragraph)

    record(document, "Change %s %s" % (kind, name), back, again)
    return new


def _anchor_to(document, obj, number: int) -> None:
    """Anchor ``obj`` (a drawing shape anchored to a paragraph) to the start of body paragraph ``number``."""
    obj.setPropertyValue("TextRange", block_at(body_blocks(document), number).obj.getStart())


def _current(document, kind: str, name: str, known):
    """The object of that kind and name in the document now (a later undo may have made it anew), else ``known``."""
    if kind == "shape":
        return next((shape for shape in indexed(document.getDrawPage()) if _named(shape) == name), known)
    holders = document.getGraphicObjects() if kind == "image" else document.getEmbeddedObjects()
    return holders.getByName(name) if holders.hasByName(name) else known


def _named(shape) -> str:
    try:
        return shape.getName()
    except Exception:  # a shape without a name
        return ""


def holding_paragraph(holder):
    """The paragraph whose text holds ``holder`` (anchored as a character)."""
    anchor = holder.getAnchor()
    cursor = anchor.getText().createTextCursorByRange(anchor.getStart())
    cursor.gotoStartOfParagraph(False)
    cursor.gotoEndOfParagraph(True)
    return next(elements(cursor.createEnumeration()))


def wrap_words(looks: Looks) -> str:
    """The wrap of a floating object, in words."""
    return WRAP.get(looks.wrap.value, looks.wrap.value.lower())
