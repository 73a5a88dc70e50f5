"""The images tool in a real document: insert a picture (sized, placed, captioned), list what the document holds,
change and delete; its refusals change nothing, one undo takes a call back (issue 33, point 6)."""
import os
import shutil

import pytest
from support.picture_files import png_data_url, write_png
from writer_docs import Tools, blocks, select_in, texts

from marginalia.ui.office.undo import DocumentUndo, revert_turn

CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "fixtures",
                      "documents")
LEFT, RIGHT, CENTER = 0, 1, 3  # ParaAdjust
H_RIGHT, H_LEFT = 1, 3  # HoriOrient


@pytest.fixture
def picture(tmp_path):
    """A 400 × 200 pixel PNG (10.58 × 5.29 cm at 96 pixels per inch)."""
    return write_png(tmp_path / "chart.png", 400, 200)


def _graphics(doc):
    shapes = doc.getGraphicObjects()
    return {name: shapes.getByName(name) for name in shapes.getElementNames()}


def _frames(doc):
    frames = doc.getTextFrames()
    return {name: frames.getByName(name) for name in frames.getElementNames()}


def _state(doc):
    """Text and alignment of the paragraphs, pictures (name, size, anchor kind, alt text, alignment, wrap) and frames
    (name, text, alignment, wrap) of the document."""
    pictures = sorted((name, g.Size.Width, g.Size.Height, g.AnchorType.value, g.Title, g.HoriOrient, g.TextWrap.value)
                      for name, g in _graphics(doc).items())
    frames = sorted((name, f.getText().getString(), f.HoriOrient, f.TextWrap.value) for name, f in _frames(doc).items())
    adjust = [b.ParaAdjust for b in blocks(doc) if b.supportsService("com.sun.star.text.Paragraph")]
    return texts(doc), adjust, pictures, frames


def _near(size, width, height):
    """True when a size in 1/100 mm is the one given, give or take Writer's rounding to twips."""
    return abs(size.Width - width) <= 2 and abs(size.Height - height) <= 2


def _in_paragraph(shape):
    return shape.getAnchor().getText()


@pytest.fixture
def corpus(office, tmp_path):
    shutil.copy(os.path.join(CORPUS, "odfpy-image-captions.odt"), str(tmp_path / "captions.odt"))
    doc = office.open_document(str(tmp_path / "captions.odt"))
    yield doc
    office.close_document(doc)


# --- insert ---------------------------------------------------------------------------------------

def test_a_picture_after_the_second_paragraph_8_cm_wide(tools, sample, picture):
    outcome = tools.ok("images", action="insert", source=picture, paragraph=2, width_cm=8, alt_text="Sales chart")
    assert outcome.content == ("Inserted image \u201cImage1\u201d (8 \u00d7 4 cm, alt text \u201cSales chart\u201d) in "
                               "a paragraph of its own: paragraph 3 (after paragraph 2); paragraphs after it moved "
                               "down by 1.")
    shape = _graphics(sample)["Image1"]
    assert _near(shape.Size, 8000, 4000) and shape.AnchorType.value == "AS_CHARACTER"
    assert shape.Title == "Sales chart" and not shape.Graphic.Linked
    holder = blocks(sample)[2]
    assert holder.getString() == "" and holder.ParaAdjust == CENTER and texts(sample)[3] == "Results"
    assert not outcome.in_place


def test_a_floating_picture_with_text_wrapping_on_its_left(tools, sample, picture):
    outcome = tools.ok("images", action="insert", source=png_data_url(), position="in", paragraph=4, height_cm=2,
                       align="right", wrap="left")
    shape = _graphics(sample)["Image1"]
    assert (shape.AnchorType.value, shape.HoriOrient, shape.TextWrap.value) == ("AT_PARAGRAPH", H_RIGHT, "LEFT")
    assert _near(shape.Size, 2000, 2000)
    assert texts(sample) == texts(sample)[:3] + ["Sales grew by 12% in March; Micheal presented the numbers."] + \
        texts(sample)[4:] and "floating in paragraph 4 (right, text on its left)" in outcome.content


def test_a_picture_at_the_cursor_stands_in_the_text(tools, sample, picture):
    sample.getCurrentController().select(select_in(sample, 4, "March").getEnd())
    tools.ok("images", action="insert", source="file://" + picture, position="cursor", width_cm=1)
    portions = [p.TextPortionType for p in blocks(sample)[3].createEnumeration()]
    assert "Frame" in portions and texts(sample)[3] == "Sales grew by 12% in March; Micheal presented the numbers."


def test_a_picture_without_a_size_keeps_its_own_and_a_caption_makes_a_figure(tools, sample, picture):
    outcome = tools.ok("images", action="insert", source=picture, position="end", caption="Sales by region")
    shape = _graphics(sample)["Image1"]
    assert _near(shape.Size, 10583, 5292)
    frame = _in_paragraph(shape)
    assert frame.supportsService("com.sun.star.text.TextFrame") and abs(frame.Width - shape.Size.Width) <= 2
    caption = list(frame.getText().createEnumeration())[-1]
    assert caption.getString() == "Figure 1: Sales by region" and caption.ParaStyleName == "Figure"
    fields = [p.TextField for p in caption.createEnumeration() if p.TextPortionType == "TextField"]
    assert [f.getPropertyValue("Content") for f in fields] == ["Figure+1"]
    assert outcome.content.endswith("Captioned \u201cSales by region\u201d.")
    listed = tools.ok("images", action="list").content
    assert "caption \u201cFigure 1: Sales by region\u201d" in listed


# --- list -----------------------------------------------------------------------------------------

def test_list_on_a_corpus_document_with_figures(office, corpus):
    outcome = Tools(office, corpus).ok("images", action="list")
    lines = outcome.content.splitlines()
    assert lines[0] == "5 images, 5 frames (change or delete an image by its name):"
    assert lines[1] == ("image 1 \u201cgrafik1\u201d: 0.85 \u00d7 0.85 cm, in frame \u201cRamme1\u201d (anchored to "
                        "paragraph 2), left, no wrap (text above and below), caption \u201cHelp\u201d")
    assert "caption \u201cIllustration 1:Error\u201d" in lines[5]
    assert lines[6].startswith("frame 1 \u201cRamme1\u201d: 0.85 \u00d7 0.85 cm, anchored to paragraph 2")


def test_list_of_a_document_without_objects(tools, sample):
    assert tools.ok("images", action="list").content == ("The document has no images, frames, drawing shapes or "
                                                         "embedded objects.")


# --- change ---------------------------------------------------------------------------------------

def test_resize_keeps_the_proportions_and_alt_text_align_and_wrap_change(tools, sample, picture):
    tools.ok("images", action="insert", source=picture, position="in", paragraph=2)
    outcome = tools.ok("images", action="change", image="Image1", width_cm=5, alt_text="Bars", align="left",
                       wrap="none")
    shape = _graphics(sample)["Image1"]
    assert _near(shape.Size, 5000, 2500) and shape.Title == "Bars"
    assert (shape.HoriOrient, shape.TextWrap.value) == (H_LEFT, "NONE")
    assert outcome.content == ("Changed image \u201cImage1\u201d: now 5 \u00d7 2.5 cm; alt text \u201cBars\u201d; "
                               "now floating in paragraph 2 (left, no wrap (text above and below)).")


def test_move_into_its_own_paragraph_removes_the_one_it_left_empty(tools, sample, picture):
    tools.ok("images", action="insert", source=picture, paragraph=1, width_cm=4, alt_text="Logo")
    assert texts(sample)[1] == ""
    outcome = tools.ok("images", action="change", image=1, position="after", paragraph=10)
    assert texts(sample)[1] == "Dear Micheal Smith, this report covers the first quarter."
    shape = _graphics(sample)["Image1"]
    assert _near(shape.Size, 4000, 2000) and (shape.Title, shape.AnchorType.value) == ("Logo", "AS_CHARACTER")
    assert blocks(sample)[-1].getString() == "" and texts(sample)[-2] == "We will hire two engineers."
    assert "its old paragraph, left empty, was removed" in outcome.content


def test_a_figure_moves_whole_and_keeps_its_caption(tools, sample, picture):
    tools.ok("images", action="insert", source=picture, paragraph=2, width_cm=4, caption="Trend")
    outcome = tools.ok("images", action="change", image="Image1", position="in", paragraph=1)
    (shape,) = _graphics(sample).values()
    frame = _in_paragraph(shape)
    assert frame.AnchorType.value == "AT_PARAGRAPH" and frame.getText().getString().endswith("Figure 1: Trend")
    assert len(_frames(sample)) == 1 and "its caption reads \u201cFigure 1: Trend\u201d" in outcome.content
    assert "moved floating in paragraph 1 (right, text wraps around)" in outcome.content  # the defaults, said


def test_captions_change_on_a_corpus_document_and_the_pictures_stay(office, corpus):
    tools = Tools(office, corpus)
    tools.ok("images", action="change", image="grafik1", caption="Help me")
    tools.ok("images", action="change", image="grafik4", caption="Broken")
    frames = _frames(corpus)
    assert frames["Ramme1"].getText().getString() == "Help me"
    assert frames["Ramme5"].getText().getString() == "Illustration 1: Broken"
    assert len(_graphics(corpus)) == 5


def test_a_caption_added_to_a_picture_without_one(tools, sample, picture):
    tools.ok("images", action="insert", source=picture, paragraph=2, width_cm=6, alt_text="Map")
    tools.ok("images", action="change", image="Image1", caption="The regions")
    (shape,) = _graphics(sample).values()
    assert shape.getName() == "Image1" and shape.Title == "Map" and _near(shape.Size, 6000, 3000)
    assert _in_paragraph(shape).getText().getString().endswith("Figure 1: The regions")


# --- delete ---------------------------------------------------------------------------------------

def test_delete_a_picture_and_the_paragraph_it_stood_in(tools, sample, picture):
    before = texts(sample)
    tools.ok("images", action="insert", source=picture, paragraph=2)
    outcome = tools.ok("images", action="delete", image="Image1")
    assert texts(sample) == before and _graphics(sample) == {}
    assert outcome.content == ("Deleted image \u201cImage1\u201d. The paragraph that held only it was removed: the "
                               "paragraphs after it moved up by 1.")


def test_delete_a_figure_of_a_corpus_document_with_its_caption(office, corpus):
    text_before = texts(corpus)
    outcome = Tools(office, corpus).ok("images", action="delete", image="grafik3")
    assert "grafik3" not in _graphics(corpus) and "Ramme3" not in _frames(corpus)
    assert texts(corpus) == text_before
    assert outcome.content == "Deleted image \u201cgrafik3\u201d with its caption frame \u201cRamme3\u201d."


# --- refusals -------------------------------------------------------------------------------------

@pytest.mark.parametrize("arguments, refusal", [
    ({"action": "insert"}, "Give source"),
    ({"action": "insert", "source": "https://example.org/a.png"}, "never downloads from the web"),
    ({"action": "insert", "source": "/no/such/picture.png"}, "there is no file /no/such/picture.png"),
    ({"action": "insert", "source": "pictures/a.png"}, "is a relative path"),
    ({"action": "insert", "source": "{notes}"}, "is not an image LibreOffice shows"),
    ({"action": "insert", "source": "{picture}", "paragraph": 2, "wrap": "around"}, "wrap applies to a floating"),
    ({"action": "insert", "source": "{picture}", "position": "in", "paragraph": 8}, "is a table"),
    ({"action": "insert", "source": "{picture}", "position": "before"}, "needs paragraph=N"),
    ({"action": "insert", "source": "{picture}", "paragraph": 40}, "no paragraph 40"),
    ({"action": "change"}, "Say which image"),
    ({"action": "change", "image": "Image9", "width_cm": 3}, "There is no image, shape or object \u201cImage9\u201d"),
    ({"action": "change", "image": "Image1"}, "Say what to change"),
    ({"action": "change", "image": "Image1", "position": "cursor"}, "not to the cursor"),
    ({"action": "change", "image": "Image1", "wrap": "around"}, "wrap applies to a floating"),
    ({"action": "delete", "image": 2}, "There is no image, shape or object \u201c2\u201d"),
])
def test_refusals_change_nothing(tools, sample, picture, tmp_path, arguments, refusal):
    tools.ok("images", action="insert", source=picture, paragraph=2)
    notes = tmp_path / "notes.txt"
    notes.write_text("not a picture")
    arguments = {key: value.format(picture=picture, notes=notes) if isinstance(value, str) else value
                 for key, value in arguments.items()}
    before = _state(sample)
    outcome = tools.fails("images", **arguments)
    assert refusal in outcome.content and _state(sample) == before


# --- undo and review ------------------------------------------------------------------------------

@pytest.mark.parametrize("calls", [
    [{"action": "insert", "paragraph": 2, "width_cm": 5, "caption": "One"}],
    [{"action": "change", "image": "Image1", "position": "after", "paragraph": 8}],
    [{"action": "change", "image": "Image1", "caption": "Two", "width_cm": 3}],
    [{"action": "delete", "image": "Image1"}],
    [{"action": "change", "image": "Image1", "width_cm": 3}],
    [{"action": "change", "image": "Image1", "alt_text": "Second", "align": "left"}],
    [{"action": "change", "image": "Image1", "align": "left", "wrap": "none"}],
    [{"action": "change", "image": "Image1", "align": "left", "wrap": "through", "caption": "Three"}],
], ids=["insert with caption", "move", "caption and resize", "delete", "resize", "alt text and its paragraph's alignment",
        "a float's alignment and wrap", "a figure's alignment and wrap"])
def test_one_undo_step_takes_the_call_back(tools, sample, picture, calls):
    floating = "wrap" in calls[0]
    tools.ok("images", action="insert", source=picture, paragraph=4, alt_text="First",
             **({"position": "in"} if floating else {}))
    sample.getUndoManager().clear()
    before = _state(sample)
    undo = DocumentUndo(sample)
    for call in calls:
        arguments = dict(call, source=picture) if call["action"] == "insert" else call
        assert undo.run("images", lambda: tools.ok("images", **arguments)).ok
    assert _state(sample) != before and not undo.step.in_place
    sample.getUndoManager().undo()
    assert _state(sample) == before


def test_in_review_mode_the_answer_says_pictures_are_not_tracked(tools, sample, picture):
    tools.options["review_mode"] = True
    outcome = tools.ok("images", action="insert", source=picture, paragraph=2)
    assert "Writer does not record pictures as tracked changes" in outcome.content
    assert "Image1" in _graphics(sample)
    outcome = tools.ok("images", action="delete", image="Image1")
    assert "Writer does not record pictures as tracked changes" in outcome.content and _graphics(sample) == {}


# --- drawing shapes and embedded objects ----------------------------------------------------------

CHART_CLASS = "12dcae26-281f-416f-a234-c3086127382e"


@pytest.fixture
def handling(office, tmp_path):
    """A corpus document with two pictures and a drawing shape (Shape1, 1.02 × 0.8 cm, in front of the text)."""
    shutil.copy(os.path.join(CORPUS, "lo-sdk-document-handling.odt"), str(tmp_path / "handling.odt"))
    doc = office.open_document(str(tmp_path / "handling.odt"))
    yield doc
    office.close_document(doc)


def _shape(doc, name):
    page = doc.getDrawPage()
    return next((page.getByIndex(i) for i in range(page.getCount()) if page.getByIndex(i).getName() == name), None)


def _chart(doc):
    """A chart object 6 × 4 cm in its own paragraph at the end of ``doc``, as Insert ▸ Chart puts one."""
    from com.sun.star.awt import Size
    obj = doc.createInstance("com.sun.star.text.TextEmbeddedObject")
    obj.CLSID = CHART_CLASS
    obj.setName("Sales chart")
    obj.AnchorType = uno_enum("AS_CHARACTER")
    doc.getText().insertTextContent(doc.getText().getEnd(), obj, False)
    obj.Size = Size(6000, 4000)
    doc.getUndoManager().clear()
    return obj


def uno_enum(value):
    import uno
    return uno.Enum("com.sun.star.text.TextContentAnchorType", value)


def test_a_drawing_shape_is_deleted_by_its_name_in_one_undo_step(office, handling):
    tools = Tools(office, handling)
    before = _state(handling)
    undo = DocumentUndo(handling)
    outcome = undo.run("images", lambda: tools.ok("images", action="delete", image="Shape1"))
    assert _shape(handling, "Shape1") is None and texts(handling) == before[0] and len(_graphics(handling)) == 2
    assert outcome.content == "Deleted shape \u201cShape1\u201d."
    handling.getUndoManager().undo()
    assert _shape(handling, "Shape1") is not None and _state(handling) == before


def test_a_chart_object_is_deleted_in_one_undo_step(office, tools, sample):
    _chart(sample)
    before = _state(sample), sample.getEmbeddedObjects().getElementNames()
    undo = DocumentUndo(sample)
    outcome = undo.run("images", lambda: tools.ok("images", action="delete", image="Sales chart"))
    assert sample.getEmbeddedObjects().getElementNames() == () and outcome.summary == "Deleted object \u201cSales chart\u201d"
    sample.getUndoManager().undo()
    assert (_state(sample), sample.getEmbeddedObjects().getElementNames()) == before


def _looks(obj):
    """Everything a change of an object may alter: size, place on the page, anchor, orientation, wrap, alt text."""
    floating = obj.AnchorType.value != "AS_CHARACTER"
    place = (obj.Position.X, obj.Position.Y) if obj.supportsService("com.sun.star.drawing.Shape") else ()
    return ((obj.Size.Width, obj.Size.Height, obj.AnchorType.value, obj.Title) + place
            + ((obj.HoriOrient, obj.HoriOrientPosition, obj.VertOrient, obj.VertOrientPosition, obj.TextWrap.value)
               if floating else ()))


def _undone_exactly(doc, undo, look, before, after):
    """Undo, redo, undo and redo again, then Revert: each puts back exactly ``before`` or ``after``."""
    manager = doc.getUndoManager()
    for step, expected in ((manager.undo, before), (manager.redo, after), (manager.undo, before),
                           (manager.redo, after)):
        step()
        assert look() == expected
    assert revert_turn(doc, undo.step) and look() == before


def test_a_drawing_shape_resized_and_centred_is_one_exact_undo_step(office, handling):
    shape = _shape(handling, "Shape1")
    before, page = (_state(handling), _looks(shape)), _looks(shape)
    undo = DocumentUndo(handling)
    outcome = undo.run("shape", lambda: Tools(office, handling).ok("images", action="change", image="Shape1",
                                                                    width_cm=3, height_cm=2, align="center"))
    assert outcome.content == ("Changed drawing shape \u201cShape1\u201d: size 1.02 \u00d7 0.8 cm \u2192 3 \u00d7 2 "
                               "cm; position 11.49 cm from the left \u2192 centred.")
    assert outcome.summary == "Changed shape \u201cShape1\u201d" and page[:2] == (1025, 801)
    after = _state(handling), _looks(shape)
    assert _near(shape.Size, 3000, 2000) and (shape.HoriOrient, shape.AnchorType.value) == (2, "AT_PARAGRAPH")
    _undone_exactly(handling, undo, lambda: (_state(handling), _looks(shape)), before, after)


def test_a_chart_in_the_text_resized_and_its_paragraph_centred_in_one_undo_step(office, tools, sample):
    chart = _chart(sample)
    before = _state(sample), _looks(chart)
    undo = DocumentUndo(sample)
    outcome = undo.run("chart", lambda: tools.ok("images", action="change", image="Sales chart", width_cm=9,
                                                 align="center", alt_text="Sales by region"))
    assert outcome.content == ("Changed embedded object \u201cSales chart\u201d: size 6 \u00d7 4 cm \u2192 9 \u00d7 6 "
                               "cm; alt text \u201cSales by region\u201d; its paragraph centred.")
    assert _near(chart.Size, 9000, 6000) and chart.Title == "Sales by region"
    assert blocks(sample)[-1].ParaAdjust == CENTER
    after = _state(sample), _looks(chart)
    _undone_exactly(sample, undo, lambda: (_state(sample), _looks(chart)), before, after)


def test_a_picture_floating_on_a_page_is_realigned_and_resized_in_one_undo_step(tools, sample, picture):
    tools.ok("images", action="insert", source=picture, position="in", paragraph=2, width_cm=4)
    shape = _graphics(sample)["Image1"]
    shape.AnchorType = uno_enum("AT_PAGE")
    sample.getUndoManager().clear()
    before = _state(sample), _looks(shape)
    undo = DocumentUndo(sample)
    outcome = undo.run("page", lambda: tools.ok("images", action="change", image="Image1", align="left", height_cm=1,
                                                wrap="none"))
    assert outcome.content.startswith("Changed picture floating on a page \u201cImage1\u201d: size 4 \u00d7 2 cm "
                                      "\u2192 2 \u00d7 1 cm; position right \u2192 left; wrap text wraps around \u2192 "
                                      "no wrap (text above and below).")
    assert (shape.HoriOrient, shape.TextWrap.value, shape.AnchorType.value) == (H_LEFT, "NONE", "AT_PAGE")
    after = _state(sample), _looks(shape)
    _undone_exactly(sample, undo, lambda: (_state(sample), _looks(shape)), before, after)


def test_a_shape_resized_then_deleted_comes_back_as_it_was_through_both_undos(office, handling):
    tools = Tools(office, handling)
    before = _state(handling), _looks(_shape(handling, "Shape1"))
    first, second = DocumentUndo(handling), DocumentUndo(handling)
    first.run("resize", lambda: tools.ok("images", action="change", image="Shape1", width_cm=4))
    resized = _looks(_shape(handling, "Shape1"))
    second.run("delete", lambda: tools.ok("images", action="delete", image="Shape1"))
    manager = handling.getUndoManager()
    manager.undo()
    assert _looks(_shape(handling, "Shape1")) == resized
    manager.undo()
    assert (_state(handling), _looks(_shape(handling, "Shape1"))) == before
    manager.redo()
    manager.redo()
    assert _shape(handling, "Shape1") is None


def _anchor_text(shape):
    anchor = shape.getAnchor()
    cursor = anchor.getText().createTextCursorByRange(anchor.getStart())
    cursor.gotoEndOfParagraph(True)
    return shape.AnchorType.value, cursor.getString()


def test_a_drawing_shape_moved_into_another_paragraph_is_anchored_back_by_undo(office, handling):
    shape = _shape(handling, "Shape1")
    target = next(n for n, text in enumerate(texts(handling), 1) if text.startswith("RED GREEN BLUE"))
    look = lambda: (_state(handling), _looks(shape), _anchor_text(shape))  # noqa: E731
    before = look()
    undo = DocumentUndo(handling)
    outcome = undo.run("move", lambda: Tools(office, handling).ok("images", action="change", image="Shape1",
                                                                  position="in", paragraph=target, width_cm=2))
    assert outcome.content == ("Changed drawing shape \u201cShape1\u201d: anchored to paragraph %d (was paragraph 4), "
                               "at the same offsets from it; size 1.02 \u00d7 0.8 cm \u2192 2 \u00d7 1.56 cm." % target)
    assert _anchor_text(shape)[1].startswith("RED GREEN BLUE") and before[2] != _anchor_text(shape)
    assert shape.VertOrientRelation == 0  # its offsets are from its paragraph: it stands beside the new one
    _undone_exactly(handling, undo, look, before, look())


@pytest.mark.parametrize("arguments, refusal", [
    ({"action": "change", "image": "Shape1", "position": "after", "paragraph": 3},
     "A drawing shape moves into another paragraph: position \"in\" and paragraph=N"),
    ({"action": "change", "image": "Shape1", "position": "in"}, "A drawing shape moves into another paragraph"),
    ({"action": "change", "image": "Shape1", "position": "in", "paragraph": 9999}, "9999"),
    ({"action": "change", "image": "Shape1", "caption": "An arrow"},
     "The images tool does not caption the drawing shape \u201cShape1\u201d"),
    ({"action": "change", "image": "Shape9", "width_cm": 2}, "There is no image, shape or object \u201cShape9\u201d"),
])
def test_what_the_tool_does_not_do_to_a_shape_is_refused(office, handling, arguments, refusal):
    before = _state(handling), _looks(_shape(handling, "Shape1"))
    outcome = Tools(office, handling).fails("images", **arguments)
    assert refusal in outcome.content and (_state(handling), _looks(_shape(handling, "Shape1"))) == before


def test_a_chart_is_not_moved(tools, sample):
    chart = _chart(sample)
    before = _state(sample), _looks(chart)
    outcome = tools.fails("images", action="change", image="Sales chart", position="in", paragraph=2)
    assert "does not move the embedded object \u201cSales chart\u201d to another paragraph" in outcome.content
    assert (_state(sample), _looks(chart)) == before


def test_a_wrap_for_a_chart_in_the_text_is_refused(tools, sample):
    chart = _chart(sample)
    before = _state(sample), _looks(chart)
    outcome = tools.fails("images", action="change", image="Sales chart", wrap="around", width_cm=2)
    assert "wrap applies to a floating object; the embedded object \u201cSales chart\u201d stands in the text" in \
        outcome.content
    assert (_state(sample), _looks(chart)) == before


def test_a_figure_resized_in_a_corpus_document_is_restored_whole_by_one_undo(office, corpus):
    def looks():
        frame, image = _frames(corpus)["Ramme3"], _graphics(corpus)["grafik3"]
        return _state(corpus), frame.Width, image.Size.Width, image.Size.Height
    before = looks()
    undo = DocumentUndo(corpus)
    outcome = undo.run("images", lambda: Tools(office, corpus).ok("images", action="change", image="grafik3",
                                                                  width_cm=3))
    assert outcome.content == ("Changed image \u201cgrafik3\u201d: now 3 \u00d7 3 cm; now floating in paragraph 4 (left, "
                               "text wraps around); its caption reads \u201cInfo\u201d.")
    assert abs(looks()[1] - 3000) <= 2 and abs(looks()[2] - 3000) <= 2 and abs(looks()[3] - 3000) <= 2
    assert _frames(corpus)["Ramme3"].getText().getString().split() == ["Info"]
    corpus.getUndoManager().undo()
    assert looks() == before


def test_a_turn_of_several_changes_of_a_shape_and_the_text_is_reverted_whole(office, handling):
    tools, shape = Tools(office, handling), _shape(handling, "Shape1")
    before = _state(handling), _looks(shape), _anchor_text(shape)
    undo = DocumentUndo(handling)
    undo.run("tidy", lambda: tools.ok("images", action="change", image="Shape1", width_cm=3, align="right"))
    undo.run("tidy", lambda: tools.ok("insert_content", content="A closing line.", position="end", format="plain"))
    undo.run("tidy", lambda: tools.ok("images", action="change", image="Shape1", position="in", paragraph=2,
                                      wrap="through", alt_text="Logo"))
    assert len(handling.getUndoManager().getAllUndoActionTitles()) == 1
    assert (_state(handling), _looks(shape), _anchor_text(shape)) != before
    assert revert_turn(handling, undo.step)
    assert (_state(handling), _looks(shape), _anchor_text(shape)) == before


def test_in_review_mode_a_shape_change_says_it_is_not_tracked(office, handling):
    tools = Tools(office, handling)
    tools.options["review_mode"] = True
    outcome = tools.ok("images", action="change", image="Shape1", height_cm=1.6)
    assert outcome.content.startswith("Changed drawing shape \u201cShape1\u201d: size 1.02 \u00d7 0.8 cm \u2192 2.05 "
                                      "\u00d7 1.6 cm.")
    assert "Writer does not record drawing shapes or embedded objects as tracked changes" in outcome.content


def test_a_line_keeps_no_proportions_so_both_sizes_are_asked_for(tools, sample):
    from com.sun.star.awt import Size
    line = sample.createInstance("com.sun.star.drawing.LineShape")
    line.AnchorType = uno_enum("AT_PARAGRAPH")
    sample.getText().insertTextContent(sample.getText().getStart(), line, False)
    line.Size = Size(5000, 0)
    line.setName("Rule")
    before = _state(sample), _looks(line)
    outcome = tools.fails("images", action="change", image="Rule", height_cm=2)
    assert "\u201cRule\u201d is 5 \u00d7 0 cm: with no width or no height (a line)" in outcome.content
    assert (_state(sample), _looks(line)) == before
    outcome = tools.ok("images", action="change", image="Rule", width_cm=8, height_cm=0.1)
    # LibreOffice keeps a horizontal line flat: the answer gives the size read back, not the one asked for
    assert outcome.content == "Changed drawing shape \u201cRule\u201d: size 5 \u00d7 0 cm \u2192 8 \u00d7 0 cm."


def test_a_change_to_what_a_shape_already_has_records_no_undo_step(office, handling):
    undo = DocumentUndo(handling)
    outcome = undo.run("same", lambda: Tools(office, handling).ok("images", action="change", image="Shape1",
                                                                  alt_text=""))
    assert outcome.content == "Changed drawing shape \u201cShape1\u201d: it already looked so, nothing changed."
    assert handling.getUndoManager().getAllUndoActionTitles() == () and undo.step is None
