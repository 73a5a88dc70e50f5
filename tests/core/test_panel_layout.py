"""The panel layout fills the width, never overlaps, and keeps every control visible."""
import pytest

from marginalia.core.panel_layout import Metrics, layout, preferred_height


def overlaps(a, b):
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


@pytest.mark.parametrize("width", [250, 251, 300, 417, 600, 1000])
@pytest.mark.parametrize("metrics", [Metrics(), Metrics(row=36, status=24)])
def test_controls_fit_and_do_not_overlap(width, metrics):
    height = preferred_height(metrics) + 100
    rects = layout(width, height, buttons=["send", "stop", "clear"], top_buttons=["settings"], metrics=metrics)
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
