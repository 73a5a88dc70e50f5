"""export_presentation: the deck (or some slides) as a PDF, or one slide (page) as a PNG picture.

The file goes where the call says (an absolute path) or, by default, beside the document's own file
under its name (``Report.pdf``, ``Report-slide3.png``). An existing file is only replaced when the call
says so. The document itself does not change.
"""
from __future__ import annotations

import os
from typing import Literal, Optional

import uno
from com.sun.star.beans import PropertyValue

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from .deck import is_presentation, page_at, page_word

PDF_FILTERS = {True: "impress_pdf_Export", False: "draw_pdf_Export"}


@tool(apps=("impress", "draw"))
def export_presentation(context,
                        format: Literal["pdf", "png"] = Arg("pdf: the slides as a PDF; png: one slide as a picture."),
                        path: Optional[str] = Arg("Where to write it: an absolute path ending .pdf or .png "
                                                  "(default: beside the document's file, under its name)."),
                        slide: Optional[int] = Arg("png: the slide (default 1); pdf: only this slide (default: "
                                                   "all).", minimum=1),
                        to_slide: Optional[int] = Arg("pdf: the last slide of a range starting at slide.",
                                                      minimum=1),
                        width_px: int = Arg("png: the picture's width in pixels.", default=1280, minimum=100,
                                            maximum=4000),
                        overwrite: bool = Arg("Replace a file that exists already.", default=False)) -> ToolOutcome:
    """Export the presentation (or drawing) as a PDF (all slides, or slide to to_slide), or one slide as a PNG
    picture, to a file: an absolute path, or by default beside the document's own file. The document does
    not change.
    """
    document = context.document
    word = page_word(document)
    first = slide or 1
    page_at(document, first)
    if to_slide is not None:
        if format == "png" or slide is None or to_slide < slide:
            raise ToolError("to_slide goes with format pdf and a slide to start at, and comes after it.")
        page_at(document, to_slide)
    target = _target(document, path, format, slide if format == "pdf" else first, word)
    if os.path.exists(target) and not overwrite:
        raise ToolError("%s exists already; say overwrite=true to replace it, or give another path." % target)
    if format == "pdf":
        _pdf(document, target, slide, to_slide)
        which = "all %ss" % word if slide is None else "%s %d" % (word, slide) if to_slide in (None, slide) else \
            "%ss %d–%d" % (word, slide, to_slide)
    else:
        height = render_png(context.office, page_at(document, first), target, width_px)
        which = "%s %d (%d x %d pixels)" % (word, first, width_px, height)
    return ToolOutcome.success("Exported %s to %s (%d bytes)." % (which, target, os.path.getsize(target)),
                               _("Exported to %s") % os.path.basename(target))


def _target(document, path: Optional[str], format: str, number: Optional[int], word: str) -> str:
    if path:
        if path.startswith("file:"):
            path = uno.fileUrlToSystemPath(path)
        if not os.path.isabs(path):
            raise ToolError("Give an absolute path; '%s' is relative." % path)
        if not path.lower().endswith("." + format):
            raise ToolError("The path must end with .%s." % format)
        if not os.path.isdir(os.path.dirname(path)):
            raise ToolError("The folder %s does not exist." % os.path.dirname(path))
        return path
    url = document.getURL()
    if not url.startswith("file:"):
        raise ToolError("The document has not been saved yet, so there is no folder to put the file in; give a "
                        "path.")
    stem = os.path.splitext(uno.fileUrlToSystemPath(url))[0]
    suffix = "-%s%d" % (word, number) if number and format == "png" else ""
    return "%s%s.%s" % (stem, suffix, format)


def _pdf(document, target: str, first: Optional[int], last: Optional[int]) -> None:
    options = []
    if first is not None:
        options.append(_value("PageRange", "%d" % first if last in (None, first) else "%d-%d" % (first, last)))
    arguments = (_value("FilterName", PDF_FILTERS[is_presentation(document)]),
                 _value("FilterData", uno.Any("[]com.sun.star.beans.PropertyValue", tuple(options))))
    uno.invoke(document, "storeToURL", (uno.systemPathToFileUrl(target), arguments))


def render_png(ctx, page, target: str, width: int) -> int:
    """Write ``page`` as a PNG ``width`` pixels wide (proportions kept) to the path ``target``; its height."""
    height = max(1, int(round(width * page.getPropertyValue("Height") / page.getPropertyValue("Width"))))
    exporter = ctx.ServiceManager.createInstanceWithContext("com.sun.star.drawing.GraphicExportFilter", ctx)
    exporter.setSourceDocument(page)
    size = uno.Any("[]com.sun.star.beans.PropertyValue", (_value("PixelWidth", width), _value("PixelHeight", height)))
    exporter.filter((_value("URL", uno.systemPathToFileUrl(target)), _value("MediaType", "image/png"),
                     _value("FilterData", size)))
    return height


def _value(name: str, value) -> PropertyValue:
    item = PropertyValue()
    item.Name, item.Value = name, value
    return item


TOOLS = [export_presentation]
