"""``format_range``: number format, font, colours, alignment, wrapping, borders, sizes and merging in one call.

Every option is checked and converted first (a bad colour or format code fails the
call before anything changes); then the properties are set on the whole range at
once, which Calc records as undoable attribute changes.
"""
from __future__ import annotations

import uno
from com.sun.star.lang import Locale
from com.sun.star.util import MalformedNumberFormatException

from ...core.calc.cell_format import (HORIZONTAL, VERTICAL, FormatError, alignment, number_format_code,
    size_hundredths_mm)
from ...core.colors import ColorError, parse_color
from ...core.i18n import _
from ...core.agent.tools import Tool, ToolError, ToolOutcome
from .addresses import RANGE_HELP, resolve
from .guards import ensure_sheet_unprotected

ENGLISH = Locale("en", "US", "")
BOLD, NORMAL_WEIGHT = 150.0, 100.0
VERTICAL_VALUES = {"STANDARD": 0, "TOP": 1, "CENTER": 2, "BOTTOM": 3}   # com.sun.star.table.CellVertJustify2
THIN_LINE = 26                                                        # 1/100 mm, about 0.75 pt
BORDER_STYLES = ("all", "outline", "inner", "none")
OPTIONS = ("number_format", "bold", "italic", "underline", "font_name", "font_size", "font_color",
           "background_color", "horizontal_align", "vertical_align", "wrap_text", "borders", "column_width",
           "row_height", "merge")


def format_range(context, args) -> ToolOutcome:
    """Apply the given formatting options to a range."""
    target = resolve(context.document, args["range"])
    given = [name for name in OPTIONS if name in args]
    if not given:
        raise ToolError("Give at least one formatting option: %s." % ", ".join(OPTIONS))
    ensure_sheet_unprotected(target.sheet, "format cells")
    try:
        properties = _cell_properties(context.document, args)
        sizes = _sizes(args)
    except (FormatError, ColorError) as error:
        raise ToolError("Nothing was formatted: %s." % error) from None
    cell_range = target.cell_range()
    if "merge" in args:
        _merge(target, args["merge"])  # first: the one change Calc may refuse (silently)
    for name, value in properties:
        cell_range.setPropertyValue(name, value)
    if "borders" in args:
        cell_range.setPropertyValue("TableBorder2", _borders(args["borders"], args.get("border_color", "black")))
    for lines, name, value in sizes:
        (cell_range.getColumns() if lines == "columns" else cell_range.getRows()).setPropertyValue(name, value)
    done = ", ".join(_described(name, args[name]) for name in given)
    return ToolOutcome.success("Formatted %s: %s." % (target.label, done), _("Formatted %s") % target.label)


def _described(name: str, value) -> str:
    if isinstance(value, bool):
        return name.replace("_", " ") if value else "no " + name.replace("_", " ")
    return "%s %s" % (name.replace("_", " "), value)


def _cell_properties(document, args):
    """``[(property, value)]`` for the cell options given, all converted and checked."""
    properties = []
    if "number_format" in args:
        properties.append(("NumberFormat", number_format_key(document, args["number_format"])))
    if "bold" in args:
        properties.append(("CharWeight", BOLD if args["bold"] else NORMAL_WEIGHT))
    if "italic" in args:
        slant = "ITALIC" if args["italic"] else "NONE"
        properties.append(("CharPosture", uno.Enum("com.sun.star.awt.FontSlant", slant)))
    if "underline" in args:
        properties.append(("CharUnderline", 1 if args["underline"] else 0))
    if "font_name" in args:
        properties.append(("CharFontName", args["font_name"]))
    if "font_size" in args:
        properties.append(("CharHeight", float(args["font_size"])))
    if "font_color" in args:
        properties.append(("CharColor", parse_color(args["font_color"])))
    if "background_color" in args:
        properties.extend(_background(args["background_color"]))
    if "horizontal_align" in args:
        name = alignment(args["horizontal_align"], HORIZONTAL, "horizontal")
        properties.append(("HoriJustify", uno.Enum("com.sun.star.table.CellHoriJustify", name)))
    if "vertical_align" in args:
        properties.append(("VertJustify", VERTICAL_VALUES[alignment(args["vertical_align"], VERTICAL, "vertical")]))
    if "wrap_text" in args:
        properties.append(("IsTextWrapped", bool(args["wrap_text"])))
    if "border_color" in args:
        parse_color(args["border_color"])
    return properties


def _background(value: str):
    if value.strip().lower() in ("none", "transparent", ""):
        return [("IsCellBackgroundTransparent", True)]
    return [("CellBackColor", parse_color(value))]


def number_format_key(document, text: str) -> int:
    """The document's key for a preset name or an English format code (added when new)."""
    code = number_format_code(text)
    formats = document.getNumberFormats()
    key = formats.queryKey(code, ENGLISH, False)
    if key != -1:
        return key
    try:
        return formats.addNew(code, ENGLISH)
    except MalformedNumberFormatException:
        raise FormatError("'%s' is not a number format: use a preset (number, integer, decimal, percent, currency, "
                          "euro, date, datetime, time, scientific, text, general) or an English format code "
                          "such as #,##0.00 or YYYY-MM-DD" % text) from None


def _sizes(args):
    sizes = []
    for key, lines, fixed, optimal in (("column_width", "columns", "Width", "OptimalWidth"),
                                       ("row_height", "rows", "Height", "OptimalHeight")):
        if key not in args:
            continue
        value = args[key]
        if isinstance(value, str) and value.strip().lower() == "auto":
            sizes.append((lines, optimal, True))
        else:
            try:
                centimetres = float(value)
            except (TypeError, ValueError):
                raise FormatError("%s must be a number of centimetres or \"auto\", got %r" % (key, value)) from None
            sizes.append((lines, fixed, size_hundredths_mm(centimetres, key.replace("_", " "))))
    return sizes


def _line(color: int, width: int):
    line = uno.createUnoStruct("com.sun.star.table.BorderLine2")
    line.Color, line.OuterLineWidth, line.LineWidth = color, width, width
    return line


def _borders(style: str, color_text: str):
    color = parse_color(color_text)
    width = 0 if style == "none" else THIN_LINE
    border = uno.createUnoStruct("com.sun.star.table.TableBorder2")
    outer, inner = style in ("all", "outline", "none"), style in ("all", "inner", "none")
    for side in ("Top", "Bottom", "Left", "Right"):
        setattr(border, side + "Line", _line(color, width))
        setattr(border, "Is%sLineValid" % side, outer)
    for side in ("Horizontal", "Vertical"):
        setattr(border, side + "Line", _line(color, width))
        setattr(border, "Is%sLineValid" % side, inner)
    return border


def _merge(target, merge: bool) -> None:
    """Merge or unmerge, then check Calc did it (it skips overlapping merges without a word)."""
    cell_range = target.cell_range()
    if merge and target.ref.is_single_cell:
        raise ToolError("%s is a single cell; give a range of several cells to merge." % target.label)
    cell_range.merge(bool(merge))
    ref = target.ref
    cursor = target.sheet.createCursorByRange(target.sheet.getCellByPosition(ref.start_column, ref.start_row))
    cursor.collapseToMergedArea()
    area = cursor.getRangeAddress()
    merged_as_asked = (area.StartColumn, area.StartRow, area.EndColumn, area.EndRow) == (
        ref.start_column, ref.start_row, ref.end_column, ref.end_row)
    if merge and not merged_as_asked:
        raise ToolError("Calc did not merge %s: it overlaps another merged area. Unmerge that area first "
                        "(merge=false on all of it). Nothing was changed." % target.label)
    if not merge and cell_range.getIsMerged():
        raise ToolError("Some merged areas reach outside %s and stay merged; unmerge each whole merged area "
                        "(its full range)." % target.label)


_COLOR = {"type": "string", "description": "#RRGGBB or a name such as light red, light green, blue."}

TOOLS = [
    Tool(
        name="format_range",
        description=("Format a range in one call: number format, font, colours, alignment, wrapping, borders, "
                     "column width, row height, merge. Give only the options you want to change."),
        parameters={"type": "object", "properties": {
            "range": {"type": "string", "description": "What to format: %s." % RANGE_HELP},
            "number_format": {"type": "string", "description": (
                "Preset (number, integer, decimal, percent, currency, euro, date, datetime, time, scientific, "
                "text, general) or an English format code such as #,##0.00 or YYYY-MM-DD.")},
            "bold": {"type": "boolean"}, "italic": {"type": "boolean"}, "underline": {"type": "boolean"},
            "font_name": {"type": "string"},
            "font_size": {"type": "number", "minimum": 1, "maximum": 400, "description": "In points."},
            "font_color": _COLOR,
            "background_color": dict(_COLOR, description="#RRGGBB, a colour name, or none."),
            "horizontal_align": {"type": "string", "enum": list(HORIZONTAL)},
            "vertical_align": {"type": "string", "enum": list(VERTICAL)},
            "wrap_text": {"type": "boolean"},
            "borders": {"type": "string", "enum": list(BORDER_STYLES),
                        "description": "Thin lines: all, outline (around the range), inner, or none."},
            "border_color": _COLOR,
            "column_width": {"type": ["number", "string"], "description": "Centimetres, or \"auto\" to fit."},
            "row_height": {"type": ["number", "string"], "description": "Centimetres, or \"auto\" to fit."},
            "merge": {"type": "boolean", "description": "true merges the range into one cell, false unmerges."},
        }, "required": ["range"], "additionalProperties": False},
        handler=format_range, apps=("calc",), changes_document=True),
]
