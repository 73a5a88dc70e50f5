"""HTML and Markdown content into a real document: every look arrives, pictures are embedded, and what Writer
cannot show is named in the answer, never dropped in silence (issue 33, point 4)."""
import os
import shutil
import socket
import threading

import pytest
from support.picture_files import png_data_url, write_png
from writer_docs import Tools, blocks, snapshot, texts

from marginalia.ui.office.undo import DocumentUndo

LEFT, RIGHT, CENTER = 0, 1, 3  # ParaAdjust
CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "fixtures",
                      "documents")
SECOND = "Dear Micheal Smith, this report covers the first quarter."


def _portions(paragraph):
    return [p for p in paragraph.createEnumeration() if p.TextPortionType == "Text" and p.getString()]


def _merged(paragraph, look):
    """``[(text, look(portion))]`` of a paragraph's text, neighbours that look alike merged."""
    result = []
    for portion in _portions(paragraph):
        seen = look(portion)
        if result and result[-1][1] == seen:
            result[-1] = (result[-1][0] + portion.getString(), seen)
        else:
            result.append((portion.getString(), seen))
    return result


def _pictures(doc):
    shapes = doc.getGraphicObjects()
    return [shapes.getByName(name) for name in shapes.getElementNames()]


def _paragraph_with(doc, words):
    return next(b for b in blocks(doc) if b.supportsService("com.sun.star.text.Paragraph") and words in b.getString())


# --- the three silent successes of issue 33 -------------------------------------------------------

def test_a_paragraph_replaced_by_a_styled_p_is_centred_at_double_spacing(tools, sample):
    outcome = tools.ok("replace_text", old_text=SECOND, paragraph=2, format="html",
                       new_text='<p style="text-align: center; line-height: 200%">' + SECOND + "</p>")
    paragraph = blocks(sample)[1]
    assert paragraph.getString() == SECOND and paragraph.ParaStyleName == "Standard"
    assert paragraph.ParaAdjust == CENTER
    assert (paragraph.ParaLineSpacing.Mode, paragraph.ParaLineSpacing.Height) == (0, 200)
    assert outcome.content.startswith("Replaced paragraph 2 with formatted content")


def test_the_2_in_h2o_becomes_a_subscript_and_the_answer_says_so(tools, writer):
    writer.getText().setString("Water is H2O.")
    outcome = tools.ok("replace_text", old_text="H2O", new_text="H<sub>2</sub>O", format="html")
    looks = _merged(blocks(writer)[0], lambda p: (p.CharEscapement < 0, p.CharEscapementHeight))
    assert looks == [("Water is H", (False, 100)), ("2", (True, 58)), ("O.", (False, 100))]
    assert "Formatted: \u201c2\u201d subscript." in outcome.content


def test_a_markdown_picture_from_a_file_is_embedded_not_left_as_text(tools, sample, tmp_path):
    path = write_png(tmp_path / "1.png")
    outcome = tools.ok("insert_content", content="![shot](file://%s)" % path, position="after", paragraph=2)
    assert "![" not in sample.getText().getString()
    (picture,) = _pictures(sample)
    assert picture.Title == "shot" and not picture.Graphic.Linked  # embedded: the file may move
    assert picture.getAnchor().getText() == sample.getText() and texts(sample)[2] == ""
    assert outcome.content.startswith("Inserted the picture as paragraph 3.") and "1 picture embedded" in outcome.content


def test_an_html_picture_from_a_file_is_inserted(tools, sample, tmp_path):
    path = write_png(tmp_path / "2.png", 80, 40)
    outcome = tools.ok("insert_content", content='<img src="file://%s" alt="Chart" width="160">' % path,
                       position="end", format="html")
    (picture,) = _pictures(sample)
    assert (picture.Title, picture.Size.Width) == ("Chart", 4233)  # 160 px at 96 per inch
    assert "1 picture embedded" in outcome.content


def test_an_empty_paragraph_with_a_page_break_is_inserted(tools, sample):
    before = len(blocks(sample))
    outcome = tools.ok("insert_content", content='<p style="page-break-before: always">&nbsp;</p>', position="after",
                       paragraph=4, format="html")
    new = blocks(sample)[4]
    assert len(blocks(sample)) == before + 1 and new.BreakType.value == "PAGE_BEFORE"
    assert new.getString().strip() == "" and outcome.content.startswith("Inserted the formatted content as paragraph 5")


# --- looks that arrive ----------------------------------------------------------------------------

def test_inline_looks_arrive_inside_a_paragraph(tools, sample):
    tools.ok("replace_text", old_text="first quarter", paragraph=2, format="html",
             new_text='x<sup>2</sup> <u>under</u> <s>gone</s> <span style="color: #ff0000; font-size: 18pt; '
                      'font-family: Courier New; background: yellow">loud</span> a<br>b')
    paragraph = blocks(sample)[1]
    assert paragraph.getString().endswith("x2 under gone loud a\nb.")
    looks = _merged(paragraph, lambda p: (p.CharEscapement, p.CharUnderline, p.CharStrikeout, p.CharColor,
                                          p.CharHeight, p.CharFontName, p.CharBackColor))
    assert looks[-9][0].endswith("covers the x")
    plain = looks[-9][1]
    assert plain[:5] == (0, 0, 0, -1, 12.0) and plain[6] == -1
    assert looks[-8:] == [ ("2", (14000,) + plain[1:]), (" ", plain), ("under", (0, 1) + plain[2:]), (" ", plain),
        ("gone", (0, 0, 1) + plain[3:]), (" ", plain), ("loud", (0, 0, 0, 0xFF0000, 18.0, "Courier New", 0xFFFF00)),
        (" a\nb.", plain)]


def test_capitals_small_capitals_and_letter_spacing_arrive_inside_a_paragraph(tools, sample):
    outcome = tools.ok("replace_text", old_text="first quarter", paragraph=2, format="html",
                       new_text='<span style="font-variant: small-caps; letter-spacing: 2pt">first</span> '
                                '<span style="text-transform: uppercase">quarter</span>')
    looks = _merged(blocks(sample)[1], lambda p: (p.CharCaseMap, p.CharKerning))
    assert looks == [("Dear Micheal Smith, this report covers the ", (0, 0)), ("first", (4, 71)), (" ", (0, 0)),
                     ("quarter", (1, 0)), (".", (0, 0))]
    assert outcome.content.endswith("Formatted: \u201cfirst\u201d small capitals, letter spacing 2 pt; "
                                    "\u201cquarter\u201d capitals.")


def test_every_occurrence_gets_small_capitals(tools, sample):
    outcome = tools.ok("replace_text", old_text="Micheal", all=True, match_case=True, format="html",
                       new_text='<span style="font-variant: small-caps">Michael</span>')
    places = [p for b in blocks(sample) if b.supportsService("com.sun.star.text.Paragraph")
              for p in _portions(b) if p.getString() == "Michael"]
    assert len(places) == 2 and all(p.CharCaseMap == 4 for p in places)
    assert "small capitals" in outcome.content


def test_block_html_keeps_paragraph_looks_heading_looks_and_pictures(tools, sample):
    html = ('<h2 style="text-align: right">Outlook</h2><p style="margin-top: 12pt; text-indent: 1cm">CO<sub>2</sub> '
            'fell.</p><p style="page-break-after: always">Last</p><hr><p><img src="%s" alt="dot"></p>' % png_data_url())
    outcome = tools.ok("insert_content", content=html, position="end", format="html")
    heading, body, last, line, picture_paragraph = blocks(sample)[-5:]
    assert (heading.getString(), heading.ParaAdjust, heading.OutlineLevel) == ("Outlook", RIGHT, 2)
    assert (body.ParaTopMargin, body.ParaFirstLineIndent, body.ParaStyleName) == (423, 1000, "Standard")
    assert [p.CharEscapement < 0 for p in _portions(body)] == [False, True, False]
    assert last.BreakType.value == "PAGE_AFTER"
    assert line.ParaStyleName == "Horizontal Line" and line.BottomBorder.LineWidth > 0
    (picture,) = _pictures(sample)
    assert picture.Title == "dot" and not picture.Graphic.Linked
    assert "1 picture embedded" in outcome.content


def test_what_writer_cannot_show_is_named_in_the_answer(tools, sample):
    outcome = tools.ok("insert_content", content='Note <span style="vertical-align: middle">this</span><video '
                       'src="v.mp4"></video>', position="end", format="html")
    assert texts(sample)[-1] == "Note this"
    assert outcome.content.endswith("Ignored (Writer does not show it): vertical-align: middle (on <span>); <video> "
                                    "(not inserted).")
    outcome = tools.ok("insert_content", content='<h2>A</h2><p style="box-shadow: 2px 2px">b</p>', position="end",
                       format="html")
    assert "Ignored (Writer does not show it): box-shadow: 2px 2px (on <p>)." in outcome.content


@pytest.fixture
def web_server():
    """A local address that counts the connections made to it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(5)
    listener.settimeout(0.2)
    seen = []
    done = threading.Event()

    def serve():
        while not done.is_set():
            try:
                connection, _ = listener.accept()
            except socket.timeout:
                continue
            seen.append(1)
            connection.close()
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/picture.png" % listener.getsockname()[1], seen
    done.set()
    thread.join()
    listener.close()


def test_a_picture_on_the_web_is_never_fetched_and_stands_as_a_link(tools, sample, web_server):
    address, seen = web_server
    inline = tools.ok("insert_content", content="See ![the logo](%s)" % address, position="end")
    blocks_outcome = tools.ok("insert_content", content='<h2>Logo</h2><p><img src="%s" alt="logo"></p>' % address,
                              position="end", format="html")
    assert seen == [] and _pictures(sample) == []
    assert texts(sample)[-3:] == ["See the logo", "Logo", "logo"]
    assert [p.HyperLinkURL for p in _portions(blocks(sample)[-1])] == [address]
    for outcome in (inline, blocks_outcome):
        assert "Not fetched (an insert never downloads from the web" in outcome.content and address in outcome.content


def test_a_missing_picture_refuses_and_changes_nothing(tools, sample):
    before = texts(sample)
    outcome = tools.fails("insert_content", content="# Figures\n\n![x](/no/such/picture.png)", position="end")
    assert outcome.content == "Error: Nothing was changed: there is no file /no/such/picture.png."
    outcome = tools.fails("replace_text", old_text="first quarter", new_text='<img src="pictures/a.png">',
                          format="html")
    assert "is a relative path" in outcome.content and texts(sample) == before


def test_a_styled_p_for_part_of_a_paragraph_is_refused(tools, sample):
    before = texts(sample)
    outcome = tools.fails("replace_text", old_text="first quarter", paragraph=2, format="html",
                          new_text='<p style="text-align: center">second half</p>')
    assert "a <p> with a look of its own" in outcome.content and texts(sample) == before


def test_a_wide_picture_is_shrunk_to_the_width_of_the_text(tools, sample, tmp_path):
    path = write_png(tmp_path / "wide.png", 3000, 300)  # 79 cm at 96 pixels per inch
    tools.ok("insert_content", content="![wide](%s)" % path, position="end")
    tools.ok("insert_content", content="## Wide\n\n![wide](%s)" % path, position="end")
    style = sample.getStyleFamilies().getByName("PageStyles").getByName("Standard")
    width = style.Width - style.LeftMargin - style.RightMargin
    sizes = [(p.Size.Width, p.Size.Height) for p in _pictures(sample)]
    assert len(sizes) == 2 and all(abs(w - width) <= 2 and abs(h - width / 10) <= 2 for w, h in sizes)


def test_one_undo_step_takes_back_a_subscript_and_a_picture(office, tools, sample):
    undo = DocumentUndo(sample)
    before = texts(sample)
    assert undo.run("subscript", lambda: tools.ok("replace_text", old_text="12%", new_text="H<sub>2</sub>O",
                                                  format="html")).ok
    assert undo.step.in_place
    sample.getUndoManager().undo()
    assert texts(sample) == before and all(p.CharEscapement == 0 for p in _portions(blocks(sample)[3]))
    undo = DocumentUndo(sample)
    assert undo.run("picture", lambda: tools.ok("insert_content", content="Look: ![dot](%s)" % png_data_url(),
                                                position="after", paragraph=1)).ok
    assert not undo.step.in_place and len(_pictures(sample)) == 1
    sample.getUndoManager().undo()
    assert texts(sample) == before and _pictures(sample) == []


def _looks(doc):
    return [(b.getString(), b.ParaStyleName, b.ParaAdjust, b.BreakType.value) for b in blocks(doc)
            if b.supportsService("com.sun.star.text.Paragraph")]


@pytest.mark.parametrize("position, paragraph", [("after", 4), ("end", None), ("start", None)])
def test_styled_blocks_undone_redone_and_undone_again_leave_nothing(tools, sample, position, paragraph):
    before = snapshot(sample), _looks(sample)
    content = '<h2 style="text-align: right">Outlook</h2><p style="page-break-before: always">Next</p>'
    where = {"position": position} if paragraph is None else {"position": position, "paragraph": paragraph}
    assert DocumentUndo(sample).run("blocks", lambda: tools.ok("insert_content", content=content, format="html",
                                                               **where)).ok
    after = snapshot(sample), _looks(sample)
    plain = before[1][1][2]  # a plain paragraph's alignment: left on 7.4 and 25.2, "start" (5) on 26.8
    assert plain in (LEFT, 5)
    assert ("Outlook", "Heading 2", RIGHT, "NONE") in after[1] and ("Next", "Standard", plain, "PAGE_BEFORE") in after[1]
    assert "\u200b" not in sample.getText().getString()
    manager = sample.getUndoManager()
    manager.undo()
    assert (snapshot(sample), _looks(sample)) == before
    manager.redo()
    assert (snapshot(sample), _looks(sample)) == after
    manager.undo()
    assert (snapshot(sample), _looks(sample)) == before


def test_in_review_mode_the_text_is_tracked_and_the_picture_said_to_be_untracked(tools, sample):
    tools.options["review_mode"] = True
    tools.ok("replace_text", old_text="12%", new_text="H<sub>2</sub>O", format="html")
    assert sample.getRedlines().getCount() > 0
    outcome = tools.ok("insert_content", content="Look: ![dot](%s)" % png_data_url(), position="end")
    assert "Writer does not record pictures as tracked changes" in outcome.content
    tools.ok("insert_content", content='<h2 style="text-align: right">Outlook</h2><p>More</p>', position="end",
             format="html")
    assert texts(sample)[-2:] == ["Outlook", "More"] and blocks(sample)[-2].ParaAdjust == RIGHT
    assert "\u200b" not in sample.getText().getString()


def test_a_corpus_document_takes_styled_blocks_and_a_subscript(office, tmp_path):
    shutil.copy(os.path.join(CORPUS, "lo-sdk-document-handling.odt"), str(tmp_path / "doc.odt"))
    doc = office.open_document(str(tmp_path / "doc.odt"))
    try:
        tools = Tools(office, doc)
        tools.ok("replace_text", old_text="RED GREEN BLUE YELLOW MAGENTA TURQUOISE", paragraph=3, format="html",
                 new_text='<p style="text-align: center; margin-bottom: 12pt">RED GREEN <b>BLUE</b></p>')
        assert blocks(doc)[2].getString() == "RED GREEN BLUE"
        assert blocks(doc)[2].ParaAdjust == CENTER and blocks(doc)[2].ParaBottomMargin == 423
        tools.ok("insert_content", content="CO<sub>2</sub> and <mark>marked</mark>", position="after", paragraph=1,
                 format="html")
        looks = dict(_merged(blocks(doc)[1], lambda p: (p.CharEscapement < 0, p.CharBackColor)))
        assert looks == {"CO": (False, -1), "2": (True, -1), " and ": (False, -1), "marked": (False, 0xFFFF00)}
    finally:
        office.close_document(doc)
