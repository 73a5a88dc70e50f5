"""The MCP methods the server answers: ``initialize`` (with version negotiation), ``ping``,
``tools/list``, ``tools/call``; notifications and responses are accepted and need no answer.

The tools themselves come from a :class:`ToolHost` (the office's tool registry); each
``tools/call`` runs through the :class:`~.dispatch.SerialDispatcher` (on the office's main
thread), never on the request thread. A tool's failure is a result with ``isError`` (the
agent reads why); only a malformed request is a JSON-RPC error.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from . import jsonrpc
from .dispatch import DispatchError, SerialDispatcher
from .jsonrpc import Incoming, RpcError
from .sessions import ClientSession, SessionTable

log = logging.getLogger("marginalia.mcp")

SUPPORTED_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
"""Protocol revisions we speak through the ``initialize`` handshake, newest first."""


@dataclass
class ToolResult:
    """What one tool call gives the agent: text, and whether it is an error."""

    text: str
    is_error: bool = False

    def payload(self) -> dict:
        """The ``tools/call`` result."""
        return {"content": [{"type": "text", "text": self.text}], "isError": self.is_error}


class ToolHost:
    """What the office provides: the tools, running one, and whether a client may use them."""

    def tools(self, session: ClientSession) -> List[dict]:
        """The MCP tool declarations (``name``, ``description``, ``inputSchema``, ...); any thread."""
        return []

    def withheld(self, session: ClientSession, name: str) -> Optional[str]:
        """Why a tool this host has is not offered now (read-only mode), or None when it has none such; any thread."""
        return None

    def closed(self, session: ClientSession) -> None:
        """The client ended ``session`` (HTTP DELETE); any thread."""

    def admit(self, session: ClientSession) -> Optional[str]:
        """Called on the request thread before a tool call; None to proceed, or why the client is refused.

        It may block (asking the user), but never touches the office directly.
        """
        return None

    def call(self, session: ClientSession, name: str, arguments: Dict[str, Any]) -> ToolResult:
        """Run one tool; called on the main thread through the dispatcher."""
        return ToolResult("No tools here.", True)


@dataclass
class Reply:
    """What one incoming message gets: a JSON-RPC message (None for a notification) and a new session's id."""

    message: Optional[dict] = None
    session_id: Optional[str] = None
    headers: Dict[str, str] = field(default_factory=dict)


@dataclass
class ServerInfo:
    """How the server introduces itself in ``initialize``."""

    name: str = "marginalia"
    title: str = "Marginalia"
    version: str = "0"
    instructions: str = ""


class McpProtocol:
    """Answers MCP messages for one server (thread-safe: one instance serves every request thread)."""

    def __init__(self, host: ToolHost, dispatcher: SerialDispatcher, info: Optional[ServerInfo] = None,
                 sessions: Optional[SessionTable] = None):
        self.host = host
        self.dispatcher = dispatcher
        self.info = info or ServerInfo()
        self.sessions = sessions or SessionTable()

    def handle(self, message: Incoming, session: ClientSession) -> Reply:
        """Answer one parsed message from ``session`` (a temporary one when the client sent no id)."""
        if message.kind != "request":
            return Reply()
        try:
            if message.method == "initialize":
                return self._initialize(message)
            value = self._answer(message, session)
        except RpcError as failure:
            return Reply(jsonrpc.error(message.id, failure))
        except Exception as error:  # a bug must not take the server down; the client gets a reason
            log.exception("MCP method %s failed", message.method)
            return Reply(jsonrpc.error(message.id, RpcError(jsonrpc.INTERNAL_ERROR, "Internal error: %s"
                                                             % type(error).__name__)))
        return Reply(jsonrpc.result(message.id, value))

    def close_session(self, session_id: str) -> bool:
        """End a session (HTTP DELETE); True when it existed."""
        session = self.sessions.get(session_id)
        if session is None or not self.sessions.close(session_id):
            return False
        try:
            self.host.closed(session)
        except Exception:  # the host's trouble must not fail the client's goodbye
            log.exception("the host failed to let go of a closed session")
        return True

    def _answer(self, message: Incoming, session: ClientSession) -> dict:
        if message.method == "ping":
            return {}
        if message.method == "tools/list":
            return {"tools": self.host.tools(session)}
        if message.method == "tools/call":
            return self._call(message.params, session)
        raise RpcError(jsonrpc.METHOD_NOT_FOUND, "Method not found: %s" % message.method[:80])

    def _initialize(self, message: Incoming) -> Reply:
        requested = message.params.get("protocolVersion")
        if not isinstance(requested, str):
            raise_params("initialize needs a protocolVersion string")
        version = negotiate(requested)
        session = self.sessions.open(message.params, version)
        log.info("MCP client %r (%s) connected, protocol %s", session.client_name, session.client_version, version)
        value = {"protocolVersion": version,
                 "capabilities": {"tools": {"listChanged": False}},
                 "serverInfo": {"name": self.info.name, "title": self.info.title, "version": self.info.version}}
        if self.info.instructions:
            value["instructions"] = self.info.instructions
        return Reply(jsonrpc.result(message.id, value), session.id)

    def _call(self, params: dict, session: ClientSession) -> dict:
        name = params.get("name")
        arguments = params.get("arguments", {})
        if arguments is None:
            arguments = {}
        if not isinstance(name, str) or not name:
            raise_params("tools/call needs the tool's name")
        if not isinstance(arguments, dict):
            raise_params("tools/call arguments must be an object")
        if name not in {tool["name"] for tool in self.host.tools(session)}:
            reason = self.host.withheld(session, name)
            if reason:
                return ToolResult(reason, True).payload()
            raise_params("Unknown tool: %s" % name[:80])
        refusal = self.host.admit(session)
        if refusal:
            return ToolResult(refusal, True).payload()
        try:
            outcome = self.dispatcher.run(lambda: self.host.call(session, name, arguments))
        except DispatchError as error:
            return ToolResult(str(error), True).payload()
        except Exception as error:
            log.exception("MCP tool %s failed", name)
            return ToolResult("The tool %s failed unexpectedly (%s)." % (name, type(error).__name__), True).payload()
        return outcome.payload()


def negotiate(requested: str) -> str:
    """The protocol version to answer with: the client's when we speak it, else our newest."""
    return requested if requested in SUPPORTED_VERSIONS else SUPPORTED_VERSIONS[0]


def raise_params(reason: str) -> None:
    """Raise the JSON-RPC "invalid params" error with ``reason``."""
    raise RpcError(jsonrpc.INVALID_PARAMS, "Invalid params: " + reason)
