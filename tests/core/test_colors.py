"""Colour names and codes from the model."""
import pytest

from marginalia.core.text.colors import parse_color


@pytest.mark.parametrize("text, value", [("#FF0000", 0xFF0000), ("00ff00", 0x00FF00), ("#abc", 0xAABBCC),
                                         ("Yellow", 0xFFFF00), ("light-blue", 0xADD8E6), ("dark_grey", 0x404040),
                                         ("none", None), (" Transparent ", None)])
def test_accepted(text, value):
    assert parse_color(text) == value


def test_unknown_colour_explains_the_forms():
    with pytest.raises(ValueError, match="#RRGGBB"):
        parse_color("blurple")
