"""One keep-alive HTTP/1.1 connection: DNS, TCP, proxy tunnel and TLS, all stoppable.

:class:`Connection` opens the socket itself (so connect and read timeouts are separate
and a cancel token can interrupt every step) and hands it to an
``http.client.HTTPConnection`` that only formats requests and parses responses.
"""
from __future__ import annotations

import errno
import http.client
import ipaddress
import os
import selectors
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from typing import List, Optional, Tuple
from urllib.parse import urlsplit

from .cancel import CancelToken, shutdown_socket
from .error_mapping import map_network_errors
from ..errors import DnsFailed, InvalidUrlError, ProxyError
from ..i18n import _
from .proxy import ProxyRoute
from .tls import TlsContexts, TlsOptions, open_tls

_IN_PROGRESS = {errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EAGAIN, errno.EALREADY,
                10035}  # 10035 is WSAEWOULDBLOCK
_POLL_SLICE = 0.05


@dataclass(frozen=True)
class Origin:
    """Scheme, host and port of a URL: what a pooled connection is bound to."""

    scheme: str
    host: str
    port: int

    @property
    def netloc(self) -> str:
        """``host:port`` with IPv6 brackets, as written in URLs and CONNECT lines."""
        host = "[%s]" % self.host if ":" in self.host else self.host
        return "%s:%d" % (host, self.port)


def split_url(url: str) -> Tuple[Origin, str]:
    """``https://h:1/p?q`` -> (Origin, ``/p?q``).

    Raises:
        InvalidUrlError: For a URL that is not http(s) or has no host.
    """
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        port = -1
    if scheme not in ("http", "https") or not parts.hostname or port == -1:
        raise InvalidUrlError(_('"%s" is not a usable http:// or https:// address.') % url)
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    default_port = 443 if scheme == "https" else 80
    return Origin(scheme, parts.hostname.lower(), port or default_port), target


def _is_ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


def resolve(host: str, port: int, timeout: float, cancel: CancelToken) -> List[tuple]:
    """``getaddrinfo`` that a cancel token can abandon (it runs in a helper thread)."""
    if _is_ip_literal(host):
        return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    outcome: list = []
    done = threading.Event()

    def lookup() -> None:
        try:
            outcome.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except Exception as exc:  # handed to the waiting thread
            outcome.append(exc)
        done.set()

    threading.Thread(target=lookup, name="marginalia-dns", daemon=True).start()
    handle = cancel.watch(done.set)
    try:
        finished = done.wait(timeout)
    finally:
        cancel.unwatch(handle)
    cancel.raise_if_cancelled()
    if not finished:
        raise DnsFailed(host)
    if isinstance(outcome[0], Exception):
        raise outcome[0]
    return outcome[0]


def connect_tcp(host: str, port: int, timeout: float, cancel: CancelToken) -> socket.socket:
    """Open a TCP connection, trying each address in turn; stoppable every 50 ms."""
    last_error: Optional[Exception] = None
    for family, kind, proto, _, address in resolve(host, port, timeout, cancel):
        sock = socket.socket(family, kind, proto)
        try:
            _connect_stoppable(sock, address, timeout, cancel)
        except OSError as exc:
            sock.close()
            last_error = exc
            continue
        except BaseException:
            sock.close()
            raise
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock
    raise last_error or OSError("no address for %s" % host)


def _connect_stoppable(sock: socket.socket, address: tuple, timeout: float,
                       cancel: CancelToken) -> None:
    sock.setblocking(False)
    code = sock.connect_ex(address)
    if code and code not in _IN_PROGRESS:
        raise OSError(code, os.strerror(code))
    deadline = time.monotonic() + timeout
    with selectors.DefaultSelector() as selector:
        selector.register(sock, selectors.EVENT_WRITE)
        while not selector.select(min(_POLL_SLICE, max(0.0, deadline - time.monotonic()))):
            cancel.raise_if_cancelled()
            if time.monotonic() >= deadline:
                raise socket.timeout("connect timed out")
    cancel.raise_if_cancelled()
    code = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
    if code:
        raise OSError(code, os.strerror(code))
    sock.setblocking(True)


def _read_tunnel_reply(sock: socket.socket, proxy: ProxyRoute) -> int:
    head = b""
    while b"\r\n\r\n" not in head:
        data = sock.recv(4096)
        if not data or len(head) > 65536:
            raise ProxyError(proxy.display, reason=_("the proxy closed the tunnel request"))
        head += data
    status_line = head.split(b"\r\n", 1)[0].decode("latin-1")
    try:
        return int(status_line.split()[1])
    except (IndexError, ValueError):
        raise ProxyError(proxy.display, reason=_("unexpected answer %r") % status_line) from None


class Connection:
    """A persistent connection to one origin, direct or through a proxy.

    Args:
        origin: Where requests go.
        proxy: The proxy route, or None for a direct connection.
        tls: TLS options for https origins.
        contexts: Shared TLS context cache.
        connect_timeout: Seconds allowed for each of DNS, TCP, tunnel and handshake.
        read_timeout: Seconds of silence allowed while waiting for response data.
    """

    def __init__(self, origin: Origin, proxy: Optional[ProxyRoute], tls: TlsOptions,
                 contexts: TlsContexts, connect_timeout: float, read_timeout: float):
        self.origin, self.proxy, self.tls = origin, proxy, tls
        self._contexts = contexts
        self.connect_timeout, self.read_timeout = connect_timeout, read_timeout
        self.http = http.client.HTTPConnection(origin.host, origin.port)
        self.http.auto_open = 0  # never let http.client reconnect behind our back
        self.sock: Optional[socket.socket] = None
        self.requests_sent = 0
        self.last_used = time.monotonic()

    # -- opening ---------------------------------------------------------------------

    def open(self, cancel: CancelToken) -> None:
        """Connect (DNS, TCP, CONNECT tunnel, TLS) within the connect timeout."""
        handle = cancel.watch(self.abort)
        origin = self.origin
        try:
            with map_network_errors(origin.host, origin.port, "connect",
                                    self.connect_timeout, cancel):
                if origin.scheme == "https":
                    sock: socket.socket = open_tls(lambda: self._open_raw(cancel), origin.host,
                                                   self.tls, self._contexts, self._adopt)
                else:
                    sock = self._open_raw(cancel)
            sock.settimeout(self.read_timeout)
            self._adopt(sock)
            self.http.sock = sock
        finally:
            cancel.unwatch(handle)
        cancel.raise_if_cancelled()

    def _adopt(self, sock: socket.socket) -> None:
        self.sock = sock

    def _open_raw(self, cancel: CancelToken) -> socket.socket:
        host, port = (self.proxy.host, self.proxy.port) if self.proxy else \
            (self.origin.host, self.origin.port)
        with map_network_errors(host, port, "connect", self.connect_timeout, cancel):
            sock = connect_tcp(host, port, self.connect_timeout, cancel)
            self._adopt(sock)
            sock.settimeout(self.connect_timeout)
            if self.proxy is not None and self.origin.scheme == "https":
                self._tunnel(sock)
            return sock

    def _tunnel(self, sock: socket.socket) -> None:
        assert self.proxy is not None
        lines = ["CONNECT %s HTTP/1.1" % self.origin.netloc, "Host: %s" % self.origin.netloc]
        authorization = self.proxy.authorization()
        if authorization:
            lines.append("Proxy-Authorization: %s" % authorization)
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        status = _read_tunnel_reply(sock, self.proxy)
        if status != 200:
            raise ProxyError(self.proxy.display, status)

    # -- state -----------------------------------------------------------------------

    def is_reusable(self) -> bool:
        """True when the socket is open, idle and the server has not closed it."""
        sock = self.http.sock
        if sock is None or sock is not self.sock:
            return False
        if isinstance(sock, ssl.SSLSocket) and sock.pending():
            return False
        try:
            with selectors.DefaultSelector() as selector:
                selector.register(sock, selectors.EVENT_READ)
                # Readable while idle means end-of-file or stray bytes: either way stale.
                return not selector.select(0)
        except (OSError, ValueError):
            return False

    def abort(self) -> None:
        """Shut the socket down (safe from another thread; wakes a blocked reader)."""
        if self.sock is not None:
            shutdown_socket(self.sock)

    def close(self) -> None:
        """Close the connection (from the owning thread)."""
        self.http.close()
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock = None
