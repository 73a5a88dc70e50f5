"""The layout check after a change: text that does not fit its box, shapes off the slide, overlaps.

The geometry is judged in :mod:`marginalia.core.slides.layout_check`; here each shape's box is read
and its text's height measured: a text shape whose box does not grow with its text is switched to
grow for a moment (LibreOffice then sizes it to the text), read, and set back to its box. That is a
change, so it is only made on pages this call made or copied, with the undo manager locked (the
page's own undo covers them; see :mod:`.recorded`).
"""
from __future__ import annotations

from typing import List, Optional

from ...core.slides.layout_check import Placed, problems
from .deck import TEXT_KINDS, kind_of, shapes_of
from .recorded import quiet

SHRINK_ON_OVERFLOW = "AUTOFIT"
LIMITS = {"TextMinimumFrameHeight": 0, "TextMaximumFrameHeight": 1000000}


def layout_report(document, page, number: int, word: str = "slide") -> str:
    """One sentence for an answer: the problems of ``page`` (number ``number``), or that there are none."""
    with quiet(document):
        placed = [_placed(index, shape) for index, shape in enumerate(shapes_of(page), 1)]
    found = problems(placed, page.getPropertyValue("Width"), page.getPropertyValue("Height"))
    if not found:
        return " Layout check of %s %d: nothing overflows, leaves the %s or overlaps." % (word, number, word)
    return " Layout problems on %s %d: %s." % (word, number, "; ".join(found))


def layout_reports(document, pages: List, first_number: int, word: str = "slide") -> str:
    """The reports of consecutive ``pages`` (the first is number ``first_number``), problems only when many."""
    reports = [layout_report(document, page, first_number + index, word) for index, page in enumerate(pages)]
    troubled = [report for report in reports if report.startswith(" Layout problems")]
    if len(reports) > 1 and not troubled:
        return " Layout check of those %ss: nothing overflows, leaves the %s or overlaps." % (word, word)
    return "".join(troubled if len(reports) > 1 else reports)


def _placed(number: int, shape) -> Placed:
    kind = kind_of(shape)
    position, size = shape.getPosition(), shape.getSize()
    empty = _get(shape, "IsEmptyPresentationObject", False)
    need = _text_height(shape) if kind in TEXT_KINDS and not empty else None
    fit = _get(shape, "TextFitToSize", None)
    return Placed(number, kind, position.X, position.Y, size.Width, size.Height, text_height=need,
                  shrinks=getattr(fit, "value", "") == SHRINK_ON_OVERFLOW, empty=bool(empty))


def _text_height(shape) -> Optional[int]:
    """The height ``shape``'s text needs (None without text, or when the box grows with it anyway).

    The box's minimum and maximum heights are lifted for the moment (a placeholder keeps a minimum
    of nearly its own height, and a maximum that cut the measure of 30 lines at 31.5 cm, measured).
    """
    info = shape.getPropertySetInfo()
    if not info.hasPropertyByName("TextAutoGrowHeight") or shape.getPropertyValue("TextAutoGrowHeight"):
        return None
    if not shape.getString().strip():
        return None
    size, position = shape.getSize(), shape.getPosition()
    limits = [name for name in LIMITS if info.hasPropertyByName(name)]
    kept = [shape.getPropertyValue(name) for name in limits]
    for name in limits:
        shape.setPropertyValue(name, LIMITS[name])
    shape.setPropertyValue("TextAutoGrowHeight", True)
    need = shape.getSize().Height
    shape.setPropertyValue("TextAutoGrowHeight", False)
    for name, value in zip(limits, kept):
        shape.setPropertyValue(name, value)
    shape.setSize(size)
    shape.setPosition(position)
    return need


def _get(shape, name: str, default):
    info = shape.getPropertySetInfo()
    return shape.getPropertyValue(name) if info.hasPropertyByName(name) else default
