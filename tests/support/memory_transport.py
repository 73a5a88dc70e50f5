"""The scripted server's replies, answered from memory through HttpClient's transport seam.

:class:`MemoryServer` takes the same script as :class:`~support.scripted_server.ScriptedServer`
(``enqueue(Reply, path=…)``, ``requests``, ``default_reply``) but needs no socket: its
:attr:`MemoryServer.connector` is passed to ``HttpClient(connector=…)`` and every request is
answered by turning the scripted :class:`Reply` into HTTP/1.1 bytes that
``http.client`` parses as it would off the wire (status line, headers, chunked or
Content-Length or close-delimited bodies, a reply cut short). Only time does not pass:
delays and stalls are ignored, so timing and socket behaviour keep their tests against
real servers on 127.0.0.1.

Its URLs name port 9 (discard) on 127.0.0.1, where nothing listens: a request that
bypassed the seam would fail instead of passing by accident.
"""
from __future__ import annotations

import http
import http.client
import io
import itertools
import time
from typing import Mapping, Optional

from support.scripted_server import RecordedRequest, Reply, ReplyScript

from marginalia.core.net.cancel import CancelToken
from marginalia.core.net.connection import Origin
from marginalia.core.net.proxy import ProxyRoute
from marginalia.core.net.tls import TlsOptions

UNUSED_PORT = 9


def wire_bytes(reply: Reply) -> bytes:
    """``reply`` as a server would write it: status line, headers, body."""
    if reply.close_before_headers:
        return b""
    cutting = reply.cut_after is not None
    chunks = reply.chunks[:reply.cut_after] if cutting else reply.chunks
    chunked = reply.chunked and not cutting
    headers = dict(reply.headers)
    if chunked:
        headers["Transfer-Encoding"] = "chunked"
        body = b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in chunks if c) + b"0\r\n\r\n"
    elif cutting:
        headers["Connection"] = "close"
        body = b"".join(chunks)
    else:
        body = b"".join(chunks)
        headers["Content-Length"] = str(len(body))
    phrase = _reason(reply.status)
    head = ["HTTP/1.1 %d %s" % (reply.status, phrase)]
    head += ["%s: %s" % item for item in headers.items()]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def _reason(status: int) -> str:
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return "Unknown"


class _WireSocket:
    """Just enough of a socket for ``http.client.HTTPResponse``: one file to read."""

    def __init__(self, data: bytes):
        self._data = data

    def makefile(self, mode: str) -> io.BufferedReader:
        return io.BufferedReader(io.BytesIO(self._data))


class MemoryExchange:
    """The ``http`` half of a memory connection: records the request, parses the reply."""

    def __init__(self, script: ReplyScript, connection: "MemoryConnection"):
        self._script, self._connection = script, connection
        self._method = "GET"
        self._path = "/"

    def request(self, method: str, target: str, body: Optional[bytes] = None,
                headers: Optional[Mapping[str, str]] = None) -> None:
        if self._connection.closed:
            raise ConnectionResetError("the memory connection was closed")
        recorded = dict(headers or {})
        recorded.setdefault("Host", self._connection.origin.netloc)
        if body is not None:
            recorded.setdefault("Content-Length", str(len(body)))
        self._method, self._path = method, target
        self._request = RecordedRequest(method, target, recorded, body or b"")
        self._script._record(self._request)

    def getresponse(self) -> http.client.HTTPResponse:
        reply = self._script.reply_for(self._request)
        data = wire_bytes(reply)
        self._connection.keep_alive = bool(data) and reply.cut_after is None
        raw = http.client.HTTPResponse(_WireSocket(data), method=self._method)
        raw.begin()  # raises RemoteDisconnected for a reply closed before its headers
        return raw

    def close(self) -> None:
        self._connection.closed = True


class MemoryConnection:
    """A connection whose every answer comes from the script (see :mod:`.connector`)."""

    _numbers = itertools.count(1)

    def __init__(self, script: ReplyScript, origin: Origin, read_timeout: float):
        self.origin, self.read_timeout = origin, read_timeout
        self.sock = None
        self.requests_sent = 0
        self.last_used = time.monotonic()
        self.closed = False
        self.keep_alive = True
        self.number = next(self._numbers)
        self.http = MemoryExchange(script, self)

    def is_reusable(self) -> bool:
        return not self.closed and self.keep_alive

    def abort(self) -> None:
        self.closed = True

    def close(self) -> None:
        self.closed = True


class MemoryConnector:
    """Hands out memory connections and counts them (the seam HttpClient calls)."""

    def __init__(self, server: "MemoryServer", read_timeout: float = 30.0):
        self._server, self._read_timeout = server, read_timeout

    def connect(self, origin: Origin, route: Optional[ProxyRoute], tls: TlsOptions,
                cancel: CancelToken) -> MemoryConnection:
        cancel.raise_if_cancelled()
        connection = MemoryConnection(self._server, origin, self._read_timeout)
        self._server.connections_seen.add(connection.number)
        return connection


class MemoryServer(ReplyScript):
    """A scripted server without a socket; pass :attr:`connector` to ``HttpClient``."""

    port = UNUSED_PORT

    def __init__(self):
        super().__init__()
        self.connections_seen = set()
        self.connector = MemoryConnector(self)

    @property
    def base_url(self) -> str:
        """Base URL as a user would configure it (with ``/v1``)."""
        return "http://127.0.0.1:%d/v1" % self.port

    def close(self) -> None:
        """Nothing to release; present so the fixture reads like the socket server's."""

    def __enter__(self) -> "MemoryServer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
