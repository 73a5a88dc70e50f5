"""Colours as models write them ("#ff0000", "red", "light blue") to LibreOffice's 0xRRGGBB integers."""
from __future__ import annotations

import re
from typing import Optional

NAMED = {
    "black": 0x000000, "white": 0xFFFFFF, "gray": 0x808080, "grey": 0x808080, "light gray": 0xD3D3D3,
    "light grey": 0xD3D3D3, "dark gray": 0x404040, "dark grey": 0x404040, "red": 0xFF0000, "dark red": 0x8B0000,
    "green": 0x00A933, "dark green": 0x006400, "light green": 0x90EE90, "lime": 0x00FF00, "blue": 0x0000FF,
    "dark blue": 0x00008B, "light blue": 0xADD8E6, "navy": 0x000080, "yellow": 0xFFFF00, "light yellow": 0xFFFFE0,
    "orange": 0xFFA500, "purple": 0x800080, "violet": 0xEE82EE, "magenta": 0xFF00FF, "pink": 0xFFC0CB,
    "cyan": 0x00FFFF, "turquoise": 0x40E0D0, "teal": 0x008080, "brown": 0xA52A2A, "gold": 0xFFD700,
}
_HEX = re.compile(r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")
NONE_WORDS = frozenset(("none", "no", "off", "transparent", "remove", "clear"))


def parse_color(text: str) -> Optional[int]:
    """Return the colour ``text`` names as ``0xRRGGBB``, or None for "none"/"transparent".

    Args:
        text: ``#RRGGBB``, ``RRGGBB``, ``#RGB`` or an English colour name.

    Raises:
        ValueError: with a message listing what is accepted.
    """
    value = " ".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
    if value in NONE_WORDS:
        return None
    if value in NAMED:
        return NAMED[value]
    if value.replace(" ", "") in NAMED:
        return NAMED[value.replace(" ", "")]
    match = _HEX.match(value)
    if match:
        digits = match.group(1)
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        return int(digits, 16)
    raise ValueError("unknown colour %r: use #RRGGBB or a name such as red, yellow, light blue (or none)" % text)
