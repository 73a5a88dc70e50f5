"""Edit/Extend Selection prompts and the cleaning of the streamed text."""
import random

import pytest

from marginalia.core.agent.selection_prompts import StreamCleaner, edit_messages, extend_messages

CASES = [
    ("Plain answer.", "", "Plain answer."),
    ("\n\n  Leading blanks.\n", "", "Leading blanks."),
    ("```\nFenced text\nsecond line\n```\n", "", "Fenced text\nsecond line"),
    ("```markdown\nFenced\n```", "", "Fenced"),
    ("continues here", "The text", " continues here"),
    ("continues here", "The text ", "continues here"),
    ("  spaced", "ends with space ", "spaced"),
    (", and more", "word", ", and more"),
    ("Use `code` inline.", "", "Use `code` inline."),
    ("Line one\n\nLine two  \n\n", "", "Line one\n\nLine two"),
    ("", "x", ""),
    ("```", "", ""),
]


@pytest.mark.parametrize("text, before, expected", CASES)
def test_whole_text(text, before, expected):
    cleaner = StreamCleaner(before)
    assert cleaner.feed(text) + cleaner.finish() == expected


@pytest.mark.parametrize("text, before, expected", CASES)
def test_every_chunking_gives_the_same_text(text, before, expected):
    rng = random.Random(len(text))
    for _ in range(60):
        cleaner = StreamCleaner(before)
        out, index = [], 0
        while index < len(text):
            step = rng.randint(1, 4)
            out.append(cleaner.feed(text[index:index + step]))
            index += step
        out.append(cleaner.finish())
        assert "".join(out) == expected, (text, out)


def test_text_is_released_while_streaming_not_only_at_the_end():
    cleaner = StreamCleaner()
    released = cleaner.feed("Hello world, this is a ") + cleaner.feed("long answer ")
    assert released.startswith("Hello world, this is a long answer")


def test_messages_carry_instruction_text_and_context():
    system, user = edit_messages("make it formal", "hey there", before="Intro.", after="Outro.")
    assert "resulting text only" in system["content"]
    assert "Instruction: make it formal" in user["content"] and user["content"].endswith("Text:\nhey there")
    assert "before it:\nIntro." in user["content"] and "after it:\nOutro." in user["content"]
    system, user = edit_messages("write a haiku", "")
    assert "at the cursor" in system["content"] and "Text:" not in user["content"]
    system, user = extend_messages("Once upon a time")
    assert "continuation only" in system["content"] and user["content"].endswith("Once upon a time")
