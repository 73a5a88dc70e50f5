"""Looking again, every few seconds, whether LibreOffice's password store has opened.

The MCP server's token sits in the password store; with a master password nobody has
entered yet, the server cannot start. A :class:`StoreWatch` hands ``check`` to the main
thread every :data:`CHECK_SECONDS` (a worker thread only keeps time; ``check`` must look
without asking the user) until it is stopped.
"""
from __future__ import annotations

import threading
from typing import Callable, Optional

from ...core.threads import start_worker

CHECK_SECONDS = 2.0
"""Seconds between two looks at the password store."""


class StoreWatch:
    """Runs ``check`` on the main thread every ``seconds`` while started (start and stop on the main thread)."""

    def __init__(self, call_soon: Callable[[Callable[[], None]], None], check: Callable[[], None],
                 seconds: float = CHECK_SECONDS):
        self._call_soon = call_soon
        self._check = check
        self._seconds = seconds
        self._stop: Optional[threading.Event] = None

    @property
    def running(self) -> bool:
        """True between :meth:`start` and :meth:`stop`."""
        return self._stop is not None

    def start(self) -> None:
        """Start looking (nothing happens when already started)."""
        if self._stop is None:
            self._stop = threading.Event()
            start_worker(self._tick, self._stop, name="marginalia-mcp-store-watch")

    def stop(self) -> None:
        """Stop looking."""
        stop, self._stop = self._stop, None
        if stop is not None:
            stop.set()

    def _tick(self, stop: threading.Event) -> None:
        while not stop.wait(self._seconds):
            self._call_soon(self._check)
