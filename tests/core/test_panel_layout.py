"""The panel layout fills the width, never overlaps, and keeps every control visible."""
import pytest

from marginalia.core.chat.panel_layout import Metrics, layout, preferred_height


def overlaps(a, b):
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


@pytest.mark.parametrize("width", [250, 251, 300, 417, 600, 1000])
@pytest.mark.parametrize("metrics", [Metrics(), Metrics(row=36, status=24, top_button_width=40,
                                                         status_side_width=95)])
def test_controls_fit_and_do_not_overlap(width, metrics):
    height = preferred_height(metrics) + 100
    rects = layout(width, height, metrics=metrics)
    assert set(rects) == {"model", "settings", "transcript", "status", "show_thinking", "input", "send", "stop",
                          "clear", "revert", "insert"}
    for name, r in rects.items():
        assert r.x >= 0 and r.y >= 0 and r.x + r.width <= width and r.y + r.height <= height, name
        assert r.width > 0 and r.height > 0, name
    names = list(rects)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlaps(rects[a], rects[b]), (a, b)
    assert rects["send"].height == metrics.row


def test_transcript_takes_the_extra_height():
    small = layout(300, preferred_height())
    tall = layout(300, preferred_height() + 250)
    assert tall["transcript"].height - small["transcript"].height == 250
    assert tall["send"].y + tall["send"].height == preferred_height() + 250 - 6


def test_narrower_than_minimum_is_laid_out_at_minimum():
    assert layout(100, 500)["transcript"].width == layout(250, 500)["transcript"].width


def test_buttons_wrap_onto_two_rows_when_their_text_does_not_fit():
    metrics = Metrics(row=36, button_widths=(("send", 69), ("stop", 69), ("clear", 69), ("revert", 75)))
    narrow = layout(250, 600, metrics=metrics)
    assert narrow["send"].y == narrow["stop"].y == narrow["clear"].y < narrow["revert"].y
    for name, need in metrics.button_widths:
        assert narrow[name].width >= need
    wide = layout(400, 600, metrics=metrics)
    assert len({wide[n].y for n in ("send", "stop", "clear", "revert")}) == 1
    assert preferred_height(metrics, 250) == preferred_height(metrics, 400) + 36 + 4


def test_a_status_too_long_for_its_box_wraps_onto_a_second_line():
    from marginalia.core.chat.panel_layout import lines_for_status, status_width
    metrics = Metrics(status=20, status_line=16, status_side_width=84)
    box = status_width(250, metrics)
    assert layout(250, 600, metrics=metrics)["status"].width == box
    assert lines_for_status(box, 250, metrics) == 1 and lines_for_status(box + 1, 250, metrics) == 2
    assert lines_for_status(box + 1, 600, metrics) == 1  # a wider panel has room for it on one line
    one, two = layout(250, 600, metrics=metrics), layout(250, 600, metrics=metrics, status_lines=2)
    assert two["status"].height == one["status"].height + 16
    assert two["transcript"].height == one["transcript"].height - 16  # the transcript gives the room
    assert two["input"].y == one["input"].y and two["send"].y == one["send"].y
    names = list(two)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlaps(two[a], two[b]), (a, b)
    assert preferred_height(metrics, 250, status_lines=2) == preferred_height(metrics, 250) + 16


def test_a_long_label_gets_its_width_when_an_even_split_would_cut_it():
    """German: "Leeren" is short, "Zurücknehmen" is long; they share a row at 250 px."""
    metrics = Metrics(row=36, button_widths=(("send", 100), ("stop", 100), ("clear", 60), ("revert", 126)))
    rects = layout(250, 700, metrics=metrics)
    for name, need in metrics.button_widths:
        assert rects[name].width >= need, (name, rects[name])
        assert rects[name].x + rects[name].width <= 250 - 6
    same_row = [n for n in ("send", "stop", "clear", "revert") if rects[n].y == rects["revert"].y]
    assert len(same_row) >= 2 and not overlaps(rects[same_row[0]], rects[same_row[1]])
    even = layout(400, 700, metrics=Metrics(row=36, button_widths=(("send", 50), ("stop", 50), ("clear", 50),
                                                                  ("revert", 60))))
    assert len({even[n].width for n in ("send", "stop", "clear", "revert")}) == 1  # labels fit: equal widths
