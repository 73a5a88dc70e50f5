"""HttpClient's transport seam: the client's own logic (keep-alive, retries, bodies, errors,
event streams) answered from memory, with no socket opened at all."""
import socket

import pytest
from support.memory_transport import MemoryServer
from support.scripted_server import Reply, json_reply, text_stream_reply

from marginalia.core.errors import ConnectionDropped, EmptyBodyError, RateLimited
from marginalia.core.net.event_stream import open_event_stream
from marginalia.core.net.proxy import ProxyResolver
from marginalia.core.net.retry import RetryPolicy
from marginalia.core.net.transport import HttpClient


class _NoSockets(socket.socket):
    def __init__(self, *args, **kwargs):
        raise AssertionError("a socket was opened behind the transport seam")


@pytest.fixture(autouse=True)
def no_sockets(monkeypatch):
    """The OS boundary: any attempt to open a socket fails the test."""
    monkeypatch.setattr(socket, "socket", _NoSockets)


@pytest.fixture
def server():
    with MemoryServer() as memory:
        yield memory


def client_for(server, **kwargs):
    retry = kwargs.pop("retry", RetryPolicy(base_delay=0.001, max_delay=0.002))
    return HttpClient(ProxyResolver(environ={}), connector=server.connector, retry=retry, **kwargs)


def test_a_request_is_recorded_and_answered(server):
    server.enqueue(json_reply({"ok": True}))
    with client_for(server) as client:
        answer = client.request("POST", server.base_url + "/chat/completions", body='{"a": 1}',
                                headers={"Authorization": "Bearer k"}).json()
    assert answer == {"ok": True}
    request = server.requests[0]
    assert (request.method, request.path, request.json()) == ("POST", "/v1/chat/completions", {"a": 1})
    assert request.headers["Authorization"] == "Bearer k"
    assert request.headers["User-Agent"].startswith("Marginalia/")


def test_keep_alive_reuses_one_connection(server):
    server.enqueue(json_reply({"n": 1}), json_reply({"n": 2}))
    with client_for(server) as client:
        first = client.request("GET", server.base_url + "/models").json()
        second = client.request("GET", server.base_url + "/models").json()
        assert (first, second) == ({"n": 1}, {"n": 2})
        assert (client.stats.opened, client.stats.reused) == (1, 1)
    assert len(server.connections_seen) == 1


def test_a_cut_reply_is_not_reused(server):
    server.enqueue(Reply(chunks=[b"part", b"rest"], cut_after=1), json_reply({"n": 2}))
    with client_for(server) as client:
        assert client.request("GET", server.base_url + "/x").read_all() == b"part"
        assert client.request("GET", server.base_url + "/models").json() == {"n": 2}
        assert client.stats.opened == 2


def test_503_is_retried_then_answered(server):
    server.enqueue(Reply(status=503, chunks=[b"loading"]), json_reply({"ok": 1}))
    with client_for(server) as client:
        assert client.request("POST", server.base_url + "/chat/completions", body="{}").json() == {"ok": 1}
        assert client.stats.retries == 1
    assert len(server.requests) == 2


def test_retry_after_beyond_the_limit_is_reported(server):
    server.enqueue(Reply(status=429, headers={"Retry-After": "600"}, chunks=[b"later"]))
    with client_for(server) as client, pytest.raises(RateLimited) as raised:
        client.request("POST", server.base_url + "/chat/completions", body="{}")
    assert raised.value.retry_after == 600.0


def test_a_reply_closed_before_its_headers_is_a_dropped_connection(server):
    server.enqueue(*[Reply(close_before_headers=True)] * 3)
    with client_for(server) as client, pytest.raises(ConnectionDropped):
        client.request("POST", server.base_url + "/chat/completions", body="{}")
    assert len(server.requests) == 3  # the retry policy's three attempts


def test_an_event_stream_arrives_chunk_by_chunk(server):
    server.enqueue(text_stream_reply(["Hel", "lo"]))
    with client_for(server) as client:
        response = open_event_stream(client, server.base_url + "/chat/completions", {"stream": True})
        body = b"".join(response.iter_chunks())
    assert body.count(b"data: ") == 4 and body.endswith(b"data: [DONE]\n\n")
    assert b'"content": "Hel"' in body


def test_an_empty_stream_is_a_clear_error(server):
    server.enqueue(Reply(headers={"Content-Type": "text/event-stream"}, chunks=[]))
    with client_for(server) as client, pytest.raises(EmptyBodyError):
        open_event_stream(client, server.base_url + "/chat/completions", {"stream": True})
