"""Every HTTP-level error class, produced by a real server's answer.

The bodies are the shapes real servers send (see core/error_body.py): OpenAI, llama.cpp's
llama-server, vLLM, llama-cpp-python, Ollama, FastAPI, reverse proxies.
"""
import json

import pytest
from support.memory_transport import MemoryServer
from support.scripted_server import Reply, json_reply

from marginalia.core.errors import (AuthError, BadRequestError, ContextOverflowError, NotFoundError, RateLimited,
    ServerError)
from marginalia.core.net.proxy import ProxyResolver
from marginalia.core.net.retry import RetryPolicy
from marginalia.core.net.transport import HttpClient

OPENAI_OVERFLOW = {"error": {
    "message": "This model's maximum context length is 8192 tokens. However, your messages "
               "resulted in 9000 tokens. Please reduce the length of the messages.",
    "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}
LLAMA_SERVER_OVERFLOW = {"error": {
    "code": 400, "message": "the request exceeds the available context size, try increasing it",
    "type": "exceed_context_size_error", "n_prompt_tokens": 5000, "n_ctx": 4096}}
VLLM_OVERFLOW = {"object": "error", "type": "BadRequestError", "code": 400, "message":
                 "This model's maximum context length is 2048 tokens. However, you requested "
                 "2100 tokens (2000 in the messages, 100 in the completion). Please reduce the "
                 "length of the messages or completion."}
VLLM_NEW_OVERFLOW = {"error": {"message": "'max_tokens' is too large: 1000. This model's maximum "
                               "context length is 2048 tokens and your request has 1500 input "
                               "tokens (1000 > 2048 - 1500).", "type": "BadRequestError"}}


@pytest.fixture
def server():
    """The scripted replies, answered from memory through the client's transport seam."""
    with MemoryServer() as memory:
        yield memory


@pytest.fixture
def client(server):
    with HttpClient(ProxyResolver(environ={}), retry=RetryPolicy(max_attempts=1), connector=server.connector) as http_client:
        yield http_client


def fail_with(server, client, reply, path="/chat/completions"):
    server.enqueue(reply)
    with pytest.raises(Exception) as raised:
        client.request("POST", server.base_url + path, body="{}")
    return raised.value


@pytest.mark.parametrize("body, prompt, window", [
    (OPENAI_OVERFLOW, 9000, 8192),
    (LLAMA_SERVER_OVERFLOW, 5000, 4096),
    (VLLM_OVERFLOW, 2100, 2048),
    (VLLM_NEW_OVERFLOW, 1500, 2048),
    ({"error": "Requested tokens (3000) exceed context window of 2048"}, 3000, 2048),
    ({"error": {"message": "prompt is too long: 210000 tokens > 200000 maximum"}}, 210000, 200000),
])
def test_context_overflow_with_the_numbers(server, client, body, prompt, window):
    error = fail_with(server, client, json_reply(body, status=400))
    assert type(error) is ContextOverflowError
    assert (error.prompt_tokens, error.context_window) == (prompt, window)
    assert str(prompt) in str(error) and str(window) in str(error)


def test_413_is_a_context_overflow_without_numbers(server, client):
    reply = Reply(status=413, headers={"Content-Type": "text/html"},
                  chunks=[b"<html><title>413 Request Entity Too Large</title></html>"])
    error = fail_with(server, client, reply)
    assert type(error) is ContextOverflowError and error.context_window is None
    assert error.body_excerpt == "413 Request Entity Too Large"


@pytest.mark.parametrize("status", [401, 403])
def test_auth_errors(server, client, status):
    body = {"error": {"message": "Incorrect API key provided: sk-abcd1234efgh5678ijkl"}}
    error = fail_with(server, client, json_reply(body, status=status))
    assert type(error) is AuthError and error.status == status
    assert "Incorrect API key" in str(error) and "sk-abcd" not in str(error)
    assert "API key" in error.hint


def test_404_naming_a_model_is_about_the_model(server, client):
    body = {"error": {"message": "model \"llama9\" not found, try pulling it first"}}
    error = fail_with(server, client, json_reply(body, status=404))
    assert type(error) is NotFoundError and error.what == "model"
    assert "llama9" in str(error)


def test_404_without_v1_suggests_adding_it(server, client):
    server.enqueue(Reply(status=404, chunks=[b"404 page not found"]))
    with pytest.raises(NotFoundError) as raised:
        client.request("POST", "http://127.0.0.1:%d/chat/completions" % server.port,
                       body="{}")
    assert raised.value.what == "url" and "/v1" in raised.value.hint


def test_404_with_v1_points_at_the_address(server, client):
    error = fail_with(server, client, Reply(status=404, chunks=[b"Not Found"]))
    assert error.what == "url" and server.base_url in error.hint


def test_429_is_rate_limited_with_retry_after(server, client):
    reply = Reply(status=429, headers={"Retry-After": "7"}, chunks=[b"slow down"])
    error = fail_with(server, client, reply)
    assert type(error) is RateLimited and error.retry_after == 7.0
    assert "7 seconds" in str(error)


@pytest.mark.parametrize("status, hint_word", [(500, "log"), (503, "loading"), (502, "gateway")])
def test_server_errors(server, client, status, hint_word):
    reply = Reply(status=status, headers={"Content-Type": "text/plain"},
                  chunks=[b"Internal Server Error: llama_decode failed"])
    error = fail_with(server, client, reply)
    assert type(error) is ServerError and error.status == status
    assert "llama_decode failed" in str(error) and hint_word in error.hint


def test_other_4xx_is_a_bad_request_with_the_server_message(server, client):
    body = {"detail": [{"loc": ["body", "messages"], "msg": "field required"}]}
    error = fail_with(server, client, json_reply(body, status=422))
    assert type(error) is BadRequestError and "field required" in str(error)


def test_redirect_says_where_to(server, client):
    reply = Reply(status=301, headers={"Location": "https://llm.example/v1/chat/completions"})
    error = fail_with(server, client, reply)
    assert type(error) is BadRequestError and "https://llm.example" in str(error)


def test_long_error_bodies_are_cut(server, client):
    body = {"error": {"message": "x" * 5000}}
    error = fail_with(server, client, json_reply(body, status=400))
    assert len(error.body_excerpt) <= 300


def test_error_connection_is_reused_after_reading_the_body(server, client):
    fail_with(server, client, json_reply({"error": "bad"}, status=400))
    server.enqueue(json_reply({"ok": 1}))
    assert client.request("GET", server.base_url + "/models").json() == {"ok": 1}
    assert len(server.connections_seen) == 1


def test_plain_text_error_from_llama_cpp_python(server, client):
    reply = Reply(status=500, headers={"Content-Type": "text/plain; charset=utf-8"},
                  chunks=[json.dumps("Expecting value: line 1 column 1 (char 0)").encode()[1:-1]])
    error = fail_with(server, client, reply)
    assert "Expecting value" in error.body_excerpt
