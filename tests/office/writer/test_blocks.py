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
