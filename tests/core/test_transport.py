"""The HTTP client against real servers on 127.0.0.1: reuse, streaming, retries, Stop.

No mocks: the scripted server (tests/support/scripted_server.py) and the socket-level
servers (tests/support/socket_servers.py) answer over real sockets.
"""
import threading
import time

import pytest
from support.scripted_server import Reply, json_reply, sse_reply, text_stream_reply
from support.socket_servers import FullBacklogListener, SocketServer, ok_response, read_request

from marginalia.core.net.cancel import CancelToken
from marginalia.core.errors import (Cancelled, ConnectFailed, ConnectionDropped, DnsFailed, NetworkTimeout,
    RateLimited, ServerError)
from marginalia.core.net.proxy import ProxyResolver
from marginalia.core.net.retry import RetryPolicy
from marginalia.core.net.event_stream import open_event_stream
from marginalia.core.net.transport import HttpClient

FAST_RETRY = RetryPolicy(max_attempts=3, base_delay=0.01, max_delay=0.05)


@pytest.fixture
def client():
    with HttpClient(ProxyResolver(environ={}), connect_timeout=5, read_timeout=10,
                    retry=FAST_RETRY) as http_client:
        yield http_client


def stall_reply(seconds):
    """An event stream that sends one event, then nothing for ``seconds``."""
    return sse_reply([{"n": 1}, {"n": 2}], stall_after=1, stall_seconds=seconds)


def cancel_later(token, delay):
    """Cancel ``token`` from another thread after ``delay``; returns the moment it fired."""
    fired = []

    def run():
        time.sleep(delay)
        fired.append(time.monotonic())
        token.cancel()
    threading.Thread(target=run, daemon=True).start()
    return fired


# -- connection reuse -----------------------------------------------------------------

def test_one_connection_serves_requests_and_a_streamed_reply(client, scripted_server):
    scripted_server.enqueue(json_reply({"data": []}), text_stream_reply(["a", "b"]),
                            json_reply({"data": []}))
    client.request("GET", scripted_server.base_url + "/models").read_all()
    stream = open_event_stream(client, scripted_server.base_url + "/chat/completions",
                               {"stream": True})
    assert b"[DONE]" in b"".join(stream.iter_chunks())
    client.request("GET", scripted_server.base_url + "/models").read_all()
    assert len(scripted_server.connections_seen) == 1
    assert (client.stats.opened, client.stats.reused) == (1, 2)


def test_closing_a_response_early_discards_its_connection(client, scripted_server):
    scripted_server.enqueue(text_stream_reply(["a", "b", "c"]), json_reply({}))
    response = client.request("POST", scripted_server.base_url + "/chat/completions", body="{}")
    next(response.iter_chunks())
    response.close()
    client.request("GET", scripted_server.base_url + "/models").read_all()
    assert client.stats.opened == 2


def test_each_event_is_delivered_when_it_arrives(client, scripted_server):
    """The first event must not wait for the rest of the body (read1, not read)."""
    scripted_server.enqueue(stall_reply(1.0))
    start = time.monotonic()
    response = client.request("POST", scripted_server.base_url + "/chat/completions", body="{}")
    chunks = response.iter_chunks()
    first = next(chunks)
    first_at = time.monotonic() - start
    rest = b"".join(chunks)
    assert b'"n": 1' in first and b'"n": 2' in rest
    assert first_at < 0.5 <= time.monotonic() - start


def test_request_sends_body_and_headers(client, scripted_server):
    scripted_server.enqueue(json_reply({}))
    client.request("POST", scripted_server.base_url + "/chat/completions",
                   headers={"Authorization": "Bearer k"}, body='{"q": "\u00e9"}').read_all()
    sent = scripted_server.requests[0]
    assert sent.json() == {"q": "\u00e9"}
    assert sent.headers["Authorization"] == "Bearer k"
    assert sent.headers["User-Agent"].startswith("Marginalia/")


def test_raw_returns_an_error_response_instead_of_raising(client, scripted_server):
    scripted_server.enqueue(json_reply({"error": "nope"}, status=404))
    response = client.request("GET", scripted_server.base_url + "/x", raw=True)
    assert (response.status, response.json()) == (404, {"error": "nope"})


# -- stale keep-alive connections ----------------------------------------------------------

def test_connection_closed_by_the_server_while_idle_is_not_reused():
    def answer_then_close_soon(sock, index):
        read_request(sock)
        sock.sendall(ok_response())
        time.sleep(0.1)  # like uvicorn's keep-alive timeout, only shorter
    with SocketServer(answer_then_close_soon) as server, \
            HttpClient(ProxyResolver(environ={}), retry=FAST_RETRY) as client:
        for _ in range(2):
            assert client.request("GET", server.url + "/v1/models").json() == {"ok": True}
            time.sleep(0.3)
        assert server.accepted == 2
        assert (client.stats.stale_dropped, client.stats.stale_retries) == (1, 0)


def test_reused_connection_that_dies_on_send_is_retried_once_transparently():
    def drop_second_request(sock, index):
        read_request(sock)
        sock.sendall(ok_response())
        if index == 0:
            read_request(sock)  # the server hangs up on the second request unanswered
    with SocketServer(drop_second_request) as server, \
            HttpClient(ProxyResolver(environ={}), retry=RetryPolicy(max_attempts=1)) as client:
        client.request("GET", server.url + "/a").read_all()
        assert client.request("GET", server.url + "/b").json() == {"ok": True}
        assert (server.accepted, client.stats.stale_retries, client.stats.retries) == (2, 1, 0)


# -- retries ----------------------------------------------------------------------------

def test_429_with_retry_after_is_waited_for_then_succeeds(client, scripted_server):
    scripted_server.enqueue(Reply(status=429, headers={"Retry-After": "1"}, chunks=[b"busy"],
                                  chunked=False), json_reply({"ok": 1}))
    start = time.monotonic()
    assert client.request("GET", scripted_server.base_url + "/models").json() == {"ok": 1}
    assert time.monotonic() - start >= 0.95
    assert (len(scripted_server.requests), client.stats.retries) == (2, 1)
    assert len(scripted_server.connections_seen) == 1  # the refused answer kept the connection


def test_retry_after_beyond_the_cap_is_reported_at_once(client, scripted_server):
    scripted_server.enqueue(Reply(status=429, headers={"Retry-After": "120"}, chunks=[b"x"]))
    start = time.monotonic()
    with pytest.raises(RateLimited) as raised:
        client.request("GET", scripted_server.base_url + "/models")
    assert raised.value.retry_after == 120
    assert time.monotonic() - start < 10  # did not wait the 120 s (loose enough for a loaded machine)
    assert len(scripted_server.requests) == 1


@pytest.mark.parametrize("status", [502, 503, 504])
def test_gateway_statuses_are_retried_then_reported(client, scripted_server, status):
    scripted_server.default_reply = json_reply({"error": "down"}, status=status)
    with pytest.raises(ServerError) as raised:
        client.request("GET", scripted_server.base_url + "/models")
    assert raised.value.status == status
    assert len(scripted_server.requests) == FAST_RETRY.max_attempts


def test_500_is_not_retried(client, scripted_server):
    scripted_server.default_reply = json_reply({"error": "boom"}, status=500)
    with pytest.raises(ServerError):
        client.request("GET", scripted_server.base_url + "/models")
    assert len(scripted_server.requests) == 1


def test_reset_before_the_first_byte_is_retried(client, scripted_server):
    scripted_server.enqueue(Reply(close_before_headers=True), json_reply({"ok": 2}))
    assert client.request("GET", scripted_server.base_url + "/models").json() == {"ok": 2}
    assert (len(scripted_server.requests), client.stats.retries) == (2, 1)


def test_no_retry_once_the_reply_has_started(client):
    """A chunked stream cut after its first event: the error surfaces, nothing is re-sent."""
    def cut_mid_stream(sock, index):
        read_request(sock)
        sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n"
                     b"e\r\ndata: {\"n\": 1}\r\n")
        time.sleep(0.1)
    with SocketServer(cut_mid_stream) as server:
        response = client.request("POST", server.url + "/v1/chat/completions", body="{}")
        received = []
        with pytest.raises(ConnectionDropped):
            for chunk in response.iter_chunks():
                received.append(chunk)
        assert b"".join(received) == b'data: {"n": 1}'
        assert server.accepted == 1 and client.stats.retries == 0


def test_truncated_content_length_body_is_reported(client):
    def short_body(sock, index):
        read_request(sock)
        sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"partial\"")
    with SocketServer(short_body) as server:
        response = client.request("GET", server.url + "/v1/models")
        with pytest.raises(ConnectionDropped):
            response.read_all()


# -- Stop ---------------------------------------------------------------------------------

def test_stop_during_a_stalled_read_ends_the_reader_quickly(client, scripted_server):
    scripted_server.enqueue(stall_reply(30))
    token = CancelToken()
    response = open_event_stream(client, scripted_server.base_url + "/chat/completions", {},
                                 cancel=token)
    outcome = []

    def reader():
        try:
            for _ in response.iter_chunks():
                pass
        except Cancelled:
            outcome.append(time.monotonic())
    worker = threading.Thread(target=reader)
    worker.start()
    fired = cancel_later(token, 0.3)
    worker.join(5)
    assert outcome, "the reader did not end with Cancelled"
    latency = outcome[0] - fired[0]
    print("stop latency during a stalled read: %.2f ms" % (latency * 1000))
    assert latency < 1.0


def test_stop_while_waiting_for_the_status_line():
    def never_answer(sock, index):
        read_request(sock)
        time.sleep(5)
    with SocketServer(never_answer) as server, HttpClient(ProxyResolver(environ={})) as client:
        token = CancelToken()
        fired = cancel_later(token, 0.2)
        with pytest.raises(Cancelled):
            client.request("GET", server.url + "/v1/models", cancel=token)
        assert time.monotonic() - fired[0] < 1.0


def test_stop_during_a_retry_wait(client, scripted_server):
    scripted_server.enqueue(Reply(status=503, headers={"Retry-After": "10"}, chunks=[b"x"]))
    token = CancelToken()
    fired = cancel_later(token, 0.2)
    with pytest.raises(Cancelled):
        client.request("GET", scripted_server.base_url + "/models", cancel=token)
    assert time.monotonic() - fired[0] < 1.0


def test_stop_during_connect():
    with FullBacklogListener() as listener, \
            HttpClient(ProxyResolver(environ={}), connect_timeout=10) as client:
        token = CancelToken()
        fired = cancel_later(token, 0.2)
        with pytest.raises(Cancelled):
            client.request("GET", "http://127.0.0.1:%d/v1/models" % listener.port, cancel=token)
        assert time.monotonic() - fired[0] < 1.0


def test_a_cancelled_token_stops_before_sending(client, scripted_server):
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        client.request("GET", scripted_server.base_url + "/models", cancel=token)
    assert scripted_server.requests == []


# -- timeouts and unreachable servers -----------------------------------------------------

def test_read_timeout_is_the_idle_time_between_data(scripted_server):
    scripted_server.enqueue(stall_reply(3))
    with HttpClient(ProxyResolver(environ={}), read_timeout=0.3) as client:
        response = client.request("POST", scripted_server.base_url + "/chat/completions", body="{}")
        with pytest.raises(NetworkTimeout) as raised:
            b"".join(response.iter_chunks())
    assert raised.value.phase == "read"


def test_connect_timeout_is_separate_from_the_read_timeout():
    with FullBacklogListener() as listener, \
            HttpClient(ProxyResolver(environ={}), connect_timeout=0.3, read_timeout=60) as client:
        start = time.monotonic()
        with pytest.raises(NetworkTimeout) as raised:
            client.request("GET", "http://127.0.0.1:%d/v1/models" % listener.port)
    assert raised.value.phase == "connect"
    assert time.monotonic() - start < 2


def test_connection_refused(client):
    with SocketServer(lambda sock, index: None) as server:
        port = server.port
    with pytest.raises(ConnectFailed) as raised:
        client.request("GET", "http://127.0.0.1:%d/v1/models" % port)
    assert raised.value.reason == "refused" and str(port) in str(raised.value)


def test_dns_failure(client):
    with pytest.raises(DnsFailed) as raised:
        client.request("GET", "http://marginalia-test.invalid:11434/v1/models")
    assert "marginalia-test.invalid" in str(raised.value)
