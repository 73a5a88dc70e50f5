"""Pictures into Writer: a graphic from loaded bytes, embedded, sized to fit the text area.

The bytes (read and checked by :mod:`marginalia.core.text.pictures`) go to LibreOffice's
GraphicProvider through an input stream, so the picture is embedded in the document, never
linked to a file. A picture without a size asked for takes its natural size (its own
resolution, or 96 pixels per inch), shrunk to the width of the text area it stands in.
"""
from __future__ import annotations

from typing import Optional, Tuple

import uno
from com.sun.star.awt import Size
from com.sun.star.beans import PropertyValue
from com.sun.star.text.TextContentAnchorType import AS_CHARACTER

from ...core.agent.tools import ToolError
from ...core.text.pictures import Picture

PIXEL = 2540 / 96
"""1/100 mm in a pixel at 96 pixels per inch."""
CENTIMETRE = 1000
GRAPHIC = "com.sun.star.text.TextGraphicObject"


class PictureMaker:
    """Makes graphic objects of one document (``ctx``: the office's component context)."""

    def __init__(self, document, ctx):
        self.document = document
        self._ctx = ctx

    def graphic(self, picture: Picture):
        """The XGraphic of a loaded picture; ToolError when LibreOffice cannot read it."""
        manager = self._ctx.ServiceManager
        stream = manager.createInstanceWithArgumentsAndContext(
            "com.sun.star.io.SequenceInputStream", (uno.ByteSequence(picture.data),), self._ctx)
        provider = manager.createInstanceWithContext("com.sun.star.graphic.GraphicProvider", self._ctx)
        graphic = provider.queryGraphic((_property("InputStream", stream),))
        if graphic is None or not _natural(graphic)[0]:
            raise ToolError("LibreOffice cannot read the picture %s." % picture.shown)
        return graphic

    def new_object(self, picture: Picture, graphic, max_width: int):
        """A graphic object (not inserted yet) of ``graphic``, sized as asked or fitted to ``max_width``."""
        shape = self.document.createInstance(GRAPHIC)
        shape.Graphic = graphic
        shape.Size = Size(*fitted(_natural(graphic), picture.width_cm, picture.height_cm, max_width))
        if picture.alt:
            shape.Title = picture.alt  # where Writer's HTML import and its Alt text field put it
        return shape

    def insert_as_character(self, xtext, cursor, picture: Picture, graphic=None):
        """Put ``picture`` (its ``graphic`` when already made) into the text at the collapsed ``cursor``, as a
        character; return the object."""
        graphic = self.graphic(picture) if graphic is None else graphic
        shape = self.new_object(picture, graphic, text_width(self.document, cursor))
        shape.AnchorType = AS_CHARACTER
        xtext.insertTextContent(cursor, shape, False)
        return shape


def _natural(graphic) -> Tuple[int, int]:
    """A graphic's own size in 1/100 mm (from its pixels at 96 per inch when it has no physical size)."""
    size = graphic.Size100thMM
    if size.Width > 0 and size.Height > 0:
        return size.Width, size.Height
    pixels = graphic.SizePixel
    return int(round(pixels.Width * PIXEL)), int(round(pixels.Height * PIXEL))


def fitted(natural: Tuple[int, int], width_cm: Optional[float], height_cm: Optional[float],
           max_width: int) -> Tuple[int, int]:
    """The size to give a picture, in 1/100 mm: both given; one given (the other keeps the proportions);
    neither (its natural size, shrunk to ``max_width``)."""
    width, height = natural
    if width_cm and height_cm:
        return int(round(width_cm * CENTIMETRE)), int(round(height_cm * CENTIMETRE))
    if width_cm:
        return int(round(width_cm * CENTIMETRE)), int(round(width_cm * CENTIMETRE * height / width))
    if height_cm:
        return int(round(height_cm * CENTIMETRE * width / height)), int(round(height_cm * CENTIMETRE))
    if max_width and width > max_width:
        return max_width, int(round(max_width * height / width))
    return width, height


def text_width(document, position) -> int:
    """The width of the text area of the page ``position`` (a text range) is on, in 1/100 mm (0: unknown)."""
    try:
        name = position.getPropertyValue("PageStyleName")
        style = document.getStyleFamilies().getByName("PageStyles").getByName(name)
        return style.Width - style.LeftMargin - style.RightMargin
    except Exception:  # a position without a page style (a frame's text, a header): no limit known
        return 0


def _property(name: str, value) -> PropertyValue:
    prop = PropertyValue()
    prop.Name, prop.Value = name, value
    return prop
