"""The faster reads and inserts at 150 pages say what the whole-document reads said.

One document of about 150 pages (the bench's: headings, lists, tables, bold runs) is
built once for the module and given footnotes, comments, tracked insertions and
tracked deletions (one across paragraphs). Each test compares a tool or a helper with
the slow, obvious way of reading the same thing.
"""
import os

import pytest
import uno  # noqa: F401  (installs the com.sun.star import hook)
from com.sun.star.text.TextContentAnchorType import AS_CHARACTER

from bench_writer import appendix, document_html

from marginalia.core.text.writer_listing import BlockInfo, most_common_style, outline_lines, page
from marginalia.ui.writer.block_info import describe, has_fields, has_notes, has_tracked_changes, portion_blocks
from marginalia.ui.writer.blocks import SEEK_AFTER, TABLE, block_finder, body_blocks, body_blocks_from, list_label
from marginalia.ui.writer.locate import in_document
from marginalia.ui.writer.reading import PLAIN_STYLES, STYLE_SAMPLE
from marginalia.ui.writer.search import find_in_body
from marginalia.ui.writer.spans import TextSpan

from writer_docs import Tools

EVERY = 97


@pytest.fixture(scope="module")
def large(office, tmp_path_factory):
    """The 150-page document, decorated; closed after the module."""
    path = os.path.join(str(tmp_path_factory.mktemp("large")), "report.html")
    with open(path, "w", encoding="utf-8") as out:
        out.write(document_html(150))
    doc = office.open_document(path, filter_name="HTML (StarWriter)")
    _decorate(doc)
    yield doc
    office.close_document(doc)


def _decorate(doc):
    text = doc.getText()
    paragraphs = [element for element in text.createEnumeration() if not element.supportsService(TABLE)]
    for index in range(20, len(paragraphs) - 10, EVERY):
        paragraph, kind = paragraphs[index], (index // EVERY) % 4
        if kind == 0:
            note = doc.createInstance("com.sun.star.text.Footnote")
            text.insertTextContent(paragraph.getEnd(), note, False)
            note.setString("A note on paragraph %d." % index)
        elif kind == 1:
            comment = doc.createInstance("com.sun.star.text.textfield.Annotation")
            comment.Author, comment.Content = "Reviewer", "Check %d." % index
            text.insertTextContent(paragraph.getStart(), comment, False)
        else:
            doc.RecordChanges = True
            if kind == 2:
                text.insertString(paragraph.getEnd(), " (added in review)", False)
            else:  # a deletion inside the paragraph, and one from its middle into the next paragraph
                cursor = text.createTextCursorByRange(paragraph.getStart())
                cursor.goRight(4, False)
                cursor.goRight(6, True)
                cursor.setString("")
                cursor = text.createTextCursorByRange(paragraph.getEnd())
                cursor.goLeft(5, False)
                cursor.gotoRange(paragraphs[index + 1].getStart(), True)
                cursor.goRight(3, True)
                cursor.setString("")
            doc.RecordChanges = False
    _mark_headings(doc, [paragraph for paragraph in paragraphs[:400] if paragraph.OutlineLevel][1:6])
    doc.getUndoManager().clear()


def _mark_headings(doc, headings):
    """A frame as a character, a field, a comment, a footnote and a tracked deletion in the first headings."""
    text = doc.getText()
    frame = doc.createInstance("com.sun.star.text.TextFrame")
    frame.AnchorType = AS_CHARACTER
    text.insertTextContent(headings[0].getEnd(), frame, False)
    frame.setString("in a frame")
    text.insertTextContent(headings[1].getEnd(), doc.createInstance("com.sun.star.text.textfield.PageCount"), False)
    comment = doc.createInstance("com.sun.star.text.textfield.Annotation")
    comment.Author, comment.Content = "Reviewer", "A heading?"
    text.insertTextContent(headings[2].getStart(), comment, False)
    note = doc.createInstance("com.sun.star.text.Footnote")
    text.insertTextContent(headings[3].getEnd(), note, False)
    note.setString("A note on a heading.")
    doc.RecordChanges = True
    cursor = text.createTextCursorByRange(headings[4].getStart())
    cursor.goRight(2, True)
    cursor.setString("")
    doc.RecordChanges = False


def test_the_document_is_large_and_decorated(large):
    blocks = body_blocks(large)
    assert len(blocks) > 2500
    assert has_tracked_changes(large) and has_notes(large) and has_fields(large)


def test_body_blocks_tell_tables_as_each_element_says(large):
    blocks = body_blocks(large)
    elements = list(large.getText().createEnumeration())
    assert [block.kind for block in blocks] == ["table" if e.supportsService(TABLE) else "paragraph" for e in elements]
    assert [block.number for block in blocks] == list(range(1, len(elements) + 1))


def test_tables_outside_the_body_still_count_right(writer):
    text = writer.getText()
    text.insertString(text.getEnd(), "before", False)
    outer = writer.createInstance("com.sun.star.text.TextTable")
    outer.initialize(2, 2)
    text.insertTextContent(text.getEnd(), outer, False)
    text.insertString(text.getEnd(), "after", False)
    cell = outer.getCellByName("A1")
    nested = writer.createInstance("com.sun.star.text.TextTable")
    nested.initialize(1, 1)
    cell.insertTextContent(cell.getEnd(), nested, False)
    style = writer.getStyleFamilies().getByName("PageStyles").getByName("Standard")
    style.HeaderIsOn = True
    header_table = writer.createInstance("com.sun.star.text.TextTable")
    header_table.initialize(1, 1)
    style.HeaderText.insertTextContent(style.HeaderText.getEnd(), header_table, False)
    assert writer.getTextTables().getCount() == 3
    assert [block.kind for block in body_blocks(writer)] == ["paragraph", "table", "paragraph"]


def _old_page(doc, first, last, shown_at_most=400):
    """get_document's page and outline as they were made before: every block of the range described fully.

    Blocks past ``first + shown_at_most`` cannot be on the page; for them only what the full
    description gives the body style and the outline is read (style, list label, heading text).
    The body style is the most common among the first STYLE_SAMPLE blocks of the range.
    """
    blocks = body_blocks(doc)
    tracked, notes = has_tracked_changes(doc), has_notes(doc)
    by_portion, marks = tracked or notes, notes or has_fields(doc)
    end = len(blocks) if last is None else last
    infos = []
    for block in blocks:
        inside = first <= block.number <= end
        if not inside or block.number <= first + shown_at_most or block.kind == "table":
            infos.append(describe(block, inside, by_portion, marks))
            continue
        paragraph = block.obj
        level = int(paragraph.getPropertyValue("OutlineLevel") or 0)
        infos.append(BlockInfo(block.number, style=paragraph.getPropertyValue("ParaStyleName"), outline_level=level,
                               list_label=list_label(paragraph),
                               text=TextSpan.of_range(paragraph).text if level and marks else ""))
    sample_end = first - 1 + STYLE_SAMPLE if last is None else min(last, first - 1 + STYLE_SAMPLE)
    style = most_common_style(infos[first - 1:sample_end])
    lines, shown = page(infos, first, last, plain_styles=PLAIN_STYLES + (style,))
    assert shown < first + shown_at_most
    return outline_lines(infos), lines, shown


@pytest.mark.parametrize("first, last", [(1, None), (1200, 1239)])
def test_get_document_shows_what_a_full_read_shows(large, office, first, last):
    outline, lines, shown = _old_page(large, first, last)
    arguments = {"from_paragraph": first} if last is None else {"from_paragraph": first, "to_paragraph": last}
    content = Tools(office, large).ok("get_document", **arguments).content
    listed = content.split("Paragraphs %d–%d:\n" % (first, shown), 1)[1]
    assert listed.startswith("\n".join(lines))
    if first == 1:
        assert shown < len(body_blocks(large))
        assert "Continue with get_document from_paragraph=%d." % (shown + 1) in content
        assert content.split("Outline (headings):\n", 1)[1].startswith("\n".join(outline[:20]))
        assert any("[^" in line for line in lines) or any("comment by" in line for line in lines)


def test_outline_only_lists_the_headings_a_full_read_finds(large, office):
    outline, _lines, _shown = _old_page(large, 1, 0)
    content = Tools(office, large).ok("get_document", outline_only=True).content
    assert content.split("Outline (headings):\n", 1)[1].startswith("\n".join(outline[:30]))
    assert len(outline) > 100


def test_only_paragraphs_with_changes_or_notes_read_differently(large):
    blocks = body_blocks(large)
    special = portion_blocks(large, blocks)
    assert len(special) >= 20
    paragraphs = [block for block in blocks if block.kind == "paragraph"]
    find = block_finder(large, blocks)
    changed = [find(change.getPropertyValue(end)) for change in large.getRedlines()
               for end in ("RedlineStart", "RedlineEnd")]
    insertions_only = list({block.number: block for block in changed
                            if block is not None and block.kind == "paragraph" and block.number not in special}.values())
    assert len(insertions_only) >= 5  # tracked insertions leave the text as it reads, so are not special
    differing = 0
    for block in paragraphs[::5] + insertions_only + [block for block in paragraphs if block.number in special]:
        plain, read = block.obj.getString(), TextSpan.of_range(block.obj).text
        if block.number not in special:
            assert plain == read, block.number
        differing += plain != read
    assert differing >= 20


def test_a_stretch_names_the_paragraphs_the_whole_body_names_there(large):
    blocks = body_blocks(large)
    everywhere = portion_blocks(large, blocks)
    named = 0
    for first, last in ((1, 40), (301, 1500), (len(blocks) - 60, len(blocks))):
        expected = {number for number in everywhere if first <= number <= last}
        assert portion_blocks(large, blocks[first - 1:last]) == expected, (first, last)
        named += len(expected)
    assert named >= 5


@pytest.mark.parametrize("text, whole_words", [("Micheal Smith", False), ("and", True)])
def test_search_finds_what_a_portion_read_finds(large, text, whole_words):
    blocks = body_blocks(large)[:600]  # (reading every block portion by portion through the bridge takes long)
    expected = in_document(blocks, text, False, whole_words, has_redlines=True, positions=False)
    found = [match for match in find_in_body(large, text, False, whole_words) if match.block <= len(blocks)]
    assert [(m.block, m.where, m.source, m.start, m.end) for m in found] == \
        [(m.block, m.where, m.source, m.start, m.end) for m in expected]
    assert len(found) > 100


def test_insert_content_in_the_middle_reports_the_paragraphs_it_made(large, office):
    before = body_blocks(large)
    anchor = next(number for number in range(1500, 1600)
                  if before[number - 1].kind == before[number].kind == "paragraph")
    after_anchor = before[anchor].obj.getString()
    undo = large.getUndoManager()
    undo.enterUndoContext("test")
    try:
        outcome = Tools(office, large).ok("insert_content", content=appendix()[0], position="after",
                                             paragraph=anchor)
    finally:
        undo.leaveUndoContext()
    now = body_blocks(large)
    first, last = anchor + 1, anchor + len(now) - len(before)
    assert "as paragraphs %d–%d." % (first, last) in outcome.content
    assert now[first - 1].obj.getString() == "Appendix 1" and int(now[first - 1].obj.OutlineLevel) == 2
    assert now[last].obj.getString() == after_anchor
    assert sum(1 for block in now[first - 1:last] if block.kind == "table") == 1
    undo.undo()
    assert len(body_blocks(large)) == len(before)


def _described(blocks):
    return [(b.number, b.kind, b.obj.getName() if b.kind == "table" else b.obj.getString()) for b in blocks]


def test_blocks_stepped_to_agree_with_a_whole_read(large):
    whole = _described(body_blocks(large))
    tables = [number for number, kind, _text in whole if kind == "table"]
    starts = [SEEK_AFTER + 1, tables[10], tables[10] + 1, len(whole) // 2, len(whole) - 3]
    for number in starts:
        stepped = body_blocks_from(large, number)
        assert 0 < stepped.stepped_over() < number and stepped.known() == stepped.stepped_over()  # nothing read yet
        assert _described(stepped[number - 1:number + 60]) == whole[number - 1:number + 60], number
        assert len(stepped) == len(whole) and stepped.known() == len(whole)
    stepped = body_blocks_from(large, len(whole) // 2)
    assert _described(stepped[len(whole) // 2 - 1:]) == whole[len(whole) // 2 - 1:]  # the whole rest, stepped to
    assert stepped.known() == len(whole)
    assert _described(stepped[:5]) == whole[:5]  # the blocks before are read when asked for
    assert _described(stepped) == whole
