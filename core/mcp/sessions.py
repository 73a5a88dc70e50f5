"""The clients' sessions: who is connected (their ``clientInfo``), by the ``Mcp-Session-Id`` we gave them."""
from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Dict, Optional

MOST_SESSIONS = 64
"""Sessions kept; the oldest is forgotten beyond this (its client must initialize again)."""
ANONYMOUS = "MCP client"
"""The name of a client that sent no ``clientInfo`` (or no session id)."""


@dataclass
class ClientSession:
    """One connected client."""

    id: str
    client_name: str = ANONYMOUS
    client_version: str = ""
    protocol_version: str = ""
    started: float = field(default_factory=time.monotonic)


def client_name(params: dict) -> str:
    """The client's name from ``initialize`` params, cleaned for display (at most 60 characters)."""
    info = params.get("clientInfo")
    name = info.get("title") or info.get("name") if isinstance(info, dict) else None
    if not isinstance(name, str) or not name.strip():
        return ANONYMOUS
    return " ".join(name.split())[:60]


class SessionTable:
    """The sessions of one server, safe to use from every request thread."""

    def __init__(self, most: int = MOST_SESSIONS):
        self._sessions: "OrderedDict[str, ClientSession]" = OrderedDict()
        self._most = most
        self._lock = threading.Lock()

    def open(self, params: dict, protocol_version: str) -> ClientSession:
        """Start a session for an ``initialize`` request."""
        info = params.get("clientInfo") if isinstance(params.get("clientInfo"), dict) else {}
        version = info.get("version") if isinstance(info.get("version"), str) else ""
        session = ClientSession(secrets.token_hex(16), client_name(params), version[:40], protocol_version)
        with self._lock:
            self._sessions[session.id] = session
            while len(self._sessions) > self._most:
                self._sessions.popitem(last=False)
        return session

    def get(self, session_id: str) -> Optional[ClientSession]:
        """The session with this id, or None when unknown (expired or never given)."""
        with self._lock:
            return self._sessions.get(session_id)

    def close(self, session_id: str) -> bool:
        """End a session (HTTP DELETE); True when it existed."""
        with self._lock:
            return self._sessions.pop(session_id, None) is not None

    def count(self) -> int:
        """How many sessions are open."""
        with self._lock:
            return len(self._sessions)

    def names(self) -> Dict[str, str]:
        """Session id → client name, for display."""
        with self._lock:
            return {key: value.client_name for key, value in self._sessions.items()}
