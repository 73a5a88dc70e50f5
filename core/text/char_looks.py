"""Character formatting in words: what a run of text looks like, how a read shows it, what a search asks for.

The Writer side reads each run of text (a text portion: one set of character formats) into a
:class:`Look`. A read shows a paragraph's text with the runs that differ from the paragraph's
usual look marked like a Pandoc span, ``[the words]{bold, color #0000FF blue}``, the
differences named with the words format_text takes (:func:`marked_text`). A search or a format
by formatting names what it looks for in a :class:`Criteria` ("italic", "blue in any shade").

The UNO values are plain numbers here (Writer's FontUnderline, FontStrikeout, CaseMap and
escapement constants), so this module needs no office.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields, replace
from typing import Dict, List, Optional, Sequence, Tuple, Union

from ..colors import ColorError, color_family, color_hex, color_words, family_named, parse_color

UNDERLINES: Dict[str, int] = {"single": 1, "double": 2, "dotted": 3, "dashed": 5, "long dash": 6, "dash dot": 7,
                              "dash dot dot": 8, "small wave": 9, "wave": 10, "double wave": 11, "bold": 12,
                              "bold dotted": 13, "bold dashed": 14, "bold long dash": 15, "bold dash dot": 16,
                              "bold dash dot dot": 17, "bold wave": 18}
"""Underline styles by name: com.sun.star.awt.FontUnderline (0 is none, 4 "don't know")."""
STRIKES: Dict[str, int] = {"single": 1, "double": 2, "bold": 4, "slash": 5, "x": 6}
"""Strikethrough styles by name: com.sun.star.awt.FontStrikeout (0 is none, 3 "don't know")."""
CAPS: Dict[str, int] = {"none": 0, "all caps": 1, "lowercase": 2, "title case": 3, "small caps": 4}
"""Letter cases by name: com.sun.star.style.CaseMap."""
POSITIONS = ("normal", "subscript", "superscript")
BOLD_WEIGHT = 150.0
"""com.sun.star.awt.FontWeight.BOLD; lighter weights (semibold 110) do not count as bold."""
SIZE_TOLERANCE = 0.05
"""Points within which two font sizes are the same size (Writer keeps sizes in twentieths of a point)."""


@dataclass(frozen=True)
class Look:
    """The formats a run of text shows (the effective ones: its styles' and its own)."""

    bold: bool = False
    italic: bool = False
    underline: str = ""
    """"" or a name of :data:`UNDERLINES`."""
    strikethrough: str = ""
    """"" or a name of :data:`STRIKES`."""
    position: str = "normal"
    caps: str = "none"
    font: str = ""
    size: float = 0.0
    color: Optional[int] = None
    """0xRRGGBB, or None for the automatic colour (black on white)."""
    highlight: Optional[int] = None
    """0xRRGGBB, or None for none."""
    char_style: str = ""
    language: str = ""
    """A language tag such as ``en-US``; ``none`` for text not checked."""
    link: str = ""


def name_of(table: Dict[str, int], value: int) -> str:
    """The name of ``value`` in one of the tables above ("" for none and for values it lacks)."""
    for name, number in table.items():
        if number == value:
            return name if number else ""
    return ""


def position_of(escapement: int) -> str:
    """``subscript``, ``superscript`` or ``normal`` for a CharEscapement value."""
    return "subscript" if escapement < 0 else "superscript" if escapement > 0 else "normal"


def language_tag(language: str, country: str, variant: str) -> str:
    """A locale as a tag: ``en-US``; ``none`` for Writer's "no language" (zxx), "" when unset."""
    if language == "qlt":
        return variant
    if language == "zxx":
        return "none"
    return "-".join(part for part in (language, country) if part)


# --- a read: text with the runs that differ marked -----------------------------------------------------

def tags(look: Look, base: Look) -> List[str]:
    """What sets ``look`` apart from ``base``, in the words format_text takes (``bold``, ``font Arial``…)."""
    found: List[str] = []
    for flag in ("bold", "italic"):
        if getattr(look, flag) != getattr(base, flag):
            found.append(flag if getattr(look, flag) else "not " + flag)
    for name in ("underline", "strikethrough"):
        mine, theirs = getattr(look, name), getattr(base, name)
        if mine != theirs:
            found.append("no " + name if not mine else name if mine == "single" else "%s %s" % (name, mine))
    if look.position != base.position:
        found.append(look.position if look.position != "normal" else "normal position")
    if look.caps != base.caps:
        found.append(look.caps if look.caps != "none" else "no caps")
    if look.font != base.font:
        found.append("font " + look.font)
    if abs(look.size - base.size) >= SIZE_TOLERANCE:
        found.append("%s pt" % number_words(look.size))
    if look.color != base.color:
        found.append("color " + (color_words(look.color) if look.color is not None else "automatic"))
    if look.highlight != base.highlight:
        found.append("highlight " + color_words(look.highlight) if look.highlight is not None else "no highlight")
    if look.char_style != base.char_style:
        found.append("style " + look.char_style if look.char_style else "no character style")
    if look.language != base.language:
        found.append("language " + (look.language or "default"))
    if look.link != base.link:
        found.append("link " + look.link if look.link else "no link")
    return found


PLAIN = Look()
"""The look against which a paragraph's or a page's usual look is described (nothing set)."""


def look_words(look: Look, reference: Look = PLAIN) -> str:
    """``Liberation Serif 12 pt, bold``: a whole look (font and size first), or what differs from ``reference``."""
    words = []
    if look.font and look.font != reference.font:
        words.append(look.font)
    if look.size and abs(look.size - reference.size) >= SIZE_TOLERANCE:
        words.append("%s pt" % number_words(look.size))
    rest = tags(replace(look, font=reference.font, size=reference.size), reference)
    return ", ".join(([" ".join(words)] if words else []) + rest)


def usual_look(runs: Sequence[Tuple[str, Look]], fallback: Look = PLAIN) -> Look:
    """The look most of the characters of ``runs`` have, format by format (``fallback`` when they hold no text)."""
    if not any(text for text, _look in runs):
        return fallback
    values = {}
    for item in fields(Look):
        counts: Counter = Counter()
        for text, look in runs:
            counts[getattr(look, item.name)] += len(text)
        values[item.name] = counts.most_common(1)[0][0]
    return Look(**values)


def marked_text(runs: Sequence[Tuple[str, Look]], base: Look) -> str:
    """The runs' text, each stretch that differs from ``base`` as ``[text]{what differs}``."""
    parts: List[str] = []
    previous: Optional[List[str]] = None
    for text, look in runs:
        if not text:
            continue
        found = tags(look, base)
        if parts and found == previous:
            parts[-1] = _joined(parts[-1], text, found)
        else:
            parts.append("[%s]{%s}" % (text, ", ".join(found)) if found else text)
        previous = found
    return "".join(parts)


def _joined(part: str, text: str, found: List[str]) -> str:
    if not found:
        return part + text
    inner, _brace, tail = part[1:].rpartition("]{")
    return "[%s%s]{%s" % (inner, text, tail)


def number_words(value: float) -> str:
    """``12``, ``10.5``: a size without a trailing ``.0``."""
    return ("%.2f" % value).rstrip("0").rstrip(".")


# --- what a search or a format by formatting looks for --------------------------------------------------

@dataclass(frozen=True)
class Criteria:
    """Formats a run must have to be found (None: any); each checked, see :func:`criteria`."""

    bold: Optional[bool] = None
    italic: Optional[bool] = None
    underline: Union[bool, str, None] = None
    """True any underline, False none, or a style name."""
    strikethrough: Union[bool, str, None] = None
    position: Optional[str] = None
    caps: Optional[str] = None
    font: Optional[str] = None
    font_size: Optional[float] = None
    color: Union[int, str, None] = None
    """0xRRGGBB, a family name (:data:`~marginalia.core.colors.FAMILIES`), or ``automatic``."""
    highlight: Union[bool, int, str, None] = None
    """True any highlight, False none, 0xRRGGBB or a family name."""
    char_style: Optional[str] = None

    def given(self) -> bool:
        """True when at least one format is asked for."""
        return any(getattr(self, item.name) is not None for item in fields(self))

    def match(self, look: Look) -> bool:
        """True when ``look`` has every format asked for."""
        return all(test(look) for test in self._tests())

    def _tests(self):
        if self.bold is not None:
            yield lambda look: look.bold == self.bold
        if self.italic is not None:
            yield lambda look: look.italic == self.italic
        for name in ("underline", "strikethrough"):
            wanted = getattr(self, name)
            if wanted is not None:
                yield _style_test(name, wanted)
        if self.position is not None:
            yield lambda look: look.position == self.position
        if self.caps is not None:
            yield lambda look: look.caps == self.caps
        if self.font is not None:
            yield lambda look: look.font.lower() == self.font.lower()
        if self.font_size is not None:
            yield lambda look: abs(look.size - self.font_size) < SIZE_TOLERANCE
        if self.color is not None:
            yield lambda look: _color_matches(look.color, self.color)
        if self.highlight is not None:
            yield lambda look: (look.highlight is not None) == self.highlight if isinstance(self.highlight, bool) \
                else _color_matches(look.highlight, self.highlight)
        if self.char_style is not None:
            yield lambda look: look.char_style.lower() == self.char_style.lower()

    def words(self) -> str:
        """What is looked for, for an answer: ``italic, color blue (any shade of blue)``."""
        parts = []
        for flag in ("bold", "italic"):
            value = getattr(self, flag)
            if value is not None:
                parts.append(flag if value else "not " + flag)
        for name in ("underline", "strikethrough"):
            value = getattr(self, name)
            if value is not None:
                parts.append(("%s %s" % (name, value)) if isinstance(value, str) else name if value else "no " + name)
        for name, label in (("position", ""), ("caps", ""), ("font", "font "), ("char_style", "character style ")):
            value = getattr(self, name)
            if value is not None:
                parts.append(label + value)
        if self.font_size is not None:
            parts.append("%s pt" % number_words(self.font_size))
        for name in ("color", "highlight"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool):
                parts.append("highlighted" if value else "not highlighted")
            elif isinstance(value, int):
                parts.append("%s %s" % (name, color_hex(value)))
            else:
                parts.append("%s %s" % (name, value if value == "automatic" else "%s (any shade of %s)" % (value, value)))
        return ", ".join(parts)


def _style_test(name: str, wanted: Union[bool, str]):
    if isinstance(wanted, bool):
        return lambda look: bool(getattr(look, name)) == wanted
    return lambda look: getattr(look, name) == wanted


def _color_matches(value: Optional[int], wanted: Union[int, str]) -> bool:
    if wanted == "automatic":
        return value is None
    if value is None:
        return False
    if isinstance(wanted, str):
        return color_family(value) == wanted
    return value == wanted


def criteria(bold: Optional[bool] = None, italic: Optional[bool] = None, underline=None, strikethrough=None,
             position: Optional[str] = None, caps: Optional[str] = None, font: Optional[str] = None,
             font_size: Optional[float] = None, color: Optional[str] = None, highlight=None,
             char_style: Optional[str] = None) -> Criteria:
    """The :class:`Criteria` a call gives in its own words, checked.

    A colour that names a family (blue, red, grey…) finds every shade of it; ``automatic`` the
    automatic colour; any other name or code exactly its value.

    Raises:
        ValueError: a style, position, case or colour that does not exist (the message lists the ones that do).
    """
    return Criteria(bold, italic, _style_wanted("underline", underline, UNDERLINES),
                    _style_wanted("strikethrough", strikethrough, STRIKES), _one_of("position", position, POSITIONS),
                    _one_of("caps", caps, tuple(CAPS)), font, font_size, _color_wanted("color", color),
                    highlight if isinstance(highlight, bool) else _color_wanted("highlight", highlight), char_style)


def _style_wanted(name: str, value, table: Dict[str, int]):
    if value is None or isinstance(value, bool):
        return value
    text = " ".join(str(value).lower().replace("-", " ").split())
    if text in ("true", "yes"):
        return True
    if text in ("false", "no", "none"):
        return False
    if text not in table:
        raise ValueError("%s must be true, false or one of %s, got %r" % (name, ", ".join(table), value))
    return text


def _one_of(name: str, value: Optional[str], allowed: Sequence[str]) -> Optional[str]:
    if value is None:
        return None
    text = " ".join(value.lower().split())
    if text not in allowed:
        raise ValueError("%s must be one of %s, got %r" % (name, ", ".join(allowed), value))
    return text


def _color_wanted(name: str, value: Optional[str]) -> Union[int, str, None]:
    if value is None:
        return None
    family = family_named(value)
    if family is not None:
        return family
    if value.strip().lower() in ("automatic", "auto", "default"):
        return "automatic"
    try:
        return parse_color(value)
    except ColorError as error:
        raise ValueError("%s: %s" % (name, error)) from None

