"""The one reader of a model round (collect_round), and the endpoint check reading its rounds through it."""
import time

from marginalia.core import errors
from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.llm.request import ChatRequest, EndpointConfig, build_chat_body
from marginalia.core.llm.round import END_GRACE, collect_round
from marginalia.core.llm.round_end import RoundDone, RoundFailed
from marginalia.core.loop.messages import ContentDelta, ReasoningDelta, ToolCallStarted, UsageReport
from marginalia.core.net.cancel import CancelToken
from marginalia.core.net.transport import HttpClient
from marginalia.core.settings.check_probes import probe_stream
from support import cut_sweep, stream_recordings
from support.fault_server import Fault
from support.scripted_server import chat_chunk, json_reply, sse_reply


def request_for(server):
    endpoint = EndpointConfig(server.base_url, "m", openai_api="chat")
    return ChatRequest(endpoint, build_chat_body([{"role": "user", "content": "hi"}], "m"))


def test_the_end_carries_content_reasoning_tool_calls_usage_and_finish_reason(memory_server, memory_client):
    call = {"index": 0, "id": "c1", "type": "function", "function": {"name": "read_text", "arguments": "{}"}}
    usage = {"choices": [], "usage": {"prompt_tokens": 7, "completion_tokens": 3, "total_tokens": 10}}
    memory_server.enqueue(sse_reply([chat_chunk(reasoning="hm"), chat_chunk(content="Hi"),
                                     chat_chunk(tool_calls=[call]), chat_chunk(finish_reason="tool_calls"), usage]))
    events = []
    end = collect_round(memory_client, request_for(memory_server), CancelToken(), EndpointFacts(), on_event=events.append)
    assert type(end) is RoundDone
    message = end.result.message
    assert (message.content, message.reasoning, end.result.finish_reason) == ("Hi", "hm", "tool_calls")
    assert [(c.name, c.arguments) for c in message.tool_calls] == [("read_text", {})]
    assert end.result.usage == UsageReport(7, 3, 10) and end.result.error is None
    assert [type(e) for e in events][:3] == [ReasoningDelta, ContentDelta, ToolCallStarted]


def test_a_refused_request_ends_the_round_with_the_failure_and_nothing_is_raised(memory_server, memory_client):
    memory_server.enqueue(json_reply({"error": {"message": "bad key"}}, status=401))
    end = collect_round(memory_client, request_for(memory_server), CancelToken(), EndpointFacts())
    assert type(end) is RoundFailed and isinstance(end.error, errors.AuthError)


def test_a_cancelled_round_ends_cancelled(memory_server, memory_client):
    cancel = CancelToken()
    cancel.cancel()
    end = collect_round(memory_client, request_for(memory_server), cancel, EndpointFacts())
    assert type(end) is RoundFailed and isinstance(end.error, errors.Cancelled)


def test_the_check_stops_reading_after_the_end_marker_as_the_chat_does(fault_server):
    """A server that keeps the body open after [DONE]: the chat goes on after END_GRACE, and so does the Test."""
    body = stream_recordings.body("openai_1")
    fault_server.enqueue(Fault(body=body + b"\n", stall_at=len(body), stall_seconds=5))
    started = time.monotonic()
    with HttpClient(read_timeout=10, connect_timeout=3) as client:
        outcome = probe_stream(client, EndpointConfig(fault_server.base_url, "m", openai_api="chat"),
                               CancelToken(), EndpointFacts())
    assert time.monotonic() - started < END_GRACE + 1.0
    assert outcome.result.message.content == cut_sweep.reference(body).content and outcome.events


def test_the_check_keeps_a_reply_whose_connection_broke_just_after_the_end_marker(fault_server):
    body = stream_recordings.body("openai_1")
    fault_server.enqueue(Fault(body=body, cut_at=len(body), reset=True))
    with HttpClient(read_timeout=5, connect_timeout=3) as client:
        outcome = probe_stream(client, EndpointConfig(fault_server.base_url, "m", openai_api="chat"),
                               CancelToken(), EndpointFacts())
    assert outcome.result.error is None and outcome.result.message.content == cut_sweep.reference(body).content
