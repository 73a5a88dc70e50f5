"""edit_shape_text: words replaced where they stand with their formatting, whole texts, bullets, notes; refusals; undo."""
import pytest
from slides_docs import Tools, add_box, kind, levels, notes_of, pages, shapes, state, title_of

from marginalia.ui.office.undo import DocumentUndo


def body_of(page):
    return [s for s in shapes(page) if kind(s) == "OutlinerShape"][0]


def test_a_word_replaced_keeps_its_bold_and_the_rest_stays(tools, deck):
    body = body_of(pages(deck)[1])
    cursor = body.getText().createTextCursor()
    cursor.gotoStart(False)
    cursor.goRight(7, False)
    cursor.goRight(2, True)  # "up"
    cursor.CharWeight = 150.0
    outcome = tools.ok("edit_shape_text", slide=2, shape=2, old_text="Revenue up", new_text="Revenue rose")
    assert outcome.content == ("Replaced “Revenue up” with “Revenue rose” in shape 2 of slide 2 (1 place). Layout check "
                               "of slide 2: nothing overflows, leaves the slide or overlaps.")
    body = body_of(pages(deck)[1])
    assert levels(body) == [("Revenue rose", 0), ("by 12% in March", 1), ("Costs down", 0)]
    cursor = body.getText().createTextCursor()
    cursor.gotoStart(False)
    cursor.goRight(8, False)
    cursor.goRight(4, True)
    assert cursor.getString() == "rose" and cursor.CharWeight == 150.0
    cursor.gotoStart(False)
    cursor.goRight(7, True)
    assert cursor.CharWeight != 150.0


def test_the_title_by_name_the_notes_and_a_whole_body_with_bullets(tools, deck):
    tools.ok("edit_shape_text", slide=1, shape="title", new_text="Annual review")
    tools.ok("edit_shape_text", slide=2, shape="notes", new_text="Thank the team.")
    tools.ok("edit_shape_text", slide=2, shape="body", new_text="- North\n  - up 5%\n- South")
    assert title_of(pages(deck)[0]) == "Annual review"
    assert notes_of(pages(deck)[1]) == "Thank the team."
    assert levels(body_of(pages(deck)[1])) == [("North", 0), ("up 5%", 1), ("South", 0)]
    assert [title_of(p) for p in pages(deck)] == ["Annual review", "Results", "Questions"]


def test_a_title_grown_over_the_body_is_reported(tools, deck):
    outcome = tools.ok("edit_shape_text", slide=2, shape="title", new_text="A much longer title " * 6)
    assert "Layout problems on slide 2: [1] title reaches beyond the slide:" in outcome.content
    assert "past the top edge; [1] title and [2] body overlap (25.2 x" in outcome.content


def test_every_occurrence_with_all(tools, deck):
    tools.ok("edit_shape_text", slide=2, shape="body", new_text="Revenue up\nRevenue flat\nCosts down")
    outcome = tools.ok("edit_shape_text", slide=2, shape=2, old_text="Revenue", new_text="Sales", all=True)
    assert "(2 places)" in outcome.content
    assert body_of(pages(deck)[1]).getString() == "Sales up\nSales flat\nCosts down"


@pytest.mark.parametrize("arguments, refusal", [
    ({"slide": 2, "shape": 2, "old_text": "Profit up", "new_text": "x"},
     "Shape 2 of slide 2 does not hold “Profit up”; it reads “Revenue up"),
    ({"slide": 2, "shape": 2, "old_text": "e", "new_text": "x"}, "occurs 3 times in shape 2 of slide 2"),
    ({"slide": 4, "shape": 1, "new_text": "x"}, "The presentation has 3 slides; there is no slide 4."),
    ({"slide": 2, "shape": 5, "new_text": "x"}, "Slide 2 has 2 shapes; there is no shape 5"),
    ({"slide": 3, "shape": "body", "new_text": "x"}, "Slide 3 has no body placeholder"),
    ({"slide": 3, "shape": "footer", "new_text": "x"}, "shape must be a number from get_presentation or one of"),
])
def test_refusals_change_nothing(tools, deck, arguments, refusal):
    before = state(deck)
    assert refusal in tools.fails("edit_shape_text", **arguments).content
    assert state(deck) == before and not deck.getUndoManager().isUndoPossible()


def test_an_image_holds_no_text(office, tools, deck):
    import uno
    picture = deck.createInstance("com.sun.star.drawing.GraphicObjectShape")
    pages(deck)[2].add(picture)
    picture.setSize(uno.createUnoStruct("com.sun.star.awt.Size", 2000, 2000))
    assert "Shape 2 of slide 3 is an image; it holds no text" in tools.fails(
        "edit_shape_text", slide=3, shape=2, new_text="x").content


def test_one_undo_step_brings_back_the_very_slide_and_its_name(tools, deck):
    pages(deck)[1].setName("Results slide")
    deck.getUndoManager().clear()
    before = state(deck)
    original = pages(deck)[1]
    undo = DocumentUndo(deck)
    assert tools.run("edit_shape_text", undo=undo, slide=2, shape="title", new_text="Outcome").ok
    assert tools.run("edit_shape_text", undo=undo, slide=2, shape="notes", new_text="Other notes").ok
    assert pages(deck)[1].getName() == "Results slide"
    after = state(deck)
    deck.getUndoManager().undo()
    assert state(deck) == before and pages(deck)[1] == original  # the original page itself came back
    deck.getUndoManager().redo()
    assert state(deck) == after


def test_named_shapes_keep_their_names(tools, deck):
    add_box(deck, pages(deck)[2], "Logo")
    assert tools.run("edit_shape_text", slide=3, shape="title", new_text="Any questions?").ok
    assert [s.getName() for s in shapes(pages(deck)[2])] == ["", "Logo"]  # not "Logo 1"


def test_a_shape_in_a_drawing_and_a_deck_written_by_others(office, draw, open_corpus):
    import uno
    box = draw.createInstance("com.sun.star.drawing.RectangleShape")
    pages(draw)[0].add(box)
    box.setSize(uno.createUnoStruct("com.sun.star.awt.Size", 4000, 2000))
    box.setString("Start here")
    draw.getUndoManager().clear()
    outcome = Tools(office, draw).ok("edit_shape_text", slide=1, shape=1, old_text="here", new_text="now")
    assert "in shape 1 of page 1 (1 place). Layout check of page 1:" in outcome.content
    assert shapes(pages(draw)[0])[0].getString() == "Start now"
    doc = open_corpus("python-pptx-notes.pptx")
    Tools(office, doc).ok("edit_shape_text", slide=1, shape="notes", old_text="Notes", new_text="Speaker notes")
    assert notes_of(pages(doc)[0]) == "Speaker notes"
