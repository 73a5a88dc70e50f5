"""format_text: direct character formatting (bold, colour, highlight, size, font) on named text."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Dict, List, Optional, Tuple

from com.sun.star.awt.FontSlant import ITALIC, NONE as UPRIGHT
from com.sun.star.awt.FontStrikeout import NONE as NO_STRIKE, SINGLE as STRIKE
from com.sun.star.awt.FontUnderline import NONE as NO_UNDERLINE, SINGLE as UNDERLINE
from com.sun.star.awt.FontWeight import BOLD, NORMAL

from ...core.colors import parse_color_or_none
from ...core.i18n import _
from ...core.text.match import quote
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .blocks import body_blocks
from .format_all import format_everywhere
from .locate import ALL, MATCH_CASE, OCCURRENCE, PARAGRAPH, SELECTION, Where, find_targets, fresh_groups, \
    plain_matches
from .review import editing
from .styles import resolve_style

TRANSPARENT = -1
SWITCHES = {"bold": ("CharWeight", BOLD, NORMAL), "italic": ("CharPosture", ITALIC, UPRIGHT),
            "underline": ("CharUnderline", UNDERLINE, NO_UNDERLINE), "strikethrough": ("CharStrikeout", STRIKE,
                                                                                     NO_STRIKE)}


@dataclass(frozen=True)
class Look:
    """The character formats a format_text call asks for (None: left as it is)."""

    bold: Optional[bool] = None
    italic: Optional[bool] = None
    underline: Optional[bool] = None
    strikethrough: Optional[bool] = None
    color: Optional[str] = None
    highlight: Optional[str] = None
    font_size: Optional[float] = None
    font: Optional[str] = None
    char_style: Optional[str] = None

    def given(self) -> List[Tuple[str, object]]:
        """``(name, value)`` of every format asked for, in declaration order."""
        return [(f.name, getattr(self, f.name)) for f in fields(self) if getattr(self, f.name) is not None]


@tool(apps=("writer",), changes_document=True)
def format_text(context, text: str = Arg("The text to format, as it reads now.", min_length=1),
                bold: Optional[bool] = None, italic: Optional[bool] = None, underline: Optional[bool] = None,
                strikethrough: Optional[bool] = None,
                color: Optional[str] = Arg("Text colour: #RRGGBB or a name (red, dark blue…)."),
                highlight: Optional[str] = Arg("Highlight colour (#RRGGBB or a name like yellow), or none to remove "
                                               "it."),
                font_size: Optional[float] = Arg("Size in points.", minimum=2, maximum=400),
                font: Optional[str] = Arg("Font family, e.g. Liberation Serif.", min_length=1),
                char_style: Optional[str] = Arg("A character style, e.g. Emphasis.", min_length=1),
                paragraph: Optional[int] = PARAGRAPH, selection: bool = SELECTION,
                occurrence: Optional[int] = OCCURRENCE, all: bool = ALL,
                match_case: bool = MATCH_CASE) -> ToolOutcome:
    """Change the look of existing text without changing the words: bold, italic, underline, strikethrough,
    text colour, highlight, size, font or a character style. The text is found like replace_text finds
    old_text: in paragraph=N, in the selection, or in the document (unique, occurrence=K, or all=true).
    """
    document = context.document
    look = Look(bold, italic, underline, strikethrough, color, highlight, font_size, font, char_style)
    where = Where(paragraph, selection, occurrence, all, match_case)
    properties = _properties(document, look)
    blocks = body_blocks(document)
    quick = plain_matches(document, blocks, text, match_case) if where.everywhere and match_case else None
    matches = quick or find_targets(document, blocks, where, text)
    with editing(context):
        if not (quick and format_everywhere(document, quick, text, properties)):
            _format_each(matches, properties)
    changes = ", ".join(_described(look))
    places = len(matches)
    return ToolOutcome.success("Formatted %s (%s) in %d place%s: %s. The text itself is unchanged." % (
        quote(text, 80), changes, places, "" if places == 1 else "s", ", ".join(m.where for m in matches[:8])),
        _("Formatted %s: %s") % (quote(text, 40), changes), in_place=True)


def _format_each(matches, properties: Dict[str, object]) -> None:
    names = tuple(sorted(properties))  # XMultiPropertySet wants the names sorted
    values = tuple(properties[name] for name in names)
    for span, group in fresh_groups(matches):
        for match in group:
            span.cursor(match.start, match.end).setPropertyValues(names, values)


def _properties(document, look: Look) -> Dict[str, object]:
    """The UNO properties to set, checked before anything changes."""
    result: Dict[str, object] = {}
    for key, (name, on, off) in SWITCHES.items():
        value = getattr(look, key)
        if value is not None:
            result[name] = on if value else off
    for key, name in (("color", "CharColor"), ("highlight", "CharBackColor")):
        given = getattr(look, key)
        if given is not None:
            try:
                value = parse_color_or_none(given)
            except ValueError as error:
                raise ToolError("%s: %s" % (key, error)) from None
            result[name] = TRANSPARENT if value is None else value
            if key == "highlight":
                result["CharBackTransparent"] = value is None
                result["CharHighlight"] = TRANSPARENT  # Word's highlight attribute would cover the new colour
    if look.font_size is not None:
        result["CharHeight"] = float(look.font_size)
    if look.font is not None:
        result["CharFontName"] = look.font
    if look.char_style is not None:
        result["CharStyleName"] = resolve_style(document, "character", look.char_style)
    if not result:
        raise ToolError("Say what to change: bold, italic, underline, strikethrough, color, highlight, font_size, "
                        "font or char_style.")
    return result


def _described(look: Look) -> List[str]:
    parts = []
    for key, value in look.given():
        if key in SWITCHES:
            parts.append(key if value else "not " + key)
    for key, value in look.given():
        if key not in SWITCHES:
            parts.append("%s %s" % (key.replace("_", " "), _shown(value)))
    return parts


def _shown(value) -> str:
    """A value as the call gave it (a whole size without ".0")."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


TOOLS = [format_text]
