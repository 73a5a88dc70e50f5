"""Colour names and codes from the model: one table for Writer and Calc (CSS names, then LibreOffice's palette)."""
import os

import pytest

from marginalia.core.colors import (PALETTE, ColorError, color_family, color_hex, color_words, describe_color,
                                   family_named, parse_color, parse_color_or_none)

STANDARD_PALETTE = "/usr/lib/libreoffice/share/palette/standard.soc"


# CSS names mean their CSS values (issue 33: "blue" had been LibreOffice's palette blue #2A6099, not the #0000FF every
# user and web page means); the palette's own names CSS lacks ("Light Blue 2", "Brick", "light red") keep theirs.
@pytest.mark.parametrize("text, value", [
    ("#FF0000", 0xFF0000), ("00ff00", 0x00FF00), ("#abc", 0xAABBCC), ("#FFC7CE", 0xFFC7CE), ("ffc7ce", 0xFFC7CE),
    ("Yellow", 0xFFFF00), ("red", 0xFF0000), ("blue", 0x0000FF), ("green", 0x008000), ("gold", 0xFFD700),
    ("light-blue", 0xADD8E6), ("Light Red", 0xFFD7D7), ("light_green", 0x90EE90), ("dark_grey", 0xA9A9A9),
    ("dark blue", 0x00008B), ("Light Blue 2", 0x729FCF), ("darkred", 0x8B0000), ("lightgray", 0xD3D3D3),
    ("Dark Gray 4", 0x111111), ("grey", 0x808080), ("navy", 0x000080), ("pink", 0xFFC0CB), ("cyan", 0x00FFFF),
    ("magenta", 0xFF00FF), ("brick", 0xFF4000), ("light gold", 0xFFF5CE), ("Dark Red 1", 0xF10D0C),
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
def test_every_html_colour_name_means_its_css_value():
    import re
    with open(HTML_PALETTE, encoding="utf-8") as handle:
        found = re.findall(r'draw:name="([^"]*)" draw:color="#([0-9a-fA-F]{6})"', handle.read())
    assert len(found) == 139
    for name, value in found:
        assert parse_color(name) == int(value, 16), name
        spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)  # "Light Sky Blue" as a person writes it
        assert parse_color(spaced) == int(value, 16), spaced


@pytest.mark.parametrize("text, described", [
    ("blue", "blue (#0000FF)"), (" Light  Blue 2", "Light Blue 2 (#729FCF)"), ("#f80", "#FF8800"),
    ("ff8800", "#FF8800"), ("dark red", "dark red (#8B0000)"),
])
def test_an_answer_names_the_value_used(text, described):
    assert describe_color(text) == described


@pytest.mark.parametrize("value, family", [
    (0x0000FF, "blue"), (0x2A6099, "blue"), (0x000080, "blue"), (0x729FCF, "blue"), (0xC9211E, "red"),
    (0x8B0000, "red"), (0xFF0000, "red"), (0xFFC0CB, "pink"), (0xFF69B4, "pink"), (0x8B4513, "brown"),
    (0x008000, "green"), (0x00A933, "green"), (0xFFFF00, "yellow"), (0xFF8000, "orange"), (0x800080, "purple"),
    (0x808080, "gray"), (0x333333, "gray"), (0x000000, "black"), (0xFFFFFF, "white"), (0x00FFFF, "cyan"),
])
def test_colour_families_sort_shades_as_people_name_them(value, family):
    assert color_family(value) == family


def test_a_read_names_css_colours_and_the_family_of_others():
    assert color_words(0x0000FF) == "#0000FF blue"
    assert color_words(0x2A6099) == "#2A6099 (a blue)"
    assert color_words(0xFF8000) == "#FF8000 (an orange)"
    assert family_named("Grey") == "gray" and family_named("navy") is None
