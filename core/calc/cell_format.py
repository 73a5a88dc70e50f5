"""Formatting words a model uses, turned into what Calc's cell properties take.

Number-format presets (``currency``, ``percent``, ``date``…) become format codes in
English (en-US) syntax, while any other text is taken as a format code itself
(``#,##0.00``, ``YYYY-MM-DD``); alignment words become the enum value names of
``com.sun.star.table.CellHoriJustify`` / ``CellVertJustify``; widths and heights in
centimetres become 1/100 mm.
"""
from __future__ import annotations

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

MIN_SIZE_CM, MAX_SIZE_CM = 0.05, 50.0


class FormatError(ValueError):
    """A formatting value that cannot be used."""


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
