"""Turns from the real sidebar against an endpoint that speaks only the Responses API (POST /v1/responses).

The endpoint is tests/support/responses_server.py: ``/v1/chat/completions`` is missing (404), so the
first round finds out (``Api`` is ``auto``) and every later one goes straight to ``/v1/responses``.
Covered: text with reasoning summaries shown as thinking, a tool-call round that edits the document
(and one Ctrl+Z undoing it), a refusal, ``response.failed`` after some text, and Stop.
"""
import time

import pytest

from support.panel import Panel, set_settings, wait_until
from support.responses_server import ResponsesServer, call_reply, failed_reply, refusal_reply, text_reply


@pytest.fixture
def responses_endpoint(office):
    with ResponsesServer() as server:
        set_settings(office.ctx, "Endpoint", URL=server.base_url, Model="resp-model", Api="auto")
        try:
            yield server
        finally:
            set_settings(office.ctx, "Endpoint", URL="", Model="", Api="auto")


def paths(server):
    """The chat requests (the context-window probes left out)."""
    return [r.path for r in server.requests if r.path.endswith(("/chat/completions", "/responses"))]


def test_text_and_reasoning_summaries_stream_in(responses_endpoint, writer):
    server = responses_endpoint
    server.enqueue(text_reply(["Hello", " from the", " Responses API."], summary_parts=[["Let me", " think."]]),
                   text_reply(["Second answer."]))
    panel = Panel(writer).open()
    panel.send("Say hello")
    panel.wait_idle()
    text = panel.transcript()
    assert "Marginalia\nHello from the Responses API." in text
    assert "Thinking\n(3 words of thinking, hidden" in text and "Let me think." not in text
    assert panel.press("show_thinking")
    wait_until(lambda: "Thinking\nLet me think." in panel.transcript(), message="the summary shown as thinking")
    panel.send("And again")
    panel.wait_idle()
    assert panel.transcript().endswith("Second answer.")
    assert paths(server)[0] == "/v1/chat/completions" and paths(server)[1:] == ["/v1/responses"] * 2
    second = server.responses_requests()[1].json()
    assert second["model"] == "resp-model" and second["stream"] is True and second["store"] is False
    assert "LibreOffice Writer" in second["instructions"]
    assert second["input"] == [{"role": "user", "content": "Say hello"},
                               {"role": "assistant", "content": "Hello from the Responses API."},
                               {"role": "user", "content": "And again"}]
    assert {tool["type"] for tool in second["tools"]} == {"function"}
    assert "insert_content" in [tool["name"] for tool in second["tools"]]
    assert panel.status().startswith("Ready. Tokens: 42 in, 7 out")


def test_a_tool_call_round_edits_the_document_and_one_undo_reverts_it(responses_endpoint, writer):
    server = responses_endpoint
    writer.getText().setString("First line.")
    writer.getUndoManager().clear()
    server.enqueue(call_reply("insert_content", {"content": "Added through the Responses API.", "position": "end"},
                              call_id="call_resp_42", summary_parts=[["I should insert the line."]]),
                   text_reply(["I added the line."]))
    panel = Panel(writer).open()
    panel.send("Add a line at the end.")
    panel.wait_idle(timeout=30)
    assert "Added through the Responses API." in writer.getText().getString()
    assert panel.transcript().endswith("I added the line.")
    follow_up = server.responses_requests()[-1].json()["input"]
    assert follow_up[-2]["type"] == "function_call" and follow_up[-2]["call_id"] == "call_resp_42"
    assert follow_up[-2]["name"] == "insert_content"
    assert follow_up[-1]["type"] == "function_call_output" and follow_up[-1]["call_id"] == "call_resp_42"
    assert not follow_up[-1]["output"].startswith("Error"), follow_up[-1]
    writer.getUndoManager().undo()
    assert writer.getText().getString() == "First line."


def test_a_refusal_is_shown_as_the_answer_and_kept_in_the_history(responses_endpoint, writer):
    server = responses_endpoint
    server.enqueue(refusal_reply(["I can't help", " with that request."]), text_reply(["Fine."]))
    panel = Panel(writer).open()
    panel.send("Do something I should not ask.")
    panel.wait_idle()
    assert panel.transcript().endswith("I can't help with that request.")
    panel.send("Something else, then.")
    panel.wait_idle()
    history = server.responses_requests()[-1].json()["input"]
    assert {"role": "assistant", "content": "I can't help with that request."} in history


def test_response_failed_shows_the_servers_words_and_keeps_the_text(responses_endpoint, writer):
    server = responses_endpoint
    server.enqueue(failed_reply("server_error", "The model is overloaded, try again later.", text_before="Partial"))
    panel = Panel(writer).open()
    panel.send("Answer at length.")
    panel.wait_idle()
    text = panel.transcript()
    assert "Marginalia\nPartial" in text
    problem = text.rsplit("Problem\n", 1)[1]
    assert "The model is overloaded, try again later." in problem
    assert "Traceback" not in text and panel.enabled("send")


def test_stop_ends_a_slow_responses_stream(responses_endpoint, writer):
    server = responses_endpoint
    server.enqueue(text_reply(["tick "] * 200, delay=0.05))
    panel = Panel(writer).open()
    panel.send("count slowly")
    wait_until(lambda: "tick tick" in panel.transcript(), message="the stream to start")
    started = time.monotonic()
    assert panel.press("stop")
    panel.wait_idle(timeout=5)
    assert time.monotonic() - started < 1.0
    assert panel.transcript().endswith("Stopped.")
