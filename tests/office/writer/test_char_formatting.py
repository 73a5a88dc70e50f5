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
        found.add(block.CharFontName)
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


def test_the_formatting_read(tools, doc):
    print(tools.ok("get_document", formatting=True).content)
    from writer_docs import select_in
    doc.getCurrentController().select(select_in(doc, 5, "a blue word and a palette"))
    print(tools.ok("get_selection", formatting=True).content)
    print(tools.ok("search_text", formatted={"color": "blue"}).content)
    print(tools.ok("search_text", text="word", formatted={"italic": True}).content)
    print(tools.ok("format_text", where_formatted={"color": "blue"}, color="red").content)
    print(tools.fails("format_text", where_formatted={"color": "blue"}, color="red").content)
    assert 0
