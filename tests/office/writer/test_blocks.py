"""The body's numbered blocks read as far as a tool needs them (BodyBlocks) agree with a whole read."""
from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK

from marginalia.ui.writer.blocks import body_blocks, has_block, reread_around


def _looks(blocks):
    return [(b.number, b.kind, b.obj.getName() if b.kind == "table" else b.obj.getString()) for b in blocks]


def test_a_partial_read_stops_early_and_agrees_with_the_whole_body(sample):
    whole = _looks(list(body_blocks(sample)))
    lazy = body_blocks(sample)
    assert has_block(lazy, 3) and lazy.known() == 3
    assert _looks(lazy[0:3]) == whole[:3] and lazy.known() == 3
    assert _looks(lazy[6:8]) == whole[6:8] and whole[6][1] == "table" and lazy.known() == 8
    assert not has_block(lazy, len(whole) + 1) and _looks(lazy) == whole
    assert len(lazy) == len(whole)


def test_blocks_read_again_around_a_change_agree_with_a_fresh_read(sample):
    lazy = body_blocks(sample)
    assert has_block(lazy, 4 + 2) and lazy.known() == 6  # read past the stretch before the change
    text = sample.getText()
    text.insertControlCharacter(text.createTextCursorByRange(lazy[3].obj.getEnd()), PARAGRAPH_BREAK, False)
    after, added = reread_around(sample, lazy, 4)
    assert added == 1 and after.known() == 7  # the rest is still unread
    assert _looks(after) == _looks(list(body_blocks(sample)))


def _table(document, rows=2, columns=2):
    table = document.createInstance("com.sun.star.text.TextTable")
    table.initialize(rows, columns)
    return table


def _long_document(document, tables_at=(10, 70, 90)):
    """100 paragraphs with body tables among them, one table inside a cell, one in the page header and one in
    a text frame (LibreOffice 25.2 compares places in the header or a frame with body places; 7.4 refuses)."""
    text = document.getText()
    cursor = text.createTextCursor()
    for number in range(1, 101):
        if number > 1:
            text.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
        text.insertString(cursor, "Paragraph %d" % number, False)
    paragraphs = text.createEnumeration()
    numbered = [paragraphs.nextElement() for _ in range(100)]
    for number in reversed(tables_at):
        text.insertTextContent(numbered[number - 1].getEnd(), _table(document), False)
    cell = document.getTextTables().getByIndex(0).getCellByName("A1")
    cell.insertTextContent(cell.createTextCursor(), _table(document), False)  # a table in a cell
    style = document.getStyleFamilies().getByName("PageStyles").getByName("Standard")
    style.setPropertyValue("HeaderIsOn", True)
    header = style.getPropertyValue("HeaderText")
    header.insertTextContent(header.createTextCursor(), _table(document), False)  # a table in the header
    frame = document.createInstance("com.sun.star.text.TextFrame")
    text.insertTextContent(numbered[49].getStart(), frame, False)
    frame.getText().insertTextContent(frame.getText().getEnd(), _table(document), False)  # a table in a frame


def test_tables_far_into_the_body_are_told_apart_also_with_tables_outside_it(writer):
    _long_document(writer)
    assert writer.getTextTables().getCount() == 6  # three in the body, one in a cell, the header and a frame
    every = list(body_blocks(writer))
    asked = [(b.number, "table" if b.obj.supportsService("com.sun.star.text.TextTable") else "paragraph")
             for b in every]
    assert [(b.number, b.kind) for b in every] == asked
    tables = [number for number, kind in asked if kind == "table"]
    assert len(tables) == 3 and tables[1] > 64 and len(every) > 100
    lazy = body_blocks(writer)
    assert lazy[tables[1] - 1].kind == "table" and lazy.known() == tables[1]  # past the first blocks, no further


def test_a_walk_of_the_body_numbers_places_as_a_whole_read_with_tables_first_adjacent_and_nested(writer):
    """BodyWalk (paragraphs counted by a cursor, tables and places found between marks) against a whole
    read: a table before the first paragraph, two tables side by side, a table in a cell and one in
    the header, places at every paragraph's start and end and in every table's cells."""
    from marginalia.ui.writer.blocks import block_finder
    from marginalia.ui.writer.body_walk import SPACING, BodyWalk
    from marginalia.ui.writer.search import find_in_body
    _long_document(writer, tables_at=(1, 40, 40, 90))
    text = writer.getText()
    first = text.createEnumeration().nextElement()
    text.insertTextContent(first.getStart(), _table(writer), False)  # before the first paragraph
    blocks = list(body_blocks(writer))
    assert [b.number for b in blocks if b.kind == "table"] == [1, 3, 44, 45, 97]
    walk = BodyWalk.of(writer)
    paragraphs = sum(b.kind == "paragraph" for b in blocks)
    assert walk is not None and walk.paragraphs == paragraphs > 4 * SPACING
    assert [(t.number, t.table.getName()) for t in walk.tables] == \
        [(b.number, b.obj.getName()) for b in blocks if b.kind == "table"]
    places = [place for b in blocks if b.kind == "paragraph" for place in (b.obj.getStart(), b.obj.getEnd())]
    tables = writer.getTextTables()
    places += [tables.getByIndex(i).getCellByName("B2").getStart() for i in range(tables.getCount())]
    find = block_finder(writer, blocks)
    expected = [getattr(find(place), "number", None) for place in places]
    assert expected.count(None) == 3  # the tables in a cell, in the header and in a frame
    assert walk.numbers(places[::-1]) == expected[::-1]  # in any order
    for index in range(tables.getCount()):  # at the body's start, side by side, in a cell, the header, a frame
        tables.getByIndex(index).getCellByName("B1").setString("Paragraph 4 in a table")
    for needle, count in (("Paragraph 4", 11 + 5), ("in a table", 5), ("Paragraph 41", 1), ("nowhere", 0)):
        by_walk = [(m.block, m.start, m.end, m.where) for m in find_in_body(writer, needle)]
        assert by_walk == [(m.block, m.start, m.end, m.where) for m in find_in_body(writer, needle, walk=False)]
        assert len(by_walk) == count, needle


def test_blocks_stepped_over_agree_with_a_whole_read_with_a_table_in_a_cell(writer):
    from marginalia.ui.writer.blocks import body_blocks_from
    _long_document(writer, tables_at=(10, 40, 90))
    whole = _looks(list(body_blocks(writer)))
    for number in (20, 60, 95, 100):
        assert _looks(body_blocks_from(writer, number, seek_after=1)[number - 1:]) == whole[number - 1:], number
