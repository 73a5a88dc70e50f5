"""The character formatting of Writer text, read run by run into :class:`~marginalia.core.text.char_looks.Look`.

A run is a piece of a :class:`~.spans.TextSpan` that LibreOffice holds as one text portion (one
set of formats): the span, read with :data:`PROPERTIES`, keeps their values, and
:func:`looks_of` turns each into a Look. :class:`Formatted` is the parameter by which a call
names the formats it looks for (format_text's ``where_formatted``, search_text's ``formatted``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Literal, Optional, Sequence, Tuple, Union

from ...core.agent.declare import Arg
from ...core.agent.tools import ToolError
from ...core.text.char_looks import (BOLD_WEIGHT, CAPS, STRIKES, UNDERLINES, Criteria, Look, criteria, language_tag,
                                     name_of, position_of)
from .spans import TextSpan
from .styles import resolve_style

PROPERTIES = ("CharBackColor", "CharBackTransparent", "CharCaseMap", "CharColor", "CharEscapement", "CharFontName",
              "CharHeight", "CharHighlight", "CharLocale", "CharPosture", "CharStrikeout", "CharStyleName",
              "CharUnderline", "CharWeight", "HyperLinkURL")
"""The character properties a Look is made of (sorted, as XMultiPropertySet wants them)."""
UPRIGHT = ("NONE", "DONTKNOW")
"""FontSlant values that are not italic (OBLIQUE and the REVERSE_ ones are)."""
NO_COLOR = -1
"""Writer's "automatic" text colour and "no" background."""


def look_of(values: Sequence) -> Look:
    """The Look of the values of :data:`PROPERTIES` (as read from a portion, a cursor or a paragraph)."""
    named = dict(zip(PROPERTIES, values))
    return Look(bold=float(named["CharWeight"]) >= BOLD_WEIGHT, italic=named["CharPosture"].value not in UPRIGHT,
                underline=name_of(UNDERLINES, named["CharUnderline"]),
                strikethrough=name_of(STRIKES, named["CharStrikeout"]),
                position=position_of(named["CharEscapement"]), caps=name_of(CAPS, named["CharCaseMap"]) or "none",
                font=named["CharFontName"] or "", size=float(named["CharHeight"]),
                color=_rgb(named["CharColor"]), highlight=_highlight(named), char_style=named["CharStyleName"] or "",
                language=_language(named["CharLocale"]), link=named["HyperLinkURL"] or "")


def _rgb(value) -> Optional[int]:
    value = int(value)
    return None if value == NO_COLOR else value & 0xFFFFFF


def _highlight(named: dict) -> Optional[int]:
    """Word's highlight attribute where set, else the character background (LibreOffice's highlighting)."""
    if int(named["CharHighlight"]) != NO_COLOR:
        return _rgb(named["CharHighlight"])
    return None if named["CharBackTransparent"] else _rgb(named["CharBackColor"])


def _language(locale) -> str:
    return language_tag(locale.Language, locale.Country, locale.Variant) if locale is not None else ""


def runs_of(span: TextSpan) -> List[Tuple[int, int, Look]]:
    """``(start, end, look)`` of each run of a span read with :data:`PROPERTIES`."""
    return [(start, end, look_of(values)) for start, end, values in span.formatted_pieces()]


def read_span(text_range) -> TextSpan:
    """The span of ``text_range`` with the formats of its runs, for reading (no positions kept)."""
    return TextSpan.of_range(text_range, PROPERTIES, places=False)


TEXT_ONLY = ("CharStyleName", "HyperLinkURL")
"""Properties of text that a paragraph or a paragraph style lacks (they read as unset there)."""


def look_of_holder(holder) -> Look:
    """The character look a paragraph or a paragraph style gives (what an empty paragraph shows, and new text
    takes)."""
    names = tuple(name for name in PROPERTIES if name not in TEXT_ONLY)
    values = dict(zip(names, holder.getPropertyValues(names)))
    values.update({"CharStyleName": "", "HyperLinkURL": ""})
    return look_of(tuple(values[name] for name in PROPERTIES))


@dataclass(frozen=True)
class Formatted:
    """Formats text must have (leave out what does not matter)."""

    bold: Optional[bool] = Arg("true: bold text; false: text that is not bold.")
    italic: Optional[bool] = Arg("true: italic text; false: upright text.")
    underline: Union[bool, str, None] = Arg("true (any underline), false, or a style: single, double, dotted, "
                                            "dashed, wave, bold.")
    strikethrough: Union[bool, str, None] = Arg("true (any), false, or a style: single, double, bold, slash, x.")
    position: Optional[Literal["subscript", "superscript", "normal"]] = Arg("Raised, lowered or on the line.")
    caps: Optional[Literal["small caps", "all caps", "lowercase", "title case", "none"]] = Arg(
        "How letters are shown (none: as typed).")
    font: Optional[str] = Arg("Font family, e.g. Arial.", min_length=1)
    font_size: Optional[float] = Arg("Size in points.", minimum=1, maximum=1000)
    color: Optional[str] = Arg("Text colour: a family (red, blue, green, gray…) finds every shade of it; "
                               "#RRGGBB exactly that colour; automatic the default colour.", min_length=1)
    highlight: Union[bool, str, None] = Arg("true (any highlight), false, or a colour as for color.")
    char_style: Optional[str] = Arg("A character style, e.g. Emphasis.", min_length=1)

    def criteria(self, document) -> Criteria:
        """The checked criteria (a character style by its programmatic name).

        Raises:
            ToolError: a value that does not exist, or nothing asked for.
        """
        style = resolve_style(document, "character", self.char_style) if self.char_style is not None else None
        try:
            wanted = criteria(self.bold, self.italic, self.underline, self.strikethrough, self.position, self.caps,
                              self.font, self.font_size, self.color, _flag(self.highlight), style)
        except ValueError as error:
            raise ToolError("%s." % error) from None
        if not wanted.given():
            raise ToolError("Say which formatting to look for, e.g. {\"italic\": true} or {\"color\": \"blue\"}.")
        return wanted


def _flag(value):
    """``"true"``/``"false"`` as a model may send them inside a union, as booleans."""
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return value
