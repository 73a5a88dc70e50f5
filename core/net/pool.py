"""Idle keep-alive connections, kept per (origin, proxy, TLS options) and reused.

A connection goes back to the pool only after its response was read to the end; a
connection taken from the pool is checked first, and dropped if the server closed it
while it sat idle (uvicorn, behind llama-cpp-python and vLLM, closes idle connections
after 5 seconds).
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Dict, Hashable, List, Optional

from .connection import Connection


@dataclass
class PoolStats:
    """Counters for tests, the endpoint check and the benchmark."""

    opened: int = 0
    """New connections opened."""
    reused: int = 0
    """Requests sent on a pooled connection."""
    stale_dropped: int = 0
    """Pooled connections found closed by the server before use."""
    stale_retries: int = 0
    """Requests re-sent once because a reused connection turned out dead."""
    retries: int = 0
    """Retries after 429/502/503/504 or a reset before the reply started."""


class ConnectionPool:
    """Thread-safe store of idle connections.

    Args:
        max_idle_per_key: How many idle connections to keep per key (0 disables reuse).
        idle_expiry: Seconds after which an idle connection is closed instead of reused.
    """

    def __init__(self, max_idle_per_key: int = 4, idle_expiry: float = 90.0):
        self.max_idle_per_key = max_idle_per_key
        self.idle_expiry = idle_expiry
        self.stats = PoolStats()
        self._idle: Dict[Hashable, List[Connection]] = {}
        self._lock = threading.Lock()

    def take(self, key: Hashable) -> Optional[Connection]:
        """The most recently used live idle connection for ``key``, or None."""
        while True:
            with self._lock:
                idle = self._idle.get(key)
                if not idle:
                    return None
                connection = idle.pop()
            fresh = time.monotonic() - connection.last_used < self.idle_expiry
            if fresh and connection.is_reusable():
                return connection
            if fresh:
                self.stats.stale_dropped += 1
            connection.close()

    def give_back(self, key: Hashable, connection: Connection) -> None:
        """Keep ``connection`` for reuse, or close it if it cannot be reused."""
        connection.last_used = time.monotonic()
        if connection.is_reusable():
            with self._lock:
                idle = self._idle.setdefault(key, [])
                if len(idle) < self.max_idle_per_key:
                    idle.append(connection)
                    return
        connection.close()

    def close_all(self) -> None:
        """Close every idle connection."""
        with self._lock:
            connections = [c for idle in self._idle.values() for c in idle]
            self._idle.clear()
        for connection in connections:
            connection.close()
