"""A recording proxy for ``make eval``: every request the panel sends and every reply, kept per task.

It listens on 127.0.0.1 (a free port) and forwards each request to the endpoint with the same
path, streaming the reply back as it arrives; :meth:`RecordingProxy.take` returns what passed since
:meth:`RecordingProxy.begin` (requests as JSON, replies as the raw bytes, secrets left out: the
``Authorization`` header is never recorded).
"""
from __future__ import annotations

import http.client
import json
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import List
from urllib.parse import urlsplit

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "host",
              "content-length"}


class RecordingProxy:
    """Forwards to ``target`` (a base URL such as ``https://host/v1``) and records the exchange."""

    def __init__(self, target: str):
        parts = urlsplit(target)
        self.scheme, self.netloc, self.base_path = parts.scheme, parts.netloc, parts.path.rstrip("/")
        self._log: List[str] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True, name="eval-proxy")

    @property
    def url(self) -> str:
        """The base URL to configure instead of the target's (same path)."""
        return "http://127.0.0.1:%d%s" % (self._server.server_address[1], self.base_path)

    def start(self) -> "RecordingProxy":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def begin(self) -> None:
        """Start a new record (a new task)."""
        with self._lock:
            self._log = []

    def take(self) -> str:
        """What passed since :meth:`begin`."""
        with self._lock:
            return "\n".join(self._log)

    def note(self, text: str) -> None:
        with self._lock:
            self._log.append(text)

    def connection(self):
        if self.scheme == "https":
            return http.client.HTTPSConnection(self.netloc, timeout=600, context=ssl.create_default_context())
        return http.client.HTTPConnection(self.netloc, timeout=600)


def _handler(proxy: RecordingProxy):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):
            pass

        def _forward(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            proxy.note(">>> %s %s\n%s" % (self.command, self.path, _shown(body)))
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            upstream = proxy.connection()
            try:
                upstream.request(self.command, self.path, body=body or None, headers=headers)
                reply = upstream.getresponse()
                self.send_response(reply.status)
                for key, value in reply.getheaders():
                    if key.lower() not in HOP_BY_HOP:
                        self.send_header(key, value)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                received = []
                while True:
                    chunk = reply.read1(65536) if hasattr(reply, "read1") else reply.read(65536)
                    if not chunk:
                        break
                    received.append(chunk)
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")
                proxy.note("<<< %d\n%s" % (reply.status, b"".join(received).decode("utf-8", "replace")))
            except OSError as error:
                proxy.note("<<< (no reply: %s)" % error)
                self.close_connection = True
            finally:
                upstream.close()

        do_GET = do_POST = _forward

    return Handler


def _shown(body: bytes) -> str:
    try:
        return json.dumps(json.loads(body), ensure_ascii=False, indent=1)
    except ValueError:
        return body.decode("utf-8", "replace")
