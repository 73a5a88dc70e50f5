"""The real embedded server (llama-cpp-python 0.3.36 + SmolLM2-135M) speaks the wire format we rely on.

These tests talk to the server with the standard library only (``http.client``), so they pin
down the server's behaviour independently of our own client: what it sends, and the quirks
our client has to handle (see shared/docs/local-model.md).
"""
from __future__ import annotations

import http.client
import json
import time

import pytest

pytestmark = pytest.mark.e2e

REQUEST_TIMEOUT = 120.0
WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather in a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "The city name"}},
            "required": ["city"],
        },
    },
}
FORCE_WEATHER = {"type": "function", "function": {"name": "get_weather"}}


def post_chat(server, body):
    """POST ``body`` to ``/v1/chat/completions``; return ``(status, content_type, timed_chunks)``.

    ``timed_chunks`` is a list of ``(seconds_since_request, bytes)`` as read off the socket.
    """
    connection = http.client.HTTPConnection(server.host_port, timeout=REQUEST_TIMEOUT)
    try:
        started = time.monotonic()
        connection.request("POST", "/v1/chat/completions", body=json.dumps(body).encode("utf-8"),
                           headers={"Content-Type": "application/json", "Accept": "text/event-stream"})
        response = connection.getresponse()
        chunks = []
        while True:
            data = response.read1(65536)
            if not data:
                break
            chunks.append((time.monotonic() - started, data))
        return response.status, response.getheader("Content-Type", ""), chunks
    finally:
        connection.close()


def body_of(chunks):
    """The whole response body from ``post_chat``'s timed chunks."""
    return b"".join(data for _, data in chunks)


def sse_data(raw):
    """The ``data:`` payloads of an SSE body, in order (comments such as ``: ping`` dropped)."""
    payloads = []
    for event in raw.decode("utf-8").replace("\r\n", "\n").split("\n\n"):
        lines = [line[5:].lstrip(" ") for line in event.split("\n") if line.startswith("data:")]
        if lines:
            payloads.append("\n".join(lines))
    return payloads


def chat(server, content, **options):
    """A request body for one user message to the server's model."""
    body = {"model": server.model, "messages": [{"role": "user", "content": content}], "temperature": 0,
            "seed": 1}
    body.update(options)
    return body


def streamed_chunks(server, body):
    """Stream ``body``; return the parsed JSON chunks, asserting a 200 SSE stream ending in [DONE]."""
    status, content_type, timed = post_chat(server, dict(body, stream=True))
    assert status == 200, body_of(timed)
    assert content_type.startswith("text/event-stream")
    payloads = sse_data(body_of(timed))
    assert payloads and payloads[-1] == "[DONE]", payloads[-3:]
    return [json.loads(payload) for payload in payloads[:-1]]


def test_models_endpoint_lists_the_alias(local_model_server):
    connection = http.client.HTTPConnection(local_model_server.host_port, timeout=10)
    connection.request("GET", "/v1/models")
    response = connection.getresponse()
    listing = json.loads(response.read())
    connection.close()
    assert response.status == 200
    assert [model["id"] for model in listing["data"]] == ["smollm2-135m"]


def test_streamed_reply_arrives_as_sse_chunks_and_ends_with_done(local_model_server):
    """One ``data:`` event per token (how many socket reads that takes depends on the machine's load)."""
    status, content_type, timed = post_chat(
        local_model_server, chat(local_model_server, "Say hello in one short sentence.", max_tokens=16,
                                 stream=True))
    assert status == 200 and content_type.startswith("text/event-stream")
    payloads = sse_data(body_of(timed))
    assert len(payloads) >= 3 and payloads[-1] == "[DONE]"
    chunks = [json.loads(payload) for payload in payloads[:-1]]
    assert all(chunk["object"] == "chat.completion.chunk" for chunk in chunks)
    assert chunks[0]["choices"][0]["delta"].get("role") == "assistant"
    text = "".join(chunk["choices"][0]["delta"].get("content") or "" for chunk in chunks)
    assert text.strip(), "no content streamed"
    finishes = [chunk["choices"][0]["finish_reason"] for chunk in chunks if chunk["choices"][0]["finish_reason"]]
    assert len(finishes) == 1 and finishes[0] in ("stop", "length")


def test_max_tokens_5_finishes_with_length(local_model_server):
    chunks = streamed_chunks(local_model_server, chat(
        local_model_server, "Count from 1 to 100, separated by commas.", max_tokens=5))
    content_chunks = [chunk for chunk in chunks if chunk["choices"][0]["delta"].get("content")]
    assert 1 <= len(content_chunks) <= 5
    assert chunks[-1]["choices"][0]["finish_reason"] == "length"


def test_forced_tool_choice_object_gives_a_parseable_tool_call(local_model_server):
    status, _, timed = post_chat(local_model_server, chat(
        local_model_server, "What is the weather like in Paris?", tools=[WEATHER_TOOL],
        tool_choice=FORCE_WEATHER, max_tokens=64))
    assert status == 200
    choice = json.loads(body_of(timed))["choices"][0]
    assert choice["finish_reason"] == "tool_calls"
    call = choice["message"]["tool_calls"][0]
    assert call["type"] == "function" and call["function"]["name"] == "get_weather"
    arguments = json.loads(call["function"]["arguments"])
    assert isinstance(arguments.get("city"), str) and arguments["city"]


def test_streamed_forced_tool_call_repeats_id_and_name_in_every_delta(local_model_server):
    """Quirk our client must handle: each delta repeats the call's id and full name (do not concatenate)."""
    chunks = streamed_chunks(local_model_server, chat(
        local_model_server, "What is the weather like in Paris?", tools=[WEATHER_TOOL],
        tool_choice=FORCE_WEATHER, max_tokens=64))
    call_deltas = [call for chunk in chunks for call in chunk["choices"][0]["delta"].get("tool_calls") or []]
    assert len(call_deltas) > 1
    assert {call["function"]["name"] for call in call_deltas} == {"get_weather"}
    assert len({call["id"] for call in call_deltas}) == 1
    arguments = json.loads("".join(call["function"].get("arguments") or "" for call in call_deltas))
    assert isinstance(arguments.get("city"), str)
    assert chunks[-1]["choices"][0]["finish_reason"] == "tool_calls"


def test_oversized_prompt_streams_a_200_with_an_empty_body(local_model_server):
    """Server behaviour our client must report as an error.

    A prompt longer than the context (n_ctx 2048) with ``stream: true`` gets HTTP 200 and a
    zero-byte body: no error event, no ``[DONE]``. A client that treats "200 then end of body"
    as an empty but successful reply hides the failure from the user.
    """
    status, content_type, timed = post_chat(local_model_server, chat(
        local_model_server, "hello " * 3000, max_tokens=8, stream=True))
    assert status == 200
    assert body_of(timed) == b""
