"""open_event_stream: the checks made before any event is parsed, against real servers."""
import json

import pytest
from support.scripted_server import Reply, json_reply, raw_sse_reply, text_stream_reply
from support.socket_servers import SocketServer, read_request

from marginalia.core.errors import (ConnectionDropped, ContextOverflowError, EmptyBodyError, NotAStreamError,
    ProtocolError)
from marginalia.core.net.proxy import ProxyResolver
from marginalia.core.net.retry import RetryPolicy
from marginalia.core.net.event_stream import open_event_stream
from marginalia.core.net.transport import HttpClient

COMPLETION = {"id": "c1", "object": "chat.completion",
              "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hi"},
                           "finish_reason": "stop"}]}


@pytest.fixture
def client():
    with HttpClient(ProxyResolver(environ={}), retry=RetryPolicy(max_attempts=2, base_delay=0.01),
                    read_timeout=5) as http_client:
        yield http_client


def open_stream(server, client):
    return open_event_stream(client, server.base_url + "/chat/completions",
                             {"model": "m", "stream": True}, {"Authorization": "Bearer k"})


def test_stream_request_shape(scripted_server, client):
    scripted_server.enqueue(text_stream_reply(["Hi"]))
    b"".join(open_stream(scripted_server, client).iter_chunks())
    sent = scripted_server.chat_requests()[0]
    assert sent.method == "POST" and sent.json() == {"model": "m", "stream": True}
    assert sent.headers["Accept"] == "text/event-stream"
    assert sent.headers["Content-Type"] == "application/json"
    assert sent.headers["Authorization"] == "Bearer k"


def test_the_first_bytes_stay_available_to_the_caller(scripted_server, client):
    scripted_server.enqueue(text_stream_reply(["Hel", "lo"]))
    body = b"".join(open_stream(scripted_server, client).iter_chunks())
    assert body.startswith(b"data: ") and body.rstrip().endswith(b"data: [DONE]")


def test_json_completion_instead_of_a_stream_keeps_the_body(scripted_server, client):
    scripted_server.enqueue(json_reply(COMPLETION))
    with pytest.raises(NotAStreamError) as raised:
        open_stream(scripted_server, client)
    assert raised.value.content_type == "application/json"
    assert json.loads(raised.value.body)["choices"][0]["message"]["content"] == "Hi"


def test_json_error_with_status_200_shows_the_server_message(scripted_server, client):
    scripted_server.enqueue(json_reply({"error": {"message": "upstream provider failed"}}))
    with pytest.raises(NotAStreamError) as raised:
        open_stream(scripted_server, client)
    assert "upstream provider failed" in str(raised.value)


def test_json_overflow_with_status_200_is_a_context_overflow(scripted_server, client):
    body = {"error": {"message": "This model's maximum context length is 4096 tokens. However, "
                                 "you requested 5000 tokens", "code": "context_length_exceeded"}}
    scripted_server.enqueue(json_reply(body))
    with pytest.raises(ContextOverflowError) as raised:
        open_stream(scripted_server, client)
    assert (raised.value.prompt_tokens, raised.value.context_window) == (5000, 4096)


def test_html_page_is_not_a_stream(scripted_server, client):
    scripted_server.enqueue(Reply(headers={"Content-Type": "text/html"},
                                  chunks=[b"<html><title>Open WebUI</title></html>"]))
    with pytest.raises(NotAStreamError) as raised:
        open_stream(scripted_server, client)
    assert raised.value.content_type == "text/html"


@pytest.mark.parametrize("content_type", ["text/event-stream", "application/json"])
def test_empty_200_body_is_an_empty_body_error(scripted_server, client, content_type):
    """llama-cpp-python answers an over-long streamed prompt with 200 and zero bytes."""
    scripted_server.enqueue(Reply(headers={"Content-Type": content_type}, chunks=[]))
    with pytest.raises(EmptyBodyError) as raised:
        open_stream(scripted_server, client)
    assert "context" in raised.value.hint


def test_event_stream_sent_as_text_plain_is_accepted(scripted_server, client):
    reply = raw_sse_reply(b'data: {"x": 1}\n\ndata: [DONE]\n\n')
    reply.headers["Content-Type"] = "text/plain"
    scripted_server.enqueue(reply)
    assert b"[DONE]" in b"".join(open_stream(scripted_server, client).iter_chunks())


def test_a_server_that_does_not_speak_http_is_a_protocol_error(client):
    def not_http(sock, index):
        sock.recv(65536)
        sock.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")
    with SocketServer(not_http) as server:
        with pytest.raises(ProtocolError) as raised:
            open_event_stream(client, server.url + "/v1/chat/completions", {})
    assert "did not answer with HTTP" in str(raised.value)


def test_a_server_that_hangs_up_without_answering(client):
    def hang_up(sock, index):
        read_request(sock)
    with SocketServer(hang_up) as server:
        with pytest.raises(ConnectionDropped) as raised:
            open_event_stream(client, server.url + "/v1/chat/completions", {})
        assert server.accepted == 2  # one retry: nothing of the reply had arrived
    assert "without answering" in str(raised.value)
