"""StreamAssembler: the whole pipeline, and how it reports broken streams."""
import json
import random

import pytest

from marginalia.core.stream.assembler import StreamAssembler
from marginalia.core.stream.errors import StreamError, StreamUsageError
from marginalia.core.loop.messages import ContentDelta, StreamFinished, ToolCallStarted
from support import stream_recordings as rec


def _sse(*payloads, done=True):
    body = "".join("data: %s\n\n" % (p if isinstance(p, str) else json.dumps(p)) for p in payloads)
    return (body + ("data: [DONE]\n\n" if done else "")).encode("utf-8")


def _content(text, finish=None):
    return {"choices": [{"index": 0, "delta": {"content": text}, "finish_reason": finish}]}


def _run(body, api="auto", split=0):
    assembler = StreamAssembler(api)
    events = []
    step = split or max(len(body), 1)
    for start in range(0, len(body), step):
        events.extend(assembler.feed(body[start:start + step]))
    events.extend(assembler.close())
    return assembler.result(), events


def test_clean_stream():
    result, events = _run(_sse(_content("Hi"), _content("!", "stop")), api="chat")
    assert (result.message.content, result.finish_reason, result.error) == ("Hi!", "stop", None)
    assert result.done_seen
    assert events == [ContentDelta("Hi!"), StreamFinished("stop")]


def test_empty_body_is_reported():
    result, events = _run(b"")
    assert result.error_code == "empty_body" and "empty" in result.error
    assert events == [StreamFinished("error")] and result.errors == [StreamError(result.error, "empty_body")]


def test_only_comments_and_blank_lines_is_empty():
    result, _ = _run(b": ping\n\n\n\n: ping\n\n")
    assert result.error_code == "empty_body"


def test_stream_cut_before_done_keeps_text_and_reports_cut():
    result, events = _run(_sse(_content("Hel"), _content("lo"), done=False))
    assert result.message.content == "Hello"
    assert result.error_code == "truncated" and not result.done_seen
    assert result.finish_reason == "error"
    assert events[-1] == StreamFinished("error") and [e.code for e in result.errors] == ["truncated"]


def test_stream_cut_in_the_middle_of_an_event():
    body = _sse(_content("Hel"), _content("lo"), done=False)[:-20]
    result, _ = _run(body)
    assert result.message.content == "Hel" and result.error_code == "truncated"


def test_tool_call_cut_mid_arguments_is_reported_with_argument_error():
    body = _sse({"choices": [{"delta": {"tool_calls": [{"index": 0, "id": "c", "function": {
        "name": "f", "arguments": '{"a": '}}]}}]}, done=False)
    result, _ = _run(body)
    assert result.error_code == "truncated"
    assert "not valid JSON" in result.message.tool_calls[0].arguments_error


def test_cut_inside_last_event_after_finish_reason_is_still_a_cut():
    body = _sse(_content("ok", "stop"), done=False) + b'data: {"choices":[],"usage":{"prompt_'
    result, _ = _run(body)
    assert result.error_code == "truncated" and result.finish_reason == "stop"


def test_missing_done_after_finish_reason_is_accepted():
    result, _ = _run(_sse(_content("ok", "stop"), done=False))
    assert result.error is None and not result.done_seen


def test_missing_finish_reason_with_done_is_inferred():
    result, _ = _run(_sse(_content("ok")))
    assert result.error is None and result.finish_reason == "stop"


def test_error_object_then_done():
    result, _ = _run(_sse(_content("partial"), {"error": {"message": "Overloaded", "code": 529}}))
    assert (result.error, result.error_code, result.message.content) == ("Overloaded", "529", "partial")


def test_event_error_without_done():
    body = _sse(_content("x"), done=False) + b'event: error\ndata: {"error": {"message": "bad", "code": "tool_use_failed"}}\n\n'
    result, _ = _run(body)
    assert (result.error, result.error_code, result.finish_reason) == ("bad", "tool_use_failed", "error")
    assert len(result.errors) == 1


def test_final_event_without_trailing_blank_line():
    result, _ = _run(b'data: {"choices":[{"delta":{"content":"a"},"finish_reason":"stop"}]}\n\ndata: [DONE]')
    assert result.done_seen and result.error is None and result.message.content == "a"


def test_done_with_surrounding_spaces():
    result, _ = _run(_sse(_content("a", "stop"), done=False) + b"data:  [DONE] \n\n")
    assert result.done_seen


def test_events_after_done_are_ignored():
    result, _ = _run(_sse(_content("a", "stop")) + _sse(_content("zzz"), done=False))
    assert result.message.content == "a"


def test_malformed_json_event_is_skipped_and_reported():
    result, _ = _run(_sse(_content("a"), "{not json", "[1, 2]", _content("b", "stop")))
    assert result.message.content == "ab"
    assert [e.code for e in result.errors] == ["malformed_chunk"] * 2


def test_plain_json_completion_instead_of_stream():
    body = json.dumps({"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
        "role": "assistant", "content": "Let me look.", "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}},
            {"id": "b", "type": "function", "function": {"name": "g", "arguments": "{}"}}]}}],
        "usage": {"prompt_tokens": 3, "completion_tokens": 4}}).encode()
    result, events = _run(body, split=10)
    assert result.message.content == "Let me look."
    assert [c.name for c in result.message.tool_calls] == ["f", "g"]
    assert result.error is None and result.usage.completion_tokens == 4


def test_plain_json_error_body():
    result, _ = _run(b'{"error": {"message": "Invalid API key", "code": "invalid_api_key"}}')
    assert (result.error, result.error_code) == ("Invalid API key", "invalid_api_key")


def test_html_body_is_reported_not_raised():
    result, _ = _run(b"<html><body>502 Bad Gateway</body></html>")
    assert "not an event stream" in result.error and "502 Bad Gateway" in result.error


def test_auto_detects_responses_api():
    body = (b'event: response.created\ndata: {"type":"response.created","response":{}}\n\n'
            b'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"hi"}\n\n'
            b'event: response.completed\ndata: {"type":"response.completed","response":{"usage":null}}\n\n')
    assembler = StreamAssembler()
    assembler.feed(body)
    assembler.close()
    assert assembler.api == "responses"
    result = assembler.result()
    assert (result.message.content, result.finish_reason, result.done_seen) == ("hi", "stop", True)


def test_responses_stream_without_terminal_event_is_cut():
    body = b'data: {"type":"response.output_text.delta","delta":"hi"}\n\n'
    result, _ = _run(body, api="responses")
    assert result.error_code == "truncated" and result.message.content == "hi"


def test_exactly_one_finished_event_and_tool_events_in_order():
    body = rec.body("openai_9")
    for split in (0, 1, 7, 100):
        _, events = _run(body, split=split)
        assert sum(isinstance(e, StreamFinished) for e in events) == 1
        assert [e.index for e in events if isinstance(e, ToolCallStarted)] == [0, 1]


def test_close_twice_and_feed_after_close():
    assembler = StreamAssembler()
    assembler.feed(_sse(_content("a", "stop")))
    assert assembler.close() == []   # StreamFinished already came with the finish_reason
    assert assembler.close() == []
    with pytest.raises(StreamUsageError):
        assembler.feed(b"data: x\n\n")


def test_feed_rejects_non_bytes_with_our_error():
    with pytest.raises(StreamUsageError) as info:
        StreamAssembler().feed("data: x\n\n")
    assert isinstance(info.value, TypeError)
    StreamAssembler().feed(bytearray(b"data: {}\n\n"))
    StreamAssembler().feed(memoryview(b"data: {}\n\n"))


def test_unknown_api_name():
    with pytest.raises(StreamUsageError):
        StreamAssembler("completions")


def _mutations(rng, body):
    yield body[:rng.randrange(len(body) + 1)]
    data = bytearray(body)
    for _ in range(rng.randrange(1, 20)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    yield bytes(data)
    yield bytes(rng.randrange(256) for _ in range(rng.randrange(300)))
    pieces = body.split(b"\n\n")
    rng.shuffle(pieces)
    yield b"\n\n".join(pieces)
    yield body.replace(b'"content"', b'"content":{"x":[')
    yield body.replace(b"data: ", b"data: [", 3)


@pytest.mark.parametrize("api", ["auto", "chat", "responses"])
def test_fuzzed_bodies_never_raise(api):
    rng = random.Random(1234)
    bodies = [rec.body(n) for n in rec.chat_recordings() if n != "llama-cpp-python-local_8"]
    bodies += [rec.body(n, "responses") for n in rec.responses_recordings()]
    for _ in range(60):
        body = rng.choice(bodies)[:6000]
        for mutated in _mutations(rng, body):
            result, events = _run(mutated, api, split=rng.choice((0, 1, 3, 64)))
            assert isinstance(result.message.content, str)
            assert sum(isinstance(e, StreamFinished) for e in events) == 1
            result.message.to_api_dict()
