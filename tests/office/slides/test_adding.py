"""add_slides: slides from an outline where asked, their layouts, levels, notes; refusals; one exact undo step."""
import pytest
from slides_docs import Tools, kind, levels, make_deck, notes_of, pages, shapes, state, title_of

from marginalia.ui.office.undo import DocumentUndo

OUTLINE = """# Plan
- Hire two engineers
  - one in March
- Open the **Lyon** office
Notes: Say when.

# Budget
Layout: title_2_content
- Travel
- Tools

# Thanks
"""


def test_three_slides_at_the_end_with_their_bodies_levels_notes_and_layouts(tools, deck):
    outcome = tools.ok("add_slides", outline=OUTLINE)
    assert outcome.content == ("Added 3 slides (slides 4–6): 'Plan', 'Budget', 'Thanks'. The presentation now has 6 "
                               "slides. Layout check of those slides: nothing overflows, leaves the slide or "
                               "overlaps.")
    assert outcome.summary == "Added 3 slides"
    plan, budget, thanks = pages(deck)[3:]
    assert [title_of(p) for p in pages(deck)] == ["Quarterly review", "Results", "Questions", "Plan", "Budget",
                                                   "Thanks"]
    assert (plan.Layout, budget.Layout, thanks.Layout) == (1, 3, 19)
    body = [s for s in shapes(plan) if kind(s) == "OutlinerShape"][0]
    assert levels(body) == [("Hire two engineers", 0), ("one in March", 1), ("Open the Lyon office", 0)]
    assert notes_of(plan) == "Say when." and notes_of(thanks) == ""
    paragraphs = body.createEnumeration()
    for _ in range(3):
        third = paragraphs.nextElement()
    cursor = body.getText().createTextCursorByRange(third.getStart())
    cursor.goRight(9, False)
    cursor.goRight(4, True)
    assert cursor.getString() == "Lyon" and cursor.CharWeight == 150.0
    assert deck.getCurrentController().getCurrentPage() == plan  # the user sees the first new slide


@pytest.mark.parametrize("after, order", [
    (0, ["Plan", "Quarterly review", "Results", "Questions"]),
    (1, ["Quarterly review", "Plan", "Results", "Questions"]),
])
def test_where_the_slides_go(tools, deck, after, order):
    outcome = tools.ok("add_slides", outline="# Plan\n- one", after_slide=after)
    assert "(slide %d)" % (after + 1) in outcome.content
    assert [title_of(p) for p in pages(deck)] == order


def test_a_new_presentations_empty_slide_is_replaced(tools, impress):
    outcome = tools.ok("add_slides", outline="# Intro\nLayout: title\nSales team\n# Plan\n- one")
    assert "The presentation's only slide was empty, so they replaced it." in outcome.content
    assert [title_of(p) for p in pages(impress)] == ["Intro", "Plan"]
    assert [t for k, t in ((kind(s), s.getString()) for s in shapes(pages(impress)[0])) if k == "SubtitleShape"] \
        == ["Sales team"]


def test_a_link_is_a_real_link(tools, deck):
    tools.ok("add_slides", outline="# Links\n- See [the site](https://example.org) now")
    body = [s for s in shapes(pages(deck)[3]) if kind(s) == "OutlinerShape"][0]
    assert body.getString() == "See the site now"
    portions = body.createEnumeration().nextElement().createEnumeration()
    fields = []
    while portions.hasMoreElements():
        portion = portions.nextElement()
        if portion.TextPortionType == "TextField":
            fields.append(portion.TextField.URL)
    assert fields == ["https://example.org"]


@pytest.mark.parametrize("arguments, refusal", [
    ({"outline": "- no title"}, "must start with a slide title"),
    ({"outline": "# A\nLayout: sideways\n- x"}, "There is no layout 'sideways'"),
    ({"outline": "# A\n- body", "layout": "title_only"}, "has no place for it"),
    ({"outline": "# A", "after_slide": 4}, "after_slide must be 0 to 3"),
])
def test_refusals_change_nothing(tools, deck, arguments, refusal):
    before = state(deck)
    assert refusal in tools.fails("add_slides", **arguments).content
    assert state(deck) == before and not deck.getUndoManager().isUndoPossible()


def test_a_read_only_presentation_is_refused(office, tmp_path):
    import uno
    from com.sun.star.beans import PropertyValue
    doc = office.new_document("simpress")
    make_deck(doc)
    path = str(tmp_path / "deck.odp")
    doc.storeToURL(uno.systemPathToFileUrl(path), ())
    office.close_document(doc)
    read_only = PropertyValue()
    read_only.Name, read_only.Value = "ReadOnly", True
    doc = office.desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (read_only,))
    try:
        before = state(doc)
        assert "open read-only" in Tools(office, doc).fails("add_slides", outline="# A").content
        assert state(doc) == before
    finally:
        office.close_document(doc)


def test_one_undo_step_takes_the_slides_back_and_redo_brings_them_again(tools, deck):
    before = state(deck)
    undo = DocumentUndo(deck)
    assert tools.run("add_slides", undo=undo, outline=OUTLINE).ok
    assert tools.run("add_slides", undo=undo, outline="# Appendix\n- more", after_slide=0).ok
    after = state(deck)
    manager = deck.getUndoManager()
    assert manager.getAllUndoActionTitles() == ("Marginalia: test",)
    manager.undo()
    assert state(deck) == before
    manager.redo()
    assert state(deck) == after


def test_review_mode_says_impress_does_not_track_it(tools, deck):
    tools.options["review_mode"] = True
    outcome = tools.ok("add_slides", outline="# A")
    assert "Impress has no tracked changes, so this was applied directly" in outcome.content
    assert len(pages(deck)) == 4


def test_slides_added_to_a_deck_written_by_others(open_corpus, office):
    doc = open_corpus("odfpy-ol.odp")
    tools = Tools(office, doc)
    before = state(doc)
    undo = DocumentUndo(doc)
    assert tools.run("add_slides", undo=undo, outline="# New\n- first\n  - second").ok
    assert [title_of(p) for p in pages(doc)] == ["OL", "New"]
    doc.getUndoManager().undo()
    assert state(doc) == before


def test_a_slide_with_too_many_bullets_is_reported_and_left_as_made(tools, deck):
    outline = "# Everything\n" + "\n".join("- point number %d with a few more words" % k for k in range(30))
    outcome = tools.ok("add_slides", outline=outline)
    assert "Layout problems on slide 4: [2] body: its text needs" in outcome.content
    assert "LibreOffice shrinks the text to about" in outcome.content
    body = [s for s in shapes(pages(deck)[3]) if kind(s) == "OutlinerShape"][0]
    assert not body.TextAutoGrowHeight and body.Size.Height < 10000  # measured, then set back
