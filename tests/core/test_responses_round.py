"""Turns over the Responses API: the request made from the chat history, and rounds against a local server.

Field names follow https://platform.openai.com/docs/api-reference/responses/create; the server is
tests/support/responses_server.py (events as in the recordings of tests/fixtures/streams/responses/).
"""
import json

import pytest

from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.llm.request import ChatRequest, EndpointConfig, build_chat_body
from marginalia.core.llm.responses_request import responses_body, responses_input
from marginalia.core.llm.round import _prefers_responses, open_round_stream, stream_round
from marginalia.core.net.cancel import CancelToken
from marginalia.core.net.transport import HttpClient
from support.responses_server import ResponsesServer, call_reply, failed_reply, refusal_reply, text_reply
from support.scripted_server import ScriptedServer, json_reply, text_stream_reply

TOOL = {"type": "function", "function": {"name": "insert_content", "description": "Insert text.",
                                         "parameters": {"type": "object", "properties": {"content": {"type": "string"}},
                                                        "required": ["content"]}}}
HISTORY = [
    {"role": "user", "content": "Add a line."},
    {"role": "assistant", "content": "Adding it.", "tool_calls": [
        {"id": "call_a1", "type": "function", "function": {"name": "insert_content", "arguments": '{"content": "x"}'}}]},
    {"role": "tool", "tool_call_id": "call_a1", "name": "insert_content", "content": "Inserted 1 paragraph."},
    {"role": "assistant", "content": "Done."},
    {"role": "user", "content": [{"type": "text", "text": "And this picture?"},
                                 {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}]},
]


# -- the request ------------------------------------------------------------------------------

def test_the_history_becomes_input_items_with_matching_call_ids():
    instructions, items = responses_input(build_chat_body(HISTORY, "m", "Be brief.")["messages"])
    assert instructions == "Be brief."
    assert items == [
        {"role": "user", "content": "Add a line."},
        {"role": "assistant", "content": "Adding it."},
        {"type": "function_call", "call_id": "call_a1", "name": "insert_content", "arguments": '{"content": "x"}'},
        {"type": "function_call_output", "call_id": "call_a1", "output": "Inserted 1 paragraph."},
        {"role": "assistant", "content": "Done."},
        {"role": "user", "content": [{"type": "input_text", "text": "And this picture?"},
                                     {"type": "input_image", "image_url": "data:image/png;base64,AAAA"}]},
    ]


def test_tools_choice_limits_and_summaries_take_the_responses_shape():
    chat = build_chat_body(HISTORY[:1], "gpt-x", "Sys", [TOOL], tool_choice={"type": "function",
                                                                            "function": {"name": "insert_content"}})
    chat.update(temperature=0.2, max_tokens=300)
    body = responses_body(chat)
    assert body["tools"] == [{"type": "function", "name": "insert_content", "description": "Insert text.",
                              "parameters": TOOL["function"]["parameters"], "strict": False}]
    assert body["tool_choice"] == {"type": "function", "name": "insert_content"}
    assert (body["model"], body["stream"], body["store"], body["instructions"]) == ("gpt-x", True, False, "Sys")
    assert (body["temperature"], body["max_output_tokens"], body["reasoning"]) == (0.2, 300, {"summary": "auto"})
    assert "messages" not in body and "stream_options" not in body and "max_tokens" not in body
    assert responses_body(build_chat_body(HISTORY[:1], "m", tools=[TOOL]))["tool_choice"] == "auto"
    assert "reasoning" not in responses_body(chat, reasoning_summary=False)
    assert "tools" not in responses_body(build_chat_body(HISTORY[:1], "m"))


def test_openais_own_endpoint_is_asked_with_responses_first():
    assert _prefers_responses("https://api.openai.com/v1")
    assert not _prefers_responses("http://127.0.0.1:8000/v1") and not _prefers_responses("https://openrouter.ai/api/v1")


# -- rounds against a server that speaks only the Responses API --------------------------------

class Posts(list):
    def __call__(self, message):
        self.append(message)

    def kinds(self):
        return [type(m).__name__ for m in self]

    def result(self):
        assert type(self[-1]).__name__ == "RoundDone", self.kinds()
        return self[-1].result


@pytest.fixture
def server():
    with ResponsesServer() as running:
        yield running


def run(server, history=HISTORY[:1], tools=None, openai_api="auto", facts=None, model="resp-model", choice=None):
    config = EndpointConfig(base_url=server.base_url, model=model, openai_api=openai_api)
    posted = Posts()
    with HttpClient() as client:
        stream_round(client, ChatRequest(config, build_chat_body(history, model, "Sys", tools, tool_choice=choice)),
                     posted, CancelToken(), facts or EndpointFacts())
    return posted


def test_auto_falls_back_to_responses_when_chat_completions_is_missing_and_remembers_it(server):
    facts = EndpointFacts()
    server.enqueue(text_reply(["Hello", " there."], summary_parts=[["Think", "ing."], ["More."]]))
    result = run(server, facts=facts).result()
    assert result.message.content == "Hello there." and result.message.reasoning == "Thinking.\n\nMore."
    assert result.usage.prompt_tokens == 42 and result.finish_reason == "stop" and result.error is None
    assert [r.path for r in server.requests] == ["/v1/chat/completions", "/v1/responses"]
    assert facts.openai_api_for(EndpointConfig(server.base_url, "resp-model")) == "responses"
    server.enqueue(text_reply(["Again."]))
    assert run(server, facts=facts).result().message.content == "Again."
    assert [r.path for r in server.requests][2:] == ["/v1/responses"]  # no second try of chat completions


def test_a_tool_call_round_and_the_next_round_with_its_result(server):
    server.enqueue(call_reply("insert_content", {"content": "Hello"}, call_id="call_77"))
    posted = run(server, tools=[TOOL], openai_api="responses")
    call = posted.result().message.tool_calls[0]
    assert (call.id, call.name, call.arguments) == ("call_77", "insert_content", {"content": "Hello"})
    assert posted.result().finish_reason == "tool_calls"
    assert "ToolCallStarted" in posted.kinds() and "ToolCallArgumentsDelta" in posted.kinds()
    history = HISTORY[:1] + [posted.result().message.to_api_dict(),
                             {"role": "tool", "tool_call_id": call.call_id, "content": "Inserted."}]
    assert run(server, history=history, tools=[TOOL], openai_api="responses").result().message.content == "Done."
    sent = server.responses_requests()[-1].json()
    assert sent["input"][-2:] == [
        {"type": "function_call", "call_id": "call_77", "name": "insert_content", "arguments": '{"content": "Hello"}'},
        {"type": "function_call_output", "call_id": "call_77", "output": "Inserted."}]
    assert sent["tools"][0]["name"] == "insert_content"


def test_a_refusal_is_the_answer(server):
    server.enqueue(refusal_reply(["I can't ", "help with that."]))
    result = run(server, openai_api="responses").result()
    assert result.message.refusal == "I can't help with that." and result.message.content == ""
    assert result.message.to_api_dict() == {"role": "assistant", "content": "I can't help with that."}


def test_response_failed_keeps_the_text_and_reports_the_error(server):
    server.enqueue(failed_reply("server_error", "The model crashed.", text_before="Partial"))
    result = run(server, openai_api="responses").result()
    assert result.message.content == "Partial" and result.finish_reason == "error"
    assert result.error == "The model crashed." and result.error_code == "server_error"


def test_a_model_that_refuses_reasoning_summaries_is_asked_again_without_them(server):
    facts = EndpointFacts()
    refusal = json_reply({"error": {"message": "Unsupported parameter: 'reasoning.summary' is not supported with "
                                               "this model.", "type": "invalid_request_error",
                                    "param": "reasoning.summary", "code": "unsupported_parameter"}}, status=400)
    server.enqueue(refusal, text_reply(["Plain."]), text_reply(["Plain again."]))
    assert run(server, openai_api="responses", facts=facts).result().message.content == "Plain."
    assert run(server, openai_api="responses", facts=facts).result().message.content == "Plain again."
    sent = [r.json() for r in server.responses_requests()]
    assert [("reasoning" in body) for body in sent] == [True, False, False]


def test_an_unknown_model_is_reported_not_retried_elsewhere(server):
    posted = run(server, model="no-such-model", openai_api="auto")
    assert type(posted[-1]).__name__ == "RoundFailed"
    assert "does not know this model" in posted[-1].error.user_message
    assert [r.path for r in server.requests] == ["/v1/chat/completions", "/v1/responses"]


def test_chat_completions_stays_the_choice_where_it_answers():
    facts = EndpointFacts()
    with ScriptedServer() as chat_server:
        chat_server.enqueue(text_stream_reply(["Hi."]))
        posted = run(chat_server, facts=facts, model="m")
        assert posted.result().message.content == "Hi."
        assert [r.path for r in chat_server.requests] == ["/v1/chat/completions"]
        assert facts.openai_api_for(EndpointConfig(chat_server.base_url, "m")) == "chat"


def test_explicit_chat_never_tries_responses(server):
    posted = run(server, openai_api="chat")
    assert type(posted[-1]).__name__ == "RoundFailed"
    assert [r.path for r in server.requests] == ["/v1/chat/completions"]


def test_the_endpoint_check_probe_goes_the_same_way(server):
    facts = EndpointFacts()
    config = EndpointConfig(base_url=server.base_url, model="resp-model")
    with HttpClient() as client:
        response, assembler = open_round_stream(client, ChatRequest(config, build_chat_body(HISTORY[:1], "resp-model")),
                                                CancelToken(), facts)
        try:
            for chunk in response.iter_chunks():
                assembler.feed(chunk)
        finally:
            response.close()
    assembler.close()
    assert assembler.api == "responses" and assembler.result().message.content == "Done."
    assert json.loads(server.responses_requests()[0].body)["input"] == [{"role": "user", "content": "Add a line."}]
