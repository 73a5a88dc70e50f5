"""Forward a fixed local port to a test server (to stand in for Ollama on 11434, LM Studio on 1234…)."""
import selectors
import socket
import threading


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class PortForwarder:
    """Accepts on 127.0.0.1:``port`` and pipes each connection to 127.0.0.1:``target``."""

    def __init__(self, port: int, target: int):
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", port))
        self.listener.settimeout(0.05)
        self._stop = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self._stop.is_set():
            try:
                client, _ = self.listener.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            threading.Thread(target=self._pipe, args=(client,), daemon=True).start()

    def _pipe(self, client):
        upstream = socket.create_connection(("127.0.0.1", self.target))
        with client, upstream, selectors.DefaultSelector() as selector:
            selector.register(client, selectors.EVENT_READ, upstream)
            selector.register(upstream, selectors.EVENT_READ, client)
            while not self._stop.is_set():
                for key, _ in selector.select(timeout=0.1):
                    try:
                        data = key.fileobj.recv(65536)
                    except OSError:
                        data = b""
                    if not data:
                        return
                    key.data.sendall(data)

    def close(self):
        self._stop.set()
        self.listener.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
