"""read_other_document and presentations: a deck read in short from a Writer turn, a Writer report read from an
Impress turn (the tool is offered there), long decks in parts, drawings, refusals, a deck of the corpus."""
import os
import shutil

import pytest
import uno  # noqa: F401  (installs the com.sun.star import hook)
from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK
from slides_docs import Tools, add_box, pages, shapes
from support.office_fixtures import ROOT, stored_as

CORPUS = os.path.join(ROOT, "tests", "fixtures", "documents")
LONG = "A sentence long enough to fill a bullet of a slide about the results of the year. " * 4



@pytest.fixture
def saved_deck(office, deck, tmp_path):
    """The sample deck saved as deck.odp."""
    return stored_as(deck, tmp_path / "deck.odp", "impress8")


@pytest.fixture
def report(office, tmp_path):
    """report.odt: a heading and two paragraphs."""
    doc = office.new_document("swriter")
    text = doc.getText()
    for index, line in enumerate(("Annual report", "Sales grew in every region.", "Costs fell.")):
        if index:
            text.insertControlCharacter(text.getEnd(), PARAGRAPH_BREAK, False)
        text.insertString(text.getEnd(), line, False)
    stored_as(doc, tmp_path / "report.odt", "writer8")
    yield doc
    office.close_document(doc)


def test_a_writer_turn_reads_an_open_deck_slide_by_slide_in_short(office, saved_deck, report):
    outcome = Tools(office, report).ok("read_other_document", title="deck")
    assert outcome.content == (
        "'deck.odp' (a presentation of 3 slides, read-only from here; this document's tools do not reach it).\n"
        "Slide 1: Quarterly review\n  Sales team\n"
        "Slide 2: Results\n  - Revenue up\n    - by 12% in March\n  - Costs down\n  Notes: Mention the office.\n"
        "Slide 3: Questions")
    assert outcome.summary == "Read slides 1–3 from deck.odp"
    listed = Tools(office, report).ok("read_other_document").content
    assert "- 'deck.odp' (presentation)" in listed
    assert not saved_deck.isModified()


def test_an_impress_turn_is_offered_the_tool_and_reads_the_open_writer_report(office, saved_deck, report):
    tools = Tools(office, saved_deck)
    listed = tools.ok("read_other_document").content
    assert "- 'report.odt' (text document)" in listed and "deck.odp" not in listed
    read = tools.ok("read_other_document", title="report.odt")
    assert read.content.startswith("'report.odt' (a text document, read-only from here).")
    assert "[2] Sales grew in every region." in read.content and "[3] Costs fell." in read.content
    itself = tools.fails("read_other_document", title="deck")
    assert itself.content.startswith("Error: 'deck' is this document: read it with get_presentation.")
    assert not report.isModified() and not saved_deck.isModified()


def test_a_long_deck_comes_in_parts_that_say_where_to_go_on(office, impress, report, tmp_path):
    draw_pages = impress.getDrawPages()
    while draw_pages.getCount() < 60:
        draw_pages.insertNewByIndex(draw_pages.getCount() - 1)
    for number, page in enumerate(pages(impress), 1):
        page.Layout = 1
        title, body = shapes(page)
        title.setString("Point %d" % number)
        body.setString(LONG)
    stored_as(impress, tmp_path / "long.odp", "impress8")
    tools = Tools(office, report)
    first = tools.ok("read_other_document", title="long").content
    shown = int(first.rsplit("Slides 1–", 1)[1].split(" ", 1)[0])
    assert 10 < shown < 60 and len(first) < 13000
    assert first.endswith("(Slides 1–%d of 60 shown; continue with read_other_document title='long.odp' "
                          "from_slide=%d.)" % (shown, shown + 1))
    rest = tools.ok("read_other_document", title="long", from_slide=shown + 1)
    assert rest.content.count("\nSlide ") == 60 - shown and rest.content.endswith("Slide 60: Point 60\n  - " + LONG.strip())
    assert rest.summary == "Read slides %d–60 from long.odp" % (shown + 1)
    beyond = tools.fails("read_other_document", title="long", from_slide=61)
    assert "'long.odp' has 60 slides; there is no slide 61." in beyond.content


def test_what_a_deck_or_a_text_does_not_have_is_refused(office, saved_deck, report):
    tools = Tools(office, report)
    assert "'deck.odp' is a presentation: it has no cell ranges" in tools.fails(
        "read_other_document", title="deck", range="A1:B2").content
    assert "it has no tables to read whole" in tools.fails("read_other_document", title="deck", table=1).content
    assert "it has slides, not paragraphs; use from_slide" in tools.fails(
        "read_other_document", title="deck", from_paragraph=3).content
    assert "'report.odt' is a text document: from_slide is for presentations" in Tools(office, saved_deck).fails(
        "read_other_document", title="report", from_slide=2).content


def test_a_drawing_reads_page_by_page_with_its_shapes_text(office, draw, report, tmp_path):
    box = add_box(draw, pages(draw)[0], "Start")
    box.setString("Start here")
    stored_as(draw, tmp_path / "plan.odg", "draw8")
    outcome = Tools(office, report).ok("read_other_document", title="plan")
    assert outcome.content == ("'plan.odg' (a drawing of 1 page, read-only from here; this document's tools do "
                               "not reach it).\nPage 1: (no title)\n  Start here")
    assert outcome.summary == "Read pages 1–1 from plan.odg"


def test_decks_of_the_corpus_read_with_their_notes_tables_and_pictures(office, report, tmp_path):
    for name, words in (("python-pptx-notes.pptx", "Notes: "), ("python-pptx-tbl-cell.pptx", "(also: 1 table"),
                        ("python-pptx-shp-picture.pptx", " image")):
        shutil.copy(os.path.join(CORPUS, name), tmp_path / name)
        doc = office.open_document(str(tmp_path / name))
        try:
            outcome = Tools(office, report).ok("read_other_document", title=name)
            assert outcome.content.startswith("'%s' (a presentation of " % name)
            assert words in outcome.content, outcome.content
            assert not doc.isModified()
        finally:
            office.close_document(doc)
