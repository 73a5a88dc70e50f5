"""Direct formatting that hides a paragraph style: find it, name it, and clear it when asked.

A style sets fonts, sizes and spacing, but formatting applied directly to a paragraph or
to its words wins over the style. Applying a style to such a paragraph changes nothing
visible, so apply_style says which properties still override it and can clear them.
"""
from __future__ import annotations

from typing import Dict, Iterable, List

from com.sun.star.beans.PropertyState import DIRECT_VALUE

from ..office.enumeration import elements

PARAGRAPH_PROPERTIES: Dict[str, str] = {
    "ParaAdjust": "alignment", "ParaLeftMargin": "indent", "ParaRightMargin": "indent",
    "ParaFirstLineIndent": "first-line indent", "ParaTopMargin": "spacing", "ParaBottomMargin": "spacing",
    "ParaLineSpacing": "line spacing", "ParaBackColor": "background",
}
CHARACTER_PROPERTIES: Dict[str, str] = {
    "CharFontName": "font", "CharHeight": "font size", "CharWeight": "bold", "CharPosture": "italic",
    "CharUnderline": "underline", "CharColor": "colour", "CharBackColor": "highlight", "CharCaseMap": "capitals",
}


def overrides(paragraph) -> List[str]:
    """The kinds of direct formatting on ``paragraph`` or its words, in plain words, without repeats."""
    found: List[str] = []
    _collect(paragraph, PARAGRAPH_PROPERTIES, found)
    for portion in elements(paragraph.createEnumeration()):
        if portion.getPropertyValue("TextPortionType") == "Text" and portion.getString().strip():
            _collect(portion, CHARACTER_PROPERTIES, found)
    return found


def clear(paragraph) -> None:
    """Remove the direct formatting the style should decide (links, fields and notes stay)."""
    for name in PARAGRAPH_PROPERTIES:
        paragraph.setPropertyToDefault(name)
    cursor = paragraph.getText().createTextCursorByRange(paragraph)
    cursor.setPropertiesToDefault(tuple(CHARACTER_PROPERTIES))


def _collect(element, properties: Dict[str, str], found: List[str]) -> None:
    states = element.getPropertyStates(tuple(properties))
    for (name, label), state in zip(properties.items(), states):
        if state == DIRECT_VALUE and label not in found:
            found.append(label)


def describe(overridden: Iterable[tuple]) -> str:
    """``paragraph 3 (font size, bold); paragraph 5 (alignment)`` from ``(where, kinds)`` pairs."""
    return "; ".join("%s (%s)" % (where, ", ".join(kinds)) for where, kinds in overridden)
