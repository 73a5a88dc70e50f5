"""Colour names and codes from the model: one table for Writer and Calc (LibreOffice's standard palette)."""
import os

import pytest

from marginalia.core.colors import PALETTE, ColorError, color_hex, parse_color, parse_color_or_none

STANDARD_PALETTE = "/usr/lib/libreoffice/share/palette/standard.soc"


# Values that changed when the two tables became one: Writer's old table took CSS values ("light blue"
# #ADD8E6, "dark grey" #404040), Calc's its own ("light red" #FFC7CE, "light green" #C6EFCE). Both now follow
# the palette of LibreOffice's colour pickers, so a name means what the user sees under that name.
@pytest.mark.parametrize("text, value", [
    ("#FF0000", 0xFF0000), ("00ff00", 0x00FF00), ("#abc", 0xAABBCC), ("#FFC7CE", 0xFFC7CE), ("ffc7ce", 0xFFC7CE),
    ("Yellow", 0xFFFF00), ("red", 0xFF0000), ("blue", 0x2A6099), ("green", 0x00A933),
    ("light-blue", 0xDEE6EF), ("Light Red", 0xFFD7D7), ("light_green", 0xDDE8CB), ("dark_grey", 0x333333),
    ("dark blue", 0x355269), ("Light Blue 2", 0x729FCF), ("darkred", 0xC9211E), ("lightgray", 0xDDDDDD),
    ("Dark Gray 4", 0x111111), ("grey", 0x808080), ("navy", 0x000080), ("pink", 0xFFC0CB),
])
def test_accepted(text, value):
    assert parse_color(text) == value
    assert color_hex(value) == "#%06X" % value


@pytest.mark.parametrize("text", ["none", " Transparent ", "off", "No colour"])
def test_words_for_no_colour(text):
    assert parse_color_or_none(text) is None
    with pytest.raises(ColorError):
        parse_color(text)


def test_unknown_colour_explains_the_forms():
    with pytest.raises(ColorError, match="#RRGGBB"):
        parse_color("blurple")
    with pytest.raises(ValueError):  # callers may catch it as the ValueError it is
        parse_color_or_none("reddish")


@pytest.mark.skipif(not os.path.exists(STANDARD_PALETTE) and os.environ.get("CI") != "true",
                    reason="LibreOffice is not installed here")
def test_the_table_is_libreoffice_s_standard_palette():
    import re
    with open(STANDARD_PALETTE, encoding="utf-8") as handle:
        found = re.findall(r'draw:name="([^"]*)" draw:color="#([0-9a-fA-F]{6})"', handle.read())
    assert len(found) == len(PALETTE) == 120
    assert {name.lower(): int(value, 16) for name, value in found} == PALETTE


HTML_PALETTE = "/usr/lib/libreoffice/share/palette/html.soc"


@pytest.mark.skipif(not os.path.exists(HTML_PALETTE) and os.environ.get("CI") != "true",
                    reason="LibreOffice is not installed here")
def test_every_html_colour_name_is_understood_the_palette_winning_where_both_name_one():
    import re
    with open(HTML_PALETTE, encoding="utf-8") as handle:
        found = re.findall(r'draw:name="([^"]*)" draw:color="#([0-9a-fA-F]{6})"', handle.read())
    assert len(found) == 139
    shades = {"light": 4, "dark": 2}  # "LightGray" is the palette's Light Gray 4, "DarkRed" its Dark Red 2
    for name, value in found:
        spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).lower().replace("grey", "gray")
        numbered = "%s %d" % (spaced, shades.get(spaced.split()[0], 0))
        expected = PALETTE.get(spaced, PALETTE.get(numbered, int(value, 16)))
        assert parse_color(name) == expected, name
