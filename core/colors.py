"""Colours as models write them, to LibreOffice's 0xRRGGBB integers: one table for Writer and Calc.

Accepted: ``#RRGGBB``, ``RRGGBB``, ``#RGB``, and names. A CSS name means its CSS value, as on every
web page: "blue" is #0000FF, "dark red" #8B0000, "light blue" #ADD8E6. The names of LibreOffice's
standard palette that CSS lacks (share/palette/standard.soc: "Light Blue 2", "Dark Red 1", "Brick",
"Dark Gray 3") keep the palette's values; such a light or dark colour without a number means the
palest light shade (4, suited to backgrounds and highlights) and the second dark shade (2, a dark
text colour): "light red" is #FFD7D7. Case, spaces, hyphens and underscores do not matter, and grey
is gray. :func:`describe_color` names the value a colour word was taken to mean, so an answer can
say it ("blue (#0000FF)").

Reading goes the other way: :func:`color_words` shows a value with its CSS name when it has one,
else with its colour family (:func:`color_family`: "a blue" for LibreOffice's #2A6099), which is
also how a search for "every blue word" finds every shade of blue.
"""
from __future__ import annotations

import re
from typing import Dict, Optional

PALETTE: Dict[str, int] = {
    "black": 0x000000, "dark gray 4": 0x111111, "dark gray 3": 0x1C1C1C, "dark gray 2": 0x333333,
    "dark gray 1": 0x666666, "gray": 0x808080, "light gray 1": 0x999999, "light gray 2": 0xB2B2B2,
    "light gray 3": 0xCCCCCC, "light gray 4": 0xDDDDDD, "light gray 5": 0xEEEEEE, "white": 0xFFFFFF,
    "yellow": 0xFFFF00, "gold": 0xFFBF00, "orange": 0xFF8000, "brick": 0xFF4000, "red": 0xFF0000,
    "magenta": 0xBF0041, "purple": 0x800080, "indigo": 0x55308D, "blue": 0x2A6099, "teal": 0x158466,
    "green": 0x00A933, "lime": 0x81D41A, "light yellow 4": 0xFFFFD7, "light gold 4": 0xFFF5CE,
    "light orange 4": 0xFFDBB6, "light brick 4": 0xFFD8CE, "light red 4": 0xFFD7D7, "light magenta 4": 0xF7D1D5,
    "light purple 4": 0xE0C2CD, "light indigo 4": 0xDEDCE6, "light blue 4": 0xDEE6EF, "light teal 4": 0xDEE7E5,
    "light green 4": 0xDDE8CB, "light lime 4": 0xF6F9D4, "light yellow 3": 0xFFFFA6, "light gold 3": 0xFFE994,
    "light orange 3": 0xFFB66C, "light brick 3": 0xFFAA95, "light red 3": 0xFFA6A6, "light magenta 3": 0xEC9BA4,
    "light purple 3": 0xBF819E, "light indigo 3": 0xB7B3CA, "light blue 3": 0xB4C7DC, "light teal 3": 0xB3CAC7,
    "light green 3": 0xAFD095, "light lime 3": 0xE8F2A1, "light yellow 2": 0xFFFF6D, "light gold 2": 0xFFDE59,
    "light orange 2": 0xFF972F, "light brick 2": 0xFF7B59, "light red 2": 0xFF6D6D, "light magenta 2": 0xE16173,
    "light purple 2": 0xA1467E, "light indigo 2": 0x8E86AE, "light blue 2": 0x729FCF, "light teal 2": 0x81ACA6,
    "light green 2": 0x77BC65, "light lime 2": 0xD4EA6B, "light yellow 1": 0xFFFF38, "light gold 1": 0xFFD428,
    "light orange 1": 0xFF860D, "light brick 1": 0xFF5429, "light red 1": 0xFF3838, "light magenta 1": 0xD62E4E,
    "light purple 1": 0x8D1D75, "light indigo 1": 0x6B5E9B, "light blue 1": 0x5983B0, "light teal 1": 0x50938A,
    "light green 1": 0x3FAF46, "light lime 1": 0xBBE33D, "dark yellow 1": 0xE6E905, "dark gold 1": 0xE8A202,
    "dark orange 1": 0xEA7500, "dark brick 1": 0xED4C05, "dark red 1": 0xF10D0C, "dark magenta 1": 0xA7074B,
    "dark purple 1": 0x780373, "dark indigo 1": 0x5B277D, "dark blue 1": 0x3465A4, "dark teal 1": 0x168253,
    "dark green 1": 0x069A2E, "dark lime 1": 0x5EB91E, "dark yellow 2": 0xACB20C, "dark gold 2": 0xB47804,
    "dark orange 2": 0xB85C00, "dark brick 2": 0xBE480A, "dark red 2": 0xC9211E, "dark magenta 2": 0x861141,
    "dark purple 2": 0x650953, "dark indigo 2": 0x55215B, "dark blue 2": 0x355269, "dark teal 2": 0x1E6A39,
    "dark green 2": 0x127622, "dark lime 2": 0x468A1A, "dark yellow 3": 0x706E0C, "dark gold 3": 0x784B04,
    "dark orange 3": 0x7B3D00, "dark brick 3": 0x813709, "dark red 3": 0x8D281E, "dark magenta 3": 0x611729,
    "dark purple 3": 0x4E102D, "dark indigo 3": 0x481D32, "dark blue 3": 0x383D3C, "dark teal 3": 0x28471F,
    "dark green 3": 0x224B12, "dark lime 3": 0x395511, "dark yellow 4": 0x443205, "dark gold 4": 0x472702,
    "dark orange 4": 0x492300, "dark brick 4": 0x4B2204, "dark red 4": 0x50200C, "dark magenta 4": 0x41190D,
    "dark purple 4": 0x3B160E, "dark indigo 4": 0x3A1A0F, "dark blue 4": 0x362413, "dark teal 4": 0x302709,
    "dark green 4": 0x2E2706, "dark lime 4": 0x342A06,
}
"""LibreOffice's standard palette, by lower-case name."""
CSS: Dict[str, int] = {
    "white": 0xFFFFFF, "snow": 0xFFFAFA, "honeydew": 0xF0FFF0, "mintcream": 0xF5FFFA, "azure": 0xF0FFFF,
    "aliceblue": 0xF0F8FF, "ghostwhite": 0xF8F8FF, "whitesmoke": 0xF5F5F5, "seashell": 0xFFF5EE, "beige": 0xF5F5DC,
    "oldlace": 0xFDF5E6, "floralwhite": 0xFFFAF0, "ivory": 0xFFFFF0, "antiquewhite": 0xFAEBD7, "linen": 0xFAF0E6,
    "lavenderblush": 0xFFF0F5, "mistyrose": 0xFFE4E1, "gainsboro": 0xDCDCDC, "lightgray": 0xD3D3D3,
    "silver": 0xC0C0C0, "darkgray": 0xA9A9A9, "gray": 0x808080, "dimgray": 0x696969, "lightslategray": 0x778899,
    "slategray": 0x708090, "darkslategray": 0x2F4F4F, "black": 0x000000, "pink": 0xFFC0CB, "lightpink": 0xFFB6C1,
    "hotpink": 0xFF69B4, "deeppink": 0xFF1493, "palevioletred": 0xDB7093, "mediumvioletred": 0xC71585,
    "lightsalmon": 0xFFA07A, "salmon": 0xFA8072, "darksalmon": 0xE9967A, "lightcoral": 0xF08080,
    "indianred": 0xCD5C5C, "crimson": 0xDC143C, "firebrick": 0xB22222, "darkred": 0x8B0000, "red": 0xFF0000,
    "orangered": 0xFF4500, "tomato": 0xFF6347, "coral": 0xFF7F50, "darkorange": 0xFF8C00, "orange": 0xFFA500,
    "yellow": 0xFFFF00, "lightyellow": 0xFFFFE0, "lemonchiffon": 0xFFFACD, "lightgoldenrodyellow": 0xFAFAD2,
    "papayawhip": 0xFFEFD5, "moccasin": 0xFFE4B5, "peachpuff": 0xFFDAB9, "palegoldenrod": 0xEEE8AA,
    "khaki": 0xF0E68C, "darkkhaki": 0xBDB76B, "gold": 0xFFD700, "cornsilk": 0xFFF8DC, "blanchedalmond": 0xFFEBCD,
    "bisque": 0xFFE4C4, "navajowhite": 0xFFDEAD, "wheat": 0xF5DEB3, "burlywood": 0xDEB887, "tan": 0xD2B48C,
    "rosybrown": 0xBC8F8F, "sandybrown": 0xF4A460, "goldenrod": 0xDAA520, "darkgoldenrod": 0xB8860B,
    "peru": 0xCD853F, "chocolate": 0xD2691E, "saddlebrown": 0x8B4513, "sienna": 0xA0522D, "brown": 0xA52A2A,
    "maroon": 0x800000, "darkolivegreen": 0x556B2F, "olive": 0x808000, "olivedrab": 0x6B8E23,
    "yellowgreen": 0x9ACD32, "limegreen": 0x32CD32, "lime": 0x00FF00, "lawngreen": 0x7CFC00, "chartreuse": 0x7FFF00,
    "greenyellow": 0xADFF2F, "springgreen": 0x00FF7F, "mediumspringgreen": 0x00FA9A, "lightgreen": 0x90EE90,
    "palegreen": 0x98FB98, "darkseagreen": 0x8FBC8F, "mediumaquamarine": 0x66CDAA, "mediumseagreen": 0x3CB371,
    "seagreen": 0x2E8B57, "forestgreen": 0x228B22, "green": 0x008000, "darkgreen": 0x006400, "aqua": 0x00FFFF,
    "lightcyan": 0xE0FFFF, "paleturquoise": 0xAFEEEE, "aquamarine": 0x7FFFD4, "turquoise": 0x40E0D0,
    "mediumturquoise": 0x48D1CC, "darkturquoise": 0x00CED1, "lightseagreen": 0x20B2AA, "cadetblue": 0x5F9EA0,
    "darkcyan": 0x008B8B, "teal": 0x008080, "lightsteelblue": 0xB0C4DE, "powderblue": 0xB0E0E6,
    "lightblue": 0xADD8E6, "skyblue": 0x87CEEB, "lightskyblue": 0x87CEFA, "deepskyblue": 0x00BFFF,
    "dodgerblue": 0x1E90FF, "cornflowerblue": 0x6495ED, "steelblue": 0x4682B4, "royalblue": 0x4169E1,
    "blue": 0x0000FF, "mediumblue": 0x0000CD, "darkblue": 0x00008B, "navy": 0x000080, "midnightblue": 0x191970,
    "lavender": 0xE6E6FA, "thistle": 0xD8BFD8, "plum": 0xDDA0DD, "violet": 0xEE82EE, "orchid": 0xDA70D6,
    "fuchsia": 0xFF00FF, "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB, "blueviolet": 0x8A2BE2,
    "darkviolet": 0x9400D3, "darkorchid": 0x9932CC, "darkmagenta": 0x8B008B, "purple": 0x800080, "indigo": 0x4B0082,
    "darkslateblue": 0x483D8B, "slateblue": 0x6A5ACD, "mediumslateblue": 0x7B68EE, "rebeccapurple": 0x663399,
    "cyan": 0x00FFFF, "magenta": 0xFF00FF,
}
"""The CSS (HTML) colour names with their CSS values, squeezed (LibreOffice's share/palette/html.soc, plus cyan
and magenta, which that palette leaves out as aqua's and fuchsia's twins)."""
UNNUMBERED_SHADE = {"light": 4, "dark": 2}
NONE_WORDS = frozenset(("none", "no", "off", "transparent", "remove", "clear", "no color", "no colour"))
_HEX = re.compile(r"^#?([0-9a-f]{6}|[0-9a-f]{3})$")


class ColorError(ValueError):
    """A colour that cannot be used; the message lists what is accepted."""


def parse_color(text: str) -> int:
    """Return the colour ``text`` names as ``0xRRGGBB``.

    Args:
        text: ``#RRGGBB``, ``RRGGBB``, ``#RGB`` or a colour name (see the module docstring).

    Raises:
        ColorError: an unknown colour, or a word meaning "no colour".
    """
    value = _normalized(text)
    found = _named(value)
    if found is not None:
        return found
    match = _HEX.match(value.replace(" ", ""))
    if match:
        digits = match.group(1)
        return int(digits if len(digits) == 6 else "".join(c * 2 for c in digits), 16)
    raise ColorError("unknown colour '%s': it is not a colour name or code. Use #RRGGBB (e.g. #FFD7D7) or a name "
                     "such as red, light blue, dark green 1, gold or teal" % text)


def parse_color_or_none(text: str) -> Optional[int]:
    """Like :func:`parse_color`, but "none", "transparent", "off"… give None (remove the colour)."""
    return None if _normalized(text) in NONE_WORDS else parse_color(text)


def color_hex(value: int) -> str:
    """``#RRGGBB`` for an RGB integer."""
    return "#%06X" % value


def describe_color(text: str) -> str:
    """What a colour word was taken to mean: ``blue (#0000FF)``, ``Light Blue 2 (#729FCF)``, or ``#FF8800`` for a code.

    Raises:
        ColorError: as :func:`parse_color`.
    """
    value = parse_color(text)
    if _named(_normalized(text)) is None:
        return color_hex(value)
    return "%s (%s)" % (" ".join(str(text).split()), color_hex(value))


FAMILIES = ("red", "orange", "yellow", "green", "cyan", "blue", "purple", "pink", "brown", "gray", "black", "white")
"""The colour families people name ("every blue word"), as :func:`color_family` sorts values into them."""
_HUES = ((15, "red"), (40, "orange"), (70, "yellow"), (165, "green"), (195, "cyan"), (255, "blue"),
         (290, "purple"), (345, "pink"), (360, "red"))
"""Upper bounds of hue (degrees) for each family of saturated colours."""


def color_family(value: int) -> str:
    """The family a value belongs to, one of :data:`FAMILIES` (#2A6099 and navy are blue, #C9211E red).

    Hue decides for clear colours; lightness sorts the greys (black, gray, white), pales a red to
    pink, darkens orange and a dull red to brown and a pink to purple.
    """
    red, green, blue = (((value >> shift) & 0xFF) / 255.0 for shift in (16, 8, 0))
    high, low = max(red, green, blue), min(red, green, blue)
    lightness, chroma = (high + low) / 2, high - low
    if chroma < 0.12:
        return "black" if lightness < 0.2 else "white" if lightness > 0.92 else "gray"
    hue = _hue(red, green, blue, high, chroma)
    family = next(name for bound, name in _HUES if hue < bound)
    saturation = chroma / (1 - abs(2 * lightness - 1))
    if family == "red" and lightness > 0.75:
        return "pink"
    if lightness < 0.45 and (family == "orange" or family == "red" and saturation < 0.7):
        return "brown"
    if family == "pink" and lightness < 0.3:
        return "purple"
    return family


def _hue(red: float, green: float, blue: float, high: float, chroma: float) -> float:
    if high == red:
        hue = ((green - blue) / chroma) % 6
    elif high == green:
        hue = (blue - red) / chroma + 2
    else:
        hue = (red - green) / chroma + 4
    return hue * 60


def family_named(text: str) -> Optional[str]:
    """The family ``text`` names when it is one of :data:`FAMILIES` ("Blue", "grey"), else None."""
    value = _normalized(text).replace("grey", "gray")
    return value if value in FAMILIES else None


_CSS_NAMES = {value: name for name, value in reversed(list(CSS.items()))}
"""A CSS name for each CSS value (the first listed where two share one: aqua before cyan)."""


def color_words(value: int) -> str:
    """A value as a read shows it: ``#0000FF blue`` (its CSS name), else ``#2A6099 (a blue)`` (its family)."""
    name = _CSS_NAMES.get(value)
    if name is not None:
        return "%s %s" % (color_hex(value), name)
    family = color_family(value)
    return "%s (%s %s)" % (color_hex(value), "an" if family == "orange" else "a", family)


def _normalized(text: str) -> str:
    return " ".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())


def _named(value: str) -> Optional[int]:
    spellings = list(_spellings(value))
    for candidate in spellings:  # CSS first: its names mean what every web page means by them
        if candidate.replace(" ", "") in CSS:
            return CSS[candidate.replace(" ", "")]
    for candidate in spellings:
        if candidate in PALETTE:
            return PALETTE[candidate]
        shade = candidate.split(" ", 1)[0]
        numbered = "%s %d" % (candidate, UNNUMBERED_SHADE.get(shade, 0))
        if shade in UNNUMBERED_SHADE and numbered in PALETTE:
            return PALETTE[numbered]
    return None


def _spellings(value: str):
    """The ways a name may be meant: "darkred" and "light blue2" as "dark red" and "light blue 2"; grey as gray."""
    value = value.replace("grey", "gray")
    yield value
    spaced = re.sub(r"^(light|dark)(?=[a-z])", r"\1 ", value)
    spaced = re.sub(r"(?<=[a-z])(\d)$", r" \1", spaced)
    if spaced != value:
        yield spaced
