"""Socket-level test servers on 127.0.0.1 for behaviour http.server cannot show.

* :class:`SocketServer` runs ``handler(sock, index)`` for each accepted connection, so a
  test can answer and then close a keep-alive connection without saying so, or read a
  request and hang up without answering, or speak something that is not HTTP.
* :class:`FullBacklogListener` is a listening socket that never accepts and whose
  backlog is full, so new connections hang in the handshake (a connect timeout).
"""
import socket
import threading
from typing import Callable, List, Optional

OK_BODY = b'{"ok": true}'


def read_request(sock: socket.socket) -> Optional[bytes]:
    """Read one HTTP request (head and Content-Length body); None at end of file."""
    data = b""
    while b"\r\n\r\n" not in data:
        piece = sock.recv(65536)
        if not piece:
            return None
        data += piece
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        body += sock.recv(65536)
    return head


def ok_response(body: bytes = OK_BODY) -> bytes:
    """A complete keep-alive 200 JSON response (no ``Connection: close``)."""
    return (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
            % (len(body), body))


class SocketServer:
    """Accepts connections and runs ``handler(sock, index)`` for each in a thread."""

    def __init__(self, handler: Callable[[socket.socket, int], None]):
        self.handler = handler
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.05)
        self.accepted = 0
        self.requests: List[bytes] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return self.listener.getsockname()[1]

    @property
    def url(self) -> str:
        return "http://127.0.0.1:%d" % self.port

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                sock, _ = self.listener.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            index = self.accepted
            self.accepted += 1
            threading.Thread(target=self._run, args=(sock, index), daemon=True).start()

    def _run(self, sock: socket.socket, index: int) -> None:
        try:
            self.handler(sock, index)
        except OSError:
            pass
        finally:
            sock.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.listener.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class FullBacklogListener:
    """A port where TCP connections are never completed (for connect timeouts).

    Linux answers SYNs only while the accept queue has room; with ``listen(0)`` and a
    few connections already waiting, further SYNs are dropped and ``connect`` hangs.
    """

    def __init__(self, fillers: int = 8):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(0)
        self._fillers = []
        for _ in range(fillers):
            filler = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            filler.setblocking(False)
            filler.connect_ex(self.listener.getsockname())
            self._fillers.append(filler)

    @property
    def port(self) -> int:
        return self.listener.getsockname()[1]

    def close(self) -> None:
        for filler in self._fillers:
            filler.close()
        self.listener.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
