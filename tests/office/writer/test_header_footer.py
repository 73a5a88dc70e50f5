"""header_footer on the sample and on corpus documents: text with fields, first-page and left/right headers,
refusals, one undo step, review mode."""
import pytest
from page_docs import page_style
from writer_docs import Tools

from marginalia.ui.office.undo import DocumentUndo
from marginalia.ui.office.enumeration import elements

CENTRED = 3


def _portions(xtext):
    """``[(kind, text)]`` of every text portion of ``xtext`` (kind Text or the field's service)."""
    found = []
    for paragraph in elements(xtext.createEnumeration()):
        for portion in elements(paragraph.createEnumeration()):
            if portion.TextPortionType == "TextField":
                service = [s for s in portion.TextField.getSupportedServiceNames() if ".textfield." in s][0]
                found.append((service.rsplit(".", 1)[1], portion.getString()))
            else:
                found.append((portion.TextPortionType, portion.getString()))
    return found


def _state(doc, name="Standard"):
    style = page_style(doc, name)
    texts = [style.getPropertyValue(p).getString() if style.getPropertyValue(p) is not None else None
             for p in ("HeaderText", "FooterText")]
    return style.HeaderIsOn, style.FooterIsOn, style.FirstIsShared, texts


def test_page_x_of_y_centred_in_the_footer(tools, sample):
    outcome = tools.ok("header_footer", kind="footer", content="Page {page} of {pages}", alignment="center")
    style = page_style(sample)
    assert style.FooterIsOn and not style.HeaderIsOn
    assert [kind for kind, _text in _portions(style.FooterText)] == ["Text", "PageNumber", "Text", "PageCount"]
    assert next(elements(style.FooterText.createEnumeration())).ParaAdjust == CENTRED
    assert outcome.content == ("Wrote the footer of “Default Page Style” (switched on): it reads “Page {page} of "
                               "{pages}”. Written: “Page ” + page number + “ of ” + page count, centred.")


def test_today_in_the_header_and_a_second_line_at_the_end(tools, sample):
    tools.ok("header_footer", kind="header", content="Quarterly report")
    outcome = tools.ok("header_footer", kind="header", content="{date}", position="end", alignment="right")
    header = page_style(sample).HeaderText
    paragraphs = list(elements(header.createEnumeration()))
    assert [p.getString() for p in paragraphs][0] == "Quarterly report" and len(paragraphs) == 2
    assert _portions(header)[1][0] == "DateTime" and paragraphs[1].ParaAdjust == 1
    assert outcome.content.startswith("Added at the end of the header of “Default Page Style”: it reads "
                                      "“Quarterly report / {date}”.")


def test_a_first_page_without_header(tools, sample):
    written = tools.ok("header_footer", kind="header", content="Project report — {title}")
    assert written.content.endswith("Written: “Project report — ” + title. The document has no title yet, so the "
                                    "title field shows nothing until one is set (File ▸ Properties ▸ Description ▸ "
                                    "Title).")
    outcome = tools.ok("header_footer", kind="header", pages="first", content="")
    style = page_style(sample)
    assert not style.FirstIsShared and style.HeaderTextFirst.getString() == ""
    assert style.HeaderText.getString() == "Project report — "
    assert "the first page has its own header and footer now" in outcome.content and "it reads nothing" in outcome.content
    again = tools.ok("header_footer", kind="header", content="Report")
    assert "The first page keeps its own header (pages \"first\")." in again.content
    assert style.HeaderTextFirst.getString() == ""


def test_left_and_right_footers_only_where_the_document_has_them(tools, sample):
    outcome = tools.fails("header_footer", kind="footer", pages="left", content="{page}")
    assert "cannot undo giving them their own safely" in outcome.content and not page_style(sample).FooterIsOn
    style = page_style(sample)
    style.FooterIsOn = True  # as the user's document has them (through the API, which clears the undo history)
    style.FooterIsShared = False
    tools.ok("header_footer", kind="footer", pages="left", content="{page}", alignment="left")
    tools.ok("header_footer", kind="footer", pages="right", content="{page}", alignment="right")
    assert [k for k, _t in _portions(style.FooterTextLeft)] == ["PageNumber"]
    assert next(elements(style.FooterTextRight.createEnumeration())).ParaAdjust == 1
    again = tools.ok("header_footer", kind="footer", content="Draft")
    assert "Left pages keep their own footer (pages \"left\")." in again.content


def test_undo_of_a_turn_with_a_note_and_a_first_page_header_restores_both(office, tools, sample):
    """Headers made while a turn runs must go on undo exactly where they came from, or the undo of the note
    inserted before them misses its place (it did for left-page headers, which LibreOffice keeps)."""
    before = sample.getText().getString()
    undo = DocumentUndo(sample)
    assert undo.run("note and header", lambda: tools.ok("notes", action="insert", text="12%", content="A note.")).ok
    assert undo.run("note and header", lambda: tools.ok("header_footer", kind="header", pages="first",
                                                        content="{date}")).ok
    manager = sample.getUndoManager()
    manager.undo()
    assert sample.getText().getString() == before and sample.getFootnotes().getCount() == 0
    manager.redo()
    manager.undo()
    assert sample.getText().getString() == before and not page_style(sample).HeaderIsOn


@pytest.mark.parametrize("tool, arguments", [
    ("header_footer", {"kind": "header", "content": "Quarterly report"}),
    ("page_setup", {"action": "set", "header": True}),
])
def test_a_header_switched_on_keeps_the_first_page_s_own_footer(office, tools, sample, tool, arguments):
    """The first page has a footer of its own and no header: switching the header on made LibreOffice share the
    first page's footer again and lose its text, which no undo brought back (crash hunt: Ctrl+Z then aborted)."""
    tools.ok("page_setup", action="set", footer=True, different_first_page=True)
    tools.ok("header_footer", kind="footer", pages="first", content="Title page {date}")
    sample.getUndoManager().clear()
    style = page_style(sample)
    first = style.FooterTextFirst.getString()
    undo = DocumentUndo(sample)
    assert undo.run("header", lambda: tools.ok(tool, **arguments)).ok
    assert style.HeaderIsOn and style.FirstIsShared is False and style.FooterTextFirst.getString() == first
    manager = sample.getUndoManager()
    manager.undo()
    assert not style.HeaderIsOn and style.FirstIsShared is False and style.FooterTextFirst.getString() == first
    manager.redo()
    assert style.HeaderIsOn and style.FooterTextFirst.getString() == first
    manager.undo()
    assert not style.HeaderIsOn and style.FooterTextFirst.getString() == first


@pytest.mark.parametrize("arguments, refusal", [
    ({"kind": "footer", "content": "Page {page} of {total}"}, "“{total}” is not a field"),
    ({"kind": "footer", "content": "x", "page_style": "Nonesuch"}, "There is no page style"),
    ({"kind": "middle", "content": "x"}, "must be one of"),
])
def test_refusals_change_nothing(tools, sample, arguments, refusal):
    before = _state(sample)
    outcome = tools.fails("header_footer", **arguments)
    assert refusal in outcome.content and _state(sample) == before


def test_a_header_with_an_image_is_not_replaced(office, tools, sample):
    tools.ok("header_footer", kind="header", content="Logo here")
    header = page_style(sample).HeaderText
    frame = sample.createInstance("com.sun.star.text.TextFrame")
    header.insertTextContent(header.getEnd(), frame, False)
    outcome = tools.fails("header_footer", kind="header", content="New")
    assert "holds a table, an image or a frame" in outcome.content and header.getString().startswith("Logo here")
    tools.ok("header_footer", kind="header", content="New line", position="start")
    assert header.getString().startswith("New line\nLogo here")


def test_one_undo_step_takes_it_back_and_keeps_the_history_before(office, tools, sample):
    text = sample.getText()
    text.insertString(text.getEnd(), " (typed)", False)
    history = sample.getUndoManager().getAllUndoActionTitles()
    before = _state(sample)
    undo = DocumentUndo(sample)
    assert undo.run("page numbers", lambda: tools.ok("header_footer", kind="footer", content="{page}",
                                                     alignment="center")).ok
    assert undo.run("page numbers", lambda: tools.ok("header_footer", kind="header", pages="first",
                                                     content="Title page")).ok
    manager = sample.getUndoManager()
    assert manager.getAllUndoActionTitles()[1:] == history
    manager.undo()
    assert _state(sample) == before
    for _ in range(2):
        manager.redo()
        assert [k for k, _t in _portions(page_style(sample).FooterText)] == ["PageNumber"]
        assert page_style(sample).HeaderTextFirst.getString() == "Title page"
        manager.undo()
        assert _state(sample) == before
    manager.undo()
    assert not text.getString().endswith("(typed)")


def test_in_review_mode_the_text_is_tracked(tools, sample):
    tools.options["review_mode"] = True
    outcome = tools.ok("header_footer", kind="footer", content="Draft {date}")
    assert sample.getRedlines().getCount() >= 1
    assert "recorded as a tracked change; switching a header or footer on is not" in outcome.content


def test_an_odf_header_with_fields_written_by_others(open_corpus, office):
    doc = open_corpus("odfpy-header-footer.odt")
    tools = Tools(office, doc)
    outcome = tools.fails("header_footer", kind="header", content="Anything", page_style="Nonesuch")
    assert "There is no page style" in outcome.content
    tools.ok("header_footer", kind="footer", content="{file_name}", position="end")
    footer = page_style(doc).FooterText
    assert footer.getString().startswith("Footer\t1\tBottom\n") and footer.getString().endswith(
        "odfpy-header-footer.odt")
    assert page_style(doc).HeaderText.getString() == "Header\t1\tTest"


def test_a_word_document_with_two_sections_gets_the_footer_in_both(open_corpus, office):
    doc = open_corpus("python-docx-header-footer.docx")
    tools = Tools(office, doc)
    outcome = tools.ok("header_footer", kind="footer", content="Page {page}")
    assert outcome.content.count("Wrote the footer of") == 2
    for name in ("Standard", "Converted1"):
        kinds = [k for k, _t in _portions(page_style(doc, name).FooterText) if k != "Bookmark"]  # Word's stay
        assert kinds == ["Text", "PageNumber"]
    assert "it reads “Page {page}”" in outcome.content
