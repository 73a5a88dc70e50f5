"""CSS in the ``style`` attributes models write: declarations, what LibreOffice's HTML import reads, and values.

:data:`IMPORTED` is what LibreOffice 7.4's HTML import honours on paragraphs and spans,
measured by importing ``<p style="…">x <span style="…">word</span> y</p>`` once per
property and comparing the paragraph's and the span's properties with a plain one:
``direction``, ``vertical-align``, ``text-shadow``, ``opacity``, ``display``, ``visibility``,
``word-spacing``, ``white-space``, ``box-shadow``, ``break-before``/``-after``,
``list-style-type``, ``column-count`` and ``writing-mode`` changed nothing there.
``width``, ``height`` and ``float`` count only on images, tables and their cells.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from ..colors import ColorError, parse_color

IMPORTED = frozenset((
    "font", "font-family", "font-size", "font-style", "font-variant", "font-weight", "color", "background",
    "background-color", "letter-spacing", "text-decoration", "text-transform", "text-align", "text-indent",
    "line-height", "margin", "margin-top", "margin-bottom", "margin-left", "margin-right", "padding", "padding-top",
    "padding-bottom", "padding-left", "padding-right", "border", "border-top", "border-bottom", "border-left",
    "border-right", "border-width", "border-color", "border-style", "border-top-width", "border-bottom-width",
    "border-left-width", "border-right-width", "page-break-before", "page-break-after", "page-break-inside", "widows",
    "orphans", "so-language"))
"""Properties LibreOffice's HTML import applies to paragraphs and text (module docstring)."""
SIZED_TAGS = frozenset(("img", "table", "td", "th", "col", "colgroup"))
SIZE_PROPERTIES = frozenset(("width", "height", "float"))
"""Honoured on :data:`SIZED_TAGS` only."""
PARAGRAPH_PROPERTIES = frozenset((
    "text-align", "text-indent", "line-height", "margin", "margin-top", "margin-bottom", "margin-left", "margin-right",
    "padding", "padding-top", "padding-bottom", "padding-left", "padding-right", "border", "border-top",
    "border-bottom", "border-left", "border-right", "border-width", "border-color", "border-style",
    "border-top-width", "border-bottom-width", "border-left-width", "border-right-width", "page-break-before",
    "page-break-after", "page-break-inside", "widows", "orphans"))
"""Properties of a whole paragraph: a ``<p>`` that has one is a block of its own, not text inside another."""
FONT_SIZES = {"xx-small": 7.0, "x-small": 7.5, "small": 10.0, "medium": 12.0, "large": 14.0, "x-large": 18.0,
              "xx-large": 24.0}
CASE_MAPS = {("text-transform", "uppercase"): 1, ("text-transform", "lowercase"): 2,
             ("text-transform", "capitalize"): 3, ("font-variant", "small-caps"): 4}
"""``text-transform`` and ``font-variant`` values as com.sun.star.style.CaseMap constants."""
HTML_FONT_SIZES = {1: 7.0, 2: 10.0, 3: 12.0, 4: 14.0, 5: 18.0, 6: 24.0, 7: 36.0}
"""``<font size="N">`` in points, as LibreOffice's import reads it."""
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(pt|px|pc|in|cm|mm)?\s*$", re.IGNORECASE)
_POINTS = {"pt": 1.0, "px": 0.75, "pc": 12.0, "in": 72.0, "cm": 72 / 2.54, "mm": 72 / 25.4}
_RGB = re.compile(r"^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$")


def declarations(style: str) -> List[Tuple[str, str]]:
    """``(property, value)`` of each declaration in a style attribute, property names in lower case."""
    result = []
    for part in style.split(";"):
        name, colon, value = part.partition(":")
        if colon and name.strip():
            result.append((name.strip().lower(), value.strip()))
    return result


def is_imported(name: str, tag: str) -> bool:
    """True when LibreOffice's HTML import honours the property ``name`` on the element ``tag``."""
    return name in IMPORTED or (name in SIZE_PROPERTIES and tag in SIZED_TAGS)


def has_paragraph_look(style: str, align: Optional[str]) -> bool:
    """True when a ``<p>``'s ``style`` (or ``align`` attribute) formats the paragraph itself."""
    return bool(align) or any(name in PARAGRAPH_PROPERTIES for name, _value in declarations(style))


def color(value: str) -> Optional[int]:
    """``0xRRGGBB`` for a CSS colour (``#rgb``, ``#rrggbb``, ``rgb(…)``, a name); None when it is none of those."""
    value = value.strip().lower()
    rgb = _RGB.match(value)
    if rgb:
        red, green, blue = (min(255, int(part)) for part in rgb.groups())
        return (red << 16) | (green << 8) | blue
    if value in ("transparent", "none", "inherit", "initial", "currentcolor"):
        return None
    try:
        return parse_color(value)
    except ColorError:
        return None


def font_size_pt(value: str) -> Optional[float]:
    """A CSS font size in points (absolute lengths and the size keywords); None for relative ones."""
    value = value.strip().lower()
    if value in FONT_SIZES:
        return FONT_SIZES[value]
    length = _LENGTH.match(value)
    if not length or not length.group(2):
        return None
    points = float(length.group(1)) * _POINTS[length.group(2).lower()]
    return round(points * 2) / 2 if points > 0 else None


def spacing_pt(value: str) -> Optional[float]:
    """A CSS ``letter-spacing`` in points (negative narrows; tenths kept); None for ``normal``, relative units or
    nonsense."""
    length = _LENGTH.match(value or "")
    if not length or not (length.group(2) or float(length.group(1)) == 0):
        return None
    return round(float(length.group(1)) * _POINTS[(length.group(2) or "pt").lower()], 1)


def length_cm(value: str) -> Optional[float]:
    """A CSS length (or an HTML ``width="80"``, in pixels) in centimetres; None for a percentage or nonsense."""
    length = _LENGTH.match(value or "")
    if not length:
        return None
    points = float(length.group(1)) * _POINTS[(length.group(2) or "px").lower()]
    return points * 2.54 / 72 if points > 0 else None


def font_family(value: str) -> str:
    """The first family of a CSS ``font-family`` list, without quotes."""
    return value.split(",")[0].strip().strip("'\"").strip()
