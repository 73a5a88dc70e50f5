"""``format_range``: number format, font, colours, alignment, wrapping, borders, sizes and merging in one call.

Every option is checked and converted first (a bad colour or format code fails the
call before anything changes); then the properties are set on the whole range at
once, which Calc records as undoable attribute changes.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import List, Literal, Optional, Tuple, Union

import uno
from com.sun.star.uno import RuntimeException as UnoRuntimeException
from com.sun.star.util import MalformedNumberFormatException

from ...core.calc.cell_format import (HORIZONTAL, VERTICAL, FormatError, alignment, number_format_code,
    size_hundredths_mm)
from ...core.colors import ColorError, describe_color, parse_color
from ...core.i18n import _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, resolve
from .guards import ensure_sheet_unprotected
from .locales import ENGLISH, format_locale, locale_tag

BOLD, NORMAL_WEIGHT = 150.0, 100.0
VERTICAL_VALUES = {"STANDARD": 0, "TOP": 1, "CENTER": 2, "BOTTOM": 3}   # com.sun.star.table.CellVertJustify2
THIN_LINE = 26                                                        # 1/100 mm, about 0.75 pt
Size = Union[float, str, None]
"""Centimetres, or "auto" to fit (None: left as it is); written flat, see ``Operand`` in :mod:`.conditional`."""
HorizontalAlign = Literal["general", "left", "center", "right", "justify", "fill"]
VerticalAlign = Literal["general", "top", "center", "bottom"]
COLOR = Arg("#RRGGBB or a name such as light red, light green, blue.")
SIZE = Arg("Centimetres, or \"auto\" to fit.")


@dataclass(frozen=True)
class CellFormat:
    """The options a format_range call gives (None: left as it is), in the order they are reported."""

    number_format: Optional[str] = None
    bold: Optional[bool] = None
    italic: Optional[bool] = None
    underline: Optional[bool] = None
    font_name: Optional[str] = None
    font_size: Optional[float] = None
    font_color: Optional[str] = None
    background_color: Optional[str] = None
    horizontal_align: Optional[HorizontalAlign] = None
    vertical_align: Optional[VerticalAlign] = None
    wrap_text: Optional[bool] = None
    borders: Optional[str] = None
    column_width: Size = None
    row_height: Size = None
    merge: Optional[bool] = None

    def given(self) -> List[Tuple[str, object]]:
        """``(name, value)`` of every option given, in declaration order."""
        return [(f.name, getattr(self, f.name)) for f in fields(self) if getattr(self, f.name) is not None]


OPTIONS = tuple(f.name for f in fields(CellFormat))


@tool(apps=("calc",), changes_document=True)
def format_range(context, range: str = Arg("What to format: %s." % RANGE_HELP),
                 number_format: Optional[str] = Arg(
                     "Preset (number, integer, decimal, percent, currency, euro, date, datetime, time, scientific, "
                     "text, general) or an English format code such as #,##0.00 or YYYY-MM-DD."),
                 bold: Optional[bool] = None, italic: Optional[bool] = None, underline: Optional[bool] = None,
                 font_name: Optional[str] = None,
                 font_size: Optional[float] = Arg("In points.", minimum=1, maximum=400),
                 font_color: Optional[str] = COLOR,
                 background_color: Optional[str] = Arg("#RRGGBB, a colour name, or none."),
                 horizontal_align: Optional[HorizontalAlign] = None, vertical_align: Optional[VerticalAlign] = None,
                 wrap_text: Optional[bool] = None,
                 borders: Optional[Literal["all", "outline", "inner", "none"]] = Arg(
                     "Thin lines: all, outline (around the range), inner, or none."),
                 border_color: Optional[str] = COLOR, column_width: Size = SIZE,
                 row_height: Size = SIZE,
                 merge: Optional[bool] = Arg("true merges the range into one cell, false unmerges."),
                 number_format_locale: Optional[str] = Arg(
                     "The locale the number format follows, e.g. de-DE (default: the document's).")) -> ToolOutcome:
    """Format a range in one call: number format, font, colours, alignment, wrapping, borders, column width, row
    height, merge. Give only the options you want to change. Number format codes are written in English
    (#,##0.00, YYYY-MM-DD) and follow the document's locale.
    """
    target = resolve(context.document, range)
    options = CellFormat(number_format, bold, italic, underline, font_name, font_size, font_color, background_color,
                         horizontal_align, vertical_align, wrap_text, borders, column_width, row_height, merge)
    given = options.given()
    if not given:
        raise ToolError("Give at least one formatting option: %s." % ", ".join(OPTIONS))
    ensure_sheet_unprotected(target.sheet, "format cells")
    locale = format_locale(context.document, context.office, number_format_locale)
    try:
        properties = _cell_properties(context.document, options, locale)
        if border_color is not None:
            parse_color(border_color)
        sizes = _sizes(options)
    except (FormatError, ColorError) as error:
        raise ToolError("Nothing was formatted: %s." % error) from None
    cell_range = target.cell_range()
    if merge is not None:
        _merge(target, merge)  # first: the one change Calc may refuse (silently)
    for name, value in properties:
        cell_range.setPropertyValue(name, value)
    if borders is not None:
        color = "black" if border_color is None else border_color
        cell_range.setPropertyValue("TableBorder2", _borders(borders, color))
    for lines, name, value in sizes:
        (cell_range.getColumns() if lines == "columns" else cell_range.getRows()).setPropertyValue(name, value)
    done = ", ".join(_described(name, value) for name, value in given)
    if number_format is not None and locale.Language:
        done += " (number format in %s)" % locale_tag(locale)
    return ToolOutcome.success("Formatted %s: %s." % (target.label, done), _("Formatted %s") % target.label)


def _described(name: str, value) -> str:
    if isinstance(value, bool):
        return name.replace("_", " ") if value else "no " + name.replace("_", " ")
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # font_size 14 arrives as 14.0
    if name.endswith("_color") and value.strip().lower() not in ("none", "transparent", ""):
        value = describe_color(value)  # "blue (#0000FF)": the value the name was taken to mean
    return "%s %s" % (name.replace("_", " "), value)


def _cell_properties(document, options: CellFormat, locale):
    """``[(property, value)]`` for the cell options given, all converted and checked."""
    properties = []
    if options.number_format is not None:
        properties.append(("NumberFormat", number_format_key(document, options.number_format, locale)))
    if options.bold is not None:
        properties.append(("CharWeight", BOLD if options.bold else NORMAL_WEIGHT))
    if options.italic is not None:
        slant = "ITALIC" if options.italic else "NONE"
        properties.append(("CharPosture", uno.Enum("com.sun.star.awt.FontSlant", slant)))
    if options.underline is not None:
        properties.append(("CharUnderline", 1 if options.underline else 0))
    if options.font_name is not None:
        properties.append(("CharFontName", options.font_name))
    if options.font_size is not None:
        properties.append(("CharHeight", options.font_size))
    if options.font_color is not None:
        properties.append(("CharColor", parse_color(options.font_color)))
    if options.background_color is not None:
        properties.extend(_background(options.background_color))
    if options.horizontal_align is not None:
        name = alignment(options.horizontal_align, HORIZONTAL, "horizontal")
        properties.append(("HoriJustify", uno.Enum("com.sun.star.table.CellHoriJustify", name)))
    if options.vertical_align is not None:
        properties.append(("VertJustify", VERTICAL_VALUES[alignment(options.vertical_align, VERTICAL, "vertical")]))
    if options.wrap_text is not None:
        properties.append(("IsTextWrapped", options.wrap_text))
    return properties


def _background(value: str):
    if value.strip().lower() in ("none", "transparent", ""):
        return [("IsCellBackgroundTransparent", True)]
    return [("CellBackColor", parse_color(value))]


def number_format_key(document, text: str, locale) -> int:
    """The document's key for a preset name or an English format code, registered with ``locale`` (the
    code translated to its conventions; added when new)."""
    code = number_format_code(text)
    formats = document.getNumberFormats()
    if code.lower() == "general":
        return formats.getStandardIndex(locale)
    try:
        try:
            return formats.addNewConverted(code, ENGLISH, locale)  # the existing key when it is there already
        except UnoRuntimeException:  # Calc declines to convert some codes into its default locale: add as is
            key = formats.queryKey(code, locale, False)
            return key if key != -1 else formats.addNew(code, locale)
    except MalformedNumberFormatException:
        raise FormatError("'%s' is not a number format: use a preset (number, integer, decimal, percent, currency, "
                          "euro, date, datetime, time, scientific, text, general) or an English format code "
                          "such as #,##0.00 or YYYY-MM-DD" % text) from None


def _sizes(options: CellFormat):
    sizes = []
    for key, value, lines, fixed, optimal in (
            ("column_width", options.column_width, "columns", "Width", "OptimalWidth"),
            ("row_height", options.row_height, "rows", "Height", "OptimalHeight")):
        if value is None:
            continue
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


TOOLS = [format_range]
