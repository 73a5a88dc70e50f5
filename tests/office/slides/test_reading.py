"""get_presentation on the sample deck, a drawing with connectors and decks written by others."""
import pytest
from slides_docs import Tools, pages


def test_each_slide_with_its_layout_shapes_levels_and_notes(tools, deck):
    text = tools.ok("get_presentation").content
    assert text.startswith("Presentation: 3 slides, 28 x 15.75 cm each.")
    assert "Slide 1: layout title (Title Slide), master 'Default'." in text
    assert "  [1] title placeholder at 1.4, 0.63 cm, 25.2 x 2.63 cm: Quarterly review" in text
    assert "  [2] subtitle placeholder" in text and ": Sales team" in text
    assert "Slide 2: layout title_content (Title, Content)" in text
    assert "      - Revenue up\n        - by 12% in March\n      - Costs down" in text
    assert "  Notes: Mention the office." in text
    assert "Slide 3: layout title_only (Title Only)" in text
    assert "Layouts add_slides and manage_slides take: blank, title, title_content" in text


def test_a_long_deck_comes_in_parts_that_say_where_to_go_on(tools, impress):
    draw_pages = impress.getDrawPages()
    for number in range(1, 120):
        page = draw_pages.insertNewByIndex(draw_pages.getCount() - 1)
        page.Layout = 1
        page.getByIndex(0).setString("Slide title %d " % number + "words " * 20)
        page.getByIndex(1).setString("\n".join("point %d of slide %d with some words" % (k, number)
                                               for k in range(6)))
    first = tools.ok("get_presentation").content
    assert "continue with from_slide=" in first and len(first) < 16000
    following = int(first.rsplit("from_slide=", 1)[1].split(".")[0])
    second = tools.ok("get_presentation", from_slide=following).content
    assert second.startswith("Slide %d:" % following)
    assert "Presentation:" not in second  # the header comes with the first part only
    assert tools.ok("get_presentation", from_slide=120, to_slide=120).content.startswith("Slide 120:")


@pytest.mark.parametrize("arguments, refusal", [
    ({"from_slide": 4}, "There is no slide 4: the document has 3."),
    ({"from_slide": 3, "to_slide": 2}, "to_slide (2) is before from_slide (3)."),
])
def test_refusals(tools, deck, arguments, refusal):
    assert refusal in tools.fails("get_presentation", **arguments).content


def test_a_drawing_says_which_shapes_a_connector_joins(office, draw):
    import uno
    page = pages(draw)[0]
    boxes = []
    for x, label in ((1000, "Start"), (9000, "Finish")):
        box = draw.createInstance("com.sun.star.drawing.RectangleShape")
        page.add(box)
        box.setPosition(uno.createUnoStruct("com.sun.star.awt.Point", x, 2000))
        box.setSize(uno.createUnoStruct("com.sun.star.awt.Size", 4000, 2000))
        box.setString(label)
        boxes.append(box)
    connector = draw.createInstance("com.sun.star.drawing.ConnectorShape")
    page.add(connector)
    connector.StartShape, connector.EndShape = boxes
    text = Tools(office, draw).ok("get_presentation").content
    assert text.startswith("Drawing: 1 page, 21 x 29.7 cm each.")
    assert "  [1] rectangle at 1, 2 cm, 4 x 2 cm: Start" in text and ": Finish" in text
    assert "  [3] connector" in text and "from [1] to [2]" in text
    assert "Layouts" not in text and "Notes" not in text


@pytest.mark.parametrize("name, expected", [
    ("python-pptx-notes.pptx", ["Notes:"]),
    ("python-pptx-placeholders.pptx", ["table", "chart", "image"]),
    ("python-pptx-groupshape.pptx", ["group"]),
    ("odfpy-ol.odp", ["- "]),
    ("python-pptx-cht-charts.pptx", ["[1] chart at 4.23, 3.88 cm, 16.93 x 11.29 cm"]),
    ("python-pptx-tbl-cell.pptx", ["4 rows x 4 columns, first row: having custom margins", "first row: a | b | c"]),
    ("python-pptx-shp-picture.pptx", ["[1] image at 5.63, 8.54 cm", "'python-powered.png'"]),
    ("python-pptx-shp-connector-props.pptx", ["[1] connector at 2.54, 2.54 cm", "'python-icon.jpeg'"]),
])
def test_decks_written_by_others(open_corpus, office, name, expected):
    doc = open_corpus(name)
    text = Tools(office, doc).ok("get_presentation").content
    assert text.startswith("Presentation:")
    for words in expected:
        assert words in text, (words, text[:3000])


def test_reading_changes_nothing_and_needs_no_undo_step(tools, deck):
    before = deck.getUndoManager().getAllUndoActionTitles()
    tools.ok("get_presentation")
    assert deck.getUndoManager().getAllUndoActionTitles() == before and not deck.isModified()

