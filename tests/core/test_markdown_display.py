"""Markdown shown as readable styled text in the transcript, rendered as it streams."""
import random

import pytest

from marginalia.core.chat.transcript import Transcript
from marginalia.core.text.markdown_display import MAX_LINE, MarkdownStream, Span, render_display



class Mirror:
    """A text field stand-in: applies edits by UTF-16 offsets, as the office's controls do."""

    def __init__(self):
        self.units = ""

    def apply(self, edit):
        data = self.units.encode("utf-16-le")
        self.units = (data[:edit.start * 2] + edit.text.encode("utf-16-le") + data[edit.end * 2:]).decode("utf-16-le")


def styled(display):
    return [(display.text[s.start:s.end], s.style) for s in display.spans]


def test_readable_text_and_styles():
    shown = render_display("## Title *x*\n\nSome **bold**, `code`, ~~old~~ and [a link](http://e.org).\n")
    assert shown.text == "Title x\n\nSome bold, code, old and a link."
    assert styled(shown) == [("Title ", "heading"), ("x", "heading+italic"), ("bold", "bold"), ("code", "code"),
                             ("old", "strike"), ("a link", "link")]


def test_lists_quotes_code_rules_and_task_boxes():
    shown = render_display("- a\n- [x] done\n  1. one\n  2. two\n\n> quoted\n\n```\nx = 1\n```\n\n---\n")
    assert shown.text == ("\u2022 a\n\u2022 \u2611 done\n  1. one\n  2. two\n\n\u2502 quoted\n\nx = 1\n\n"
                          + "\u2500" * 24)
    assert ("x = 1", "code") in styled(shown)


def test_tables_become_aligned_monospace_text_and_ragged_rows_are_padded():
    shown = render_display("| a | long header |\n|:-:|---:|\n| wide cell |\n| b | 2 |\n")
    assert shown.text.split("\n") == ["    a     \u2502 long header", "\u2500" * 10 + "\u253c" + "\u2500" * 12,
                                      "wide cell \u2502", "    b     \u2502           2"]
    assert styled(shown)[0] == (shown.text.split("\n")[0], "bold+code")


def test_long_lines_are_broken_and_spans_follow():
    shown = render_display("x" * (MAX_LINE + 10) + " **end**")
    first, second = shown.text.split("\n")
    assert len(first) == MAX_LINE and second.endswith("x end")
    assert styled(shown) == [("end", "bold")]


SOURCES = [
    "# Plan\n\nSome **bold** words and `code`.\n\n1. First\n2. Second\n   - inner\n\n```py\nx = 1\n\ny = 2\n```\n\nEnd.",
    "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nafter the table with a sentence long enough to go fast",
    "A paragraph that is long enough to settle, then **bold** and _under_score_ and *it*alic words here\n"
    "and a second line of the same paragraph\n===\n\nnext",
    "- item one with plenty of words to settle\n\n  continued paragraph in the item\n\n- item two\n\nplain",
    "Words words words words words &amp; more words &copy; and <b>raw bold</b> then plain words again",
    "A long line of text that ends with an autolink <https://e.org/x> and then more words follow it",
]


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("size", [1, 2, 5, 17])
def test_streaming_shows_what_rendering_the_whole_source_shows(source, size):
    stream = MarkdownStream()
    for start in range(0, len(source), size):
        stream.feed(source[start:start + size])
    assert stream.display == render_display(source)


def test_random_pieces_stream_to_the_same_display():
    rng = random.Random(17)
    pieces = ["word ", "words ", "more text ", "**", "*", "_", "`", "\n", "\n\n", "# ", "- ", "1. ", "> ", "|",
              "---", "```", "[a]", "(http://e.org)", "&amp;", "<b>", "</b>", "  ", "x", "\u00e9t\u00e9 ", ".", ","]
    for _ in range(300):
        source = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 60)))
        if "```" in source or "\n    " in source:
            continue  # fences and indented code across blank lines are cut as separate blocks
        stream = MarkdownStream()
        position = 0
        while position < len(source):
            step = rng.randint(1, 8)
            stream.feed(source[position:position + step])
            position += step
        assert stream.display == render_display(source), repr(source)


def test_plain_words_continue_without_parsing_again():
    stream = MarkdownStream()
    stream.feed("A paragraph long enough to settle its block: ")
    before = stream.display
    stream.feed("more words")
    assert stream.display.text == before.text + " more words"
    stream.feed(" *x*")
    assert stream.display.text.endswith("more words x") and styled(stream.display) == [("x", "italic")]


def test_plain_words_past_the_longest_line_break_as_a_whole_rendering_does():
    stream = MarkdownStream()
    words = ("the quick brown fox jumps over the lazy dog " * 40)[:997]
    for _ in range(30):
        stream.feed(words)
    assert stream.display == render_display(words * 30)
    assert max(len(line) for line in stream.display.text.split("\n")) == MAX_LINE


def test_random_input_streamed_a_character_at_a_time_shows_what_one_whole_rendering_shows():
    rng = random.Random(5)
    alphabet = "#*_`[]()<>!|-+.:\\\n \t&;~=x1"
    for _ in range(300):
        source = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80)))
        stream = MarkdownStream()
        for char in source:
            stream.feed(char)
        assert stream.display == render_display(source), source


# the transcript ---------------------------------------------------------------------
def mirrored():
    transcript, mirror = Transcript(markdown_kinds=("answer",)), Mirror()
    transcript.subscribe(mirror.apply)
    return transcript, mirror


def test_an_answer_segment_shows_the_rendering_and_keeps_the_source():
    transcript, mirror = mirrored()
    transcript.add("user", "You", "Plan **it**")
    answer = transcript.add("answer", "Marginalia")
    source = "# Plan\n\nSome **bold** \u00e9t\u00e9 \U0001F600 words.\n\n- a\n- b\n"
    for char in source:
        transcript.append(answer, char)
    assert transcript.text() == "You\nPlan **it**\n\nMarginalia\nPlan\n\nSome bold \u00e9t\u00e9 \U0001F600 words.\n\n" \
                                "\u2022 a\n\u2022 b"
    assert mirror.units == transcript.text()
    assert transcript.body(answer) == source
    assert transcript.segments()[1] == ("answer", "Marginalia", source)


def test_edits_carry_utf16_spans_relative_to_their_text():
    transcript, _ = mirrored()
    edits = []
    transcript.subscribe(edits.append)
    answer = transcript.add("answer", "A")
    transcript.append(answer, "\U0001F600 **b")
    transcript.append(answer, "old**")
    last = edits[-1]
    rendered = last.text
    assert rendered.endswith("bold")
    span = last.spans[-1]
    assert span.style == "bold" and rendered.encode("utf-16-le")[span.start * 2:span.end * 2].decode("utf-16-le") \
        == "bold"


def test_collapse_replace_restore_and_runs_of_an_answer():
    transcript, mirror = mirrored()
    answer = transcript.add("answer", "Marginalia", "**a** b")
    transcript.add("notice", "Note", "later")
    transcript.collapse(answer, "(hidden)")
    transcript.append(answer, " *c*")
    transcript.expand(answer)
    assert mirror.units == transcript.text() == "Marginalia\na b c\n\nNote\nlater"
    transcript.replace_body(answer, "`x`")
    assert mirror.units == transcript.text() == "Marginalia\nx\n\nNote\nlater"
    runs = transcript.styled_runs()
    assert runs[1] == ("x", "answer", "body", (Span(0, 1, "code"),))
    restored, mirror2 = mirrored()
    restored.restore(transcript.segments())
    assert restored.text() == transcript.text() and restored.styled_runs() == runs


def test_other_kinds_stay_plain_text():
    transcript, _ = mirrored()
    user = transcript.add("user", "You", "**not** rendered")
    assert transcript.text() == "You\n**not** rendered" and transcript.body(user) == "**not** rendered"


def test_rendering_again_resolves_a_reference_defined_in_a_later_block():
    transcript, mirror = mirrored()
    answer = transcript.add("answer", "A")
    for piece in ["See [the docs][1] for more.\n\n", "Another paragraph.\n\n", "[1]: https://e.org/docs\n"]:
        transcript.append(answer, piece)
    assert transcript.text() == "A\nSee [the docs][1] for more.\n\nAnother paragraph."  # streamed block by block
    transcript.render_again(answer)
    assert mirror.units == transcript.text() == "A\nSee the docs for more.\n\nAnother paragraph."
    assert transcript.styled_runs()[1][3] == (Span(4, 12, "link"),)
