"""What format_text sets: the character formats a call asks for, as UNO properties and as words for the answer.

Every value is checked before anything changes (an unknown colour, underline style or language
tag refuses the whole call). The words name the values used, so the answer says that "blue" was
taken as #0000FF, and note what Writer will show otherwise (a font that is not installed).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

import uno
from com.sun.star.beans.PropertyState import DIRECT_VALUE
from com.sun.star.awt.FontSlant import ITALIC, NONE as UPRIGHT
from com.sun.star.awt.FontWeight import BOLD, NORMAL

from ...core.agent.tools import ToolError
from ...core.colors import ColorError, describe_color, parse_color_or_none
from ...core.text.char_looks import CAPS, STRIKES, UNDERLINES, number_words
from ...core.text.match import quote
from ..office.enumeration import elements
from ..office.log import get_logger
from .blocks import PARAGRAPH
from .styles import resolve_style

log = get_logger("writer.char_properties")

TRANSPARENT = -1
SUBSCRIPT, SUPERSCRIPT = -14000, 14000
"""CharEscapement of LibreOffice's own Subscript and Superscript (automatic distance; DFLT_ESC_AUTO_SUB/SUPER)."""
SMALLER = 58
"""CharEscapementHeight of raised and lowered text, as LibreOffice's buttons set it (percent)."""
POSITION_VALUES = {"subscript": (SUBSCRIPT, SMALLER), "superscript": (SUPERSCRIPT, SMALLER), "normal": (0, 100)}
CLEARED = ("CharAutoKerning", "CharBackColor", "CharBackTransparent", "CharBottomBorder", "CharBorderDistance",
           "CharCaseMap", "CharColor", "CharContoured", "CharEmphasis", "CharEscapement", "CharEscapementHeight",
           "CharFlash", "CharFontCharSet", "CharFontCharSetAsian", "CharFontCharSetComplex", "CharFontFamily",
           "CharFontFamilyAsian", "CharFontFamilyComplex", "CharFontName", "CharFontNameAsian", "CharFontNameComplex",
           "CharFontPitch", "CharFontPitchAsian", "CharFontPitchComplex", "CharFontStyleName",
           "CharFontStyleNameAsian", "CharFontStyleNameComplex", "CharHeight", "CharHeightAsian", "CharHeightComplex",
           "CharHidden", "CharHighlight", "CharKerning", "CharLeftBorder", "CharLocale", "CharLocaleAsian",
           "CharLocaleComplex", "CharOverline", "CharOverlineColor", "CharOverlineHasColor", "CharPosture",
           "CharPostureAsian", "CharPostureComplex", "CharRelief", "CharRightBorder", "CharRotation",
           "CharScaleWidth", "CharShadowFormat", "CharShadowed", "CharStrikeout", "CharTopBorder",
           "CharTransparence", "CharUnderline", "CharUnderlineColor", "CharUnderlineHasColor", "CharWeight",
           "CharWeightAsian", "CharWeightComplex", "CharWordMode")
"""The direct character formats clear_formatting removes (Format ▸ Clear Direct Formatting: character styles and
links stay)."""
ASIAN = frozenset(("zh", "ja", "ko"))
COMPLEX = frozenset(("ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "hi", "mr", "ne", "bn", "pa", "gu", "ta",
                     "te", "kn", "ml", "si", "th", "lo", "km", "my", "bo"))
"""Languages Writer keeps apart from Western text: Asian (CJK) and complex (right-to-left and Indic) scripts."""
NO_LANGUAGE = ("none", "no language", "zxx")
AUTOMATIC = ("automatic", "auto", "default")
"""Words for Writer's automatic text colour (black on a light background, white on a dark one)."""
_TAG = re.compile(r"^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?$")


@dataclass(frozen=True)
class CharChanges:
    """The character formats a call asks for (None: left as it is), in the call's own words."""

    bold: Optional[bool] = None
    italic: Optional[bool] = None
    underline: Union[bool, str, None] = None
    strikethrough: Union[bool, str, None] = None
    position: Optional[str] = None
    caps: Optional[str] = None
    color: Optional[str] = None
    highlight: Optional[str] = None
    font_size: Optional[float] = None
    font: Optional[str] = None
    char_style: Optional[str] = None
    language: Optional[str] = None
    clear_formatting: bool = False

    def given(self) -> List[Tuple[str, object]]:
        """``(name, value)`` of every format to set, in declaration order (clear_formatting apart)."""
        return [(f.name, getattr(self, f.name)) for f in fields(self)
                if f.name != "clear_formatting" and getattr(self, f.name) is not None]


@dataclass
class CharProperties:
    """The UNO properties to set, the formats to clear first, and what the answer says about them."""

    values: Dict[str, object]
    clear: Tuple[str, ...]
    words: List[str]
    notes: List[str]

    def apply(self, text_range) -> None:
        """Clear, then set, the properties on one range (a cursor, a found range, a table cell range)."""
        if self.clear:
            text_range.setPropertiesToDefault(self.clear)
        if self.values:
            names = tuple(sorted(self.values))  # XMultiPropertySet wants the names sorted
            text_range.setPropertyValues(names, tuple(self.values[name] for name in names))


def apply_all(ranges: Iterable, properties: CharProperties) -> None:
    """Format every range; ranges to be cleared are checked first (see :func:`refuse_partial_clears`)."""
    if properties.clear:
        ranges = list(ranges)
        refuse_partial_clears(ranges)
    for text_range in ranges:
        properties.apply(text_range)


def refuse_partial_clears(ranges: Sequence) -> None:
    """Refuse to clear part of a paragraph whose whole text carries direct character formatting.

    Writer holds such formatting on the paragraph itself (a font set on whole paragraphs, as Select All
    then a font does). Clearing part of that paragraph cannot be undone correctly in LibreOffice 7.4:
    after the undo, the earlier whole-paragraph change no longer undoes (measured; its own Select All,
    font, Clear Direct Formatting on a word, then Ctrl+Z twice leaves the font). Whole paragraphs clear
    and undo correctly.

    Raises:
        ToolError: naming the paragraph and what to do instead.
    """
    for text_range in ranges:
        xtext = text_range.getText()
        cursor = xtext.createTextCursorByRange(text_range)
        for paragraph in elements(cursor.createEnumeration()):
            if not paragraph.supportsService(PARAGRAPH) or _covers(xtext, text_range, paragraph):
                continue
            if any(state == DIRECT_VALUE for state in paragraph.getPropertyStates(CLEARED)):
                raise ToolError("Part of the paragraph that starts %s would be cleared, but the whole paragraph "
                                "carries direct character formatting (such as a font set on whole paragraphs): "
                                "LibreOffice cannot clear part of such a paragraph and still undo correctly. Clear "
                                "whole paragraphs instead (paragraph=N without text, or all=true), or set the "
                                "formats wanted explicitly (e.g. bold=false, color=\"automatic\"). Nothing was "
                                "changed." % quote(paragraph.getString()[:40]))


def _covers(xtext, text_range, paragraph) -> bool:
    try:
        return (xtext.compareRegionStarts(text_range, paragraph) >= 0
                and xtext.compareRegionEnds(text_range, paragraph) <= 0)
    except Exception:  # not comparable (another text): treat as a part
        return False


def char_properties(context, changes: CharChanges) -> CharProperties:
    """Everything a call sets, checked before anything changes.

    Raises:
        ToolError: a value that cannot be used, or nothing asked for.
    """
    values: Dict[str, object] = {}
    words: List[str] = ["direct formatting cleared"] if changes.clear_formatting else []
    for name, value in changes.given():
        words.append(_set(context.document, values, name, value))
    if not words:
        raise ToolError("Say what to change: bold, italic, underline, strikethrough, position, caps, color, "
                        "highlight, font_size, font, char_style, language or clear_formatting.")
    notes = [_missing_font(context.office, changes.font)] if changes.font is not None else []
    return CharProperties(values, CLEARED if changes.clear_formatting else (), words, [n for n in notes if n])


def _set(document, values: Dict[str, object], name: str, value) -> str:
    """Put the properties of one change into ``values``; return its words."""
    if name in ("bold", "italic"):
        values["CharWeight" if name == "bold" else "CharPosture"] = (
            (BOLD if value else NORMAL) if name == "bold" else (ITALIC if value else UPRIGHT))
        return name if value else "not " + name
    if name in ("underline", "strikethrough"):
        return _line(values, name, value)
    if name == "position":
        values["CharEscapement"], values["CharEscapementHeight"] = POSITION_VALUES[value]
        return value if value != "normal" else "normal position (not raised or lowered)"
    if name == "caps":
        values["CharCaseMap"] = CAPS[value]
        return value if value != "none" else "no caps (letters as typed)"
    if name in ("color", "highlight"):
        return _color(values, name, value)
    if name == "font_size":
        values["CharHeight"] = float(value)
        return "size %s pt" % number_words(value)
    if name == "font":
        values["CharFontName"] = value
        return "font " + value
    if name == "char_style":
        values["CharStyleName"] = resolve_style(document, "character", value)
        return "character style " + values["CharStyleName"]
    return _language(values, value)


def _line(values: Dict[str, object], name: str, value) -> str:
    table, prop = (UNDERLINES, "CharUnderline") if name == "underline" else (STRIKES, "CharStrikeout")
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        value = value.strip().lower() == "true"
    if isinstance(value, bool):
        values[prop] = table["single"] if value else 0
        return name if value else "no " + name
    style = " ".join(value.lower().replace("-", " ").replace("dashes", "dashed").split())
    if style in ("none", "no"):
        values[prop] = 0
        return "no " + name
    if style not in table:
        raise ToolError("%s must be true, false or one of %s; got %r." % (name, ", ".join(table), value))
    values[prop] = table[style]
    return "%s %s" % (name, style)


def _color(values: Dict[str, object], name: str, given: str) -> str:
    if name == "color" and given.strip().lower() in AUTOMATIC:
        values["CharColor"] = TRANSPARENT
        return "colour automatic"
    try:
        value = parse_color_or_none(given)
        shown = describe_color(given) if value is not None else ""
    except ColorError as error:
        raise ToolError("%s: %s." % (name, error)) from None
    if name == "color":
        values["CharColor"] = TRANSPARENT if value is None else value
        return "colour " + (shown or "automatic")
    values["CharBackColor"] = TRANSPARENT if value is None else value
    values["CharBackTransparent"] = value is None
    values["CharHighlight"] = TRANSPARENT  # Word's highlight attribute would cover the new colour
    return "highlight " + shown if shown else "no highlight"


def _language(values: Dict[str, object], given: str) -> str:
    """CharLocale (or its Asian or complex-script twin) for a tag such as en-GB; none: not checked for spelling."""
    text = given.strip().replace("_", "-")
    if text.lower() in NO_LANGUAGE:
        none = uno.createUnoStruct("com.sun.star.lang.Locale", "zxx", "", "")
        for prop in ("CharLocale", "CharLocaleAsian", "CharLocaleComplex"):
            values[prop] = none
        return "no language (not checked for spelling)"
    match = _TAG.match(text.lower())
    if match is None:
        raise ToolError("language must be a language tag such as en-GB, en-US, de-DE, fr-FR or pt-BR (or none); "
                        "got %r." % given)
    language, script, region = match.groups()
    country = (region or "").upper()
    tag = "-".join(part for part in (language, script.capitalize() if script else "", country) if part)
    locale = uno.createUnoStruct("com.sun.star.lang.Locale", "qlt" if script else language, country,
                                 tag if script else "")
    prop = "CharLocaleAsian" if language in ASIAN else "CharLocaleComplex" if language in COMPLEX else "CharLocale"
    values[prop] = locale
    return "language " + tag


def _missing_font(ctx, font: str) -> str:
    """A note when ``font`` is not installed (Writer keeps the name and shows a substitute), else ""."""
    installed = installed_fonts(ctx)
    if installed is None or font.lower() in installed:
        return ""
    return ("%s is not installed on this computer: the text now names it (it shows in it wherever it is installed) "
            "and LibreOffice shows a similar font here." % font)


def installed_fonts(ctx) -> Optional[frozenset]:
    """The lower-case names of the fonts the office can show, or None when it cannot say."""
    if ctx is None:
        return None
    try:
        toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
        device = toolkit.createScreenCompatibleDevice(1, 1)
        return frozenset(font.Name.lower() for font in device.getFontDescriptors())
    except Exception:
        log.info("the installed fonts could not be listed", exc_info=True)
        return None
