"""A stream with several choices (``n`` > 1) follows choice 0 only; the others are counted in the log.

The stream below has the shape OpenAI's Chat Completions API streams ``n=2`` in (one choice per chunk, each
with its ``index``, a role chunk and a finish chunk per choice, then ``choices: []`` with the usage), as the
chunk lists of vercel/ai packages/openai/src/openai-chat-language-model.test.ts ("should stream text deltas",
2023 versions) show it; choice 1 also carries a tool call here, which must not leak into choice 0.
"""
import json
import logging

from marginalia.core.stream.accumulate import StreamState
from marginalia.core.stream.assembler import StreamAssembler
from marginalia.core.loop.messages import ContentDelta, ToolCallStarted


def _chunk(index, delta, finish=None):
    return {"id": "chatcmpl-123", "object": "chat.completion.chunk", "created": 1702657020,
            "model": "gpt-3.5-turbo-0613", "system_fingerprint": None,
            "choices": [{"index": index, "delta": delta, "finish_reason": finish}]}


TWO_CHOICES = [
    _chunk(0, {"role": "assistant", "content": ""}),
    _chunk(0, {"content": "Paris is"}),
    _chunk(1, {"role": "assistant", "content": ""}),
    _chunk(1, {"content": "Let me check."}),
    _chunk(0, {"content": " the capital."}),
    _chunk(1, {"tool_calls": [{"index": 0, "id": "call_b", "type": "function",
                               "function": {"name": "web_search", "arguments": "{\"q\": \"x\"}"}}]}),
    _chunk(0, {}, "stop"),
    _chunk(1, {}, "tool_calls"),
    {"id": "chatcmpl-123", "object": "chat.completion.chunk", "choices": [],
     "usage": {"prompt_tokens": 9, "completion_tokens": 12, "total_tokens": 21}},
]


def _body(chunks):
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


def test_only_choice_0_is_assembled_and_the_others_are_counted_in_the_log(caplog):
    assembler = StreamAssembler(api="chat")
    with caplog.at_level(logging.INFO, logger="marginalia.stream"):
        events = assembler.feed(_body(TWO_CHOICES)) + assembler.close()
    result = assembler.result()
    assert result.message.content == "Paris is the capital."
    assert result.message.tool_calls == [] and result.finish_reason == "stop"
    assert result.usage.prompt_tokens == 9 and result.error is None
    assert "".join(e.text for e in events if isinstance(e, ContentDelta)) == "Paris is the capital."
    assert not [e for e in events if isinstance(e, ToolCallStarted)]
    assert "1 other choice(s) (n > 1): 4 delta(s) ignored, choice 0 followed" in caplog.text


def test_any_chunking_gives_the_same_result():
    body = _body(TWO_CHOICES)
    for size in (1, 7, 50):
        assembler = StreamAssembler(api="chat")
        for start in range(0, len(body), size):
            assembler.feed(body[start:start + size])
        assembler.close()
        assert assembler.result().message.content == "Paris is the capital."


def test_choices_of_one_chunk_and_a_choice_zero_without_index():
    state = StreamState()
    state.handle_chunks([{"choices": [{"index": 1, "delta": {"content": "B"}}, {"delta": {"content": "A"}}]},
                         {"choices": [{"index": 2, "delta": {"content": "C"}, "finish_reason": "length"}]}], [])
    state.close()
    assert state.final_message().content == "A" and state.final_message().finish_reason == "stop"
    assert state.other_choices == {1: 1, 2: 1}


def test_a_stream_whose_only_choice_is_not_numbered_0_is_still_read(caplog):
    state = StreamState()
    for chunk in (_chunk(1, {"role": "assistant", "content": "Hel"}), _chunk(1, {"content": "lo"}),
                  _chunk(1, {}, "stop")):
        state.handle_chunks([chunk], [])
    with caplog.at_level(logging.INFO, logger="marginalia.stream"):
        events = state.close()
    assert state.final_message().content == "Hello" and state.final_message().finish_reason == "stop"
    assert ContentDelta("Hel") in events and "no choice 0; following choice 1" in caplog.text


def test_without_choice_0_the_lowest_numbered_choice_is_followed_and_the_others_counted():
    state = StreamState()
    state.handle_chunks([_chunk(2, {"content": "B"}), _chunk(1, {"content": "A"}), _chunk(2, {"content": "B"})], [])
    state.close()
    assert state.final_message().content == "A" and state.other_choices == {2: 2}


def test_without_choice_0_or_any_numbered_choice_the_first_that_came_is_followed():
    state = StreamState()
    state.handle_chunks([_chunk("first", {"content": "A"}), _chunk("second", {"content": "B"})], [])
    state.close()
    assert state.final_message().content == "A" and state.other_choices == {"second": 1}
