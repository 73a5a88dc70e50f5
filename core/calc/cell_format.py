"""Formatting words a model uses, turned into what Calc's cell properties take.

Colours (``#RRGGBB``, ``#RGB`` or a name such as ``light red``) become RGB integers;
number-format presets (``currency``, ``percent``, ``date``…) become format codes in
English (en-US) syntax, while any other text is taken as a format code itself
(``#,##0.00``, ``YYYY-MM-DD``); alignment words become the enum value names of
``com.sun.star.table.CellHoriJustify`` / ``CellVertJustify``; widths and heights in
centimetres become 1/100 mm.
"""
from __future__ import annotations

import re
from typing import Optional

COLOR_NAMES = {
    "black": 0x000000, "white": 0xFFFFFF, "red": 0xFF0000, "green": 0x00A933, "blue": 0x2A6099,
    "yellow": 0xFFFF00, "orange": 0xFF8000, "purple": 0x800080, "gray": 0x808080, "grey": 0x808080,
    "light red": 0xFFC7CE, "dark red": 0x9C0006, "light green": 0xC6EFCE, "dark green": 0x006100,
    "light blue": 0xDEE6EF, "dark blue": 0x1F3864, "light yellow": 0xFFEB9C, "dark yellow": 0x9C5700,
    "light gray": 0xDDDDDD, "light grey": 0xDDDDDD, "dark gray": 0x404040, "dark grey": 0x404040,
}

NUMBER_FORMAT_PRESETS = {
    "general": "General",
    "number": "#,##0.00",
    "integer": "#,##0",
    "decimal": "0.00",
    "percent": "0.00%",
    "percent_integer": "0%",
    "currency": "[$$-409]#,##0.00;-[$$-409]#,##0.00",
    "euro": "#,##0.00 [$€-407];-#,##0.00 [$€-407]",
    "date": "YYYY-MM-DD",
    "datetime": "YYYY-MM-DD HH:MM",
    "time": "HH:MM:SS",
    "scientific": "0.00E+00",
    "text": "@",
}

HORIZONTAL = {"general": "STANDARD", "left": "LEFT", "center": "CENTER", "right": "RIGHT",
              "justify": "BLOCK", "fill": "REPEAT"}
VERTICAL = {"general": "STANDARD", "top": "TOP", "center": "CENTER", "bottom": "BOTTOM"}

_HEX = re.compile(r"^#?([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$")

MIN_SIZE_CM, MAX_SIZE_CM = 0.05, 50.0


class FormatError(ValueError):
    """A formatting value that cannot be used."""


def parse_color(text: str) -> int:
    """Return the RGB integer for ``#RRGGBB``, ``#RGB`` or a colour name.

    Raises:
        FormatError: with the accepted forms.
    """
    cleaned = " ".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())
    if cleaned in COLOR_NAMES:
        return COLOR_NAMES[cleaned]
    match = _HEX.match(cleaned)
    if not match:
        raise FormatError("'%s' is not a colour: use #RRGGBB (e.g. #FFC7CE) or one of: %s"
                          % (text, ", ".join(sorted(COLOR_NAMES))))
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits, 16)


def color_hex(value: int) -> str:
    """``#RRGGBB`` for an RGB integer."""
    return "#%06X" % (value & 0xFFFFFF)


def number_format_code(text: str) -> str:
    """Return the format code for a preset name, or ``text`` itself when it is a code."""
    key = text.strip().lower().replace(" ", "_")
    return NUMBER_FORMAT_PRESETS.get(key, text.strip())


def alignment(value: str, table: dict, what: str) -> str:
    """Return the enum value name for an alignment word (``center`` → ``CENTER``)."""
    key = value.strip().lower()
    if key not in table:
        raise FormatError("'%s' is not a %s alignment: use one of %s" % (value, what, ", ".join(table)))
    return table[key]


def size_hundredths_mm(centimetres: float, what: str) -> int:
    """Convert a width or height in cm to 1/100 mm, checking it is sensible."""
    if not MIN_SIZE_CM <= centimetres <= MAX_SIZE_CM:
        raise FormatError("%s must be between %g and %g cm, got %g" % (what, MIN_SIZE_CM, MAX_SIZE_CM, centimetres))
    return int(round(centimetres * 1000))


def optional_color(value: Optional[str]) -> Optional[int]:
    """``parse_color`` for a value that may be missing."""
    return None if value is None else parse_color(value)
