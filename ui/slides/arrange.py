"""arrange_shape: move, resize or remove a shape, or set how its text fits its box (shrink on overflow, grow).

What fixes the layout check's findings (:mod:`.layout_report`): a shape off the slide is moved back,
overlapping shapes are moved or resized apart, text that does not fit gets a larger box or LibreOffice's
shrink on overflow. Made on a copy of the slide like every change (see :mod:`.recorded`).
"""
from __future__ import annotations

from typing import Optional, Union

import uno

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from .deck import HUNDREDTHS_PER_CM, Box, page_at, page_word
from .editing import check_writable, review_note
from .layout_report import layout_report
from .recorded import SlideCommands, rewritten
from .targets import describe_target, find_shape

FIT = {"shrink": "AUTOFIT", "none": "NONE"}


@tool(apps=("impress", "draw"), changes_document=True)
def arrange_shape(context,
                  slide: int = Arg("The slide (page) number from get_presentation.", minimum=1),
                  shape: Union[int, str] = Arg("The shape: its number [K] from get_presentation, or title, "
                                               "subtitle or body."),
                  x_cm: Optional[float] = Arg("New distance of its left edge from the slide's left edge, cm.",
                                              minimum=-100, maximum=500),
                  y_cm: Optional[float] = Arg("New distance of its top edge from the slide's top edge, cm.",
                                              minimum=-100, maximum=500),
                  width_cm: Optional[float] = Arg("New width in cm.", minimum=0.1, maximum=500),
                  height_cm: Optional[float] = Arg("New height in cm.", minimum=0.1, maximum=500),
                  text_fit: Optional[str] = Arg("How its text fits the box: shrink (make the text smaller when it "
                                                "overflows), grow (the box grows with the text) or none."),
                  delete: bool = Arg("Remove the shape.", default=False)) -> ToolOutcome:
    """Move, resize or delete a shape on a slide, or set how its text fits its box (shrink on overflow, or a
    box that grows with its text). Positions and sizes in cm from the slide's top left corner. The answer
    reports the slide's layout problems afterwards.
    """
    document = context.document
    where = "%s %d" % (page_word(document), slide)
    target = find_shape(page_at(document, slide), shape, where)
    given = [value for value in (x_cm, y_cm, width_cm, height_cm, text_fit) if value is not None]
    if delete == bool(given):
        raise ToolError("Say what to do: x_cm, y_cm, width_cm, height_cm or text_fit, or delete=true (not both).")
    if text_fit is not None and text_fit not in ("shrink", "grow", "none"):
        raise ToolError("text_fit must be shrink, grow or none.")
    if text_fit is not None and not target.getPropertySetInfo().hasPropertyByName("TextFitToSize"):
        raise ToolError("%s holds no text whose fit could be set." % describe_target(shape, where).capitalize())
    before = Box.of(target)
    check_writable(context)
    commands = SlideCommands(context)
    rewrite = rewritten(commands, slide - 1)
    with rewrite as copy:
        twin = find_shape(copy, shape, where)
        if delete:
            rewrite.remove(twin)
        else:
            _place(twin, before, x_cm, y_cm, width_cm, height_cm)
            if text_fit is not None:
                _fit(twin, text_fit)
    what = describe_target(shape, where)
    if delete:
        content = "Deleted %s." % what
    else:
        content = "Arranged %s: now %s%s." % (what, Box.of(find_shape(page_at(document, slide), shape, where)).words(),
                                             ", text %s" % {"shrink": "shrinks on overflow", "grow":
                                                            "box grows with the text", "none": "fit left as set"}[
                                                 text_fit] if text_fit else "")
    report = layout_report(document, page_at(document, slide), slide, page_word(document))
    return ToolOutcome.success(content + report + review_note(context), _("Arranged a shape on slide %d") % slide)


def _place(shape, before: Box, x_cm, y_cm, width_cm, height_cm) -> None:
    if width_cm is not None or height_cm is not None:
        width = _hundredths(width_cm) if width_cm is not None else before.width
        height = _hundredths(height_cm) if height_cm is not None else before.height
        shape.setSize(uno.createUnoStruct("com.sun.star.awt.Size", width, height))
    if x_cm is not None or y_cm is not None:
        x = _hundredths(x_cm) if x_cm is not None else before.x
        y = _hundredths(y_cm) if y_cm is not None else before.y
        shape.setPosition(uno.createUnoStruct("com.sun.star.awt.Point", x, y))


def _fit(shape, text_fit: str) -> None:
    if text_fit == "grow":
        shape.setPropertyValue("TextFitToSize", uno.Enum("com.sun.star.drawing.TextFitToSizeType", "NONE"))
        shape.setPropertyValue("TextAutoGrowHeight", True)
        return
    shape.setPropertyValue("TextAutoGrowHeight", False)
    shape.setPropertyValue("TextFitToSize", uno.Enum("com.sun.star.drawing.TextFitToSizeType", FIT[text_fit]))


def _hundredths(value: float) -> int:
    return int(round(value * HUNDREDTHS_PER_CM))


TOOLS = [arrange_shape]
