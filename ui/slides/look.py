"""look_at_slide: the model looks at a slide (page) as it is shown, to check its own work.

Where pictures go to the model (Settings ▸ Slide pictures: on, or automatic and Ollama says the model
sees images) the slide is rendered to a PNG (LibreOffice's own export, as export_presentation's) and
the picture travels as an image part of the message after the round's tool results
(:mod:`marginalia.core.agent.pictures`). The answer always has the layout check (text overflowing its
box, shapes off the slide, overlaps); without pictures that is all the model gets, and it is told why.
"""
from __future__ import annotations

import base64
import os
import tempfile

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import Picture, ToolOutcome
from ...core.i18n import _
from .deck import page_at, page_word
from .export import render_png
from .layout_report import layout_report


@tool(apps=("impress", "draw"))
def look_at_slide(context, slide: int = Arg("The slide (page) to look at.", minimum=1),
                  width_px: int = Arg("The picture's width in pixels.", default=1024, minimum=200,
                                      maximum=2048)) -> ToolOutcome:
    """Look at a slide (page) as it is shown, to check your own work. Where this model takes images, the slide
    is rendered and the picture is given to you in the next message; the answer always has the layout check
    (text that overflows its box, shapes off the slide, overlapping shapes), which is all you get where
    pictures are not sent. Changes nothing.
    """
    document = context.document
    word = page_word(document)
    page = page_at(document, slide)
    report = _checked_without_change(document, page, slide, word)
    if not _sends_pictures(context.options):
        return ToolOutcome.success(
            "No picture: this model is not sent pictures (Settings ▸ Slide pictures; they go to models that take "
            "images). What the layout check finds instead:" + report,
            (_("Checked the layout of slide %d") if word == "slide" else _("Checked the layout of page %d")) % slide)
    png, height = _rendered(context.office, page, width_px)
    caption = "%s %d as rendered, %d x %d pixels." % (word.capitalize(), slide, width_px, height)
    outcome = ToolOutcome.success("%s %d rendered as a %d x %d PNG; the picture follows in the next message.%s"
                                  % (word.capitalize(), slide, width_px, height, report),
                                  (_("Showed slide %d to the model") if word == "slide" else
                                   _("Showed page %d to the model")) % slide)
    outcome.picture = Picture("data:image/png;base64," + base64.b64encode(png).decode("ascii"), caption)
    return outcome


def _sends_pictures(options) -> bool:
    """The turn's answer to "are pictures sent?" (a callable: the endpoint's facts are learned during the turn)."""
    sends = options.get("send_pictures")
    return bool(sends()) if callable(sends) else bool(sends)


def _checked_without_change(document, page, number: int, word: str) -> str:
    """The layout report; its measuring sets shapes back exactly, and the document stays unmodified."""
    modified = document.isModified()
    try:
        return layout_report(document, page, number, word)
    finally:
        if not modified and document.isModified():
            document.setModified(False)


def _rendered(office, page, width: int):
    """``(PNG bytes, height in pixels)`` of ``page`` at ``width`` pixels (through a temporary file)."""
    handle, path = tempfile.mkstemp(suffix=".png", prefix="marginalia-slide-")
    os.close(handle)
    try:
        height = render_png(office, page, path, width)
        with open(path, "rb") as picture:
            return picture.read(), height
    finally:
        os.remove(path)


TOOLS = [look_at_slide]
