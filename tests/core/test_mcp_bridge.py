"""The stdio bridge (extension/bridge/marginalia_mcp_bridge.py) relaying to a real core MCP server on 127.0.0.1."""
import json
import os
import subprocess
import sys

import pytest

from marginalia.core.mcp.dispatch import SerialDispatcher
from marginalia.core.mcp.http_server import McpHttpServer
from marginalia.core.mcp.protocol import McpProtocol, ToolHost, ToolResult

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BRIDGE = os.path.join(ROOT, "extension", "bridge", "marginalia_mcp_bridge.py")
TOKEN = "bridge-token-0123456789"


class NameHost(ToolHost):
    def tools(self, session):
        return [{"name": "whoami", "description": "", "inputSchema": {"type": "object"}}]

    def call(self, session, name, arguments):
        return ToolResult(session.client_name)


@pytest.fixture
def server():
    with McpHttpServer(McpProtocol(NameHost(), SerialDispatcher(lambda call: call())), lambda: TOKEN) as running:
        yield running


def bridge(url, lines, token=TOKEN):
    env = dict(os.environ, MARGINALIA_MCP_TOKEN=token) if token else {k: v for k, v in os.environ.items()
                                                                       if k != "MARGINALIA_MCP_TOKEN"}
    done = subprocess.run([sys.executable, BRIDGE, "--url", url], input="".join(json.dumps(m) + "\n" for m in lines),
                          capture_output=True, text=True, timeout=30, env=env)
    return done, [json.loads(line) for line in done.stdout.splitlines()]


INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "stdio-agent"}}}
CALL = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "whoami", "arguments": {}}}


def test_the_bridge_relays_a_session(server):
    done, answers = bridge(server.url, [INIT, {"jsonrpc": "2.0", "method": "notifications/initialized"}, CALL])
    assert done.returncode == 0, done.stderr
    assert [answer["id"] for answer in answers] == [1, 2]  # the notification got no answer
    assert answers[0]["result"]["protocolVersion"] == "2025-06-18"
    assert answers[1]["result"]["content"][0]["text"] == "stdio-agent"  # the session id was carried along
    assert server.protocol.sessions.count() == 0  # closed (DELETE) at the end of stdin


def test_a_wrong_token_is_a_json_rpc_error_naming_the_refusal(server):
    done, answers = bridge(server.url, [INIT], token="wrong")
    assert answers[0]["id"] == 1 and answers[0]["error"]["code"] == -32000
    assert "HTTP 401" in answers[0]["error"]["message"]
    assert "wrong" not in done.stderr


def test_no_server_is_a_json_rpc_error(server):
    url = server.url
    server.stop()
    done, answers = bridge(url, [INIT])
    assert "does not answer" in answers[0]["error"]["message"]


def test_without_a_token_the_bridge_says_what_to_set(server):
    done, answers = bridge(server.url, [INIT], token="")
    assert done.returncode == 2 and "MARGINALIA_MCP_TOKEN" in done.stderr and answers == []


def bridge_module():
    import importlib.util
    spec = importlib.util.spec_from_file_location("marginalia_mcp_bridge", BRIDGE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bridge_reads_event_streams():
    module = bridge_module()
    body = b'event: message\ndata: {"a":\ndata: 1}\n\nid: 2\ndata:{"b": 2}\n\n'
    assert module.Bridge.answers("text/event-stream", body) == [{"a": 1}, {"b": 2}]


def test_the_bridge_waits_longer_than_the_server_may_take():
    """Issue 30: the bridge gave up at 120 s, as long as the server's own question to the user."""
    from marginalia.core.mcp.waits import LONGEST_ANSWER_SECONDS
    assert bridge_module().TIMEOUT > LONGEST_ANSWER_SECONDS


def test_a_server_that_does_not_answer_in_time_is_not_called_absent(monkeypatch):
    import io
    import socket
    module = bridge_module()
    monkeypatch.setattr(module, "TIMEOUT", 0.5)
    with socket.socket() as silent:  # accepts the connection, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        output = io.StringIO()
        module.Bridge("http://127.0.0.1:%d/mcp" % silent.getsockname()[1], TOKEN, output).relay(json.dumps(INIT))
    message = json.loads(output.getvalue())["error"]["message"]
    assert "has not answered within" in message and "Is LibreOffice running" not in message
