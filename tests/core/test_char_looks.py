"""Character and paragraph formatting in words (reads, searches by formatting) and the spaces formatting reaches."""
import pytest

from marginalia.core.text.char_looks import Look, criteria, language_tag, look_words, marked_text, tags, usual_look
from marginalia.core.text.paragraph_looks import ParagraphLook, paragraph_words
from marginalia.core.text.spaces import is_spaces, space_runs, widen

BODY = Look(font="Liberation Serif", size=12.0, language="en-US")


def test_a_run_is_marked_with_what_sets_it_apart_in_format_text_s_words():
    italic = Look(italic=True, font="Liberation Serif", size=12.0, language="en-US")
    blue = Look(font="Liberation Serif", size=12.0, language="en-US", color=0x0000FF)
    lowered = Look(font="Liberation Serif", size=12.0, language="en-US", position="subscript")
    runs = [("An ", BODY), ("italic", italic), (" word, H", BODY), ("2", lowered), ("O, ", BODY), ("blue", blue),
            (" and", blue), (".", BODY)]
    assert marked_text(runs, BODY) == ("An [italic]{italic} word, H[2]{subscript}O, [blue and]{color #0000FF blue}.")


@pytest.mark.parametrize("look, expected", [
    (Look(bold=True, underline="double", strikethrough="single"), ["bold", "underline double", "strikethrough"]),
    (Look(caps="small caps", highlight=0xFFFF00), ["small caps", "highlight #FFFF00 yellow"]),
    (Look(font="Arial", size=14.0, color=0x2A6099), ["font Arial", "14 pt", "color #2A6099 (a blue)"]),
    (Look(char_style="Emphasis", language="de-DE", link="https://example.org"),
     ["style Emphasis", "language de-DE", "link https://example.org"]),
])
def test_tags_name_every_format(look, expected):
    assert tags(look, Look()) == expected


def test_what_a_run_lacks_is_said_too():
    heading = Look(bold=True, font="Liberation Sans", size=18.0, color=0xFF0000)
    assert tags(Look(font="Liberation Sans", size=18.0), heading) == ["not bold", "color automatic"]


def test_the_usual_look_is_that_of_most_characters_format_by_format():
    bold_big = Look(bold=True, size=14.0)
    assert usual_look([("a long plain stretch", Look(size=12.0)), ("bold", bold_big)]) == Look(size=12.0)
    assert usual_look([], fallback=bold_big) == bold_big
    assert look_words(Look(bold=True, font="Liberation Sans", size=18.0), BODY) == "Liberation Sans 18 pt, bold, " \
                                                                                  "language default"


@pytest.mark.parametrize("wanted, look, found", [
    (dict(italic=True), Look(italic=True), True),
    (dict(italic=True), Look(), False),
    (dict(color="blue"), Look(color=0x2A6099), True),  # LibreOffice's palette blue is a blue
    (dict(color="Blue"), Look(color=0x000080), True),
    (dict(color="blue"), Look(), False),
    (dict(color="#2A6099"), Look(color=0x0000FF), False),  # a code is exactly that colour
    (dict(color="navy"), Look(color=0x000080), True),
    (dict(color="automatic"), Look(), True),
    (dict(highlight=True), Look(highlight=0x00FF00), True),
    (dict(highlight="yellow"), Look(highlight=0xFFBF00), True),
    (dict(highlight=False), Look(highlight=0xFFFF00), False),
    (dict(underline=True), Look(underline="wave"), True),
    (dict(underline="double"), Look(underline="single"), False),
    (dict(font="arial", font_size=10.5), Look(font="Arial", size=10.5), True),
    (dict(position="subscript"), Look(position="subscript"), True),
    (dict(caps="small caps", bold=False), Look(caps="small caps", bold=True), False),
])
def test_criteria_match_runs(wanted, look, found):
    assert criteria(**wanted).match(look) is found


def test_criteria_say_what_they_look_for_and_refuse_what_does_not_exist():
    assert criteria(italic=True, color="blue").words() == "italic, color blue (any shade of blue)"
    assert criteria(highlight=True, font_size=14).words() == "14 pt, highlighted"
    assert not criteria().given()
    for wrong, message in ((dict(underline="zigzag"), "underline must be"), (dict(color="blurple"), "unknown colour"),
                           (dict(position="lowered"), "position must be one of")):
        with pytest.raises(ValueError, match=message):
            criteria(**wrong)


def test_language_tags():
    assert language_tag("en", "GB", "") == "en-GB"
    assert language_tag("zxx", "", "") == "none"
    assert language_tag("qlt", "RS", "sr-Latn-RS") == "sr-Latn-RS"


def test_a_paragraph_s_layout_is_said_only_where_it_is_not_plain():
    assert paragraph_words(ParagraphLook(style="Text body")) == ["Text body"]
    assert paragraph_words(ParagraphLook(style="Heading 1", outline_level=1, above=423, below=212)) == [
        "Heading 1", "12 pt above", "6 pt below"]
    assert paragraph_words(ParagraphLook(style="Standard", alignment=2, line_height=150, left=1000, first_line=-500,
                                         outline_level=2, page_break="before")) == [
        "Standard", "outline level 2", "justified", "line spacing 1.5", "left indent 1 cm", "hanging indent 0.5 cm",
        "page break before"]
    assert paragraph_words(ParagraphLook(line_mode=3, line_height=494)) == ["line height exactly 14 pt"]


def test_spaces_alone_and_at_the_edges_of_a_text():
    source = "Ask Ann  before\u00a0Friday.\nNext"
    assert is_spaces("  ") and not is_spaces("") and not is_spaces(" a ")
    assert space_runs(source) == [(3, 4), (7, 9), (15, 16)]
    assert widen(source, 4, 7, "Ann ") == (4, 9)
    assert widen(source, 4, 7, " Ann") == (3, 7)
    assert widen(source, 16, 23, "Friday. ") == (16, 23)  # a paragraph break is not a space to widen over


def test_start_alignment_is_plain_and_end_alignment_is_said():
    """LibreOffice 26.8 aligns a plain paragraph to the line's start (ParaAdjust 5) and offers the end (6)."""
    assert paragraph_words(ParagraphLook(style="Text body", alignment=5)) == ["Text body"]
    assert paragraph_words(ParagraphLook(style="Text body", alignment=6)) == ["Text body", "aligned to the line's end"]
