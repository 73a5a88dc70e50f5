"""Helpers for the tests of text-written tool-call formats (tests/core/tool_formats/).

:func:`check_recovered` runs the finished-message parser and the streaming filter, cut in
every way (whole, one character at a time, every split in two), and checks that the
filter shows exactly the parser's remaining text and never a piece of the call.
"""
import json

from marginalia.core.agent.text_tool_calls import TextToolCallFilter, parse_text_tool_calls


def calls_of(content, known):
    """``(remaining, [(name, arguments, arguments_raw, error)])`` for ``content``."""
    remaining, calls = parse_text_tool_calls(content, known)
    return remaining, [(c.name, c.arguments, c.arguments_raw, c.arguments_error) for c in calls]


def every_cut(text):
    yield [text]
    yield list(text)
    for cut in range(len(text) + 1):
        yield [text[:cut], text[cut:]]


def filtered(pieces, known):
    keeper = TextToolCallFilter(known)
    shown = [keeper.feed(piece) for piece in pieces]
    shown.append(keeper.flush())
    return "".join(shown)


def check_recovered(content, known, remaining, calls, hidden=()):
    """The parser finds ``calls`` (``(name, arguments)`` pairs) leaving ``remaining``; the
    filter shows that text in every chunking and none of the ``hidden`` strings."""
    got_remaining, got = calls_of(content, known)
    assert (got_remaining, [(name, arguments) for name, arguments, _, _ in got]) == (remaining, calls)
    for pieces in every_cut(content):
        shown = filtered(pieces, known)
        assert shown.strip() == remaining, pieces
        for text in hidden:
            assert text not in shown, (text, pieces)
    return got


def check_text(content, known):
    """Nothing is recovered and the filter shows ``content`` exactly, in every chunking."""
    assert parse_text_tool_calls(content, known) == (content, [])
    for pieces in every_cut(content):
        assert filtered(pieces, known) == content, pieces


def check_malformed(content, known, name, raw):
    """One call to ``name`` is recovered with its raw arguments and an explanation for the model."""
    remaining, calls = parse_text_tool_calls(content, known)
    assert [(c.name, c.arguments_raw, c.arguments) for c in calls] == [(name, raw, None)]
    assert name in calls[0].arguments_error and "Call the tool again" in calls[0].arguments_error
    return remaining


def args(**values):
    """Arguments as the parser returns them."""
    return json.loads(json.dumps(values))
