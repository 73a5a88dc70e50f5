"""format_text: direct character formatting (bold, colour, highlight, size, font) on named text."""
from __future__ import annotations

from typing import Dict, List

from com.sun.star.awt.FontSlant import ITALIC, NONE as UPRIGHT
from com.sun.star.awt.FontStrikeout import NONE as NO_STRIKE, SINGLE as STRIKE
from com.sun.star.awt.FontUnderline import NONE as NO_UNDERLINE, SINGLE as UNDERLINE
from com.sun.star.awt.FontWeight import BOLD, NORMAL

from ...core.colors import parse_color_or_none
from ...core.i18n import _
from ...core.text.match import quote
from ...core.agent.tools import Tool, ToolError, ToolOutcome
from .blocks import body_blocks
from .editing import TARGET_PROPERTIES
from .format_all import format_everywhere
from .locate import everywhere, find_targets, fresh_groups, plain_matches
from .review import editing
from .styles import resolve_style
from .view_lock import with_views_locked

TRANSPARENT = -1
SWITCHES = {"bold": ("CharWeight", BOLD, NORMAL), "italic": ("CharPosture", ITALIC, UPRIGHT),
            "underline": ("CharUnderline", UNDERLINE, NO_UNDERLINE), "strikethrough": ("CharStrikeout", STRIKE,
                                                                                     NO_STRIKE)}


def format_text(context, args) -> ToolOutcome:
    """Set character formats on every addressed occurrence of ``text``."""
    document = context.document
    properties = _properties(document, args)
    blocks, text, match_case = body_blocks(document), args["text"], args.get("match_case", True)
    quick = plain_matches(document, blocks, text, match_case) if everywhere(args) and match_case else None
    matches = quick or find_targets(document, blocks, args, text, match_case)
    with editing(context):
        if not (quick and format_everywhere(document, quick, text, properties)):
            _format_each(matches, properties)
    changes = ", ".join(_described(args))
    places = len(matches)
    return ToolOutcome.success("Formatted %s (%s) in %d place%s: %s. The text itself is unchanged." % (
        quote(args["text"], 80), changes, places, "" if places == 1 else "s", ", ".join(m.where for m in matches[:8])),
        _("Formatted %s: %s") % (quote(args["text"], 40), changes), in_place=True)


def _format_each(matches, properties: Dict[str, object]) -> None:
    names = tuple(sorted(properties))  # XMultiPropertySet wants the names sorted
    values = tuple(properties[name] for name in names)
    for span, group in fresh_groups(matches):
        for match in group:
            span.cursor(match.start, match.end).setPropertyValues(names, values)


def _properties(document, args) -> Dict[str, object]:
    """The UNO properties to set, checked before anything changes."""
    result: Dict[str, object] = {}
    for key, (name, on, off) in SWITCHES.items():
        if key in args:
            result[name] = on if args[key] else off
    for key, name in (("color", "CharColor"), ("highlight", "CharBackColor")):
        if key in args:
            try:
                value = parse_color_or_none(args[key])
            except ValueError as error:
                raise ToolError("%s: %s" % (key, error)) from None
            result[name] = TRANSPARENT if value is None else value
            if key == "highlight":
                result["CharBackTransparent"] = value is None
                result["CharHighlight"] = TRANSPARENT  # Word's highlight attribute would cover the new colour
    if "font_size" in args:
        result["CharHeight"] = float(args["font_size"])
    if "font" in args:
        result["CharFontName"] = args["font"]
    if "char_style" in args:
        result["CharStyleName"] = resolve_style(document, "character", args["char_style"])
    if not result:
        raise ToolError("Say what to change: bold, italic, underline, strikethrough, color, highlight, font_size, "
                        "font or char_style.")
    return result


def _described(args) -> List[str]:
    parts = []
    for key in ("bold", "italic", "underline", "strikethrough"):
        if key in args:
            parts.append(key if args[key] else "not " + key)
    for key in ("color", "highlight", "font_size", "font", "char_style"):
        if key in args:
            parts.append("%s %s" % (key.replace("_", " "), args[key]))
    return parts


FORMAT_PROPERTIES = {
    "text": {"type": "string", "minLength": 1, "description": "The text to format, as it reads now."},
    "bold": {"type": "boolean"}, "italic": {"type": "boolean"}, "underline": {"type": "boolean"},
    "strikethrough": {"type": "boolean"},
    "color": {"type": "string", "description": "Text colour: #RRGGBB or a name (red, dark blue…)."},
    "highlight": {"type": "string", "description": "Highlight colour (#RRGGBB or a name like yellow), or none to "
                  "remove it."},
    "font_size": {"type": "number", "minimum": 2, "maximum": 400, "description": "Size in points."},
    "font": {"type": "string", "minLength": 1, "description": "Font family, e.g. Liberation Serif."},
    "char_style": {"type": "string", "minLength": 1, "description": "A character style, e.g. Emphasis."},
}

TOOLS = with_views_locked([
    Tool(
        name="format_text",
        description=(
            "Change the look of existing text without changing the words: bold, italic, underline, strikethrough, "
            "text colour, highlight, size, font or a character style. The text is found like replace_text finds "
            "old_text: in paragraph=N, in the selection, or in the document (unique, occurrence=K, or all=true)."),
        parameters={"type": "object", "properties": dict(FORMAT_PROPERTIES, **TARGET_PROPERTIES),
         "required": ["text"], "additionalProperties": False},
        handler=format_text, apps=("writer",), changes_document=True),
])
