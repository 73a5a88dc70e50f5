"""replace_text and delete_paragraphs on real documents: formatting kept, guard, all-or-nothing."""
import os

import uno
from com.sun.star.beans import PropertyValue

from writer_docs import RED, YELLOW, blocks, build, portions, select_in, snapshot, texts


def test_corrected_name_keeps_bold_and_highlight(tools, sample):
    tools.ok("replace_text", paragraph=2, old_text="Micheal Smith", new_text="Michael Smith")
    assert portions(blocks(sample)[1]) == [("Dear ", False, False, None, None),
                                           ("Michael Smith", True, False, YELLOW, None),
                                           (", this report covers the first quarter.", False, False, None, None)]


def test_replace_everywhere_including_table_cells(tools, sample):
    outcome = tools.ok("replace_text", old_text="Micheal", new_text="Michael", all=True)
    assert "3 occurrences" in outcome.content and "table Team, cell A2 (paragraph 7)" in outcome.content
    body = texts(sample)
    assert body[1].startswith("Dear Michael Smith") and "; Michael presented" in body[3]
    assert body[6][1] == ["Michael", "Lead"]
    assert ("12%", False, True, None, RED) in portions(blocks(sample)[3])
    assert outcome.summary == "Replaced 3 occurrences of \u201cMicheal\u201d with \u201cMichael\u201d"


def test_ambiguous_text_is_refused_with_the_places(tools, sample):
    before = snapshot(sample)
    outcome = tools.fails("replace_text", old_text="Micheal", new_text="Michael")
    assert "occurs 3 times (paragraph 2, paragraph 4, table Team, cell A2 (paragraph 7))" in outcome.content
    assert snapshot(sample) == before


def test_occurrence_picks_one(tools, sample):
    tools.ok("replace_text", old_text="Micheal", new_text="Mike", occurrence=2)
    assert "; Mike presented" in texts(sample)[3] and texts(sample)[1].startswith("Dear Micheal")


def test_stale_text_is_refused_and_current_text_shown(tools, sample):
    before = snapshot(sample)
    outcome = tools.fails("replace_text", paragraph=2, old_text="Dear Micheal Smyth", new_text="x")
    assert "Paragraph 2 does not contain" in outcome.content
    assert "now reads: \u201cDear Micheal Smith, this report covers the first quarter.\u201d" in outcome.content
    assert "read the document again" in outcome.content.lower()
    assert snapshot(sample) == before


def test_guard_points_to_the_new_place_after_the_user_inserted_a_paragraph(tools, sample):
    cursor = sample.getText().createTextCursorByRange(blocks(sample)[0].getEnd())
    sample.getText().insertControlCharacter(cursor, 0, False)  # the user adds a paragraph
    outcome = tools.fails("replace_text", paragraph=4, old_text="Sales grew", new_text="Sales rose")
    assert "The text is in paragraph 5 now." in outcome.content


def test_rewrite_of_a_whole_paragraph_keeps_formatting_of_kept_words(tools, sample):
    tools.ok("replace_text", paragraph=4, old_text="Sales grew by 12% in March; Micheal presented the numbers.",
             new_text="Sales rose by 12% in March; Michael presented the figures.")
    assert texts(sample)[3] == "Sales rose by 12% in March; Michael presented the figures."
    assert ("12%", False, True, None, RED) in portions(blocks(sample)[3])


def test_straight_quotes_match_typographic_ones_and_keep_them(tools, writer):
    build(writer, [("Standard", "She said \u201chello\u201d to Micheal\u2019s dog.")])
    tools.ok("replace_text", old_text="said \"hello\" to Micheal's", new_text="said \"hi\" to Michael's")
    assert texts(writer) == ["She said \u201chi\u201d to Michael\u2019s dog."]


def test_inline_markdown_becomes_formatting(tools, sample):
    tools.ok("replace_text", paragraph=9, old_text="two engineers", new_text="**two** [engineers](https://e.org)",
             format="markdown")
    paragraph = blocks(sample)[8]
    assert paragraph.getString() == "We will hire two engineers."
    runs = {p.getString(): p for p in paragraph.createEnumeration() if p.TextPortionType == "Text"}
    assert runs["two"].CharWeight == 150.0 and runs["engineers"].HyperLinkURL == "https://e.org"
    assert runs["We will hire "].CharWeight == 100.0 and runs["."].HyperLinkURL == ""


def test_markdown_blocks_replace_a_whole_paragraph(tools, sample):
    outcome = tools.ok("replace_text", paragraph=9, old_text="We will hire two engineers.",
                       new_text="### Hiring\n\n- Two *engineers*\n- One designer", format="markdown")
    assert "paragraphs 9\u201311" in outcome.content
    new = blocks(sample)[8:]
    assert [p.getString() for p in new] == ["Hiring", "Two engineers", "One designer"]
    assert new[0].ParaStyleName == "Heading 3"
    assert new[1].NumberingIsNumber and new[2].NumberingIsNumber


def test_blocks_into_part_of_a_paragraph_are_refused(tools, sample):
    before = snapshot(sample)
    outcome = tools.fails("replace_text", paragraph=9, old_text="two engineers", new_text="- a\n- b",
                          format="markdown")
    assert "whole paragraphs" in outcome.content
    assert snapshot(sample) == before


def test_selection_replacement_and_its_guard(tools, sample):
    sample.getCurrentController().select(select_in(sample, 2, "Micheal Smith"))
    before = snapshot(sample)
    outcome = tools.fails("replace_text", selection=True, old_text="Ann Lee", new_text="Michael Smith")
    assert "The selection now reads \u201cMicheal Smith\u201d" in outcome.content
    assert snapshot(sample) == before
    tools.ok("replace_text", selection=True, old_text="Micheal Smith", new_text="Michael Smith")
    assert ("Michael Smith", True, False, YELLOW, None) in portions(blocks(sample)[1])


def test_plain_text_with_line_breaks_makes_paragraphs(tools, sample):
    tools.ok("replace_text", paragraph=9, old_text="We will hire two engineers.",
             new_text="We will hire two engineers.\nWe will also hire a designer.")
    assert texts(sample)[8:] == ["We will hire two engineers.", "We will also hire a designer."]


def test_edit_after_a_comment_anchor_lands_exactly(tools, sample):
    cursor = select_in(sample, 4, "March")
    comment = sample.createInstance("com.sun.star.text.textfield.Annotation")
    comment.Content = "check month"
    sample.getText().insertTextContent(cursor, comment, True)
    tools.ok("replace_text", paragraph=4, old_text="presented the numbers", new_text="showed the figures")
    assert texts(sample)[3] == "Sales grew by 12% in March; Micheal showed the figures."


def test_not_found_out_of_range_and_empty_document(tools, sample, office):
    assert "was not found in the document" in tools.fails("replace_text", old_text="Zebra", new_text="x").content
    assert "has paragraphs 1 to 9" in tools.fails("replace_text", paragraph=12, old_text="x", new_text="y").content
    assert "Table Team (paragraph 7) does not contain" in tools.fails("replace_text", paragraph=7, old_text="Nobody",
                                                                     new_text="y").content
    empty = office.new_document("swriter")
    try:
        from writer_docs import Tools
        assert "was not found" in Tools(office, empty).fails("replace_text", old_text="a", new_text="b").content
    finally:
        office.close_document(empty)


def test_huge_content_is_refused_before_any_change(tools, sample):
    before = snapshot(sample)
    outcome = tools.fails("replace_text", paragraph=9, old_text="two", new_text="x" * 100001)
    assert "at most 100000" in outcome.content
    assert snapshot(sample) == before


def test_read_only_document_is_refused(tools, office, tmp_path, sample):
    path = str(tmp_path / "ro.odt")
    sample.storeToURL(uno.systemPathToFileUrl(path), ())
    prop = PropertyValue()
    prop.Name, prop.Value = "ReadOnly", True
    readonly = office.desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (prop,))
    try:
        from writer_docs import Tools
        before = snapshot(readonly)
        tools_ro = Tools(office, readonly)
        for name, arguments in (
                ("replace_text", {"old_text": "Results", "new_text": "Findings"}),
                ("insert_content", {"content": "# New", "position": "end"}),
                ("delete_paragraphs", {"paragraph": 9, "old_text": "We will hire two engineers."}),
                ("format_text", {"text": "Results", "bold": True}),
                ("apply_style", {"style": "Title", "paragraph": 1}),
                ("comments", {"action": "add", "text": "Results", "content": "x"}),
                ("track_changes", {"action": "start"}),
                ("tables", {"action": "add_rows", "table": "Team", "rows": [["a", "b"]]})):
            assert "read-only" in tools_ro.fails(name, **arguments).content, name
        assert snapshot(readonly) == before
        assert "Project report" in tools_ro.ok("get_document").content
    finally:
        office.close_document(readonly)
        os.unlink(path)


def test_delete_paragraphs_keeps_the_next_paragraph_style(tools, sample):
    tools.ok("delete_paragraphs", paragraph=3, to_paragraph=4,
             old_text="Results\nSales grew by 12% in March; Micheal presented the numbers.")
    assert texts(sample)[2] == "Revenue up" and len(blocks(sample)) == 7
    assert blocks(sample)[1].ParaStyleName == "Standard" and blocks(sample)[2].NumberingIsNumber


def test_delete_last_paragraph_and_stale_delete(tools, sample):
    before = snapshot(sample)
    outcome = tools.fails("delete_paragraphs", paragraph=9, old_text="We will hire three engineers.")
    assert "now read \u201cWe will hire two engineers.\u201d" in outcome.content
    assert snapshot(sample) == before
    tools.ok("delete_paragraphs", paragraph=9, old_text="We will hire two engineers.")
    assert texts(sample)[-1] == "Next steps" and len(blocks(sample)) == 8


def test_delete_a_table(tools, sample):
    tools.ok("delete_paragraphs", paragraph=7, old_text="")
    assert sample.getTextTables().getCount() == 0 and texts(sample)[6] == "Next steps"


def test_delete_a_paragraph_between_two_tables_leaves_no_empty_paragraph(tools, writer):
    build(writer, [("Standard", "Before"), ("Standard", "Between"), ("Standard", "After")])
    for paragraph in blocks(writer)[1:]:  # a table before "Between" and one before "After"
        table = writer.createInstance("com.sun.star.text.TextTable")
        table.initialize(2, 2)
        writer.getText().insertTextContent(paragraph.getStart(), table, False)
    kinds = [("table" if b.supportsService("com.sun.star.text.TextTable") else b.getString()) for b in blocks(writer)]
    assert kinds == ["Before", "table", "Between", "table", "After"]
    tools.ok("delete_paragraphs", paragraph=2, to_paragraph=4, old_text="Between")
    assert texts(writer) == ["Before", "After"] and writer.getTextTables().getCount() == 0


def test_replace_a_selection_across_paragraphs_touches_only_changed_words(tools, sample):
    cursor = select_in(sample, 8, "Next steps")
    cursor.gotoRange(select_in(sample, 9, "engineers.").getEnd(), True)
    sample.getCurrentController().select(cursor)
    tools.ok("replace_text", selection=True, old_text="Next steps\nWe will hire two engineers.",
             new_text="Next steps\nWe will hire three engineers.")
    assert texts(sample)[7:] == ["Next steps", "We will hire three engineers."]
    assert blocks(sample)[7].ParaStyleName == "Heading 2" and blocks(sample)[8].ParaStyleName == "Standard"


def test_replace_everywhere_with_markdown_of_several_runs_writes_every_run(tools, sample):
    outcome = tools.ok("replace_text", old_text="Micheal", new_text="**Mike** O'Neil", format="markdown", all=True)
    assert "3 occurrences" in outcome.content
    body = texts(sample)
    assert body[1].startswith("Dear Mike O'Neil Smith,") and "; Mike O'Neil presented" in body[3]
    assert body[6][1] == ["Mike O'Neil", "Lead"]
    assert portions(blocks(sample)[3])[-2:] == [("Mike", True, False, None, None),
                                                (" O'Neil presented the numbers.", False, False, None, None)]


def test_replace_everywhere_leaves_alone_a_place_that_already_reads_half_replaced(tools, writer):
    """Replace All goes word group by word group; "Micheal Smyth" (what the first step leaves) standing
    elsewhere must not be changed by the second step."""
    build(writer, [("Standard", "Micheal Smith wrote."), ("Standard", "Micheal Smyth replied."),
                   ("Standard", "Then Micheal Smith left.")])
    outcome = tools.ok("replace_text", old_text="Micheal Smith", new_text="Michael Smyth", all=True)
    assert "2 occurrences" in outcome.content
    assert texts(writer) == ["Michael Smyth wrote.", "Micheal Smyth replied.", "Then Michael Smyth left."]
