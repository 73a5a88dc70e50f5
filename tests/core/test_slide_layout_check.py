"""The layout check of a slide from geometry: overflowing text, shapes off the slide, overlaps."""
from marginalia.core.slides.layout_check import Placed, problems

WIDTH, HEIGHT = 28000, 15750


def test_a_tidy_slide_has_no_problems():
    title = Placed(1, "title", 1400, 600, 25200, 2600, text_height=1500)
    body = Placed(2, "body", 1400, 3700, 25200, 9100, text_height=6000, shrinks=True)
    assert problems([title, body], WIDTH, HEIGHT) == []


def test_text_that_needs_more_height_than_its_box():
    shrinking = Placed(2, "body", 1400, 3700, 25200, 9100, text_height=31500, shrinks=True)
    spilling = Placed(3, "text box", 1000, 1000, 5000, 1000, text_height=3000)
    assert problems([shrinking, spilling], WIDTH, HEIGHT) == [
        "[2] body: its text needs 31.5 cm of height, the box has 9.1 cm; LibreOffice shrinks the text to about 28% "
        "to fit",
        "[3] text box: its text needs 3 cm of height, the box has 1 cm; the text runs out of the box"]


def test_shapes_beyond_the_edges_and_off_the_slide():
    wide = Placed(1, "image", 20000, 14000, 10000, 3000)
    gone = Placed(2, "shape", 30000, 1000, 1000, 1000)
    just = Placed(3, "shape", -50, 0, 1000, 1000)  # within a millimetre
    assert problems([wide, gone, just], WIDTH, HEIGHT) == [
        "[1] image reaches beyond the slide: 2 cm past the right edge, 1.25 cm past the bottom edge",
        "[2] shape is off the slide (at 30, 1 cm)"]


def test_overlaps_but_not_lines_empty_placeholders_backgrounds_or_slight_touches():
    body = Placed(1, "body", 1000, 1000, 10000, 8000)
    picture = Placed(2, "image", 8000, 6000, 6000, 4000)
    line = Placed(3, "connector", 0, 0, 20000, 10000)
    empty = Placed(4, "subtitle", 1000, 1000, 10000, 8000, empty=True)
    background = Placed(5, "image", 0, 0, WIDTH, HEIGHT)
    touching = Placed(6, "text box", 10950, 1000, 3000, 1000)
    assert problems([body, picture, line, empty, background, touching], WIDTH, HEIGHT) == [
        "[1] body and [2] image overlap (3 x 3 cm)"]
