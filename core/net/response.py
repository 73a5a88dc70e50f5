"""A response being read: status and headers now, the body as it arrives.

:meth:`HttpResponse.iter_chunks` hands over bytes as soon as the socket has them
(``read1``: at most one ``recv`` per chunk, so each server-sent event is delivered
when it arrives, never held back to fill a buffer). The connection goes back to the
pool only when the body was read to its end; closing early discards it.
"""
from __future__ import annotations

import http.client
import json
from typing import Any, Callable, Iterator, Optional

from .cancel import CancelToken
from .connection import Connection
from .error_mapping import map_network_errors
from ..errors import ConnectionDropped, MarginaliaError, ProtocolError
from ..i18n import _

CHUNK_SIZE = 65536


class HttpResponse:
    """One HTTP response; use as a context manager or call :meth:`close`.

    Attributes:
        status: The HTTP status code.
        reason: The reason phrase.
        headers: The headers (``http.client.HTTPMessage``: ``get`` is case-insensitive).
        url: The URL that was requested.
    """

    def __init__(self, raw: http.client.HTTPResponse, connection: Connection, url: str,
                 cancel: CancelToken, on_finished: Callable[[Connection, bool], None]):
        self._raw, self._connection, self._cancel = raw, connection, cancel
        self._on_finished = on_finished
        self.status, self.reason, self.headers, self.url = raw.status, raw.reason, raw.msg, url
        self._pending = b""
        self._finished = False
        self._restore_timeout: Optional[float] = None
        self._watch = cancel.watch(connection.abort)

    @property
    def content_type(self) -> str:
        """The media type, lower case, without parameters (``text/event-stream``)."""
        return self.header("Content-Type").split(";", 1)[0].strip().lower()

    def header(self, name: str, default: str = "") -> str:
        """A header value (case-insensitive name), or ``default``."""
        value = self.headers.get(name)
        return default if value is None else value

    # -- reading -----------------------------------------------------------------------

    def _read_some(self, size: int) -> bytes:
        if self._pending:
            data, self._pending = self._pending, b""
            return data
        if self._finished:
            return b""
        self._cancel.raise_if_cancelled()
        origin = self._connection.origin
        expected = self._raw.length  # None when chunked or close-delimited
        with map_network_errors(origin.host, origin.port, "read",
                                self._connection.read_timeout, self._cancel):
            data = self._raw.read1(size)
        self._cancel.raise_if_cancelled()
        if not data:
            if expected:  # Content-Length promised more
                raise ConnectionDropped()
            self._finish(reusable=True)
        return data

    def iter_chunks(self, size: int = CHUNK_SIZE) -> Iterator[bytes]:
        """Yield the body in pieces as they arrive, until its end.

        Raises:
            Cancelled: The cancel token fired (the socket was shut down).
            NetworkTimeout: No data for the read timeout.
            ConnectionDropped: The connection broke before the body's end.
        """
        try:
            while True:
                data = self._read_some(size)
                if not data:
                    return
                yield data
        except BaseException:
            self.close()
            raise

    def read_all(self, limit: Optional[int] = None) -> bytes:
        """The whole (remaining) body; stops after ``limit`` bytes if given."""
        parts, total = [], 0
        for data in self.iter_chunks():
            parts.append(data)
            total += len(data)
            if limit is not None and total >= limit:
                self.close()
                break
        return b"".join(parts)[:limit] if limit is not None else b"".join(parts)

    def finish_within(self, seconds: float, limit: int = CHUNK_SIZE) -> None:
        """Read the rest of the body if it comes within ``seconds``; else drop the connection.

        For a caller that already has all it needs (a stream that sent its end marker): the
        connection is kept for reuse when the server ends the body promptly, and a server that
        stalls or breaks after the end marker costs at most ``seconds``. Never raises.

        Args:
            seconds: Longest wait for each piece of the rest of the body.
            limit: Bytes read at most; a longer rest drops the connection.
        """
        if self._finished:
            return
        sock = self._connection.sock
        try:
            if sock is not None:
                sock.settimeout(seconds)
                self._restore_timeout = self._connection.read_timeout
            total = 0
            while total <= limit:
                data = self._read_some(CHUNK_SIZE)
                if not data:
                    return
                total += len(data)
        except (MarginaliaError, OSError):
            pass
        self.close()

    def peek_first(self, size: int = CHUNK_SIZE) -> bytes:
        """Wait for the first piece of the body without consuming it (b"" if empty)."""
        try:
            data = self._read_some(size)
        except BaseException:
            self.close()
            raise
        self._pending = data
        return data

    def json(self) -> Any:
        """The body parsed as JSON.

        Raises:
            ProtocolError: If the body is not JSON.
        """
        body = self.read_all()
        try:
            return json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise ProtocolError(_("The server's answer is not valid JSON."),
                                _("Check that the URL points to an OpenAI-compatible "
                                  "server.")) from None

    # -- closing -----------------------------------------------------------------------

    def close(self) -> None:
        """Stop reading; an unfinished body makes the connection unusable, so it is closed."""
        self._finish(reusable=False)

    def _finish(self, reusable: bool) -> None:
        if self._finished:
            return
        self._finished = True
        self._cancel.unwatch(self._watch)
        if self._restore_timeout is not None and reusable and self._connection.sock is not None:
            self._connection.sock.settimeout(self._restore_timeout)
        # NOTE: http.client marks a Content-Length body as done only when closed;
        # closing the response releases its file object, not the socket.
        self._raw.close()
        if not reusable:
            self._connection.close()
        self._on_finished(self._connection, reusable)

    def __enter__(self) -> "HttpResponse":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return "<HttpResponse %d %s>" % (self.status, self.url)

