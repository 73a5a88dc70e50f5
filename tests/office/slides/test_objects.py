"""insert_object: images from a file or a data: URL, tables and charts from Markdown; placement; refusals; undo."""
import base64
import struct
import zlib

import pytest
from slides_docs import Tools, kind, pages, shapes, state

from marginalia.ui.office.undo import DocumentUndo

TABLE = "| Region | Sales |\n|---|---|\n| North | 120 |\n| South | 80 |"


def png(width, height):
    """A red PNG of ``width`` x ``height`` pixels."""
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))

    def chunk(name, data):
        return struct.pack(">I", len(data)) + name + data + struct.pack(">I", zlib.crc32(name + data) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def test_an_image_from_a_file_keeps_its_proportions_in_the_box(tools, deck, tmp_path):
    path = tmp_path / "logo.png"
    path.write_bytes(png(40, 20))
    outcome = tools.ok("insert_object", slide=3, kind="image", source=str(path), title="Our logo", x_cm=2, y_cm=4,
                       width_cm=10, height_cm=10)
    assert outcome.content.startswith("Inserted an image on slide 3 as shape [2] at 2, 6.5 cm, 10 x 5 cm.")
    picture = shapes(pages(deck)[2])[1]
    assert kind(picture) == "GraphicObjectShape" and picture.Description == "Our logo"


def test_an_image_from_a_data_url_into_the_empty_body(tools, deck):
    pages(deck)[1].getByIndex(1).setString("")  # the body is an empty placeholder now
    url = "data:image/png;base64," + base64.b64encode(png(10, 10)).decode()
    outcome = tools.ok("insert_object", slide=2, kind="image", source=url, into="body")
    assert "as shape [2]" in outcome.content
    assert [kind(s) for s in shapes(pages(deck)[1])] == ["TitleTextShape", "GraphicObjectShape"]


def test_a_table_and_a_chart_below_the_title(tools, deck):
    outcome = tools.ok("insert_object", slide=3, kind="table", source=TABLE)
    assert "Inserted a 3 x 2 table on slide 3 as shape [2]" in outcome.content
    model = shapes(pages(deck)[2])[1].Model
    assert (model.getRows().getCount(), model.getColumns().getCount()) == (3, 2)
    assert model.getCellByPosition(1, 2).getString() == "80"
    outcome = tools.ok("insert_object", slide=1, kind="chart", source="| | 2024 | 2025 |\n|--|--|--|\n| Tea | 3 | 4 |"
                       "\n| Cake | 5 | 6 |", chart_type="bar", title="Sales")
    assert "Inserted a bar chart of 2 series on slide 1 as shape [3]" in outcome.content
    chart = shapes(pages(deck)[0])[2].Model
    assert chart.getData().getRowDescriptions() == ("Tea", "Cake") and chart.getTitle().String == "Sales"
    assert chart.getData().getData() == ((3.0, 4.0), (5.0, 6.0)) and chart.getDiagram().Vertical


@pytest.mark.parametrize("arguments, refusal", [
    ({"kind": "image", "source": "https://example.org/a.png"}, "Images from the web are not fetched"),
    ({"kind": "image", "source": "logo.png"}, "is relative"),
    ({"kind": "image", "source": "/nonexistent/logo.png"}, "There is no file"),
    ({"kind": "image", "source": "data:image/png;base64,AAAA"}, "cannot read that image"),
    ({"kind": "table", "source": "no table here"}, "Give the table as Markdown rows"),
    ({"kind": "chart", "source": "| | Q1 |\n|--|--|\n| Tea | lots |"}, "is not a number"),
    ({"kind": "table", "source": TABLE, "into": "body"}, "is not an empty placeholder"),
    ({"kind": "table", "source": TABLE, "x_cm": 1}, "Give the whole box"),
])
def test_refusals_change_nothing(tools, deck, arguments, refusal):
    before = state(deck)
    assert refusal in tools.fails("insert_object", slide=2, **arguments).content
    assert state(deck) == before


def test_one_undo_step(tools, deck):
    before = state(deck)
    undo = DocumentUndo(deck)
    assert tools.run("insert_object", undo=undo, slide=2, kind="table", source=TABLE).ok
    assert tools.run("insert_object", undo=undo, slide=2, kind="chart", source=TABLE).ok
    after = state(deck)
    deck.getUndoManager().undo()
    assert state(deck) == before
    deck.getUndoManager().redo()
    assert state(deck) == after


def test_a_table_on_a_slide_of_a_deck_written_by_others_and_in_a_drawing(office, open_corpus, draw):
    doc = open_corpus("python-pptx-notes.pptx")
    assert "Inserted a 3 x 2 table on slide 1" in Tools(office, doc).ok("insert_object", slide=1, kind="table",
                                                                          source=TABLE).content
    assert "on page 1" in Tools(office, draw).ok("insert_object", slide=1, kind="table", source=TABLE).content
