"""arrange_shape: move, resize, delete, text fit; the layout report afterwards; refusals; one undo step."""
import pytest
from slides_docs import Tools, add_box, kind, pages, shapes, state

from marginalia.ui.office.undo import DocumentUndo


def test_move_and_resize_then_the_report(tools, deck):
    outcome = tools.ok("arrange_shape", slide=2, shape="body", x_cm=2, y_cm=4, width_cm=12, height_cm=8)
    assert outcome.content.startswith("Arranged the body of slide 2: now at 2, 4 cm, 12 x 8 cm.")
    assert "Layout check of slide 2: nothing overflows" in outcome.content
    body = shapes(pages(deck)[1])[1]
    assert (body.Position.X, body.Position.Y, body.Size.Width, body.Size.Height) == (2000, 4000, 12000, 8000)


def test_off_the_slide_is_reported(tools, deck):
    outcome = tools.ok("arrange_shape", slide=3, shape=1, x_cm=20)
    assert "[1] title reaches beyond the slide: 17.2 cm past the right edge" in outcome.content


def test_delete_and_text_fit(tools, deck):
    tools.ok("arrange_shape", slide=2, shape=2, text_fit="grow")
    body = shapes(pages(deck)[1])[1]
    assert body.TextAutoGrowHeight and body.TextFitToSize.value == "NONE"
    tools.ok("arrange_shape", slide=2, shape=2, text_fit="shrink")
    assert shapes(pages(deck)[1])[1].TextFitToSize.value == "AUTOFIT"
    outcome = tools.ok("arrange_shape", slide=2, shape="body", delete=True)
    assert outcome.content.startswith("Deleted the body of slide 2.")
    assert [kind(s) for s in shapes(pages(deck)[1])] == ["TitleTextShape"]


@pytest.mark.parametrize("arguments, refusal", [
    ({"slide": 2, "shape": 2}, "Say what to do"),
    ({"slide": 2, "shape": 2, "x_cm": 1, "delete": True}, "Say what to do"),
    ({"slide": 2, "shape": 2, "text_fit": "squeeze"}, "text_fit must be shrink, grow or none"),
    ({"slide": 2, "shape": 9, "x_cm": 1}, "there is no shape 9"),
])
def test_refusals_change_nothing(tools, deck, arguments, refusal):
    before = state(deck)
    assert refusal in tools.fails("arrange_shape", **arguments).content
    assert state(deck) == before


def test_one_undo_step(tools, deck):
    before = state(deck)
    undo = DocumentUndo(deck)
    assert tools.run("arrange_shape", undo=undo, slide=1, shape=1, y_cm=5).ok
    assert tools.run("arrange_shape", undo=undo, slide=1, shape=2, delete=True).ok
    after = state(deck)
    deck.getUndoManager().undo()
    assert state(deck) == before
    deck.getUndoManager().redo()
    assert state(deck) == after


def test_deleting_a_named_shape_is_undone_without_a_crash(tools, deck):
    # Duplicate Slide renames the copy's named shapes, recorded: such a shape freed unrecorded crashed the undo
    add_box(deck, pages(deck)[2], "Logo")
    before = state(deck)
    undo = DocumentUndo(deck)
    assert tools.run("arrange_shape", undo=undo, slide=3, shape=2, delete=True).ok
    deck.getUndoManager().undo()
    assert state(deck) == before
    deck.getUndoManager().redo()
    assert [kind(s) for s in shapes(pages(deck)[2])] == ["TitleTextShape"]


def test_a_named_picture_of_a_deck_written_by_others_deleted_and_undone(open_corpus, office):
    doc = open_corpus("python-pptx-shp-picture.pptx")
    before = state(doc)
    undo = DocumentUndo(doc)
    assert Tools(office, doc).run("arrange_shape", undo=undo, slide=1, shape=1, delete=True).ok
    assert [s.getName() for s in shapes(pages(doc)[0])] == ["Picture 3"]
    doc.getUndoManager().undo()
    assert state(doc) == before


def test_a_group_in_a_deck_written_by_others_moves(open_corpus, office):
    doc = open_corpus("python-pptx-groupshape.pptx")
    outcome = Tools(office, doc).ok("arrange_shape", slide=1, shape=1, x_cm=1, y_cm=1)
    assert "now at 1, 1 cm" in outcome.content
