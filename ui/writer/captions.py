"""Captions under images, made as Writer's Insert ▸ Caption makes them: the image in a frame with its caption.

The frame takes the image's place, anchoring, alignment and wrap and its width; inside it
the image stands centred in its own paragraph (as a character), and below it a paragraph of
the "Figure" style reads "Figure <number>: caption", the number a sequence field Writer keeps
counting (so lists of figures and cross-references work). The label is the Figure style's
name in the user's language. The image is moved into the frame by making it anew there from
its own graphic (an image anchored as a character cannot be re-anchored through the API), with
its name, size and alt text.
"""
from __future__ import annotations

from typing import Tuple

import uno
from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK
from com.sun.star.text.TextContentAnchorType import AS_CHARACTER

from ..office.enumeration import elements
from .pictures import GRAPHIC

FIGURE = "Figure"
"""The paragraph style and the sequence (number range) of figure captions."""
SEQUENCE_MASTER = "com.sun.star.text.fieldmaster.SetExpression." + FIGURE
SEQUENCE, ARABIC, CENTER, MIN_HEIGHT = 8, 4, 3, 2  # SetVariableType, NumberingType, ParagraphAdjust, SizeType
CARRIED = ("AnchorType", "HoriOrient", "HoriOrientPosition", "HoriOrientRelation", "VertOrient", "VertOrientPosition",
           "VertOrientRelation", "TextWrap")
"""What the frame takes over from the image."""
NO_BORDER = ("LeftBorder", "RightBorder", "TopBorder", "BottomBorder")


def caption_text(frame) -> str:
    """The caption a figure frame shows (its text, label and number included)."""
    return " ".join(frame.getText().getString().split())


def caption_words(frame) -> Tuple[str, bool]:
    """The words of a figure's caption after its label and number ("Sales by region"), and whether it has a
    number."""
    inner = frame.getText()
    for paragraph in reversed(_paragraphs(inner)):
        words = _after_last_object(inner, paragraph).getString()
        if words.strip() or _has_sequence(paragraph):
            return (words.lstrip(":").strip(), True) if _has_sequence(paragraph) else (words.strip(), False)
    return "", False


def wrap_in_figure(document, shape, caption: str, numbered: bool = True):
    """Put ``shape`` (an image outside frames) in a new figure frame captioned ``caption`` (after "Figure <n>: "
    unless not ``numbered``).

    Returns:
        The image as it now stands in the frame (``shape`` itself is gone); the frame is the text
        of its anchor.
    """
    anchor = shape.getAnchor()
    host = anchor.getText()
    frame = document.createInstance("com.sun.star.text.TextFrame")
    for name in CARRIED:
        frame.setPropertyValue(name, shape.getPropertyValue(name))
    frame.Width = shape.Size.Width
    frame.Height = shape.Size.Height
    frame.SizeType = MIN_HEIGHT
    for name in NO_BORDER:
        frame.setPropertyValue(name, uno.createUnoStruct("com.sun.star.table.BorderLine2"))
    for name in ("LeftBorderDistance", "RightBorderDistance", "TopBorderDistance", "BottomBorderDistance"):
        frame.setPropertyValue(name, 0)
    host.insertTextContent(host.createTextCursorByRange(anchor.getStart()), frame, False)
    inner = frame.getText()
    copy = copy_image(document, shape)
    name = shape.getName()
    inner.insertTextContent(inner.createTextCursor(), copy, False)
    first = next(elements(inner.createEnumeration()))
    first.ParaAdjust = CENTER
    inner.insertControlCharacter(inner.getEnd(), PARAGRAPH_BREAK, False)
    _write_caption(document, inner, caption, numbered)
    shape.dispose()
    copy.setName(name)
    return copy


def set_caption(document, frame, caption: str) -> None:
    """Make ``frame``'s caption read ``caption`` (its label and number kept when it has them)."""
    inner = frame.getText()
    for paragraph in reversed(_paragraphs(inner)):
        after = _after_last_object(inner, paragraph)
        old = len(after.getString())
        if old or _has_sequence(paragraph):
            # the new words go in first and the old ones go after: removing a whole paragraph's text would take
            # the pictures anchored to that paragraph with it
            inner.insertString(paragraph.getEnd(), (": " if _has_sequence(paragraph) else "") + caption, False)
            after.collapseToStart()
            after.goRight(old, True)
            after.setString("")
            return
    inner.insertControlCharacter(inner.getEnd(), PARAGRAPH_BREAK, False)
    _write_caption(document, inner, caption)


def _write_caption(document, inner, caption: str, numbered: bool = True) -> None:
    """Write "Figure <n>: caption" (or the caption alone) as the last paragraph of ``inner`` (a frame's text)."""
    cursor = inner.createTextCursorByRange(inner.getEnd())
    cursor.ParaStyleName = FIGURE
    if not numbered:
        inner.insertString(cursor, caption, False)
        return
    inner.insertString(cursor, _label(document) + " ", False)
    inner.insertTextContent(cursor, _sequence_field(document), False)
    inner.insertString(cursor, ": " + caption, False)
    document.getTextFields().refresh()


def _label(document) -> str:
    styles = document.getStyleFamilies().getByName("ParagraphStyles")
    return styles.getByName(FIGURE).DisplayName if styles.hasByName(FIGURE) else FIGURE


def _sequence_field(document):
    masters = document.getTextFieldMasters()
    if masters.hasByName(SEQUENCE_MASTER):
        master = masters.getByName(SEQUENCE_MASTER)
    else:
        master = document.createInstance("com.sun.star.text.fieldmaster.SetExpression")
        master.Name = FIGURE
        master.SubType = SEQUENCE
    field = document.createInstance("com.sun.star.text.textfield.SetExpression")
    field.NumberingType = ARABIC
    field.Content = FIGURE + "+1"
    field.attachTextFieldMaster(master)
    return field


def _paragraphs(inner) -> list:
    return [p for p in elements(inner.createEnumeration()) if p.supportsService("com.sun.star.text.Paragraph")]


def copy_image(document, shape):
    """A new graphic object (not inserted; anchored as a character) showing ``shape``'s picture, size and alt text."""
    copy = document.createInstance(GRAPHIC)
    copy.Graphic = shape.Graphic
    copy.Size = shape.Size
    copy.AnchorType = AS_CHARACTER
    for name in ("Title", "Description"):
        copy.setPropertyValue(name, shape.getPropertyValue(name))
    return copy


def _after_last_object(inner, paragraph):
    """A cursor from after the paragraph's last picture or field to its end (its caption words)."""
    start = paragraph.getStart()
    for portion in elements(paragraph.createEnumeration()):
        if portion.TextPortionType != "Text":
            start = portion.getEnd()
    cursor = inner.createTextCursorByRange(start)
    cursor.gotoRange(paragraph.getEnd(), True)
    return cursor


def _has_sequence(paragraph) -> bool:
    for portion in elements(paragraph.createEnumeration()):
        if portion.TextPortionType == "TextField" and portion.TextField.supportsService(
                "com.sun.star.text.textfield.SetExpression"):
            return True
    return False
