"""Send from the real sidebar streams a reply from a local scripted server into the transcript."""
import re
import time

import pytest

from support.panel import Panel, endpoint_at, set_settings, wait_until
from support.scripted_server import Reply, chat_chunk, json_reply, sse_reply, text_stream_reply


@pytest.fixture
def endpoint(office, scripted_server):
    with endpoint_at(office.ctx, scripted_server.base_url, "scripted-model"):
        yield scripted_server


def test_send_streams_reply_and_reasoning(endpoint, writer):
    endpoint.enqueue(text_stream_reply(["Hello", " from", " Marginalia."], reasoning_pieces=["Let me", " think."]))
    panel = Panel(writer).open()
    panel.send("Say hello")
    panel.wait_idle()
    text = panel.transcript()
    assert "You\nSay hello" in text
    assert "Marginalia\nHello from Marginalia." in text
    # once the answer starts, the thinking collapses to one quiet line
    assert "Thinking\n(3 words of thinking, hidden" in text and "Let me think." not in text
    assert text.index("Thinking") < text.index("Marginalia\nHello")
    assert panel.press("show_thinking")  # the user asks to see it
    wait_until(lambda: "Thinking\nLet me think.\n\nMarginalia" in panel.transcript(), message="thinking shown")
    assert panel.press("show_thinking")
    wait_until(lambda: "Let me think." not in panel.transcript(), message="thinking hidden again")
    body = endpoint.chat_requests()[0].json()
    assert body["model"] == "scripted-model" and body["stream"] is True
    assert body["messages"][-1] == {"role": "user", "content": "Say hello"}
    assert panel.control("input").getText() == ""


def test_status_shows_the_rate_while_streaming_and_the_usage_after(endpoint, writer):
    reply = sse_reply([chat_chunk(content="word ") for _ in range(40)] + [chat_chunk(finish_reason="stop")]
                      + [dict(chat_chunk(), choices=[], usage={"prompt_tokens": 321, "completion_tokens": 40,
                                                                  "total_tokens": 361})], delay=0.03)
    endpoint.enqueue(reply)
    panel = Panel(writer).open()
    seen = []
    panel.send("Count words")
    while panel.enabled("stop"):  # sample the status line as a user would see it go by
        if not seen or seen[-1] != panel.status():
            seen.append(panel.status())
        time.sleep(0.02)
    panel.wait_idle()
    assert any(re.fullmatch(r"Answering… ≈\d+ tokens/s", status) for status in seen), seen
    assert panel.status() == "Ready. Tokens: 321 in, 40 out"


def test_send_is_disabled_during_a_turn_and_enabled_after(endpoint, writer):
    endpoint.enqueue(text_stream_reply(["a"] * 20, delay=0.05))
    panel = Panel(writer).open()
    panel.send("slow please")
    panel.wait_busy()
    assert not panel.enabled("send")
    panel.wait_idle()
    assert panel.enabled("send") and panel.transcript().endswith("a" * 20)


def test_second_turn_sends_the_history(endpoint, calc):
    endpoint.enqueue(text_stream_reply(["First answer."]), text_stream_reply(["Second answer."]))
    panel = Panel(calc).open()
    panel.send("one")
    panel.wait_idle()
    panel.send("two")
    panel.wait_idle()
    messages = endpoint.chat_requests()[1].json()["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert messages[2]["content"] == "First answer."
    assert "LibreOffice Calc" in messages[0]["content"]


def test_stop_ends_a_slow_stream_quickly_and_panel_stays_usable(endpoint, writer):
    endpoint.enqueue(text_stream_reply(["tick "] * 200, delay=0.1))
    panel = Panel(writer).open()
    panel.send("count slowly")
    wait_until(lambda: "tick tick" in panel.transcript(), message="the stream to start")
    started = time.monotonic()
    assert panel.press("stop")
    panel.wait_idle(timeout=5)
    elapsed = time.monotonic() - started
    assert elapsed < 0.5, "Stop took %.3f s" % elapsed
    frozen = panel.transcript()
    assert frozen.endswith("Stopped.")
    time.sleep(0.4)
    assert panel.transcript() == frozen  # nothing more arrives after Stop
    endpoint.enqueue(text_stream_reply(["Still here."]))
    panel.send("again")
    panel.wait_idle()
    assert panel.transcript().endswith("Still here.")


def test_unreachable_endpoint_gives_a_plain_message(office, writer):
    from support.office import free_port
    set_settings(office.ctx, "Endpoint", URL="http://127.0.0.1:%d/v1" % free_port(), Model="m")
    try:
        panel = Panel(writer).open()
        panel.send("anyone there?")
        panel.wait_idle()
        assert "Problem" in panel.transcript()
        assert "Traceback" not in panel.transcript()
        status = panel.status().lower()
        assert "could not" in status or "nothing is listening" in status or "refused" in status, status
        assert panel.enabled("send")
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")


@pytest.mark.parametrize("reply, words", [
    (json_reply({"error": {"message": "Invalid API key"}}, status=401), "key"),
    (json_reply({"error": {"message": "model not found"}}, status=404), "model"),
    (json_reply({"error": {"message": "boom"}}, status=500), "server"),
    (Reply(status=200, headers={"Content-Type": "text/html"}, chunks=[b"<html>hi</html>"], chunked=False), "stream"),
])
def test_http_errors_give_plain_messages(endpoint, writer, reply, words):
    endpoint.enqueue(reply, path="/v1/chat/completions")
    panel = Panel(writer).open()
    panel.send("hi")
    panel.wait_idle()
    problem = panel.transcript().rsplit("Problem\n", 1)[1]
    assert words in problem.lower(), problem
    assert panel.enabled("send")


def test_settings_change_takes_effect_on_next_send(office, writer, scripted_server):
    from support.scripted_server import ScriptedServer
    with ScriptedServer() as other:
        scripted_server.enqueue(text_stream_reply(["from first"]))
        other.enqueue(text_stream_reply(["from second"]))
        panel = Panel(writer).open()
        set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m1")
        panel.send("one")
        panel.wait_idle()
        set_settings(office.ctx, "Endpoint", URL=other.base_url, Model="m2")
        panel.send("two")
        panel.wait_idle()
        set_settings(office.ctx, "Endpoint", URL="", Model="")
        assert panel.transcript().endswith("from second")
        assert other.chat_requests()[0].json()["model"] == "m2"


def test_no_endpoint_configured_says_so(office, writer):
    set_settings(office.ctx, "Endpoint", URL="", Model="")
    panel = Panel(writer).open()
    assert panel.transcript().count("not connected to a model yet") == 1  # said once when the panel opened
    panel.send("hello?", expect_turn=False)
    wait_until(lambda: panel.transcript().count("not connected to a model yet") == 2,
               message="the note again after Send")
    assert panel.status() == "Not configured" and panel.enabled("send")


def test_clear_starts_a_new_conversation(endpoint, writer):
    endpoint.enqueue(text_stream_reply(["First."]), text_stream_reply(["Fresh start."]))
    panel = Panel(writer).open()
    panel.send("remember this")
    panel.wait_idle()
    assert panel.press("clear")
    wait_until(lambda: panel.transcript() == "", message="the transcript to clear")
    panel.send("new topic")
    panel.wait_idle()
    messages = endpoint.chat_requests()[-1].json()["messages"]
    assert [m["content"] for m in messages if m["role"] != "system"] == ["new topic"]


def test_the_embedded_model_is_named_in_the_status(office, scripted_server):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="smollm2-135m",
                 EmbeddedURL=scripted_server.base_url)
    doc = office.new_document("swriter")
    try:
        panel = Panel(doc).open()
        assert panel.status().startswith("Ready: embedded local model smollm2-135m")
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="", EmbeddedURL="")
        office.close_document(doc)


def test_status_says_ready_once_the_settings_are_complete(office, scripted_server):
    set_settings(office.ctx, "Endpoint", URL="", Model="")
    doc = office.new_document("swriter")
    try:
        panel = Panel(doc).open()
        assert panel.status() == "Not configured"
        set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="scripted-model")
        wait_until(lambda: panel.status() == "Ready", message="the status to follow the settings")
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
        office.close_document(doc)
