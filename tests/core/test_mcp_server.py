"""The MCP server engine (core/mcp) on a real socket on 127.0.0.1, spoken to with http.client."""
import http.client
import json
import logging
import queue
import threading

import pytest

from marginalia.core.mcp.dispatch import SerialDispatcher
from marginalia.core.mcp.http_server import McpHttpServer
from marginalia.core.mcp.protocol import McpProtocol, ServerInfo, ToolHost, ToolResult

TOKEN = "s3cret-token-for-tests-0123456789"
INIT = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "pytest-agent", "version": "1"}}


class MainThread:
    """A stand-in for the office's main thread: one worker running posted calls in order."""

    def __init__(self):
        self.calls = queue.Queue()
        self.paused = threading.Event()
        self.thread = threading.Thread(target=self._loop, name="fake-main", daemon=True)
        self.thread.start()

    def post(self, function):
        self.calls.put(function)

    def _loop(self):
        while True:
            function = self.calls.get()
            if function is None:
                return
            while self.paused.is_set():
                threading.Event().wait(0.01)
            function()


class EchoHost(ToolHost):
    def __init__(self):
        self.threads = []
        self.sessions = []

    def tools(self, session):
        return [{"name": "echo", "description": "Echo", "inputSchema": {"type": "object"}},
                {"name": "crash", "description": "Raise", "inputSchema": {"type": "object"}}]

    def call(self, session, name, arguments):
        self.threads.append(threading.current_thread().name)
        self.sessions.append(session.client_name)
        if name == "crash":
            raise RuntimeError("boom")
        return ToolResult(json.dumps(arguments))


@pytest.fixture
def main_thread():
    main = MainThread()
    yield main
    main.paused.clear()
    main.post(None)


@pytest.fixture
def host():
    return EchoHost()


@pytest.fixture
def server(host, main_thread):
    protocol = McpProtocol(host, SerialDispatcher(main_thread.post, time_limit=2.0), ServerInfo(version="9"))
    with McpHttpServer(protocol, lambda: TOKEN) as running:
        yield running


def post(server, message, headers=None, token=TOKEN, raw=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    sent = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if token is not None:
        sent["Authorization"] = "Bearer " + token
    sent.update(headers or {})
    connection.request("POST", "/mcp", raw if raw is not None else json.dumps(message), sent)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def request(server, method, params=None, request_id=1, **kwargs):
    message = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    response, body = post(server, message, **kwargs)
    return response, json.loads(body) if body else None


def test_initialize_negotiates_the_version_and_opens_a_session(server):
    response, reply = request(server, "initialize", INIT)
    assert response.status == 200
    assert reply["id"] == 1
    assert reply["result"]["protocolVersion"] == "2025-06-18"
    assert reply["result"]["capabilities"]["tools"] == {"listChanged": False}
    assert reply["result"]["serverInfo"]["version"] == "9"
    session_id = response.getheader("Mcp-Session-Id")
    assert session_id and len(session_id) == 32
    assert server.protocol.sessions.get(session_id).client_name == "pytest-agent"


def test_an_unknown_version_gets_our_newest(server):
    _, reply = request(server, "initialize", dict(INIT, protocolVersion="1999-01-01"))
    assert reply["result"]["protocolVersion"] == "2025-11-25"


def test_initialize_without_a_version_is_invalid_params(server):
    _, reply = request(server, "initialize", {"clientInfo": {"name": "x"}})
    assert reply["error"]["code"] == -32602


def test_ping_and_tools_list(server):
    assert request(server, "ping")[1]["result"] == {}
    _, reply = request(server, "tools/list", request_id="abc")
    assert reply["id"] == "abc"
    assert [tool["name"] for tool in reply["result"]["tools"]] == ["echo", "crash"]


def test_a_tool_call_runs_on_the_main_thread_with_the_sessions_client(server, host):
    response, _ = request(server, "initialize", INIT)
    session = {"Mcp-Session-Id": response.getheader("Mcp-Session-Id")}
    _, reply = request(server, "tools/call", {"name": "echo", "arguments": {"a": 1}}, headers=session)
    assert reply["result"] == {"content": [{"type": "text", "text": '{"a": 1}'}], "isError": False}
    assert host.threads == ["fake-main"]
    assert host.sessions == ["pytest-agent"]


def test_a_crashing_tool_is_an_error_result_not_a_crash(server):
    _, reply = request(server, "tools/call", {"name": "crash"})
    assert reply["result"]["isError"] is True
    assert "crash failed unexpectedly (RuntimeError)" in reply["result"]["content"][0]["text"]
    assert request(server, "ping")[1]["result"] == {}


def test_notifications_and_responses_get_202_and_no_body(server):
    response, body = post(server, {"jsonrpc": "2.0", "method": "notifications/initialized"})
    assert (response.status, body) == (202, b"")
    response, body = post(server, {"jsonrpc": "2.0", "id": 5, "result": {}})
    assert (response.status, body) == (202, b"")


@pytest.mark.parametrize("raw, code", [
    ('[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', -32600),
    ('{"jsonrpc": "2.0", "id": 1, "method": "ping"', -32700),
    ('{"id": 1, "method": "ping"}', -32600),
    ('{"jsonrpc": "2.0", "id": [1], "method": "ping"}', -32600),
    ('"ping"', -32600),
])
def test_batches_and_malformed_messages_are_json_rpc_errors(server, raw, code):
    response, body = post(server, None, raw=raw)
    assert response.status == 400
    reply = json.loads(body)
    assert reply["id"] is None and reply["error"]["code"] == code


@pytest.mark.parametrize("method, params, code", [
    ("resources/list", None, -32601),
    ("tools/call", {"arguments": {}}, -32602),
    ("tools/call", {"name": "echo", "arguments": [1]}, -32602),
    ("tools/call", {"name": "nope"}, -32602),
])
def test_bad_requests_are_json_rpc_errors(server, method, params, code):
    response, reply = request(server, method, params, request_id=7)
    assert response.status == 200
    assert reply["id"] == 7 and reply["error"]["code"] == code


@pytest.mark.parametrize("token", [None, "", "wrong", TOKEN + "x", TOKEN[:-1]])
def test_a_missing_or_wrong_token_gets_401(server, host, token):
    response, body = post(server, {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "echo"}},
                          token=token)
    assert response.status == 401
    assert response.getheader("WWW-Authenticate").startswith("Bearer")
    assert host.threads == []


def test_a_non_bearer_scheme_gets_401(server):
    response, _ = post(server, {"jsonrpc": "2.0", "id": 1, "method": "ping"}, token=None,
                       headers={"Authorization": "Basic " + TOKEN})
    assert response.status == 401


@pytest.mark.parametrize("origin", ["https://evil.example", "http://127.0.0.1.evil.example", "null",
                                    "http://192.168.1.5:8080"])
def test_a_foreign_origin_gets_403_even_with_the_token(server, host, origin):
    response, _ = post(server, {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "echo"}},
                       headers={"Origin": origin})
    assert response.status == 403
    assert host.threads == []


@pytest.mark.parametrize("origin", ["http://127.0.0.1:3000", "http://localhost", "https://[::1]:8443"])
def test_a_loopback_origin_is_accepted(server, origin):
    response, reply = request(server, "ping", headers={"Origin": origin})
    assert response.status == 200 and reply["result"] == {}


def test_a_rebound_host_name_gets_403(server):
    response, _ = post(server, {"jsonrpc": "2.0", "id": 1, "method": "ping"},
                       headers={"Host": "attacker.example:%d" % server.port})
    assert response.status == 403


def test_the_server_binds_to_loopback_only(server):
    assert server._httpd.server_address[0] == "127.0.0.1"
    assert server.url == "http://127.0.0.1:%d/mcp" % server.port


def test_an_event_stream_answer_when_the_client_accepts_only_that(server):
    response, body = post(server, {"jsonrpc": "2.0", "id": 3, "method": "ping"},
                          headers={"Accept": "text/event-stream"})
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/event-stream"
    lines = body.decode().split("\n")
    assert lines[0] == "event: message" and lines[-2:] == ["", ""]
    assert json.loads(lines[1][len("data: "):]) == {"jsonrpc": "2.0", "id": 3, "result": {}}


def test_accepting_neither_json_nor_a_stream_gets_406(server):
    response, _ = post(server, {"jsonrpc": "2.0", "id": 3, "method": "ping"}, headers={"Accept": "image/png"})
    assert response.status == 406


def test_a_non_json_body_gets_415(server):
    response, _ = post(server, None, raw="ping", headers={"Content-Type": "text/plain"})
    assert response.status == 415


def test_an_unknown_session_gets_404_and_delete_ends_a_session(server):
    response, _ = request(server, "initialize", INIT)
    session_id = response.getheader("Mcp-Session-Id")
    assert request(server, "ping", headers={"Mcp-Session-Id": session_id})[0].status == 200
    assert request(server, "ping", headers={"Mcp-Session-Id": "0" * 32})[0].status == 404
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("DELETE", "/mcp", headers={"Authorization": "Bearer " + TOKEN, "Mcp-Session-Id": session_id})
    assert connection.getresponse().status == 200
    assert request(server, "ping", headers={"Mcp-Session-Id": session_id})[0].status == 404


def test_an_unsupported_protocol_version_header_gets_400(server):
    response, _ = post(server, {"jsonrpc": "2.0", "id": 1, "method": "ping"},
                       headers={"MCP-Protocol-Version": "1999-01-01"})
    assert response.status == 400
    assert request(server, "ping", headers={"MCP-Protocol-Version": "2025-06-18"})[0].status == 200


def test_get_is_405_and_other_paths_404(server):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/mcp", headers={"Authorization": "Bearer " + TOKEN})
    assert connection.getresponse().status == 405
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/other", "{}", {"Authorization": "Bearer " + TOKEN})
    assert connection.getresponse().status == 404


def test_a_busy_office_is_an_error_result_and_the_call_never_runs_late(server, host, main_thread):
    server.protocol.dispatcher._time_limit = 0.3
    main_thread.paused.set()
    _, reply = request(server, "tools/call", {"name": "echo", "arguments": {}})
    assert reply["result"]["isError"] is True
    assert "did not get to the call" in reply["result"]["content"][0]["text"]
    main_thread.paused.clear()
    _, reply = request(server, "tools/call", {"name": "echo", "arguments": {"b": 2}})
    assert reply["result"]["isError"] is False
    assert host.threads == ["fake-main"]  # the withdrawn call did not run afterwards


def test_twenty_concurrent_clients(server, host):
    failures = []

    def client(number):
        for _ in range(5):
            response, reply = request(server, "tools/list", request_id=number)
            if response.status != 200 or reply["id"] != number:
                failures.append(number)
            response, reply = request(server, "tools/call", {"name": "echo", "arguments": {"n": number}},
                                      request_id=number)
            if reply["result"]["content"][0]["text"] != json.dumps({"n": number}):
                failures.append(number)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert failures == []
    assert len(host.threads) == 100 and set(host.threads) == {"fake-main"}


def test_the_token_is_never_logged(server, caplog):
    caplog.set_level(logging.DEBUG, logger="marginalia")
    request(server, "initialize", INIT)
    request(server, "tools/call", {"name": "echo", "arguments": {}})
    post(server, {"jsonrpc": "2.0", "id": 1, "method": "ping"}, token=TOKEN + "x")
    post(server, {"jsonrpc": "2.0", "id": 1, "method": "ping"}, headers={"Origin": "https://evil.example"})
    assert caplog.records
    assert not [r for r in caplog.records if TOKEN in r.getMessage()]


def test_the_dispatcher_leaves_the_main_thread_a_breather_between_calls(main_thread):
    import time
    dispatcher = SerialDispatcher(main_thread.post, time_limit=2.0, breather=0.05)
    started = time.monotonic()
    assert [dispatcher.run(lambda n=n: n) for n in range(4)] == [0, 1, 2, 3]
    assert time.monotonic() - started >= 0.2


def exchange(server, raw: bytes, wait: float = 10.0):
    """Send raw bytes; return (status code or None, seconds until the answer)."""
    import socket
    import time
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as connection:
        connection.sendall(raw)
        try:
            head = connection.recv(4096)
        except socket.timeout:
            return None, time.monotonic() - started
    return (int(head.split(b" ")[1]) if head.startswith(b"HTTP/") else None), time.monotonic() - started


def raw_ping(extra_headers: str, body: bytes = b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}', length=None):
    return ("POST /mcp HTTP/1.1\r\n%sContent-Type: application/json\r\nAuthorization: Bearer %s\r\n"
            "Content-Length: %d\r\n\r\n" % (extra_headers, TOKEN, len(body) if length is None else length)
            ).encode() + body


def test_http_1_1_needs_exactly_one_host_header(server):
    assert exchange(server, raw_ping(""))[0] == 400
    assert exchange(server, raw_ping("Host: 127.0.0.1\r\nHost: 127.0.0.1\r\n"))[0] == 400
    assert exchange(server, raw_ping("Host: 127.0.0.1\r\n"))[0] == 200
    assert exchange(server, raw_ping("").replace(b"HTTP/1.1", b"HTTP/1.0"))[0] == 200  # 1.0 has no Host rule


def test_a_short_body_is_answered_within_body_seconds(server, monkeypatch):
    from marginalia.core.mcp import http_server
    monkeypatch.setattr(http_server, "BODY_SECONDS", 0.5)
    status, seconds = exchange(server, raw_ping("Host: 127.0.0.1\r\n", length=200))
    assert status == 408 and seconds < 3


def test_a_body_cut_short_by_the_client_is_400(server):
    import socket
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        connection.sendall(raw_ping("Host: 127.0.0.1\r\n", length=200))
        connection.shutdown(socket.SHUT_WR)
        assert connection.recv(4096).split(b" ")[1] == b"400"


def test_the_endpoint_answers_at_the_root_too(server):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/", json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
                       {"Content-Type": "application/json", "Authorization": "Bearer " + TOKEN})
    assert connection.getresponse().status == 200


class ReadOnlyHost(EchoHost):
    """Offers echo only; "write" exists but is withheld."""

    def __init__(self):
        super().__init__()
        self.closed_sessions = []

    def tools(self, session):
        return super().tools(session)[:1]

    def withheld(self, session, name):
        return "read-only: %s is not offered" % name if name == "write" else None

    def closed(self, session):
        self.closed_sessions.append(session.client_name)


def test_a_withheld_tool_gets_its_reason_and_an_unknown_one_an_rpc_error(main_thread):
    protocol = McpProtocol(ReadOnlyHost(), SerialDispatcher(main_thread.post, time_limit=2.0))
    with McpHttpServer(protocol, lambda: TOKEN) as running:
        _, withheld = request(running, "tools/call", {"name": "write", "arguments": {}})
        _, unknown = request(running, "tools/call", {"name": "format_c", "arguments": {}})
    assert withheld["result"]["isError"]
    assert withheld["result"]["content"][0]["text"] == "read-only: write is not offered"
    assert unknown["error"]["code"] == -32602


def test_ending_a_session_tells_the_host(main_thread):
    host = ReadOnlyHost()
    protocol = McpProtocol(host, SerialDispatcher(main_thread.post, time_limit=2.0))
    with McpHttpServer(protocol, lambda: TOKEN) as running:
        response, _ = request(running, "initialize", INIT)
        session_id = response.getheader("Mcp-Session-Id")
        connection = http.client.HTTPConnection("127.0.0.1", running.port, timeout=10)
        connection.request("DELETE", "/mcp", headers={"Authorization": "Bearer " + TOKEN, "Mcp-Session-Id": session_id})
        assert connection.getresponse().status == 200
    assert host.closed_sessions == ["pytest-agent"]
