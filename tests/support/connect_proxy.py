"""A small HTTP proxy on 127.0.0.1: CONNECT tunnels and absolute-URI forwarding.

It records what went through it (``tunnels``: CONNECT targets; ``forwarded``:
absolute URIs; ``authorizations``: Proxy-Authorization values seen) and, when made
with ``credentials=(user, password)``, answers 407 to requests without them.
Forwarded (plain HTTP) answers are read whole and re-sent with Content-Length.
"""
import base64
import http.client
import selectors
import socket
import socketserver
import threading
from urllib.parse import urlsplit

_HOP_HEADERS = {"proxy-authorization", "proxy-connection", "connection", "keep-alive",
                "transfer-encoding"}


def _read_head(rfile):
    lines = []
    while True:
        line = rfile.readline(65537)
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            return lines
        lines.append(line.decode("latin-1").rstrip("\r\n"))


def _pipe(client: socket.socket, upstream: socket.socket) -> None:
    with selectors.DefaultSelector() as selector:
        selector.register(client, selectors.EVENT_READ, upstream)
        selector.register(upstream, selectors.EVENT_READ, client)
        while True:
            for key, _ in selector.select(timeout=30):
                try:
                    data = key.fileobj.recv(65536)
                except OSError:
                    data = b""
                if not data:
                    return
                key.data.sendall(data)


class _Handler(socketserver.StreamRequestHandler):
    def handle(self):
        owner = self.server.owner
        while True:
            head = _read_head(self.rfile)
            if not head:
                return
            method, target, _ = head[0].split(" ", 2)
            headers = {}
            for line in head[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            with owner.lock:
                if "proxy-authorization" in headers:
                    owner.authorizations.append(headers["proxy-authorization"])
            if not owner.authorized(headers):
                self.wfile.write(b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                                 b"Proxy-Authenticate: Basic realm=\"test\"\r\n"
                                 b"Content-Length: 0\r\n\r\n")
                if method == "CONNECT":
                    return
                continue
            if method == "CONNECT":
                self._tunnel(target)
                return
            self._forward(method, target, headers)

    def _tunnel(self, target: str) -> None:
        owner = self.server.owner
        with owner.lock:
            owner.tunnels.append(target)
        host, _, port = target.rpartition(":")
        upstream = socket.create_connection((host.strip("[]"), int(port)), timeout=10)
        self.wfile.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
        self.wfile.flush()
        try:
            _pipe(self.connection, upstream)
        finally:
            upstream.close()

    def _forward(self, method: str, target: str, headers) -> None:
        owner = self.server.owner
        with owner.lock:
            owner.forwarded.append(target)
        body = self.rfile.read(int(headers.get("content-length") or 0))
        parts = urlsplit(target)
        upstream = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=10)
        sent = {k: v for k, v in headers.items() if k not in _HOP_HEADERS}
        upstream.request(method, parts.path + ("?" + parts.query if parts.query else ""),
                         body=body or None, headers=sent)
        response = upstream.getresponse()
        data = response.read()
        upstream.close()
        lines = ["HTTP/1.1 %d %s" % (response.status, response.reason)]
        lines += ["%s: %s" % (k, v) for k, v in response.getheaders()
                  if k.lower() not in _HOP_HEADERS and k.lower() != "content-length"]
        lines.append("Content-Length: %d" % len(data))
        self.wfile.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + data)
        self.wfile.flush()


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


class ConnectProxy:
    """Use as a context manager; ``url`` is ``http://127.0.0.1:<port>``."""

    def __init__(self, credentials=None):
        self.credentials = credentials
        self.lock = threading.Lock()
        self.tunnels, self.forwarded, self.authorizations = [], [], []
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.owner = self
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    def authorized(self, headers) -> bool:
        if self.credentials is None:
            return True
        token = base64.b64encode(("%s:%s" % self.credentials).encode()).decode()
        return headers.get("proxy-authorization") == "Basic " + token

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return "http://127.0.0.1:%d" % self.port

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
