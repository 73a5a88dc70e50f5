#!/usr/bin/env python3
"""Relay MCP over stdio to Marginalia's MCP server in LibreOffice (Streamable HTTP on 127.0.0.1).

For agents that start MCP servers as commands (Claude Desktop, some IDEs): the agent
starts this script, writes JSON-RPC messages to its stdin, one per line, and reads the
answers from its stdout. Each message is POSTed to Marginalia's endpoint with the
token; JSON and event-stream answers are both relayed. Standard library only,
Python 3.8 or newer.

Usage::

    MARGINALIA_MCP_TOKEN=<token from Marginalia's settings> python3 marginalia_mcp_bridge.py \
        [--url http://127.0.0.1:8765/mcp]

The token is read from the environment (never from the command line, which other
programs can see) and is never written anywhere. Diagnostics go to stderr.

A request may take Marginalia up to 150 s (a new agent's question to the user, then the
office's turn); the bridge waits :data:`TIMEOUT` seconds, longer than that, so the agent
reads Marginalia's own answer ("the user has not answered yet") rather than a guess.
"""
import argparse
import http.client
import json
import os
import socket
import sys
from urllib.parse import urlsplit

DEFAULT_URL = "http://127.0.0.1:8765/mcp"
TOKEN_VARIABLE = "MARGINALIA_MCP_TOKEN"
TIMEOUT = 180
BRIDGE_ERROR = -32000


class Bridge:
    """One stdio session relayed to one HTTP endpoint."""

    def __init__(self, url, token, output=None):
        parts = urlsplit(url)
        if parts.scheme != "http" or not parts.hostname:
            raise SystemExit("marginalia-mcp-bridge: the URL must be http://127.0.0.1:<port>/mcp, not %r" % url)
        self.host, self.port, self.path = parts.hostname, parts.port or 80, parts.path or "/mcp"
        self.token = token
        self.session_id = None
        self.protocol_version = None
        self.output = output or sys.stdout

    def relay(self, line):
        """Send one incoming line; write every answer to stdout."""
        try:
            message = json.loads(line)
        except ValueError as error:
            self.write({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error: %s" % error}})
            return
        try:
            status, kind, headers, body = self.post(line.encode("utf-8"))
        except socket.timeout:
            self.fail(message, "Marginalia's MCP server at http://%s:%d%s has not answered within %d seconds. "
                               "LibreOffice may be busy or showing a dialog; the request may still complete there."
                      % (self.host, self.port, self.path, TIMEOUT))
            return
        except OSError as error:
            self.fail(message, "Marginalia's MCP server does not answer at http://%s:%d%s (%s). Is LibreOffice "
                               "running with the MCP server turned on in Marginalia's settings?"
                      % (self.host, self.port, self.path, error))
            return
        if status == 202 or not body:
            return
        if status >= 400 and not kind.startswith(("application/json", "text/event-stream")):
            self.fail(message, "Marginalia refused the request: HTTP %d %s" % (status, body.decode("utf-8", "replace")))
            return
        if headers.get("mcp-session-id"):
            self.session_id = headers["mcp-session-id"]
        for answer in self.answers(kind, body):
            self.remember_version(message, answer)
            self.write(answer)

    def post(self, body):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "Authorization": "Bearer " + self.token}
        if self.session_id:
            headers["Mcp-Session-Id"] = self.session_id
        if self.protocol_version:
            headers["MCP-Protocol-Version"] = self.protocol_version
        try:
            connection.request("POST", self.path, body, headers)
            response = connection.getresponse()
            data = response.read()
            found = {name.lower(): value for name, value in response.getheaders()}
            return response.status, found.get("content-type", ""), found, data
        finally:
            connection.close()

    @staticmethod
    def answers(kind, body):
        """The JSON-RPC messages of a JSON body or of an event stream."""
        text = body.decode("utf-8")
        if not kind.startswith("text/event-stream"):
            return [json.loads(text)]
        found, data = [], []
        for line in text.replace("\r\n", "\n").split("\n"):
            if line.startswith("data:"):
                value = line[5:]
                data.append(value[1:] if value.startswith(" ") else value)
            elif not line and data:
                found.append(json.loads("\n".join(data)))
                data = []
        if data:
            found.append(json.loads("\n".join(data)))
        return found

    def remember_version(self, message, answer):
        if isinstance(message, dict) and message.get("method") == "initialize":
            result = answer.get("result") if isinstance(answer, dict) else None
            if isinstance(result, dict) and isinstance(result.get("protocolVersion"), str):
                self.protocol_version = result["protocolVersion"]

    def fail(self, message, reason):
        """Answer a request that could not be relayed with a JSON-RPC error (notifications get none)."""
        sys.stderr.write("marginalia-mcp-bridge: %s\n" % reason)
        if isinstance(message, dict) and "method" in message and "id" in message:
            self.write({"jsonrpc": "2.0", "id": message["id"], "error": {"code": BRIDGE_ERROR, "message": reason}})

    def write(self, message):
        self.output.write(json.dumps(message, ensure_ascii=False) + "\n")
        self.output.flush()

    def close(self):
        """End the session on the server (best effort)."""
        if not self.session_id:
            return
        connection = http.client.HTTPConnection(self.host, self.port, timeout=5)
        try:
            connection.request("DELETE", self.path, headers={"Authorization": "Bearer " + self.token,
                                                             "Mcp-Session-Id": self.session_id})
            connection.getresponse().read()
        except OSError:
            pass
        finally:
            connection.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description="Relay MCP over stdio to Marginalia in LibreOffice.")
    parser.add_argument("--url", default=os.environ.get("MARGINALIA_MCP_URL", DEFAULT_URL),
                        help="Marginalia's MCP endpoint (default %s)" % DEFAULT_URL)
    arguments = parser.parse_args(argv)
    token = os.environ.get(TOKEN_VARIABLE, "").strip()
    if not token:
        sys.stderr.write("marginalia-mcp-bridge: set %s to the token shown in Marginalia's settings\n"
                         % TOKEN_VARIABLE)
        return 2
    bridge = Bridge(arguments.url, token)
    try:
        for line in sys.stdin:
            if line.strip():
                bridge.relay(line)
    except KeyboardInterrupt:
        pass
    finally:
        bridge.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
