"""JSON-RPC 2.0 messages: parsing one incoming message, building results and errors."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, Optional

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603


class RpcError(Exception):
    """A JSON-RPC error to send back (``code``, ``message``, optional ``data``)."""

    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def payload(self) -> dict:
        """The ``error`` member of the response."""
        error: Dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return error


@dataclass
class Incoming:
    """One parsed JSON-RPC message from a client."""

    kind: str
    """``request``, ``notification`` or ``response`` (a reply to something we asked)."""
    method: str = ""
    id: Any = None
    params: Dict[str, Any] = field(default_factory=dict)


def parse(body: bytes) -> Incoming:
    """Parse one HTTP body into an :class:`Incoming`; raise :class:`RpcError` when it is not valid.

    Batches (a JSON array) are refused: MCP removed them in its 2025-06-18 revision.
    """
    try:
        value = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise RpcError(PARSE_ERROR, "Parse error: %s" % error)
    if isinstance(value, list):
        raise RpcError(INVALID_REQUEST, "Batches are not supported: send one JSON-RPC message per request")
    if not isinstance(value, dict) or value.get("jsonrpc") != "2.0":
        raise RpcError(INVALID_REQUEST, "Invalid request: expected a JSON-RPC 2.0 object")
    return _classify(value)


def _classify(value: dict) -> Incoming:
    has_id = "id" in value
    if has_id and not _valid_id(value["id"]):
        raise RpcError(INVALID_REQUEST, "Invalid request: the id must be a string or an integer")
    if "method" not in value:
        if has_id and ("result" in value or "error" in value):
            return Incoming("response", id=value["id"])
        raise RpcError(INVALID_REQUEST, "Invalid request: no method")
    method = value["method"]
    if not isinstance(method, str):
        raise RpcError(INVALID_REQUEST, "Invalid request: the method must be a string")
    params = value.get("params", {})
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise RpcError(INVALID_PARAMS, "Invalid params: expected an object")
    return Incoming("request" if has_id else "notification", method, value.get("id"), params)


def _valid_id(value) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def result(request_id: Any, value: dict) -> dict:
    """A successful response."""
    return {"jsonrpc": "2.0", "id": request_id, "result": value}


def error(request_id: Optional[Any], failure: RpcError) -> dict:
    """An error response (``request_id`` None when the request could not be read)."""
    return {"jsonrpc": "2.0", "id": request_id, "error": failure.payload()}


def encode(message: dict) -> bytes:
    """The message as UTF-8 JSON."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
