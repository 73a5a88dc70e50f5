"""The transport seam: what :class:`~.transport.HttpClient` asks for a new connection.

The client owns everything above the wire (pooling, retries, proxy routing, status
errors, headers); a *connector* only opens a connection to one origin. The default,
:class:`SocketConnector`, opens real ones (DNS, TCP, proxy tunnel, TLS). A test can pass
its own connector whose connections answer from memory, so the client's logic is tested
without a socket (tests/support/memory_transport.py); socket-level behaviour keeps its
tests against real servers on 127.0.0.1.

A connection handed out by a connector offers what :class:`~.connection.Connection`
offers: ``origin``, ``read_timeout``, ``sock`` (or None), ``requests_sent``,
``last_used``, ``http`` (an ``http.client.HTTPConnection``-like object with
``request(method, target, body=, headers=)`` and ``getresponse()`` returning an
``http.client.HTTPResponse``), ``is_reusable()``, ``abort()`` and ``close()``.
"""
from __future__ import annotations

from typing import Optional

from .cancel import CancelToken
from .connection import Connection, Origin
from .proxy import ProxyRoute
from .tls import TlsContexts, TlsOptions

try:
    from typing import Protocol
except ImportError:  # Python 3.7 has no Protocol; LibreOffice bundles 3.8 or later
    Protocol = object  # type: ignore[assignment,misc]


class Connector(Protocol):
    """Opens connections for :class:`~.transport.HttpClient`."""

    def connect(self, origin: Origin, route: Optional[ProxyRoute], tls: TlsOptions,
                cancel: CancelToken) -> Connection:
        """An open connection to ``origin`` (through ``route`` when not None)."""
        ...


class SocketConnector:
    """Opens real connections, each step within the connect timeout and stoppable.

    Args:
        connect_timeout: Seconds for each of DNS, TCP, tunnel and TLS handshake.
        read_timeout: Seconds of silence allowed while waiting for response data.
    """

    def __init__(self, connect_timeout: float, read_timeout: float):
        self.connect_timeout, self.read_timeout = connect_timeout, read_timeout
        self._tls_contexts = TlsContexts()

    def connect(self, origin: Origin, route: Optional[ProxyRoute], tls: TlsOptions,
                cancel: CancelToken) -> Connection:
        """Open a socket connection to ``origin``; closes it again if opening fails."""
        connection = Connection(origin, route, tls, self._tls_contexts,
                                self.connect_timeout, self.read_timeout)
        try:
            connection.open(cancel)
        except BaseException:
            connection.close()
            raise
        return connection
