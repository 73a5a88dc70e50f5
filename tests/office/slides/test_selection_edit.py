"""Edit Selection on a selected text shape in Impress: the rewrite replaces its text, one undo step; refusals."""
from slides_docs import levels, make_deck, pages, shapes, state, title_of

from support.commands import press
from support.panel import Panel, wait_until
from support.scripted_server import text_stream_reply

CHAT = "/v1/chat/completions"


def select(doc, page, shape):
    controller = doc.getCurrentController()
    controller.setCurrentPage(page)
    controller.select(shape)


def test_the_selected_title_is_rewritten_and_one_undo_takes_it_back(office, endpoint, impress):
    make_deck(impress)
    before = state(impress)
    page = pages(impress)[1]
    select(impress, page, shapes(page)[0])
    endpoint.enqueue(text_stream_reply(["Results ", "of March"], delay=0.05), path=CHAT)
    press(office, impress, "org.marginalia:EditSelection", Instruction="Say which month")
    wait_until(lambda: title_of(pages(impress)[1]) == "Results of March", message="the rewrite")
    body = endpoint.chat_requests()[0].json()
    assert "Instruction: Say which month" in body["messages"][1]["content"]
    assert body["messages"][1]["content"].endswith("Text:\nResults")
    assert len(impress.getUndoManager().getAllUndoActionTitles()) == 1
    impress.getUndoManager().undo()
    assert state(impress) == before


def test_nothing_selected_is_refused_in_the_panel(office, endpoint, impress):
    make_deck(impress)
    before = state(impress)
    impress.getCurrentController().select(None)
    panel = Panel(impress).open()
    press(office, impress, "org.marginalia:EditSelection", Instruction="Shorter")
    wait_until(lambda: "Select one shape with text first" in panel.transcript(), message="the refusal")
    assert state(impress) == before and not endpoint.chat_requests()


def test_a_shape_whose_text_changed_meanwhile_is_left_as_it_is(office, impress):
    from marginalia.core.agent.tools import ToolContext
    from marginalia.ui.slides.selection_edit import ShapeWriter, selected_shape
    make_deck(impress)
    page = pages(impress)[1]
    select(impress, page, shapes(page)[0])
    target = selected_shape(impress)
    assert (target.slide, target.shape, target.text) == (2, 1, "Results")
    shapes(page)[0].setString("Outcome")  # the user typed meanwhile
    impress.getUndoManager().clear()
    before = state(impress)
    context = ToolContext(document=impress, app="impress", office=office.ctx, options={"review_mode": False})
    writer = ShapeWriter(context, target, "Edit Selection: test")
    writer.write("Results of March")
    assert "could not be put in the shape" in writer.finish()
    assert state(impress) == before and not impress.getUndoManager().isUndoPossible()


def test_a_body_rewritten_keeps_its_list_levels(office, impress):
    from marginalia.core.agent.tools import ToolContext
    from marginalia.ui.slides.selection_edit import ShapeWriter, selected_shape
    make_deck(impress)
    page = pages(impress)[1]
    select(impress, page, shapes(page)[1])
    target = selected_shape(impress)
    assert target.text == "Revenue up\nby 12% in March\nCosts down"
    context = ToolContext(document=impress, app="impress", office=office.ctx, options={"review_mode": False})
    writer = ShapeWriter(context, target, "Edit Selection: test")
    writer.write("Revenue rose\nby 12% in March\nCosts fell")
    assert writer.finish() is None
    assert levels(shapes(pages(impress)[1])[1]) == [("Revenue rose", 0), ("by 12% in March", 1), ("Costs fell", 0)]
