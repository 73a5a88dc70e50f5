"""The endpoint check against local servers of several personalities, and its failures."""
import threading
import time

import pytest

from marginalia.core.net.cancel import CancelToken
from marginalia.core.settings.check import CheckTarget, run_check, start_check
from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.net.tls import TlsOptions
from marginalia.core.net.transport import HttpClient
from support.certs import make_certificates, openssl_available
from support.office import free_port
from support.personalities import (LlamaCppPythonLike, LlamaServerLike, NoToolsServer, OllamaLike,
                                   OpenAILike, PersonalityServer)
from support.scripted_server import text_stream_reply
from support.tls_server import TlsServer


FACTS = EndpointFacts()
"""What the checks of one test learn (as the office's owner keeps it between checks and chats)."""


@pytest.fixture(autouse=True)
def fresh_facts():
    FACTS.forget()
    yield
    FACTS.forget()


def check(url, model="", key="", tls=None, preset="", on_step=None, cancel=None):
    with HttpClient(connect_timeout=3, read_timeout=5) as client:
        return run_check(client, CheckTarget(url, model, key, tls, preset), on_step, cancel, facts=FACTS)


def states(result):
    return {step.key: step.state for step in result.steps}


def test_openai_like_server_passes_every_step():
    with PersonalityServer(OpenAILike()) as server:
        result = check(server.base_url, "gpt-test")
        assert result.ok, result.report
        assert result.summary == ("Connected to an OpenAI-compatible server at %s: model gpt-test, context size unknown, "
                                  "streaming: yes, structured tool calls: yes, thinking: none seen."
                                  % server.base_url)
        assert states(result) == {"address": "ok", "connect": "ok", "server": "ok", "model": "ok",
                                  "context": "warning", "stream": "ok", "tools": "ok"}
        tool_request = [b for b in server.bodies("/v1/chat/completions") if b.get("tools")][0]
        assert tool_request["tool_choice"] == {"type": "function", "function": {"name": "report_status"}}
    assert result.data["api"] == "openai" and result.data["tool_calls"] == "structured"
    assert result.data["models"] == ["gpt-test", "gpt-test-mini"]


def test_ollama_like_server_is_recognised_and_checked_through_its_native_chat():
    with PersonalityServer(OllamaLike()) as server:
        result = check("127.0.0.1:%d" % server.port, "qwen3:8b")  # as a user might paste it
        assert result.ok, result.report
        assert result.summary == (
            "Connected to Ollama 0.5.7 at http://127.0.0.1:%d/v1: model qwen3:8b, 40,960-token "
            "context, streaming: yes, structured tool calls: yes, thinking: thinking field." % server.port)
        # stream probe, forced tool probe, free-choice tool probe (for the strategy)
        assert server.paths().count("/api/chat") == 3 and "/v1/chat/completions" not in server.paths()
    assert result.data["api"] == "ollama" and result.data["server_version"] == "0.5.7"
    assert result.data["context_window"] == 40960 and "thinking" in result.data["capabilities"]


def test_ollama_model_without_tools_is_reported_without_sending_tools():
    personality = OllamaLike()
    personality.capabilities = ("completion",)
    with PersonalityServer(personality) as server:
        result = check(server.base_url, "llama3.2")  # ":latest" is implied
        assert result.ok and result.data["tool_calls"] == "unsupported"
        assert "cannot use tools" in result.report
        assert all(not b.get("tools") for b in server.bodies("/api/chat"))
        assert states(result)["model"] == "ok"


def test_llama_cpp_python_tool_name_repeats_are_merged():
    with PersonalityServer(LlamaCppPythonLike()) as server:
        result = check(server.base_url)
    assert result.ok and result.data["tool_calls"] == "structured"
    assert result.data["model"] == "smollm2"
    assert "No model was chosen; testing the first one offered, smollm2." in result.report


def test_llama_server_context_and_reasoning_field():
    with PersonalityServer(LlamaServerLike()) as server:
        result = check(server.base_url, "qwen.gguf")
    assert result.ok
    assert result.data["context_window"] == 8192 and result.data["context_source"] == "llamacpp"
    assert result.data["reasoning_field"] == "reasoning_content"
    assert "8,192-token context" in result.summary and "thinking: reasoning_content field" in result.summary


@pytest.mark.parametrize("reject, verdict", [(True, "rejected"), (False, "text")])
def test_server_without_tool_support(reject, verdict):
    with PersonalityServer(NoToolsServer(reject)) as server:
        result = check(server.base_url, "plain-model")
    assert result.ok and result.data["tool_calls"] == verdict
    assert states(result)["tools"] == "warning"
    assert "cannot edit documents" in result.report


def test_dead_port_fails_plainly_at_connect():
    port = free_port()
    result = check("http://127.0.0.1:%d/v1" % port, "m")
    assert not result.ok
    assert result.summary.startswith("Could not connect to 127.0.0.1:%d: nothing is listening there." % port)
    assert "Start the model server" in result.summary
    assert [(s.key, s.state) for s in result.steps] == [("address", "ok"), ("connect", "failed")]
    assert result.data["error"]["type"] == "ConnectFailed"


def test_wrong_key_fails_and_the_right_one_passes():
    personality = OpenAILike()
    personality.api_key = "sk-test-abcdefghijklmnop"
    with PersonalityServer(personality) as server:
        wrong = check(server.base_url, "gpt-test", key="sk-wrong-0000000000000")
        assert not wrong.ok and states(wrong)["connect"] == "failed"
        assert "401" in wrong.summary and "Check the API key in Settings" in wrong.summary
        assert "sk-wrong" not in wrong.report
        right = check(server.base_url, "gpt-test", key="sk-test-abcdefghijklmnop")
        assert right.ok
        assert server.requests[-1].headers["Authorization"] == "Bearer sk-test-abcdefghijklmnop"


def test_unknown_model_is_reported_with_the_servers_words():
    with PersonalityServer(OpenAILike()) as server:
        result = check(server.base_url, "gpt-9")
    assert not result.ok
    assert states(result)["model"] == "warning" and states(result)["stream"] == "failed"
    assert "does not list the model gpt-9 (it offers gpt-test, gpt-test-mini)" in result.report
    assert "gpt-9" in result.summary


def test_invalid_address_fails_before_any_request():
    result = check("ftp://example.com")
    assert not result.ok and [s.key for s in result.steps] == ["address"]
    assert "http://" in result.summary


def test_steps_are_reported_as_they_run_and_cancel_stops_quickly():
    personality = OpenAILike()
    seen = []
    with PersonalityServer(personality) as server:
        server.enqueue(text_stream_reply(["slow "] * 100, delay=0.1), path="/v1/chat/completions")
        token = CancelToken()

        def on_step(step):
            seen.append((step.key, step.state))
            if step.key == "stream" and step.state == "running":
                threading.Timer(0.3, token.cancel).start()

        started = time.monotonic()
        result = check(server.base_url, "gpt-test", on_step=on_step, cancel=token)
        elapsed = time.monotonic() - started
    assert not result.ok and result.summary == "The test was stopped."
    assert elapsed < 2.0
    assert seen[:2] == [("address", "running"), ("address", "ok")]
    assert ("stream", "running") in seen and seen[-1] == ("stream", "skipped")


def test_start_check_runs_on_a_worker_thread():
    with PersonalityServer(OpenAILike()) as server, HttpClient() as client:
        done = threading.Event()
        outcome = {}

        def on_done(result):
            outcome["result"], outcome["thread"] = result, threading.current_thread()
            done.set()

        start_check(client, CheckTarget(server.base_url, "gpt-test"), lambda step: None, on_done,
                    CancelToken(), facts=FACTS)
        assert done.wait(10)
    assert outcome["result"].ok and outcome["thread"] is not threading.current_thread()


@pytest.mark.skipif(not openssl_available(), reason="openssl is not installed")
def test_self_signed_certificate_is_reported_with_its_fingerprint_and_can_be_trusted(tmp_path):
    certs = make_certificates(str(tmp_path))
    with TlsServer(*certs.pair("self_signed")) as server:
        refused = check(server.url, "tls-model")
        assert not refused.ok and states(refused)["connect"] == "failed"
        assert "self-signed certificate" in refused.summary
        fingerprint = refused.data["error"]["fingerprint_sha256"]
        assert fingerprint.replace(":", "").lower() == certs.fingerprints["self_signed"]
        trusted = check(server.url, "tls-model", tls=TlsOptions(pinned_sha256=fingerprint))
    assert states(trusted)["connect"] == "ok" and states(trusted)["stream"] == "ok"


def test_check_recommends_a_tool_strategy_per_server_kind():
    expected = {OpenAILike: "native", NoToolsServer: "prompted", LlamaCppPythonLike: "forced"}
    for personality, strategy in expected.items():
        FACTS.forget()
        with PersonalityServer(personality()) as server:
            result = check(server.base_url, personality.models[0])
            assert result.data.get("tool_strategy") == strategy, (personality.__name__, result.report)


def test_a_server_with_only_the_responses_api_is_detected_and_checked_through_it():
    from support.responses_server import ResponsesServer, text_reply
    with ResponsesServer() as server:
        server.enqueue(text_reply(["OK"], summary_parts=[["The user wants OK."]]))
        result = check(server.base_url, "resp-model")
        assert result.ok, result.report
        assert result.summary == ("Connected to an OpenAI-compatible server at %s: model resp-model, context size "
                                  "unknown, streaming: yes, API: Responses, structured tool calls: yes, thinking: "
                                  "reasoning summaries (Responses API)." % server.base_url)
        assert "Chats go to %s/responses (the Responses API)." % server.base_url in result.report
        forced = [r.json() for r in server.responses_requests() if r.json().get("tools")][0]
        assert forced["tool_choice"] == {"type": "function", "name": "report_status"}
    assert result.data["openai_api"] == "responses" and result.data["chat_url"] == server.base_url + "/responses"
    assert result.data["tool_strategy"] == "native"


def test_a_chat_completions_server_is_recorded_as_such():
    with PersonalityServer(OpenAILike()) as server:
        result = check(server.base_url, "gpt-test")
    assert result.data["openai_api"] == "chat" and "/responses" not in str(server.paths())


def test_a_server_that_does_not_answer_as_ollama_is_not_called_ollama_whatever_the_preset_says():
    """The Ollama preset was left selected (the dialog's first run found Ollama on 11434, then
    the user typed another address): the report names what answered, not the preset."""
    with PersonalityServer(OpenAILike()) as server:
        result = check(server.base_url, "gpt-test", preset="ollama")
        assert result.ok, result.report
        assert result.summary.startswith("Connected to an OpenAI-compatible server at %s:" % server.base_url)
        assert result.data["server"] != "ollama" and result.data["api"] == "openai"
