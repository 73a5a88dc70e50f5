"""A small HTTPS server on 127.0.0.1 with a certificate of the test's choosing.

GET answers a model list (``{"data": [{"id": "tls-model"}]}``); POST answers a short
server-sent-event stream (with ``stall_seconds``, a chunked stream that sends one event
and then stalls). The TLS handshake runs in the connection's own thread, so a
client that rejects the certificate cannot stall the server. ``handshakes`` counts
completed handshakes and ``connections`` every accepted TCP connection.
"""
import json
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODELS = {"object": "list", "data": [{"id": "tls-model", "object": "model"}]}
STREAM = b'data: {"choices": [{"delta": {"content": "secure"}}]}\n\ndata: [DONE]\n\n'


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def _reply(self, content_type: str, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.server.owner.paths.append(self.path)
        self._reply("application/json", json.dumps(MODELS).encode())

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        owner = self.server.owner
        owner.paths.append(self.path)
        if not owner.stall_seconds:
            self._reply("text/event-stream", STREAM)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        first = STREAM.split(b"\n\n")[0] + b"\n\n"
        self.wfile.write(b"%x\r\n%s\r\n" % (len(first), first))
        self.wfile.flush()
        owner.closing.wait(owner.stall_seconds)
        self.close_connection = True


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def finish_request(self, request, client_address):
        owner = self.owner
        with owner.lock:
            owner.connections += 1
        try:
            tls = owner.context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return  # the client refused our certificate (or only read its fingerprint)
        with owner.lock:
            owner.handshakes += 1
        try:
            self.RequestHandlerClass(tls, client_address, self)
        except (ssl.SSLError, OSError):
            pass
        finally:
            tls.close()


class TlsServer:
    """Use as a context manager; ``url`` is ``https://127.0.0.1:<port>``."""

    def __init__(self, cert_file: str, key_file: str, stall_seconds: float = 0.0):
        self.stall_seconds = stall_seconds
        self.closing = threading.Event()
        self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.context.load_cert_chain(cert_file, key_file)
        self.lock = threading.Lock()
        self.connections = 0
        self.handshakes = 0
        self.paths = []
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.owner = self
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return "https://127.0.0.1:%d" % self.port

    def close(self) -> None:
        self.closing.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
