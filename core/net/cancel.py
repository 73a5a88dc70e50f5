"""A thread-safe Stop button for network work.

A worker thread passes a :class:`CancelToken` to the HTTP client; the UI thread calls
:meth:`CancelToken.cancel`. Cancelling shuts down every socket the token watches, so
a worker blocked in ``recv`` wakes at once (the kernel returns end-of-file), and wakes
any backoff sleep waiting on the token. The worker then raises
:class:`~..errors.Cancelled`.

NOTE: the token shuts sockets down but does not close them: closing a file descriptor
that another thread is reading can hand the number to a new socket. The owning thread
closes them when it unwinds.
"""
from __future__ import annotations

import socket
import threading
from typing import Callable, Dict, Optional

from ..errors import Cancelled


def shutdown_socket(sock: socket.socket) -> None:
    """Shut a socket down in both directions, ignoring a socket that is already gone."""
    try:
        # The base-class method also works on an SSLSocket without touching its
        # TLS state, which the reading thread may be using right now.
        socket.socket.shutdown(sock, socket.SHUT_RDWR)
    except (OSError, ValueError):
        pass


class CancelToken:
    """Cooperative cancellation shared between a worker and the UI thread.

    Example::

        token = CancelToken()
        # worker thread:  client.request("POST", url, body=..., cancel=token)
        # UI thread:      token.cancel()
    """

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._watched: Dict[int, Callable[[], None]] = {}
        self._next_id = 0

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._event.is_set()

    def cancel(self) -> None:
        """Cancel: wake sleepers and shut down every watched socket (idempotent)."""
        with self._lock:
            self._event.set()
            closers = list(self._watched.values())
        for close in closers:
            close()

    def raise_if_cancelled(self) -> None:
        """Raise :class:`~..errors.Cancelled` when the token was cancelled."""
        if self._event.is_set():
            raise Cancelled()

    def wait(self, seconds: float) -> bool:
        """Sleep up to ``seconds``; return True at once when cancelled meanwhile."""
        return self._event.wait(max(0.0, seconds))

    def watch(self, on_cancel: Callable[[], None]) -> int:
        """Call ``on_cancel`` (from the cancelling thread) when cancelled."""
        with self._lock:
            handle = self._next_id
            self._next_id += 1
            if not self._event.is_set():
                self._watched[handle] = on_cancel
                return handle
        on_cancel()
        return handle

    def unwatch(self, handle: Optional[int]) -> None:
        """Stop watching what :meth:`watch` registered under ``handle``."""
        if handle is None:
            return
        with self._lock:
            self._watched.pop(handle, None)

