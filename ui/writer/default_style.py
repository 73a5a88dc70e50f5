"""The document's default font, size and language: the default paragraph style's, as Format ▸ Styles sets them.

When format_text formats the whole document with a font, a size or a language, the user means
the document's own default too ("Times New Roman throughout": new text as well), so these go to
the style "Standard" (shown as Default Paragraph Style) as well as onto the text. Most
paragraph styles are based on it (Text body, lists, tables, headers, footers, notes), so new
paragraphs of those take the values; styles with their own (headings) keep theirs, and the
answer names those in use. The change is part of the turn's undo step; Writer does not track
changes to styles in review mode (the answer says so).
"""
from __future__ import annotations

from typing import Dict, List

from ...core.text.char_looks import number_words

DEFAULT_STYLE = "Standard"
STYLED = ("CharFontName", "CharHeight", "CharLocale", "CharLocaleAsian", "CharLocaleComplex")
"""The character properties a document's default means: font, size and language."""
NAMED_AT_MOST = 5


def set_default_style(document, values: Dict[str, object], words: List[str], recording: bool) -> str:
    """Set the font, size and language among ``values`` on the default paragraph style; return the answer's note.

    ``words`` are the call's words for all of ``values`` (those of the style's values are
    repeated); ``recording``: review mode is on. Returns "" when ``values`` hold none of these.
    """
    chosen = {name: value for name, value in values.items() if name in STYLED}
    if not chosen:
        return ""
    styles = document.getStyleFamilies().getByName("ParagraphStyles")
    style = styles.getByName(DEFAULT_STYLE)
    names = tuple(sorted(chosen))
    style.setPropertyValues(names, tuple(chosen[name] for name in names))
    said = ", ".join(word for word in words if _is_default_word(word))
    note = (" The default paragraph style (Default Paragraph Style) now has %s too, so new text of the styles "
            "based on it takes them, and so do headers, footers and notes where no formatting of their own "
            "overrides them." % said)
    own = _styles_with_their_own(styles, chosen)
    if own:
        note += " Styles in use with their own keep theirs for new paragraphs: %s." % "; ".join(own)
    if recording:
        note += " Writer does not track changes to styles, so the style was changed directly (Ctrl+Z takes it back)."
    return note


def _is_default_word(word: str) -> bool:
    return word.startswith(("font ", "size ", "language ", "no language"))


def _styles_with_their_own(styles, chosen: Dict[str, object]) -> List[str]:
    """``["Heading 1 (font Liberation Sans, size 18.2 pt)"]``: paragraph styles in use that differ from the new
    default font or size."""
    found = []
    for name in styles.getElementNames():
        if name == DEFAULT_STYLE:
            continue
        style = styles.getByName(name)
        if not style.isInUse():
            continue
        differences = []
        if "CharFontName" in chosen and style.CharFontName != chosen["CharFontName"]:
            differences.append("font " + style.CharFontName)
        if "CharHeight" in chosen and abs(style.CharHeight - chosen["CharHeight"]) > 0.05:
            differences.append("size %s pt" % number_words(round(style.CharHeight, 1)))
        if differences:
            found.append("%s (%s)" % (name, ", ".join(differences)))
    if len(found) > NAMED_AT_MOST:
        found = found[:NAMED_AT_MOST] + ["%d more" % (len(found) - NAMED_AT_MOST)]
    return found
