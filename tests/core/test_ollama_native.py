"""Ollama's native /api/chat: request conversion and the NDJSON stream, alone and end to end."""
import json
import random

import pytest

from marginalia.core.stream.assembler import StreamAssembler
from marginalia.core.llm.request import ChatRequest, EndpointConfig, build_chat_body
from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.errors import ContextOverflowError
from marginalia.core.llm.round import stream_round
from marginalia.core.llm.ollama_native import native_body, native_messages
from marginalia.core.stream.ollama import OllamaStreamAssembler
from marginalia.core.loop.messages import ContentDelta, ReasoningDelta, StreamFinished
from marginalia.core.net.transport import CancelToken, HttpClient
from support.posts import Posts
from support.personalities import OllamaLike, OpenAILike, PersonalityServer, ndjson_reply
from support.scripted_server import sse_event

TOOL = {"type": "function", "function": {"name": "get_text", "description": "Read the document.",
                                         "parameters": {"type": "object", "properties": {}}}}
ASSISTANT = {"role": "assistant", "content": None, "tool_calls": [
    {"id": "call_7", "type": "function", "function": {"name": "get_text", "arguments": '{"start": 3}'}}]}
HISTORY = [{"role": "system", "content": "Be brief."},
           {"role": "user", "content": [{"type": "text", "text": "Look "},
                                        {"type": "image_url", "image_url": {"url": "data:image/png;base64,QUJD"}}]},
           ASSISTANT,
           {"role": "tool", "tool_call_id": "call_7", "content": "Once upon a time"}]


def ndjson(*lines) -> bytes:
    return b"".join((json.dumps(line) + "\n").encode("utf-8") for line in lines)


def message(**fields):
    return {"message": dict({"role": "assistant", "content": ""}, **fields), "done": False}


def done(reason="stop", prompt=21, completion=5):
    return {"message": {"role": "assistant", "content": ""}, "done": True, "done_reason": reason,
            "prompt_eval_count": prompt, "eval_count": completion}


def assemble(body: bytes, piece: int = 0):
    assembler = OllamaStreamAssembler()
    events = []
    pieces = [body[i:i + piece] for i in range(0, len(body), piece)] if piece else [body]
    for chunk in pieces:
        events += assembler.feed(chunk)
    events += assembler.close()
    return events, assembler.result()


# -- request conversion ------------------------------------------------------------------

def test_messages_convert_tool_calls_to_objects_and_tool_results_to_tool_names():
    native = native_messages(HISTORY)
    assert native[0] == {"role": "system", "content": "Be brief."}
    assert native[1] == {"role": "user", "content": "Look ", "images": ["QUJD"]}
    assert native[2] == {"role": "assistant", "content": "",
                         "tool_calls": [{"function": {"name": "get_text", "arguments": {"start": 3}}}]}
    assert native[3] == {"role": "tool", "content": "Once upon a time", "tool_name": "get_text"}


def test_body_moves_generation_settings_into_options_and_drops_what_ollama_lacks():
    body = build_chat_body([{"role": "user", "content": "hi"}], "qwen3:8b", "Be brief.", [TOOL])
    body.update(temperature=0.2, max_tokens=300)
    native = native_body(body, num_ctx=8192, think=True)
    assert native["options"] == {"temperature": 0.2, "num_predict": 300, "num_ctx": 8192}
    assert native["think"] is True and native["tools"] == [TOOL] and native["stream"] is True
    assert "tool_choice" not in native and "stream_options" not in native
    assert "think" not in native_body(body, 4096)


def test_malformed_tool_arguments_become_an_empty_object():
    broken = dict(ASSISTANT, tool_calls=[{"id": "c", "function": {"name": "f", "arguments": "{oops"}}])
    assert native_messages([broken])[0]["tool_calls"][0]["function"]["arguments"] == {}


# -- the NDJSON stream -------------------------------------------------------------------

STREAM = ndjson(message(thinking="Hmm, "), message(thinking="short."), message(content="Héllo "),
                message(content="wörld 🌍"), done())


@pytest.mark.parametrize("piece", [0, 1, 2, 3, 7, 16])
def test_text_and_thinking_survive_every_split(piece):
    events, result = assemble(STREAM, piece)
    text = "".join(e.text for e in events if isinstance(e, ContentDelta))
    thinking = "".join(e.text for e in events if isinstance(e, ReasoningDelta))
    assert (text, thinking) == ("Héllo wörld 🌍", "Hmm, short.")
    assert result.message.content == "Héllo wörld 🌍" and result.message.reasoning == "Hmm, short."
    assert result.finish_reason == "stop" and result.error is None and result.done_seen
    assert (result.usage.prompt_tokens, result.usage.completion_tokens, result.usage.total_tokens) == (21, 5, 26)


def test_random_chunkings_give_the_same_message():
    rng = random.Random(4)
    reference = assemble(STREAM)[1].message.__dict__
    for _ in range(50):
        cuts = sorted(rng.sample(range(1, len(STREAM)), 6))
        assembler = OllamaStreamAssembler()
        for start, end in zip([0] + cuts, cuts + [len(STREAM)]):
            assembler.feed(STREAM[start:end])
        assembler.close()
        assert assembler.result().message.__dict__ == reference


def test_complete_tool_calls_with_object_arguments_become_tool_calls():
    call = {"function": {"name": "set_text", "arguments": {"text": "Ünïcode", "n": 2}}}
    other = {"id": "call_b", "function": {"name": "get_text", "arguments": {}}}
    _, result = assemble(ndjson(message(tool_calls=[call]), message(tool_calls=[other]), done()))
    calls = result.message.tool_calls
    assert [c.name for c in calls] == ["set_text", "get_text"]
    assert calls[0].arguments == {"text": "Ünïcode", "n": 2} and calls[1].arguments == {}
    assert calls[1].id == "call_b" and calls[0].call_id.startswith("call_0_")
    assert result.finish_reason == "tool_calls"
    assert result.message.to_api_dict()["tool_calls"][0]["function"]["arguments"] == \
        json.dumps({"text": "Ünïcode", "n": 2}, ensure_ascii=False)


def test_same_message_as_the_equivalent_sse_stream():
    sse = b"".join(sse_event(c) for c in (
        {"choices": [{"index": 0, "delta": {"reasoning_content": "Hmm, short."}}]},
        {"choices": [{"index": 0, "delta": {"content": "Héllo wörld 🌍"}}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        {"choices": [], "usage": {"prompt_tokens": 21, "completion_tokens": 5}})) + sse_event("[DONE]")
    assembler = StreamAssembler(api="chat")
    assembler.feed(sse)
    assembler.close()
    native = assemble(STREAM)[1]
    assert native.message.__dict__ == assembler.result().message.__dict__
    assert native.usage == assembler.result().usage


def test_length_limit_is_the_finish_reason():
    _, result = assemble(ndjson(message(content="cut"), done("length")))
    assert result.finish_reason == "length" and result.error is None


def test_error_line_is_reported():
    _, result = assemble(ndjson(message(content="a"), {"error": "model runner has unexpectedly stopped"}))
    assert result.error == "model runner has unexpectedly stopped" and len(result.errors) == 1
    assert result.message.content == "a"


def test_stream_without_done_line_is_reported_as_cut():
    events, result = assemble(ndjson(message(content="partial")) + b'{"message": {"con')
    assert result.error_code == "truncated" and result.message.content == "partial"
    assert [e for e in events if isinstance(e, StreamFinished)] == [StreamFinished("error")]


def test_empty_body_and_junk_lines():
    assert assemble(b"")[1].error_code == "empty_body"
    _, result = assemble(b"not json\n" + ndjson(message(content="x"), done()))
    assert result.error_code == "malformed_chunk" and result.message.content == "x"


# -- end to end against an Ollama-like server ------------------------------------------

FACTS = EndpointFacts()
"""What the rounds of one test learn about the endpoint (as the office's owner keeps it)."""


@pytest.fixture
def ollama():
    FACTS.forget()
    with PersonalityServer(OllamaLike()) as server:
        yield server
    FACTS.forget()


def run_round(server, api, history, tools=None, max_tokens=None, model="qwen3:8b"):
    config = EndpointConfig(base_url=server.base_url, model=model, api=api)
    body = build_chat_body(history, model, "Be brief.", tools)
    if max_tokens:
        body["max_tokens"] = max_tokens
    posted = Posts()
    with HttpClient() as client:
        stream_round(client, ChatRequest(config, body), posted, CancelToken(), FACTS)
    return posted


def test_round_goes_to_native_chat_with_num_ctx_and_thinking(ollama):
    posted = run_round(ollama, "ollama", [{"role": "user", "content": "Hi"}])
    kinds = [k for k, _ in posted]
    assert kinds[0] == "ReasoningDelta" and kinds[-1] == "RoundDone"
    result = posted[-1][1]
    assert result.message.content == "Hello from Ollama. " and result.message.reasoning == "Let me think."
    sent = ollama.bodies("/api/chat")[0]
    assert sent["think"] is True and sent["options"]["num_ctx"] == 6144  # 4096 answer + prompt, 2048 steps
    assert sent["messages"][0] == {"role": "system", "content": "Be brief."}
    assert not ollama.bodies("/v1/chat/completions")


def test_num_ctx_grows_with_the_conversation_and_stops_at_the_model_maximum(ollama):
    document = "word " * 60000  # about 75,000 tokens: more than the model's 40,960
    posted = run_round(ollama, "ollama", [{"role": "user", "content": document[:80000]}])
    num_ctx = ollama.bodies("/api/chat")[0]["options"]["num_ctx"]
    assert 20000 + 4096 < num_ctx <= 40960 and num_ctx % 2048 == 0
    assert posted[-1][0] == "RoundDone"
    refused = run_round(ollama, "ollama", [{"role": "user", "content": document * 2}])
    assert refused[-1][0] == "RoundFailed" and isinstance(refused[-1][1], ContextOverflowError)
    assert "40960" in str(refused[-1][1]) and len(ollama.bodies("/api/chat")) == 1  # never sent


def test_tool_round_trip_sends_tool_names_and_object_arguments(ollama):
    first = run_round(ollama, "ollama", [{"role": "user", "content": "Read it"}], tools=[TOOL])
    call = first[-1][1].message.tool_calls[0]
    assert call.name == "get_text" and call.arguments == {"status": "ok"}
    history = [{"role": "user", "content": "Read it"}, first[-1][1].message.to_api_dict(),
               {"role": "tool", "tool_call_id": call.call_id, "content": "The text."}]
    run_round(ollama, "ollama", history, tools=[TOOL])
    sent = ollama.bodies("/api/chat")[1]["messages"]
    assert sent[2]["tool_calls"][0]["function"] == {"name": "get_text", "arguments": {"status": "ok"}}
    assert sent[3] == {"role": "tool", "content": "The text.", "tool_name": "get_text"}


def test_auto_finds_ollama_once_and_uses_native_chat(ollama):
    run_round(ollama, "auto", [{"role": "user", "content": "one"}])
    run_round(ollama, "auto", [{"role": "user", "content": "two"}])
    paths = ollama.paths()
    assert paths.count("/api/version") == 1 and paths.count("/api/show") == 1
    assert paths.count("/api/chat") == 2


def test_auto_on_an_openai_server_uses_the_compatible_api():
    FACTS.forget()
    with PersonalityServer(OpenAILike()) as server:
        posted = run_round(server, "auto", [{"role": "user", "content": "hi"}], model="gpt-test")
        run_round(server, "auto", [{"role": "user", "content": "again"}], model="gpt-test")
        assert posted[-1][0] == "RoundDone" and posted[-1][1].message.content == "ok"
        assert server.paths().count("/api/version") == 1  # then cached
        assert server.paths().count("/v1/chat/completions") == 2


def test_http_error_from_native_chat_is_plain(ollama):
    posted = run_round(ollama, "ollama", [{"role": "user", "content": "hi"}], model="missing:1b")
    assert posted[-1][0] == "RoundFailed"
    assert "missing:1b" in str(posted[-1][1])


def test_scripted_cut_native_stream_keeps_the_text(ollama):
    ollama.enqueue(ndjson_reply([message(content="Half")]), path="/api/chat")
    posted = run_round(ollama, "ollama", [{"role": "user", "content": "hi"}])
    assert posted[-1][0] == "RoundDone"
    assert posted[-1][1].error_code == "truncated" and posted[-1][1].message.content == "Half"
