"""Markdown outlines read as slides: titles, bullets and levels, notes, layouts, refusals."""
import pytest

from marginalia.core.slides.outline import BodyLine, OutlineError, parse_outline


def test_titles_start_slides_and_bullets_with_their_levels_make_the_body():
    slides = parse_outline("# Results\n- Revenue up\n  - by 12% in March\n    - mostly tea\n- Costs down\n"
                           "# Next steps\nWe hire two engineers.\n1. First\n2. Second\n")
    assert [s.title for s in slides] == ["Results", "Next steps"]
    assert slides[0].body == [BodyLine("Revenue up", 0), BodyLine("by 12% in March", 1), BodyLine("mostly tea", 2),
                              BodyLine("Costs down", 0)]
    assert slides[1].body == [BodyLine("We hire two engineers.", 0), BodyLine("First", 0), BodyLine("Second", 0)]


def test_a_notes_paragraph_runs_to_the_next_title_and_a_layout_line_names_the_layout():
    slides = parse_outline("# Intro\nLayout: title\nSales team\nNotes: Say hello.\n\nThen the agenda.\n\n"
                           "# Plan\n* **Bold** step\n\tsub with a tab\nnotes:\n- keep the bullets\n")
    assert slides[0].layout == "title" and slides[0].body == [BodyLine("Sales team")]
    assert slides[0].notes == "Say hello.\n\nThen the agenda."
    assert slides[1].layout is None and slides[1].body == [BodyLine("**Bold** step"), BodyLine("sub with a tab")]
    assert slides[1].notes == "- keep the bullets"


def test_a_layout_line_after_the_body_is_body_text_and_a_closing_hash_is_dropped():
    slides = parse_outline("# Title #\n- point\nLayout: blank\n")
    assert slides[0].title == "Title" and slides[0].layout is None
    assert slides[0].body == [BodyLine("point"), BodyLine("Layout: blank")]


@pytest.mark.parametrize("outline, words", [
    ("", "has no slide"),
    ("- a bullet first\n# Then a title", "must start with a slide title"),
    ("## Only a subheading", "must start with a slide title"),
])
def test_outlines_without_a_first_title_are_refused(outline, words):
    with pytest.raises(OutlineError) as refusal:
        parse_outline(outline)
    assert words in str(refusal.value)


def test_deep_indents_stop_at_the_last_level():
    slides = parse_outline("# T\n" + " " * 40 + "- deep\n")
    assert slides[0].body == [BodyLine("deep", 8)]
