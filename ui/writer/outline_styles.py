"""Which paragraph style gives a heading its outline level in this document.

Writer's built-in "Heading N" styles carry outline level N, but many documents (Word
files, legal and house templates) put their outline on styles of their own ("Heading1",
"HeadingArticle") and leave "Heading N" without a level. A heading imported with
"Heading 2" there would look like a heading but stay out of the Navigator, the table
of contents and the read's outline. The document's chapter numbering names the style
of each level; failing that, a paragraph style whose own outline level is N is used.
"""
from __future__ import annotations

from typing import Dict, Optional

from .placement import restyle

HEADING_PREFIX = "Heading "
LEVELS = 10


def outline_styles(document) -> Dict[int, str]:
    """``{level: paragraph style name}`` for the levels this document's outline uses."""
    found: Dict[int, str] = {}
    try:
        rules = document.getChapterNumberingRules()
        for index in range(min(rules.getCount(), LEVELS)):
            name = _value(rules.getByIndex(index), "HeadingStyleName")
            if name:
                found[index + 1] = name
    except Exception:  # no chapter numbering: look at the styles' own levels
        pass
    styles = document.getStyleFamilies().getByName("ParagraphStyles")
    for name in styles.getElementNames():
        level = _level(styles.getByName(name))
        if level and level not in found:
            found[level] = name
    return found


def heading_level(style_name: str) -> Optional[int]:
    """N for a built-in "Heading N" style name, else None."""
    if style_name.startswith(HEADING_PREFIX) and style_name[len(HEADING_PREFIX):].isdigit():
        return int(style_name[len(HEADING_PREFIX):])
    return None


def fit_headings(document, paragraphs) -> None:
    """Give imported "Heading N" paragraphs without an outline level the style that carries level N here."""
    styles = None
    for paragraph in paragraphs:
        level = heading_level(paragraph.getPropertyValue("ParaStyleName"))
        if level is None or int(paragraph.getPropertyValue("OutlineLevel") or 0) == level:
            continue
        styles = outline_styles(document) if styles is None else styles
        if level in styles:
            restyle(paragraph, styles[level])
        if int(paragraph.getPropertyValue("OutlineLevel") or 0) != level:
            paragraph.setPropertyValue("OutlineLevel", level)  # no style carries it: the paragraph does


def _value(properties, name: str):
    for item in properties:
        if item.Name == name:
            return item.Value
    return None


def _level(style) -> int:
    try:
        return int(style.getPropertyValue("OutlineLevel") or 0)
    except Exception:  # a style without the property
        return 0
