"""insert_object: an image (a local file or a ``data:`` URL), a table (from Markdown) or a chart (from a small
data table) on a slide, in a box in cm, into an empty placeholder, or in the slide's free area.

The object goes onto a copy of the slide with the undo manager locked (see :mod:`.recorded`); an empty
placeholder it replaces is removed there too. An image keeps its proportions inside the box. Images
from the web are refused: the office does not fetch them.
"""
from __future__ import annotations

import base64
import binascii
import os
from typing import Literal, Optional, Union

import uno

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from ...core.slides.tables import TableError, chart_data, parse_table
from .deck import HUNDREDTHS_PER_CM, Box, free_area, is_presentation, page_at, page_word, shapes_of
from .editing import check_writable, review_note
from .layout_report import layout_report
from .recorded import SlideCommands, rewritten
from .targets import find_shape

CHART_CLASS_ID = "12dcae26-281f-416f-a234-c3086127382e"
DIAGRAMS = {"column": ("com.sun.star.chart.BarDiagram", False), "bar": ("com.sun.star.chart.BarDiagram", True),
            "line": ("com.sun.star.chart.LineDiagram", False), "pie": ("com.sun.star.chart.PieDiagram", False),
            "area": ("com.sun.star.chart.AreaDiagram", False)}
PIXEL = 2540 / 96  # 1/100 mm per pixel at 96 dpi
MAX_IMAGE_BYTES = 50 * 1024 * 1024


@tool(apps=("impress", "draw"), changes_document=True)
def insert_object(context,
                  slide: int = Arg("The slide (page) number from get_presentation.", minimum=1),
                  kind: Literal["image", "table", "chart"] = Arg("What to insert."),
                  source: str = Arg("image: an absolute file path or a data: URL (base64). table: a Markdown table. "
                                    "chart: a Markdown table, the categories in the first column, one column of "
                                    "numbers per series with its name in the header.", min_length=1),
                  chart_type: Literal["column", "bar", "line", "pie", "area"] = Arg("chart: its type.",
                                                                                 default="column"),
                  title: Optional[str] = Arg("chart: its title; image: its alternative text."),
                  into: Union[int, str, None] = Arg("An empty placeholder to put it in (its number [K], or body), "
                                                    "taking its place and size."),
                  x_cm: Optional[float] = Arg("Left edge in cm (with y_cm, width_cm, height_cm: the box).",
                                              minimum=-100, maximum=500),
                  y_cm: Optional[float] = Arg("Top edge in cm.", minimum=-100, maximum=500),
                  width_cm: Optional[float] = Arg("Width in cm.", minimum=0.5, maximum=500),
                  height_cm: Optional[float] = Arg("Height in cm.", minimum=0.5, maximum=500)) -> ToolOutcome:
    """Insert an image (a local file path or a data: URL), a table (from a Markdown table) or a chart (from a
    Markdown table of numbers: categories in the first column, series in the header) on a slide. Place it
    into an empty placeholder (into=K or body), in a box in cm, or by default in the slide's free area
    below the title. The answer reports the slide's layout problems afterwards.
    """
    document = context.document
    where = "%s %d" % (page_word(document), slide)
    page = page_at(document, slide)
    content = _content(context, kind, source)
    placeholder = _placeholder(page, into, where) if into is not None else None
    box = _box(page, placeholder, x_cm, y_cm, width_cm, height_cm, is_presentation(document))
    check_writable(context)
    commands = SlideCommands(context)
    rewrite = rewritten(commands, slide - 1)
    with rewrite as copy:
        if placeholder is not None:
            rewrite.remove(find_shape(copy, into, where))
        shape = _make(document, copy, kind, content, box, chart_type, title)
        number = next(k for k, candidate in enumerate(shapes_of(copy), 1) if candidate == shape)
        placed = Box.of(shape)
    what = _what(kind, content, chart_type)
    report = layout_report(document, page_at(document, slide), slide, page_word(document))
    return ToolOutcome.success("Inserted %s on %s as shape [%d] %s.%s%s" % (what, where, number, placed.words(),
                                                                            report, review_note(context)),
                               _("Inserted an object on slide %d") % slide)


def _what(kind: str, content, chart_type: str) -> str:
    if kind == "image":
        return "an image"
    if kind == "table":
        return "a %d x %d table" % (len(content), len(content[0]))
    return "a %s chart of %d series" % (chart_type, len(content.series))


def _content(context, kind: str, source: str):
    try:
        if kind == "image":
            return _graphic(context.office, source)
        rows = parse_table(source)
        return rows if kind == "table" else chart_data(rows)
    except TableError as error:
        raise ToolError(str(error)) from None


def _graphic(ctx, source: str):
    data = _image_bytes(source.strip())
    stream = ctx.ServiceManager.createInstanceWithArgumentsAndContext("com.sun.star.io.SequenceInputStream",
                                                                      (uno.ByteSequence(data),), ctx)
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.graphic.GraphicProvider", ctx)
    value = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
    value.Name, value.Value = "InputStream", stream
    graphic = provider.queryGraphic((value,))
    if graphic is None or not graphic.SizePixel.Width:
        raise ToolError("LibreOffice cannot read that image (PNG, JPEG, GIF, SVG, BMP and WebP are read).")
    return graphic


def _image_bytes(source: str) -> bytes:
    if source.startswith("data:"):
        head, _comma, payload = source.partition(",")
        if ";base64" not in head:
            raise ToolError("A data: URL must be base64 (data:image/png;base64,…).")
        try:
            return base64.b64decode(payload, validate=False)
        except (binascii.Error, ValueError):
            raise ToolError("The data: URL's base64 text is broken.") from None
    if source.lower().startswith(("http:", "https:", "ftp:")):
        raise ToolError("Images from the web are not fetched; give a local file path or a data: URL.")
    path = uno.fileUrlToSystemPath(source) if source.startswith("file:") else source
    if not os.path.isabs(path):
        raise ToolError("Give the image's absolute path (or a data: URL); '%s' is relative." % source)
    if not os.path.isfile(path):
        raise ToolError("There is no file %s." % path)
    if os.path.getsize(path) > MAX_IMAGE_BYTES:
        raise ToolError("The image is larger than 50 MB.")
    with open(path, "rb") as handle:
        return handle.read()


def _placeholder(page, into, where: str):
    shape = find_shape(page, into, where)
    info = shape.getPropertySetInfo()
    placeholder = info.hasPropertyByName("IsPresentationObject") and shape.getPropertyValue("IsPresentationObject")
    empty = info.hasPropertyByName("IsEmptyPresentationObject") and shape.getPropertyValue(
        "IsEmptyPresentationObject")
    if not (placeholder and (empty or (hasattr(shape, "getString") and not shape.getString().strip()))):
        raise ToolError("Shape %s of %s is not an empty placeholder; give a box (x_cm, y_cm, width_cm, height_cm) "
                        "instead." % (into, where))
    return shape


def _box(page, placeholder, x_cm, y_cm, width_cm, height_cm, presentation: bool) -> Box:
    given = [x_cm, y_cm, width_cm, height_cm]
    if placeholder is not None:
        if any(value is not None for value in given):
            raise ToolError("Give either into or a box, not both.")
        return Box.of(placeholder)
    if any(value is not None for value in given) and not all(value is not None for value in given):
        raise ToolError("Give the whole box: x_cm, y_cm, width_cm and height_cm.")
    if all(value is not None for value in given):
        return Box(*(int(round(value * HUNDREDTHS_PER_CM)) for value in given))
    return free_area(page, presentation)


def _make(document, page, kind: str, content, box: Box, chart_type: str, title: Optional[str]):
    service = {"image": "GraphicObjectShape", "table": "TableShape", "chart": "OLE2Shape"}[kind]
    shape = document.createInstance("com.sun.star.drawing." + service)
    page.add(shape)
    if kind == "image":
        shape.setPropertyValue("Graphic", content)
        box = _fitted(box, content.SizePixel.Width, content.SizePixel.Height)
        if title:
            shape.setPropertyValue("Description", title)
    elif kind == "chart":
        shape.setPropertyValue("CLSID", CHART_CLASS_ID)
    # The box is set before a table grows: rows and columns added to a table of no size yet are laid out
    # in no room (LibreOffice's own Insert Table makes the table in its box first).
    _place(shape, box)
    if kind == "table":
        _fill_table(shape.getPropertyValue("Model"), content)
        _place(shape, box)  # its rows took at least their text's height: the box asked for, again
    elif kind == "chart":
        _fill_chart(shape.getPropertyValue("Model"), content, chart_type, title)
    return shape


def _place(shape, box: Box) -> None:
    shape.setSize(uno.createUnoStruct("com.sun.star.awt.Size", box.width, box.height))
    shape.setPosition(uno.createUnoStruct("com.sun.star.awt.Point", box.x, box.y))


def _fitted(box: Box, pixels_wide: int, pixels_high: int) -> Box:
    """The largest box of the image's proportions inside ``box``, centred in it."""
    scale = min(box.width / pixels_wide, box.height / pixels_high)
    width, height = int(pixels_wide * scale), int(pixels_high * scale)
    return Box(box.x + (box.width - width) // 2, box.y + (box.height - height) // 2, width, height)


def _fill_table(model, rows) -> None:
    if len(rows) > 1:
        model.getRows().insertByIndex(1, len(rows) - 1)
    if len(rows[0]) > 1:
        model.getColumns().insertByIndex(1, len(rows[0]) - 1)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            model.getCellByPosition(c, r).setString(value)


def _fill_chart(chart, data, chart_type: str, title: Optional[str]) -> None:
    service, horizontal = DIAGRAMS[chart_type]
    chart.setDiagram(chart.createInstance(service))
    if service == "com.sun.star.chart.BarDiagram":
        chart.getDiagram().setPropertyValue("Vertical", horizontal)
    table = chart.getData()
    table.setData(tuple(tuple(row) for row in data.values))
    table.setRowDescriptions(tuple(data.categories))
    table.setColumnDescriptions(tuple(data.series))
    if title:
        chart.setPropertyValue("HasMainTitle", True)
        chart.getTitle().setPropertyValue("String", title)


TOOLS = [insert_object]
