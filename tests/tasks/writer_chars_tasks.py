"""Writer tasks of character formatting: formats people ask for, on words found by their formatting, throughout.

The report's blocks are numbered in writer_tasks.py. The letter (documents.py): 1 "Dear Ann,", 2 empty, 3 the
paragraph with "new office" (#0000FF), "May" (#2A6099, LibreOffice's palette blue), "opening party" (italic) and
"dress code" (bold), 4 "your badge" (highlighted yellow) and "invitation" (italic), 5 a table, 6 "call Tom" (red),
7 three spaces, 8 "Best regards,", 9 "Ann Lee".
"""
from __future__ import annotations

from marginalia.core.colors import color_family

from .checks import blocks, expect, found, paragraph_with, paragraphs
from .model import Task

REPORT, LETTER = "report", "letter"
BOLD = 150.0
SMALL_CAPS, DOUBLE = 4, 2


# --- readers ----------------------------------------------------------------------------------------

def portions(paragraph) -> list:
    """The paragraph's text portions (fields, bookmarks and the like left out)."""
    result, enumeration = [], paragraph.createEnumeration()
    while enumeration.hasMoreElements():
        portion = enumeration.nextElement()
        if portion.TextPortionType == "Text" and portion.getString():
            result.append(portion)
    return result


def cell_paragraphs(doc) -> list:
    """The paragraphs of every table cell."""
    result = []
    for table in [b for b in blocks(doc) if b.supportsService("com.sun.star.text.TextTable")]:
        for name in table.getCellNames():
            enumeration = table.getCellByName(name).getText().createEnumeration()
            while enumeration.hasMoreElements():
                result.append(enumeration.nextElement())
    return result


def all_portions(doc) -> list:
    return [p for paragraph in paragraphs(doc) + cell_paragraphs(doc) for p in portions(paragraph)]


def is_italic(portion) -> bool:
    return portion.CharPosture.value not in ("NONE", "DONTKNOW")


# --- checkers ---------------------------------------------------------------------------------------

def italics_14(doc):
    italic = [p for p in all_portions(doc) if is_italic(p)]
    expect([p.getString() for p in italic] == ["northern", "western"], "the italic words are now %r"
           % [p.getString() for p in italic])
    expect(all(p.CharHeight == 14.0 for p in italic), "not every italic word is 14 pt: %r"
           % [(p.getString(), p.CharHeight) for p in italic])
    others = {p.CharHeight for p in all_portions(doc) if not is_italic(p) and p.getString().strip()}
    expect(14.0 not in others, "other words became 14 pt too")


def times_throughout(doc):
    wrong = [p.getString() for p in all_portions(doc) if p.CharFontName != "Times New Roman"]
    expect(not wrong, "not in Times New Roman: %r" % wrong[:5])
    empty = [n for n, p in enumerate(paragraphs(doc), 1) if not p.getString() and p.CharFontName != "Times New Roman"]
    expect(not empty, "empty paragraphs %r would still type in another font" % empty)


def georgia_default(doc):
    wrong = [p.getString() for p in all_portions(doc) if p.CharFontName != "Georgia" or p.CharHeight != 11.0]
    expect(not wrong, "not in Georgia 11 pt: %r" % wrong[:5])
    style = doc.getStyleFamilies().getByName("ParagraphStyles").getByName("Standard")
    expect((style.CharFontName, style.CharHeight) == ("Georgia", 11.0), "the default paragraph style still has "
           "%s %s pt: new text would not be in Georgia 11 pt" % (style.CharFontName, style.CharHeight))


def h2o_subscript(doc):
    place = found(doc, "H2O")[0]
    letter = place.getText().createTextCursorByRange(place.getStart())
    letter.goRight(1, True)
    expect(letter.CharEscapement == 0, "the H of H2O was lowered too")
    letter.collapseToEnd()
    letter.goRight(1, True)
    expect(letter.getString() == "2" and letter.CharEscapement < 0, "the 2 of H2O is not lowered")


def formulas_subscript(doc):
    for formula in ("H2O", "CO2"):
        place = found(doc, formula)[0]
        cursor = place.getText().createTextCursorByRange(place.getStart())
        cursor.goRight(1 if formula == "H2O" else 2, False)
        cursor.goRight(1, True)
        expect(cursor.getString() == "2" and cursor.CharEscapement < 0, "the 2 of %s is not a subscript" % formula)
    letters = [p for p in portions(paragraph_with(doc, "H2O")) if p.getString() != "2"]
    expect(all(p.CharEscapement == 0 for p in letters), "letters were lowered too")


def blue_now_red(doc):
    for words in ("new office", "May"):
        expect(found(doc, words)[0].CharColor == 0xFF0000, "%r is not red" % words)
    blue = [p.getString() for p in all_portions(doc) if p.CharColor != -1 and color_family(p.CharColor) == "blue"]
    expect(not blue, "still blue: %r" % blue)
    expect(found(doc, "Friday")[0].CharColor == -1, "other words changed colour too")


def headings_small_caps(doc):
    headings = [p for p in paragraphs(doc) if p.ParaStyleName == "Heading 1"]
    expect(all(p.CharCaseMap == SMALL_CAPS for h in headings for p in portions(h)), "not every main heading is in "
           "small caps")
    expect(found(doc, "Sales grew")[0].CharCaseMap != SMALL_CAPS, "body text became small caps too")


def contact_struck(doc):
    contact = paragraph_with(doc, "Contact:")
    expect(all(p.CharStrikeout for p in portions(contact)), "the contact line is not struck through")
    expect(not any(p.CharStrikeout for p in portions(paragraph_with(doc, "We expect"))), "the outlook was struck too")


def title_double_underlined(doc):
    title = paragraph_with(doc, "Quarterly Report")
    expect(all(p.CharUnderline == DOUBLE for p in portions(title)), "the title is not double-underlined (%r)"
           % [p.CharUnderline for p in portions(title)])
    expect(found(doc, "Prepared by")[0].CharUnderline == 0, "other text was underlined too")


def second_summary_plain(doc):
    second = paragraph_with(doc, "The northern region")
    expect(not any(is_italic(p) or p.CharWeight >= BOLD for p in portions(second)), "the paragraph still has italics")
    expect(found(doc, "Quarterly Report")[0].CharWeight >= BOLD, "the title lost its bold too")


def british_english(doc):
    locales = {(p.CharLocale.Language, p.CharLocale.Country) for p in all_portions(doc)}
    expect(locales == {("en", "GB")}, "the text's languages are %r" % sorted(locales))


def bold_now_underlined(doc):
    dress = found(doc, "dress code")[0]
    expect(dress.CharUnderline and dress.CharWeight < BOLD, "'dress code' is not underlined instead of bold")
    expect(not [p.getString() for p in all_portions(doc) if p.CharUnderline and "dress" not in p.getString()],
           "other words were underlined too")


def badge_light_green(doc):
    badge = found(doc, "your badge")[0]
    colour = badge.CharBackColor & 0xFFFFFF
    expect(not badge.CharBackTransparent and color_family(colour) == "green", "'your badge' is not highlighted green")
    lightness = (max((colour >> s) & 0xFF for s in (16, 8, 0)) + min((colour >> s) & 0xFF for s in (16, 8, 0))) / 510
    expect(lightness > 0.6, "'your badge' is highlighted in a dark green (#%06X)" % colour)


# --- the tasks --------------------------------------------------------------------------------------

TASKS = [
    Task("writer.chars-italic-words-14pt", "character formatting", "Make every italic word 14 pt.", REPORT,
         italics_14,
         plan=[("format_text", {"where_formatted": {"italic": True}, "font_size": 14})],
         wrong=[("format_text", {"text": "northern", "paragraph": 5, "font_size": 14})]),
    Task("writer.chars-times-throughout", "character formatting", "Use Times New Roman throughout.", LETTER,
         times_throughout,
         plan=[("format_text", {"all": True, "font": "Times New Roman"})],
         wrong=[("format_text", {"paragraph": 1, "to_paragraph": 4, "font": "Times New Roman"}),
                ("format_text", {"paragraph": 6, "to_paragraph": 9, "font": "Times New Roman"})]),
    Task("writer.chars-h2o-subscript", "character formatting", "Make the 2 in H2O a subscript.", REPORT,
         h2o_subscript,
         plan=[("format_text", {"text": "2", "paragraph": 7, "occurrence": 1, "position": "subscript"})],
         wrong=[("format_text", {"text": "H2O", "paragraph": 7, "position": "subscript"})]),
    Task("writer.chars-formula-subscripts", "character formatting",
         "Write the chemical formulas properly: the 2s in H2O and CO2 should be subscripts.", REPORT,
         formulas_subscript,
         plan=[("format_text", {"text": "2", "paragraph": 7, "all": True, "position": "subscript"})],
         wrong=[("format_text", {"text": "2", "paragraph": 7, "all": True, "position": "superscript"})]),
    Task("writer.chars-blue-to-red", "character formatting", "Change every blue word to red.", LETTER, blue_now_red,
         plan=[("format_text", {"where_formatted": {"color": "blue"}, "color": "red"})],
         wrong=[("format_text", {"where_formatted": {"color": "#0000FF"}, "color": "red"})]),
    Task("writer.chars-small-caps-headings", "character formatting", "Put all the main headings in small caps.",
         REPORT, headings_small_caps,
         plan=[("format_text", {"paragraph_style": "Heading 1", "caps": "small caps"})],
         wrong=[("format_text", {"text": "Summary", "paragraph": 3, "caps": "small caps"})]),
    Task("writer.chars-strike-contact", "character formatting", "Strike through the contact line.", REPORT,
         contact_struck,
         plan=[("format_text", {"paragraph": 14, "expected_start": "Contact", "strikethrough": True})],
         wrong=[("format_text", {"paragraph": 13, "strikethrough": True})]),
    Task("writer.chars-double-underline-title", "character formatting", "Double-underline the title.", REPORT,
         title_double_underlined,
         plan=[("format_text", {"paragraph": 1, "expected_start": "Quarterly", "underline": "double"})],
         wrong=[("format_text", {"paragraph": 1, "underline": True})]),
    Task("writer.chars-clear-second-summary", "character formatting",
         "Remove all the formatting from the second paragraph of the summary.", REPORT, second_summary_plain,
         plan=[("format_text", {"paragraph": 5, "expected_start": "The northern", "clear_formatting": True})],
         wrong=[("format_text", {"paragraph": 4, "clear_formatting": True})]),
    Task("writer.chars-british-english", "character formatting", "Mark the whole text as British English.", REPORT,
         british_english,
         plan=[("format_text", {"all": True, "language": "en-GB"})],
         wrong=[("format_text", {"all": True, "language": "en-US"})]),
    Task("writer.chars-bold-to-underline", "character formatting",
         "The bold words in the letter should be underlined instead of bold.", LETTER, bold_now_underlined,
         plan=[("format_text", {"where_formatted": {"bold": True}, "bold": False, "underline": True})],
         wrong=[("format_text", {"where_formatted": {"bold": True}, "underline": True})]),
    Task("writer.chars-highlight-light-green", "character formatting",
         "Change the yellow highlighting to light green.", LETTER, badge_light_green,
         plan=[("format_text", {"where_formatted": {"highlight": "yellow"}, "highlight": "light green"})],
         wrong=[("format_text", {"where_formatted": {"highlight": "yellow"}, "highlight": "green"})]),
    Task("writer.chars-default-font", "character formatting",
         "Make Georgia 11 pt the default font of this letter, so that what I type later is in it too.", LETTER,
         georgia_default,
         plan=[("format_text", {"all": True, "font": "Georgia", "font_size": 11})],
         wrong=[("format_text", {"paragraph": 1, "to_paragraph": 9, "font": "Georgia", "font_size": 11})]),
]
