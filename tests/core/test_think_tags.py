"""ThinkTagSplitter: inline think blocks become reasoning, wherever the chunks are cut."""
import pytest

from marginalia.core.stream.think_tags import ThinkTagSplitter


def _split(pieces):
    splitter = ThinkTagSplitter()
    segments = []
    for piece in pieces:
        segments.extend(splitter.feed(piece))
    segments.extend(splitter.flush())
    answer = "".join(text for is_reasoning, text in segments if not is_reasoning)
    thinking = "".join(text for is_reasoning, text in segments if is_reasoning)
    return answer, thinking


def _every_cut(text):
    yield [text]
    yield list(text)
    for cut in range(len(text) + 1):
        yield [text[:cut], text[cut:]]


@pytest.mark.parametrize("text, expected", [
    ("<think>plan</think>\n\nAnswer", ("Answer", "plan")),
    ("<thought>plan</thought>Answer", ("Answer", "plan")),
    ("Before <think>a</think> after", ("Before after", "a")),
    ("no tags at all", ("no tags at all", "")),
    ("a < b and c > d", ("a < b and c > d", "")),
    ("<thin>not a tag</thin>", ("<thin>not a tag</thin>", "")),
    ("<think>unclosed reasoning", ("", "unclosed reasoning")),
    ("<think>a</think><think>b</think>c", ("c", "ab")),
    ("<think>x</thought>y</think>z", ("z", "x</thought>y")),
])
def test_think_blocks_split_in_every_chunking(text, expected):
    for pieces in _every_cut(text):
        assert _split(pieces) == expected, pieces


def test_plain_text_leaves_splitter_idle():
    splitter = ThinkTagSplitter()
    assert splitter.feed("hello") == [(False, "hello")]
    assert splitter.idle


def test_possible_tag_start_is_held_back_until_known():
    splitter = ThinkTagSplitter()
    assert splitter.feed("x <thi") == [(False, "x ")]
    assert not splitter.idle
    assert splitter.pending() == [(False, "<thi")]
    assert splitter.feed("s") == [(False, "<this")]
    assert splitter.idle


def test_whitespace_only_after_block_is_dropped():
    assert _split(["<think>a</think>", "\n", "\n", "  ", "B"]) == ("B", "a")
