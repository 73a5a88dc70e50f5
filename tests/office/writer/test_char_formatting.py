"""format_text's character formats and targets on real documents: what it sets, where, what the answer says,
refusals, one undo step, review mode, and corpus documents written by others.

The document the tests build (numbers are its paragraph numbers):

    1  (Heading 1) Water report
    2  Water (H2O) use fell by ten percent, and CO2 by four.
    3  (empty)
    4  "   " (spaces only)
    5  An italic word, a blue word and a palette-blue word, then Micheal Smith, our lead.␣
         "italic" italic; "blue" #0000FF; "palette-blue" #2A6099 (LibreOffice's Blue); "Micheal Smith" bold
    6  (Heading 2) Next steps
    7  [table Team: Name | Role / Micheal | Lead]
    8  Ask Ann  before Friday.      (two spaces after "Ann")
"""
import pytest
from com.sun.star.awt.FontSlant import ITALIC
from com.sun.star.awt.FontWeight import BOLD
from writer_docs import Tools, blocks, build, format_word

from marginalia.ui.office.undo import DocumentUndo

BLUE, PALETTE_BLUE, RED = 0x0000FF, 0x2A6099, 0xFF0000
TEXTS = [
    ("Heading 1", "Water report"),
    ("Standard", "Water (H2O) use fell by ten percent, and CO2 by four."),
    ("Standard", ""),
    ("Standard", "   "),
    ("Standard", "An italic word, a blue word and a palette-blue word, then Micheal Smith, our lead. "),
    ("Heading 2", "Next steps"),
    ("table", [["Name", "Role"], ["Micheal", "Lead"]]),
    ("Standard", "Ask Ann  before Friday."),
]


@pytest.fixture
def doc(writer):
    build(writer, TEXTS)
    format_word(writer, 5, "italic", CharPosture=ITALIC)
    format_word(writer, 5, "blue", CharColor=BLUE)
    format_word(writer, 5, "palette-blue", CharColor=PALETTE_BLUE)
    format_word(writer, 5, "Micheal Smith", CharWeight=BOLD)
    writer.getUndoManager().clear()
    return writer


def runs(paragraph, *names):
    """``[(text, values of names)]`` of a paragraph's text portions."""
    return [(p.getString(),) + tuple(p.getPropertyValue(n) for n in names) for p in paragraph.createEnumeration()
            if p.TextPortionType == "Text"]


def cell_paragraph(doc, name):
    return doc.getTextTables().getByName("Team").getCellByName(name).getText().createEnumeration().nextElement()


def fonts(doc):
    """Every body paragraph's own font and its portions' fonts, and the table cells' fonts."""
    found = set()
    for block in blocks(doc):
        if block.supportsService("com.sun.star.text.TextTable"):
            for name in block.getCellNames():
                paragraph = block.getCellByName(name).getText().createEnumeration().nextElement()
                found.update(font for _text, font in runs(paragraph, "CharFontName"))
            continue
        if not block.getString():
            found.add(block.CharFontName)  # what an empty paragraph shows, and new text takes
        found.update(font for _text, font in runs(block, "CharFontName"))
    return found


def test_a_font_throughout_reaches_empty_paragraphs_spaces_and_tables_in_one_call(tools, doc):
    outcome = tools.ok("format_text", all=True, font="Times New Roman")
    assert fonts(doc) == {"Times New Roman"}
    assert outcome.content.startswith("Formatted the whole document (body text and tables; headers, footers, frames "
                                      "and notes are outside it): font Times New Roman.")
    assert "Times New Roman is not installed on this computer" in outcome.content  # the test machine lacks it
    assert outcome.summary == "Formatted the whole document: font Times New Roman"


def test_text_of_spaces_alone_and_the_spaces_at_a_text_s_edges_are_formatted(tools, doc):
    tools.ok("format_text", text=" ", paragraph=4, underline="double")
    assert runs(blocks(doc)[3], "CharUnderline") == [("   ", 2)]
    tools.ok("format_text", text="Ann ", paragraph=8, font_size=20)
    assert runs(blocks(doc)[7], "CharHeight")[:2] == [("Ask ", 12.0), ("Ann  ", 20.0)]
    outcome = tools.ok("format_text", text="  ", paragraph=8, all=True, strikethrough=True)
    assert "in 3 places: paragraph 8 (3 times)" in outcome.content  # every run of spaces, however long
    assert runs(blocks(doc)[7], "CharStrikeout") == [("Ask", 0), (" ", 1), ("Ann", 0), ("  ", 1), ("before", 0),
                                                     (" ", 1), ("Friday.", 0)]


def test_a_document_opening_with_a_table_gets_the_font_in_that_table_too(open_corpus, office):
    doc = open_corpus("python-docx-tables.docx")  # the body starts with a table: it stands before the text's start
    tools = Tools(office, doc)
    tools.ok("format_text", all=True, font="DejaVu Sans")
    assert fonts(doc) == {"DejaVu Sans"}


def test_raised_lowered_caps_underline_and_strikethrough_styles_and_language(tools, doc):
    outcome = tools.ok("format_text", text="2", paragraph=2, occurrence=1, position="subscript")
    assert "position" not in outcome.content and "(subscript) in 1 place: paragraph 2" in outcome.content
    assert [(t, e) for t, e in runs(blocks(doc)[1], "CharEscapement")][:3] == [("Water (H", 0), ("2", -14000),
                                                                              ("O) use fell by ten percent, and CO2 "
                                                                               "by four.", 0)]
    tools.ok("format_text", text="CO2", paragraph=2, position="superscript", caps="small caps", underline="wave",
             strikethrough="double", language="de-DE")
    portion = [p for p in blocks(doc)[1].createEnumeration() if p.getString() == "CO2"][0]
    assert (portion.CharEscapement, portion.CharEscapementHeight, portion.CharCaseMap) == (14000, 58, 4)
    assert (portion.CharUnderline, portion.CharStrikeout) == (10, 2)
    assert (portion.CharLocale.Language, portion.CharLocale.Country) == ("de", "DE")
    outcome = tools.ok("format_text", text="CO2", paragraph=2, position="normal", caps="none", underline=False,
                       strikethrough=False, language="none")
    portion = [p for p in blocks(doc)[1].createEnumeration() if p.getString() == "CO2"][0]
    assert (portion.CharEscapement, portion.CharCaseMap, portion.CharUnderline, portion.CharStrikeout) == (0, 0, 0, 0)
    assert "no language (not checked for spelling)" in outcome.content


def test_colours_mean_their_css_values_and_the_answer_names_them(tools, doc):
    outcome = tools.ok("format_text", text="Water report", paragraph=1, color="blue", highlight="Light Blue 2")
    assert "colour blue (#0000FF), highlight Light Blue 2 (#729FCF)" in outcome.content
    assert runs(blocks(doc)[0], "CharColor", "CharBackColor") == [("Water report", BLUE, 0x729FCF)]


def test_every_italic_word_14_pt_and_nothing_else(tools, doc):
    cell = cell_paragraph(doc, "B2")
    cell.getText().createTextCursorByRange(cell).CharPosture = ITALIC  # "Lead", italic in the table
    outcome = tools.ok("format_text", where_formatted={"italic": True}, font_size=14)
    assert outcome.content.startswith("Formatted 2 stretches of text that is italic (in the document: paragraph 5, "
                                      "table Team, cell B2 (paragraph 7)): size 14 pt.")
    assert [(t, h) for t, h in runs(blocks(doc)[4], "CharHeight") if h == 14.0] == [("italic", 14.0)]
    assert runs(cell, "CharHeight") == [("Lead", 14.0)]
    assert {h for b in blocks(doc)[:4] if not b.supportsService("com.sun.star.text.TextTable")
            for _t, h in runs(b, "CharHeight")} <= {12.0, 18.0}


def test_every_blue_word_red_whatever_its_shade(tools, doc):
    outcome = tools.ok("format_text", where_formatted={"color": "blue"}, color="red")
    assert "2 stretches of text that is color blue (any shade of blue)" in outcome.content
    colours = {t: c for t, c in runs(blocks(doc)[4], "CharColor")}
    assert colours["blue"] == RED and colours["palette-blue"] == RED and colours["An "] == -1
    refused = tools.fails("format_text", where_formatted={"color": "#0000FF"}, bold=True).content
    assert "No text in the document is formatted so (color #0000FF)" in refused
    assert "color #FF0000 red (16 characters)" in refused  # what it has instead


def test_formatted_text_in_a_scope_and_a_text_that_is_formatted_so(tools, doc):
    tools.ok("format_text", where_formatted={"bold": True}, paragraph_style="Heading 2", color="green")
    assert runs(blocks(doc)[5], "CharColor") == [("Next steps", 0x008000)]
    assert runs(blocks(doc)[0], "CharColor") == [("Water report", -1)]  # bold too, but a Heading 1
    outcome = tools.ok("format_text", text="Micheal", where_formatted={"bold": True}, italic=True)
    assert "in 1 place: paragraph 5" in outcome.content  # the table's Micheal is not bold
    assert cell_paragraph(doc, "A2").getString() == "Micheal"
    assert runs(cell_paragraph(doc, "A2"), "CharPosture")[0][1].value == "NONE"


def test_whole_paragraphs_ranges_styles_levels_tables_and_the_selection(tools, doc):
    tools.ok("format_text", paragraph=2, to_paragraph=4, bold=True)
    assert {b.CharWeight for b in blocks(doc)[1:4]} == {BOLD}  # the empty and the spaces-only paragraph too
    outcome = tools.ok("format_text", paragraph_style="Heading 2", font_size=20)
    assert outcome.content == "Formatted every paragraph of the style Heading 2 (1): size 20 pt."
    outcome = tools.ok("format_text", outline_level=1, italic=True)
    assert outcome.summary == "Formatted 1 paragraph: italic"
    assert runs(blocks(doc)[0], "CharPosture")[0][1].value == "ITALIC"
    outcome = tools.ok("format_text", paragraph=7, color="#C9211E")
    assert outcome.summary == "Formatted 1 table: colour #C9211E"
    assert {c for name in ("A1", "B1", "A2", "B2") for _t, c in runs(cell_paragraph(doc, name), "CharColor")} == {
        0xC9211E}
    from writer_docs import select_in
    doc.getCurrentController().select(select_in(doc, 8, "Ann"))
    assert tools.ok("format_text", selection=True, caps="all caps").content == (
        "Formatted the selection: all caps.")
    assert runs(blocks(doc)[7], "CharCaseMap")[:2] == [("Ask ", 0), ("Ann", 1)]


def test_clearing_direct_formatting_keeps_character_styles(tools, doc):
    tools.ok("format_text", text="our lead", paragraph=5, char_style="Emphasis")
    outcome = tools.ok("format_text", paragraph=5, clear_formatting=True)
    assert outcome.content == "Formatted paragraph 5: direct formatting cleared."
    looks = runs(blocks(doc)[4], "CharWeight", "CharColor", "CharStyleName")
    assert {(w, c) for _t, w, c, _s in looks} == {(100.0, -1)}
    assert [t for t, _w, _c, style in looks if style == "Emphasis"] == ["our lead"]


def snapshot(doc):
    """Every body paragraph's own formats and its runs' formats, and the table's (for "unchanged" and undo)."""
    names = ("CharWeight", "CharPosture", "CharHeight", "CharColor", "CharFontName", "CharEscapement",
             "CharUnderline", "CharBackColor")

    def values(obj):
        return tuple(str(v) for v in obj.getPropertyValues(names))
    found = []
    for block in blocks(doc):
        if block.supportsService("com.sun.star.text.TextTable"):
            found.extend(runs(cell_paragraph(doc, name), *names) for name in block.getCellNames())
        else:
            found.append((values(block), runs(block, *names)))
    return str(found)


@pytest.mark.parametrize("arguments, refusal", [
    ({"paragraph": 2}, "Say what to change"),
    ({"bold": True}, "Say what to format"),
    ({"bold": True, "paragraph": 2, "paragraph_style": "Heading 2"}, "Name one scope"),
    ({"bold": True, "to_paragraph": 3}, "go with paragraph=N"),
    ({"bold": True, "paragraph": 3, "to_paragraph": 2}, "is before paragraph"),
    ({"bold": True, "paragraph": 2, "expected_start": "Fire"}, "does not start with"),
    ({"bold": True, "paragraph": 40}, "There is no paragraph 40"),
    ({"bold": True, "paragraph_style": "Quotations"}, "No paragraph of the body has the style Quotations"),
    ({"bold": True, "outline_level": 3}, "No paragraph of the body is at outline level 3"),
    ({"underline": "zigzag", "all": True}, "underline must be true, false or one of single, double"),
    ({"language": "English", "all": True}, "language must be a language tag"),
    ({"color": "blurple", "all": True}, "unknown colour"),
    ({"bold": True, "occurrence": 2}, "occurrence goes with text"),
    ({"bold": True, "where_formatted": {}}, "Say which formatting to look for"),
    ({"bold": True, "where_formatted": {"color": "blurple"}}, "color: unknown colour"),
    ({"bold": True, "where_formatted": {"underline": "zigzag"}}, "underline must be true, false or one of"),
    ({"bold": True, "where_formatted": {"font": "Arial"}}, "No text in the document is formatted so (font Arial)"),
    ({"bold": True, "text": "Micheal", "where_formatted": {"italic": True}}, "not found in the document"),
    ({"bold": True, "text": "word", "paragraph_style": "Standard"}, "occurs 3 times"),
    ({"bold": True, "selection": True}, "Nothing is selected"),
    ({"position": "lowered", "all": True}, "must be one of"),
])
def test_refusals_change_nothing(tools, doc, arguments, refusal):
    before = snapshot(doc)
    outcome = tools.fails("format_text", **arguments)
    assert refusal in outcome.content and snapshot(doc) == before


def test_one_undo_step_takes_a_turn_back(tools, doc):
    before = snapshot(doc)
    undo = DocumentUndo(doc)

    def turn():
        tools.ok("format_text", all=True, font="DejaVu Sans", font_size=11)
        tools.ok("format_text", where_formatted={"color": "blue"}, color="red", italic=True)
        tools.ok("format_text", paragraph=5, clear_formatting=True, caps="small caps")
        return tools.ok("format_text", text=" ", paragraph=8, all=True, underline=True)
    assert undo.run("fonts and colours", turn).ok
    assert snapshot(doc) != before and undo.step.in_place
    doc.getUndoManager().undo()
    assert snapshot(doc) == before


def test_clearing_part_of_a_paragraph_formatted_whole_is_refused_as_libreoffice_cannot_undo_it(tools, doc):
    tools.ok("format_text", all=True, font="DejaVu Sans")  # the font is now held by each paragraph as a whole
    before = snapshot(doc)
    outcome = tools.fails("format_text", where_formatted={"color": "blue"}, clear_formatting=True)
    assert "LibreOffice cannot clear part of such a paragraph and still undo correctly" in outcome.content
    assert snapshot(doc) == before
    outcome = tools.ok("format_text", where_formatted={"color": "blue"}, color="automatic")
    assert "colour automatic" in outcome.content and {c for _t, c in runs(blocks(doc)[4], "CharColor")} == {-1}


def test_in_review_mode_formats_are_tracked_and_the_answer_says_what_is_not(tools, doc):
    tools.options["review_mode"] = True
    outcome = tools.ok("format_text", where_formatted={"color": "blue"}, color="red")
    assert "recorded as tracked format changes" in outcome.content
    changes = [(r.RedlineType, r.RedlineAuthor) for r in doc.getRedlines().createEnumeration()]
    assert changes == [("Format", "Marginalia (test-model)")] * 2
    outcome = tools.ok("format_text", paragraph=8, clear_formatting=True)
    assert "does not record clearing direct formatting as a tracked change" in outcome.content
    assert "recorded as tracked format changes" not in outcome.content


def test_corpus_documents_throughout_and_by_formatting(open_corpus, office):
    doc = open_corpus("python-docx-font-props.docx")  # styles with fonts, sizes, underlines; sub- and superscript
    tools = Tools(office, doc)
    outcome = tools.ok("format_text", where_formatted={"position": "superscript"}, position="normal", bold=True)
    assert outcome.content.startswith("Formatted 1 stretch of text that is superscript (in the document: paragraph 11)")
    last = blocks(doc)[10]
    assert [(t, e, w) for t, e, w in runs(last, "CharEscapement", "CharWeight") if w == BOLD] == [
        ("superscript", 0, BOLD)]
    tools.ok("format_text", where_formatted={"underline": "double"}, underline="single")
    assert {u for b in blocks(doc) for _t, u in runs(b, "CharUnderline")} == {0, 1}
    tools.ok("format_text", all=True, font="DejaVu Serif")
    assert fonts(doc) == {"DejaVu Serif"}
    colors = open_corpus("python-docx-font-color.docx")  # green (#008000) and a theme blue (#4F81BD)
    outcome = Tools(office, colors).ok("format_text", where_formatted={"color": "blue"}, color="black")
    assert "1 stretch" in outcome.content
    assert [c for _t, c in runs(blocks(colors)[0], "CharColor")] == [-1, -1, 0x008000, 0]
    marked = open_corpus("python-docx-highlight.docx")  # Word's highlight attribute
    outcome = Tools(office, marked).ok("format_text", where_formatted={"highlight": "green"}, highlight="none")
    assert "2 stretches of text that is highlight green (any shade of green)" in outcome.content
    assert [(b.getString().rsplit(" ", 1)[-1], runs(b, "CharHighlight")[0][1]) for b in blocks(marked)] == [
        ("Color", -1), ("Yellow", 0xFFFF00), ("Green", -1), ("Green", -1)]


def test_the_formatting_read_shows_layout_and_the_runs_that_differ(tools, doc):
    format_word(doc, 2, "2", CharEscapement=-14000, CharEscapementHeight=58)
    blocks(doc)[1].ParaAdjust = 2  # justified
    content = tools.ok("get_document", formatting=True).content
    assert "Body text (style Standard): DejaVu Serif 12 pt, language en-US." in content
    lines = content.split("\n")
    assert "[1] (Heading 1; 12 pt above; 6 pt below; DejaVu Sans 18 pt, bold) Water report" in lines
    assert "[2] (Standard; justified) Water (H[2]{subscript}O) use fell by ten percent, and CO2 by four." in lines
    assert "[3] (Standard) (empty)" in lines and "[4] (Standard) (3 spaces only)" in lines
    assert ("[5] (Standard) An [italic]{italic} word, a [blue]{color #0000FF blue} word and a [palette-blue]{color "
            "#2A6099 (a blue)} word, then [Micheal Smith]{bold}, our lead. ") in lines
    plain = tools.ok("get_document").content
    assert "[italic]" not in plain and "An italic word" in plain


def test_a_formatting_read_of_a_long_document_comes_in_pages(tools, writer):
    build(writer, [("Standard", "Paragraph %d with a bold word in it and some more words." % n) for n in range(1, 400)])
    search = writer.createSearchDescriptor()
    search.SearchString = "bold"
    found = writer.findAll(search)
    for index in range(found.getCount()):
        found.getByIndex(index).CharWeight = BOLD
    import time
    t0 = time.time()
    content = tools.ok("get_document", formatting=True).content
    print("READ", time.time() - t0)
    shown = [line for line in content.split("\n") if line.startswith("[") and "]{bold}" in line]
    assert 50 < len(shown) < 399 and content.endswith("formatting=true.]")
    following = int(content.rsplit("from_paragraph=", 1)[1].split(" ")[0])
    assert following == len(shown) + 1
    assert tools.ok("get_document", formatting=True, from_paragraph=following).content.count("]{bold}") > 50


def test_the_selection_with_its_formatting(tools, doc):
    from writer_docs import select_in
    doc.getCurrentController().select(select_in(doc, 5, "a blue word and a palette"))
    content = tools.ok("get_selection", formatting=True).content
    assert ("Its formatting: mostly DejaVu Serif 12 pt, language en-US; a stretch that looks different reads [the "
            "text]{what differs}:\na [blue]{color #0000FF blue} word and a [palette]{color #2A6099 (a blue)}\n"
            "Its paragraph: Standard") in content
    assert "]{" not in tools.ok("get_selection").content


def test_search_by_formatting_alone_or_with_text(tools, doc):
    content = tools.ok("search_text", formatted={"color": "blue"}).content
    assert content.startswith("2 matches for text that is color blue (any shade of blue):\n1. paragraph 5: An italic "
                              "word, a [[blue]] word")
    assert "format_text with where_formatted" in content
    assert tools.ok("search_text", text="micheal", formatted={"bold": True}).content.startswith(
        "1 match for “micheal” formatted bold:\n1. paragraph 5:")
    assert tools.ok("search_text", text="word", formatted={"italic": True}).content.startswith("No match for")
    content = tools.ok("search_text", formatted={"bold": True, "font_size": 16}).content
    assert content.startswith("1 match for text that is bold, 16 pt:\n1. paragraph 6: [[Next steps]]")
    assert "Say what to find" in tools.fails("search_text").content
    assert "Say which formatting to look for" in tools.fails("search_text", formatted={}).content


def test_every_format_a_search_can_look_for_is_one_a_call_can_set():
    """search_text's formats (core Criteria) and format_text's (CharChanges) are declared apart: kept in step here."""
    from dataclasses import fields

    from marginalia.core.text.char_looks import Criteria
    from marginalia.ui.writer.char_properties import CharChanges
    settable = {f.name for f in fields(CharChanges)} - {"language", "clear_formatting"}
    assert {f.name for f in fields(Criteria)} == settable


def default_style(doc):
    return doc.getStyleFamilies().getByName("ParagraphStyles").getByName("Standard")


def new_paragraph_font(doc):
    """The font and size of a paragraph added after the turn, without direct formatting (as a tool adds one)."""
    text = doc.getText()
    cursor = text.createTextCursorByRange(text.getEnd())
    text.insertControlCharacter(cursor, 0, False)  # PARAGRAPH_BREAK
    cursor = text.createTextCursorByRange(text.getEnd())
    cursor.gotoStartOfParagraph(True)
    cursor.setPropertiesToDefault(("CharFontName", "CharHeight"))
    cursor.setPropertyValue("ParaStyleName", "Text body")
    return cursor.CharFontName, cursor.CharHeight


def test_a_font_throughout_becomes_the_default_paragraph_style_s_so_new_text_has_it(tools, doc):
    outcome = tools.ok("format_text", all=True, font="DejaVu Sans Mono", font_size=13)
    style = default_style(doc)
    assert (style.CharFontName, style.CharHeight) == ("DejaVu Sans Mono", 13.0)
    assert new_paragraph_font(doc) == ("DejaVu Sans Mono", 13.0)  # Text body is based on the default style
    assert ("The default paragraph style (Default Paragraph Style) now has size 13 pt, font DejaVu Sans Mono too, so "
            "new text of the styles based on it takes them, and so do headers, footers and notes where no "
            "formatting of their own overrides them." in outcome.content)
    assert outcome.content.endswith("Styles in use with their own keep theirs for new paragraphs: Heading (font "
                                    "DejaVu Sans, size 14 pt); Heading 1 (font DejaVu Sans, size 18 pt); Heading 2 "
                                    "(font DejaVu Sans, size 16 pt).")


def test_only_the_font_size_and_language_of_the_whole_document_go_to_the_default_style(tools, doc):
    before = [default_style(doc).getPropertyValue(n) for n in ("CharFontName", "CharWeight", "CharColor")]
    outcome = tools.ok("format_text", paragraph=2, font="DejaVu Sans Mono")
    assert "Default Paragraph Style" not in outcome.content
    outcome = tools.ok("format_text", all=True, bold=True, color="red")
    assert "Default Paragraph Style" not in outcome.content
    assert [default_style(doc).getPropertyValue(n) for n in ("CharFontName", "CharWeight", "CharColor")] == before
    outcome = tools.ok("format_text", all=True, language="en-GB")
    assert default_style(doc).CharLocale.Country == "GB" and "now has language en-GB too" in outcome.content


def test_one_undo_step_takes_the_default_style_back_too(tools, doc):
    style = default_style(doc)
    before = (snapshot(doc), style.CharFontName, style.CharHeight)
    undo = DocumentUndo(doc)
    assert undo.run("a font throughout", lambda: tools.ok("format_text", all=True, font="DejaVu Sans Mono",
                                                          font_size=13)).ok
    assert style.CharFontName == "DejaVu Sans Mono"
    doc.getUndoManager().undo()
    assert (snapshot(doc), style.CharFontName, style.CharHeight) == before
    assert len(doc.getUndoManager().getAllUndoActionTitles()) == 0


def test_in_review_mode_the_answer_says_the_style_change_is_not_tracked(tools, doc):
    tools.options["review_mode"] = True
    outcome = tools.ok("format_text", all=True, font="DejaVu Sans Mono")
    assert default_style(doc).CharFontName == "DejaVu Sans Mono"
    assert "Writer does not track changes to styles" in outcome.content
