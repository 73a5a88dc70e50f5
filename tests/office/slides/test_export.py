"""export_presentation: a PDF of all or some slides, a slide as PNG, beside the file or where asked; refusals."""
import os
import re

import pytest
from slides_docs import Tools, state


def pdf_pages(path):
    """How many pages a PDF has (its page objects)."""
    with open(path, "rb") as handle:
        return len(re.findall(rb"/Type\s*/Page[^s]", handle.read()))


def test_all_slides_as_pdf_and_one_slide_as_png(tools, deck, tmp_path):
    before = state(deck)
    pdf = str(tmp_path / "deck.pdf")
    outcome = tools.ok("export_presentation", format="pdf", path=pdf)
    assert outcome.content.startswith("Exported all slides to %s (" % pdf)
    assert open(pdf, "rb").read(5) == b"%PDF-" and pdf_pages(pdf) == 3
    png = str(tmp_path / "slide2.png")
    outcome = tools.ok("export_presentation", format="png", path=png, slide=2, width_px=640)
    assert outcome.content.startswith("Exported slide 2 (640 x 360 pixels) to %s" % png)
    with open(png, "rb") as handle:
        head = handle.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(head[16:20], "big") == 640
    assert state(deck) == before and not deck.isModified()


def test_a_range_of_slides_and_the_default_place_beside_the_file(office, tools, deck, tmp_path):
    import uno
    saved = str(tmp_path / "Review.odp")
    deck.storeAsURL(uno.systemPathToFileUrl(saved), ())
    one = tools.ok("export_presentation", format="pdf", slide=2, to_slide=3)
    assert "Exported slides 2–3 to %s" % str(tmp_path / "Review.pdf") in one.content
    assert pdf_pages(str(tmp_path / "Review.pdf")) == 2
    picture = tools.ok("export_presentation", format="png", slide=3)
    assert str(tmp_path / "Review-slide3.png") in picture.content
    assert os.path.exists(tmp_path / "Review-slide3.png")


@pytest.mark.parametrize("arguments, refusal", [
    ({"format": "pdf"}, "has not been saved yet"),
    ({"format": "pdf", "path": "deck.pdf"}, "is relative"),
    ({"format": "png", "path": "/tmp/x.pdf"}, "must end with .png"),
    ({"format": "pdf", "path": "/nonexistent/folder/x.pdf"}, "does not exist"),
    ({"format": "png", "path": "/tmp/x.png", "slide": 9}, "there is no slide 9"),
    ({"format": "png", "path": "/tmp/x.png", "slide": 1, "to_slide": 2}, "to_slide goes with format pdf"),
])
def test_refusals(tools, deck, arguments, refusal):
    assert refusal in tools.fails("export_presentation", **arguments).content


def test_an_existing_file_is_kept_unless_overwrite(tools, deck, tmp_path):
    path = tmp_path / "kept.pdf"
    path.write_bytes(b"mine")
    assert "exists already" in tools.fails("export_presentation", format="pdf", path=str(path)).content
    assert path.read_bytes() == b"mine"
    tools.ok("export_presentation", format="pdf", path=str(path), overwrite=True)
    assert path.read_bytes()[:5] == b"%PDF-"


def test_a_drawing_and_a_deck_written_by_others(office, draw, open_corpus, tmp_path):
    assert "Exported page 1" in Tools(office, draw).ok("export_presentation", format="png",
                                                       path=str(tmp_path / "d.png")).content
    doc = open_corpus("python-pptx-placeholders.pptx")
    Tools(office, doc).ok("export_presentation", format="pdf", path=str(tmp_path / "p.pdf"))
    assert (tmp_path / "p.pdf").stat().st_size > 1000
