"""Every recorded stream assembles to its expected result, whatever the chunking.

Each recording is fed whole, in every piece size from 1 to 16 bytes, and in seeded random
chunkings; the events must also add up to the final message.
"""
import random

import pytest

from marginalia.core.stream.assembler import StreamAssembler
from marginalia.core.loop.messages import (ContentDelta, ReasoningDelta, StreamFinished, ToolCallArgumentsDelta,
    ToolCallStarted)
from replay_stream import result_to_json
from support import stream_recordings as rec

CHAT = rec.chat_recordings()
RESPONSES = rec.responses_recordings()
SPLITS = [0] + list(range(1, 17))


def _pieces(body, split):
    if not split:
        return [body]
    return [body[i:i + split] for i in range(0, len(body), split)]


def _random_pieces(body, seed):
    rng = random.Random(seed)
    pieces, start = [], 0
    while start < len(body):
        size = rng.choice((1, 2, 3, rng.randint(1, 64), rng.randint(1, 4096)))
        pieces.append(body[start:start + size])
        start += size
    return pieces


def _assemble(pieces, api):
    assembler = StreamAssembler(api)
    events = []
    for piece in pieces:
        events.extend(assembler.feed(piece))
    events.extend(assembler.close())
    return assembler.result(), events


def _check_events_match_message(events, result, api):
    message = result.message
    assert "".join(e.text for e in events if type(e) is ContentDelta) == message.content
    assert "".join(e.text for e in events if type(e) is ReasoningDelta) == message.reasoning
    started = [e for e in events if type(e) is ToolCallStarted]
    assert [e.index for e in started] == list(range(len(message.tool_calls)))
    if api == "chat":
        for call in message.tool_calls:
            streamed = "".join(e.delta for e in events
                               if type(e) is ToolCallArgumentsDelta and e.index == call.index)
            assert streamed == call.arguments_raw
    assert sum(type(e) is StreamFinished for e in events) == 1


def _check(name, api, pieces, mode):
    result, events = _assemble(pieces, mode)
    expected, error, done_seen = rec.expected_output(name, api)
    output = result_to_json(result)
    got_error = output.pop("error")
    if api == "responses":
        expected.pop("error")
        # summary parts are joined with a separator for display; the expected file has none
        assert "".join(output.pop("reasoning").split()) == "".join(expected.pop("reasoning").split())
    assert output == expected
    if error is True:
        assert got_error
    else:
        assert got_error == error
    if done_seen is not None:
        assert result.done_seen == done_seen
    _check_events_match_message(events, result, api)


@pytest.mark.parametrize("split", SPLITS)
@pytest.mark.parametrize("name", CHAT)
def test_chat_recording_assembles_in_any_split(name, split):
    _check(name, "chat", _pieces(rec.body(name), split), "auto")


@pytest.mark.parametrize("split", SPLITS)
@pytest.mark.parametrize("name", RESPONSES)
def test_responses_recording_assembles_in_any_split(name, split):
    _check(name, "responses", _pieces(rec.body(name, "responses"), split), "auto")


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", CHAT)
def test_chat_recording_assembles_in_random_chunkings(name, seed):
    _check(name, "chat", _random_pieces(rec.body(name), seed), "chat")


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", RESPONSES)
def test_responses_recording_assembles_in_random_chunkings(name, seed):
    _check(name, "responses", _random_pieces(rec.body(name, "responses"), seed), "responses")


def test_recordings_are_all_present():
    assert len(CHAT) >= 31 and len(RESPONSES) >= 5
    for name in CHAT:
        rec.raw_expected(name)
    for name in RESPONSES:
        rec.raw_expected(name, "responses")
