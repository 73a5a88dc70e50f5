"""Paragraph strings read a stretch at a time are each paragraph's own, manual line breaks or not."""
from com.sun.star.text.ControlCharacter import LINE_BREAK, PARAGRAPH_BREAK

from marginalia.ui.writer.blocks import body_blocks
from marginalia.ui.writer.plain_strings import _read_at_once, paragraph_strings


def _fill(doc, lines_with_breaks):
    text = doc.getText()
    text.setString("")
    cursor = text.createTextCursor()
    for number in range(40):
        if number:
            text.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
        text.insertString(cursor, "Paragraph %d" % number, False)
        if number in lines_with_breaks:
            text.insertControlCharacter(cursor, LINE_BREAK, False)
            text.insertString(cursor, "its second line", False)


def _own(blocks):
    return {block.number: block.obj.getString() for block in blocks}


def test_a_stretch_without_line_breaks_is_read_at_once(writer):
    _fill(writer, set())
    blocks = list(body_blocks(writer))
    assert len(blocks) == 40 and _read_at_once(blocks) is not None
    assert paragraph_strings(blocks) == _own(blocks)


def test_manual_line_breaks_make_the_stretch_read_by_halves(writer):
    _fill(writer, {3, 31})
    blocks = list(body_blocks(writer))
    assert "\n" in blocks[3].obj.getString()  # LibreOffice gives a manual line break as a line end
    assert _read_at_once(blocks) is None  # 42 lines for 40 paragraphs
    assert _read_at_once(blocks[10:30]) is not None  # no break there
    assert paragraph_strings(blocks) == _own(blocks)


def test_paragraphs_to_skip_and_tables_break_the_stretches(writer):
    _fill(writer, set())
    table = writer.createInstance("com.sun.star.text.TextTable")
    table.initialize(2, 2)
    text = writer.getText()
    cursor = text.createTextCursor()
    cursor.gotoStart(False)
    for _ in range(20):
        cursor.gotoNextParagraph(False)
    text.insertTextContent(cursor, table, False)
    blocks = list(body_blocks(writer))
    paragraphs = [block for block in blocks if block.kind == "paragraph"]
    strings = paragraph_strings(blocks, skip={5})
    assert set(strings) == {block.number for block in paragraphs} - {5}
    assert strings == {number: text for number, text in _own(paragraphs).items() if number != 5}
