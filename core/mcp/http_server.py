"""The Streamable HTTP transport: one endpoint on 127.0.0.1, a thread per connection.

The endpoint is ``/mcp``; it answers at ``/`` too, where some clients (LM Studio) post.
``POST`` carries one JSON-RPC message. A request is answered as ``application/json``, or as
a one-event ``text/event-stream`` when the client accepts only that; a notification or a
response is answered ``202 Accepted`` with no body. ``DELETE`` ends a session; ``GET`` (a
server-to-client stream) is not offered (405). Every request passes :func:`.guard.check`
first; an HTTP/1.1 request without exactly one ``Host`` header is refused (400, RFC 9112
section 3.2), and a body that has not fully arrived :data:`BODY_SECONDS` after its headers
is answered 408 and its connection closed, so no client holds a thread with a short body.
Log lines name the method, path and status only: never a header, so never the token.
"""
from __future__ import annotations

import logging
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Callable, Optional, Tuple

from . import guard, jsonrpc
from .jsonrpc import RpcError
from .protocol import SUPPORTED_VERSIONS, McpProtocol
from .sessions import ClientSession
from ..threads import start_worker

log = logging.getLogger("marginalia.mcp")

LOOPBACK = "127.0.0.1"
ENDPOINT = "/mcp"
ENDPOINT_PATHS = (ENDPOINT, "/")
"""Where the endpoint answers: ``/mcp``, and the root for clients that post there."""
MOST_BODY_BYTES = 4 * 1024 * 1024
IDLE_SECONDS = 60
"""A kept-alive connection with no request for this long is closed."""
BODY_SECONDS = 5.0
"""A request's whole body must arrive within this many seconds after its headers."""


class McpHttpServer:
    """The MCP endpoint on ``127.0.0.1:<port>`` (``port`` 0 picks a free one)."""

    def __init__(self, protocol: McpProtocol, token: Callable[[], str], port: int = 0):
        """
        Args:
            protocol: answers the messages.
            token: returns the bearer token every request must carry (read per request, so renewing works).
            port: the TCP port; 0 lets the system choose (see :attr:`port`).
        """
        self.protocol = protocol
        self._token = token
        self._requested_port = port
        self._httpd: Optional[_LoopbackServer] = None

    @property
    def port(self) -> int:
        """The bound port (0 before :meth:`start`)."""
        return self._httpd.server_address[1] if self._httpd else 0

    @property
    def url(self) -> str:
        """The endpoint's address, e.g. ``http://127.0.0.1:8765/mcp``."""
        return "http://%s:%d%s" % (LOOPBACK, self.port, ENDPOINT)

    def start(self) -> None:
        """Bind to loopback and serve on a daemon thread; raises ``OSError`` when the port is taken."""
        handler = type("McpHandler", (_Handler,), {"server_side": self})
        httpd = _LoopbackServer((LOOPBACK, self._requested_port), handler)
        self._httpd = httpd
        start_worker(httpd.serve_forever, 0.1, name="marginalia-mcp")
        log.info("MCP server listening on %s", self.url)

    def stop(self) -> None:
        """Stop serving and close the socket (open requests finish on their own threads)."""
        httpd, self._httpd = self._httpd, None
        if httpd is not None:
            httpd.shutdown()
            httpd.server_close()
            log.info("MCP server stopped")

    def __enter__(self) -> "McpHttpServer":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def token(self) -> str:
        """The current token (for the guard)."""
        return self._token()


class _LoopbackServer(HTTPServer):
    """An HTTP server with a thread per connection, started without waiting (see :mod:`marginalia.core.threads`)."""

    request_queue_size = 128  # the default 5 resets connections when a few dozen clients connect at once

    def process_request(self, request, client_address):
        start_worker(self._serve_connection, request, client_address, name="marginalia-mcp-connection")

    def _serve_connection(self, request, client_address):
        try:
            self.finish_request(request, client_address)
        except Exception:
            log.debug("an MCP connection ended with an error", exc_info=True)
        finally:
            self.shutdown_request(request)

    def handle_error(self, request, client_address):
        log.debug("an MCP connection failed", exc_info=True)


class _Handler(BaseHTTPRequestHandler):
    """One connection's requests (HTTP/1.1, kept alive)."""

    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS
    server_side: McpHttpServer = None  # set per server by McpHttpServer.start
    server_version = "Marginalia-MCP"

    def log_message(self, format, *args):  # noqa: A002  (the base class's name)
        log.debug("MCP %s", format % args)

    def log_request(self, code="-", size="-"):
        log.debug("MCP %s %s -> %s", self.command, self.path.split("?")[0][:80], code)

    # methods ---------------------------------------------------------------------------------
    def do_POST(self):
        if not self._admitted():
            return
        if not self._content_is_json():
            return self._plain(415, "Unsupported Media Type: send application/json")
        body = self._body()
        if body is None:
            return
        as_stream = self._wants_stream()
        if as_stream is None:
            return self._plain(406, "Not Acceptable: accept application/json or text/event-stream")
        try:
            message = jsonrpc.parse(body)
        except RpcError as failure:
            return self._json(400, jsonrpc.error(None, failure))
        session, refusal = self._session(message.method)
        if refusal is not None:
            return self._json(refusal[0], jsonrpc.error(message.id, RpcError(jsonrpc.INVALID_REQUEST, refusal[1])))
        reply = self.server_side.protocol.handle(message, session)
        if reply.message is None:
            return self._empty(202)
        headers = {"Mcp-Session-Id": reply.session_id} if reply.session_id else {}
        if as_stream:
            return self._event_stream(reply.message, headers)
        return self._json(200, reply.message, headers)

    def do_GET(self):
        if self._admitted():
            self._plain(405, "Method Not Allowed: this server does not open a server-to-client stream",
                        {"Allow": "POST, DELETE"})

    def do_DELETE(self):
        if not self._admitted():
            return
        session_id = self.headers.get("Mcp-Session-Id", "")
        if self.server_side.protocol.close_session(session_id):
            return self._empty(200)
        self._plain(404, "Not Found: no such session")

    def do_PUT(self):
        self._plain(405, "Method Not Allowed", {"Allow": "POST, DELETE"})

    do_PATCH = do_PUT

    # checks ------------------------------------------------------------------------------------
    def _admitted(self) -> bool:
        if self.path.split("?")[0] not in ENDPOINT_PATHS:
            self._plain(404, "Not Found: the MCP endpoint is %s" % ENDPOINT)
            return False
        hosts = self.headers.get_all("Host") or []
        if len(hosts) > 1 or (not hosts and self.request_version == "HTTP/1.1"):
            self._plain(400, "Bad Request: an HTTP/1.1 request needs exactly one Host header")
            return False
        refusal = guard.check(self.headers, self.server_side.token())
        if refusal is not None:
            extra = {"WWW-Authenticate": 'Bearer realm="marginalia"'} if refusal.status == 401 else {}
            log.info("MCP request refused: %d", refusal.status)
            self._plain(refusal.status, refusal.reason, extra)
            return False
        version = self.headers.get("MCP-Protocol-Version")
        if version is not None and version not in SUPPORTED_VERSIONS:
            self._plain(400, "Bad Request: unsupported MCP-Protocol-Version %s" % version[:40])
            return False
        return True

    def _content_is_json(self) -> bool:
        kind = self.headers.get("Content-Type", "application/json")
        return kind.split(";")[0].strip().lower() == "application/json"

    def _body(self) -> Optional[bytes]:
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            self._plain(411, "Length Required")
            return None
        if length < 0 or length > MOST_BODY_BYTES:
            self._plain(413, "Payload Too Large")
            return None
        body = self._read_body(length)
        if body is None:
            self._plain(408, "Request Timeout: the body did not arrive within %g seconds" % BODY_SECONDS)
            return None
        if len(body) < length:
            self._plain(400, "Bad Request: the body is shorter than its Content-Length")
            return None
        return body

    def _read_body(self, length: int) -> Optional[bytes]:
        """The body as far as the client sent it (shorter when it closed early); None when too slow."""
        deadline = time.monotonic() + BODY_SECONDS
        chunks, missing = [], length
        try:
            while missing > 0:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.connection.settimeout(left)
                chunk = self.rfile.read1(missing)
                if not chunk:
                    break
                chunks.append(chunk)
                missing -= len(chunk)
        except OSError:  # socket.timeout, or the connection broke
            return None
        finally:
            self.connection.settimeout(self.timeout)
        return b"".join(chunks)

    def _wants_stream(self) -> Optional[bool]:
        """False for JSON, True for an event stream, None when the client accepts neither."""
        kinds = [part.split(";")[0].strip().lower() for part in self.headers.get("Accept", "*/*").split(",")]
        if any(kind in ("application/json", "application/*", "*/*") for kind in kinds):
            return False
        if "text/event-stream" in kinds:
            return True
        return None

    def _session(self, method: str) -> Tuple[ClientSession, Optional[Tuple[int, str]]]:
        session_id = self.headers.get("Mcp-Session-Id")
        if method == "initialize" or session_id is None:
            return ClientSession(""), None
        session = self.server_side.protocol.sessions.get(session_id)
        if session is None:
            return ClientSession(""), (404, "Unknown or expired session: initialize again")
        return session, None

    # answers -------------------------------------------------------------------------------------
    def _json(self, status: int, message: dict, headers: Optional[dict] = None) -> None:
        self._send(status, "application/json", jsonrpc.encode(message), headers)

    def _event_stream(self, message: dict, headers: dict) -> None:
        body = b"event: message\ndata: " + jsonrpc.encode(message) + b"\n\n"
        self._send(200, "text/event-stream", body, dict(headers, **{"Cache-Control": "no-cache"}))

    def _plain(self, status: int, text: str, headers: Optional[dict] = None) -> None:
        self._send(status, "text/plain; charset=utf-8", text.encode("utf-8"), headers)

    def _empty(self, status: int) -> None:
        self._send(status, None, b"", None)

    def _send(self, status: int, kind: Optional[str], body: bytes, headers: Optional[dict]) -> None:
        self.send_response(status)
        if status >= 400:  # a refused request's body may be unread: never reuse the connection
            self.close_connection = True
            self.send_header("Connection", "close")
        if kind:
            self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)
