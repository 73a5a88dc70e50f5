"""A paragraph's layout in words, as a formatting read shows it: ``Text body; justified; line spacing 1.5``.

The words are those format_paragraphs takes (alignment, line spacing, space above and below in
points, indents in centimetres, page breaks), and only what differs from a plain paragraph is
said: a left-aligned, single-spaced paragraph without indents reads as its style alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List

from .char_looks import number_words

HUNDREDTHS_MM_PER_POINT = 2540 / 72
ALIGNMENTS = {1: "aligned right", 2: "justified", 3: "centred", 4: "stretched", 6: "aligned to the line's end"}
"""ParaAdjust values other than left (0) and start (5), in words. Start and end (5, 6) are LibreOffice 26.8's
(measured): its plain paragraph is aligned to the line's start, which is left in left-to-right text."""
PROPORTIONAL, MINIMUM, LEADING, FIXED = 0, 1, 2, 3
"""com.sun.star.style.LineSpacingMode."""


@dataclass(frozen=True)
class ParagraphLook:
    """A paragraph's style and layout, in Writer's units (1/100 mm; line spacing as mode and height)."""

    style: str = ""
    alignment: int = 0
    line_mode: int = PROPORTIONAL
    line_height: int = 100
    above: int = 0
    below: int = 0
    left: int = 0
    right: int = 0
    first_line: int = 0
    outline_level: int = 0
    page_break: str = ""
    """``before``, ``after`` or ""."""


def paragraph_words(look: ParagraphLook) -> List[str]:
    """``["Text body", "justified", "line spacing 1.5", "6 pt below"]``: the style, then what is not plain."""
    words = [look.style] if look.style else []
    if look.outline_level and look.style != "Heading %d" % look.outline_level:
        words.append("outline level %d" % look.outline_level)
    if look.alignment in ALIGNMENTS:
        words.append(ALIGNMENTS[look.alignment])
    spacing = _spacing(look)
    if spacing:
        words.append(spacing)
    for value, label in ((look.above, "above"), (look.below, "below")):
        if value:
            words.append("%s pt %s" % (_points(value), label))
    for value, label in ((look.left, "left indent"), (look.right, "right indent")):
        if value:
            words.append("%s %s cm" % (label, _cm(value)))
    if look.first_line > 0:
        words.append("first-line indent %s cm" % _cm(look.first_line))
    elif look.first_line < 0:
        words.append("hanging indent %s cm" % _cm(-look.first_line))
    if look.page_break:
        words.append("page break %s" % look.page_break)
    return words


def _spacing(look: ParagraphLook) -> str:
    if look.line_mode == PROPORTIONAL:
        return "" if look.line_height == 100 else "line spacing %s" % number_words(look.line_height / 100)
    points = _points(look.line_height)
    if look.line_mode == MINIMUM:
        return "line height at least %s pt" % points
    if look.line_mode == FIXED:
        return "line height exactly %s pt" % points
    return "leading %s pt" % points


def _points(hundredths_mm: int) -> str:
    """Points to a tenth (Writer keeps twips: 12 pt reads back as 423/100 mm, 11.99 pt)."""
    return number_words(round(hundredths_mm / HUNDREDTHS_MM_PER_POINT, 1))


def _cm(hundredths_mm: int) -> str:
    return ("%.2f" % (hundredths_mm / 1000)).rstrip("0").rstrip(".")
