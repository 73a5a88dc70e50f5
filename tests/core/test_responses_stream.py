"""ResponsesStreamState: Responses API events feed the same events and message."""
import json

from marginalia.core.stream.responses import SUMMARY_PART_SEPARATOR, ResponsesStreamState
from marginalia.core.stream.errors import StreamError
from marginalia.core.loop.messages import (ContentDelta, ReasoningDelta, RefusalDelta, StreamFinished,
    ToolCallArgumentsDelta, ToolCallStarted, UsageReport)
from support import stream_recordings as rec


def _feed(payloads):
    state = ResponsesStreamState()
    events = []
    for payload in payloads:
        state.handle_chunks([payload], events)
    events.extend(state.close())
    return state, events


def _completed(usage=None, status="completed", **response):
    response.update(status=status, usage=usage)
    return {"type": "response." + status, "response": response}


def test_output_text_deltas_and_completed_usage():
    state, events = _feed([
        {"type": "response.created", "response": {}},
        {"type": "response.output_text.delta", "delta": "Hel", "item_id": "m", "output_index": 0},
        {"type": "response.output_text.delta", "delta": "lo", "item_id": "m", "output_index": 0},
        _completed({"input_tokens": 3, "output_tokens": 2, "total_tokens": 5})])
    assert state.final_message().content == "Hello"
    assert events == [ContentDelta("Hel"), ContentDelta("lo"), UsageReport(3, 2, 5),
                      StreamFinished("stop")]
    assert state.terminated


def test_reasoning_summary_parts_are_separated():
    state, _ = _feed([
        {"type": "response.reasoning_summary_part.added", "summary_index": 0},
        {"type": "response.reasoning_summary_text.delta", "delta": "**A**"},
        {"type": "response.reasoning_summary_part.added", "summary_index": 1},
        {"type": "response.reasoning_summary_text.delta", "delta": "**B**"},
        {"type": "response.reasoning_text.delta", "delta": "!"}, _completed()])
    assert state.final_message().reasoning == "**A**" + SUMMARY_PART_SEPARATOR + "**B**!"


def test_recorded_summary_parts_match_their_done_texts():
    done = [json.loads(line[6:])["text"] for line in rec.body("mirascope_2", "responses")
            .decode("utf-8").splitlines() if '"response.reasoning_summary_text.done"' in line]
    state, _ = _feed([json.loads(line[6:]) for line in rec.body("mirascope_2", "responses")
                      .decode("utf-8").splitlines() if line.startswith("data: ")])
    assert len(done) == 3
    assert state.final_message().reasoning == SUMMARY_PART_SEPARATOR.join(done)


def test_function_call_item_arguments_and_done():
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": ""}
    state, events = _feed([
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
         "delta": '{"a":'},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
         "delta": "1}"},
        {"type": "response.function_call_arguments.done", "item_id": "fc_1", "output_index": 0,
         "arguments": '{"a":1}'},
        {"type": "response.output_item.done", "output_index": 0,
         "item": dict(item, arguments='{"a":1}', status="completed")},
        _completed()])
    call = state.final_message().tool_calls[0]
    assert (call.id, call.name, call.arguments) == ("call_1", "f", {"a": 1})
    assert events[:3] == [ToolCallStarted(0, "call_1", "f"), ToolCallArgumentsDelta(0, '{"a":'),
                          ToolCallArgumentsDelta(0, "1}")]
    assert state.final_message().finish_reason == "tool_calls"


def test_final_arguments_from_item_done_win_over_deltas():
    item = {"type": "function_call", "id": "fc_1", "call_id": "c", "name": "f"}
    state, _ = _feed([
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "delta": '{"a":'},
        {"type": "response.output_item.done", "output_index": 0,
         "item": dict(item, arguments='{"a": 2}')}])
    assert state.final_message().tool_calls[0].arguments == {"a": 2}


def test_incomplete_max_output_tokens_is_length():
    state, events = _feed([{"type": "response.output_text.delta", "delta": "1. Alabama"},
                           _completed({"input_tokens": 1, "output_tokens": 50}, "incomplete",
                                      incomplete_details={"reason": "max_output_tokens"})])
    assert state.final_message().finish_reason == "length" and not state.errors


def test_incomplete_content_filter():
    state, _ = _feed([_completed(None, "incomplete", incomplete_details={"reason": "content_filter"})])
    assert state.final_message().finish_reason == "content_filter"


def test_error_event_then_failed_reports_one_error():
    error = {"type": "insufficient_quota", "code": "insufficient_quota", "message": "No quota"}
    state, _ = _feed([{"type": "error", "error": error},
                      _completed(None, "failed", error={"code": "x", "message": "No quota"})])
    assert state.errors == [StreamError("No quota", "insufficient_quota")]
    assert state.final_message().finish_reason == "error"


def test_documented_top_level_error_event():
    state, _ = _feed([{"type": "error", "code": "server_error", "message": "Oops", "param": None}])
    assert state.errors == [StreamError("Oops", "server_error")]


def test_failed_without_error_event():
    state, _ = _feed([_completed(None, "failed", error={"code": "server_error", "message": "Boom"})])
    assert state.errors == [StreamError("Boom", "server_error")]


def test_refusal_delta():
    state, events = _feed([{"type": "response.refusal.delta", "delta": "No."}, _completed()])
    assert state.final_message().refusal == "No." and RefusalDelta("No.") in events
    assert state.final_message().content == ""


def test_unknown_and_malformed_events():
    state, events = _feed([{"type": "response.future_thing"}, {"type": "response.output_text.delta"},
                           {"type": "response.output_item.added", "item": []},
                           {"type": ["x"]}])
    assert [e.code for e in state.errors] == ["malformed_chunk"]


def test_encrypted_reasoning_item_kept_opaque():
    item = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAA"}
    state, events = _feed([{"type": "response.output_item.done", "output_index": 0, "item": item}])
    assert state.final_message().reasoning == ""
    assert state.final_message().reasoning_details[0]["data"] == "gAAA"
    assert not any(isinstance(e, ReasoningDelta) for e in events)
