"""Marginalia's HTTP client: standard library only, keep-alive, stoppable, never lax on TLS.

The one seam the rest of Marginalia codes against is :meth:`HttpClient.request`::

    client = HttpClient(proxy_settings=office_inet_settings)
    token = CancelToken()                       # Stop button: token.cancel()
    response = open_event_stream(client, chat_url, body, headers, token)   # see event_stream.py
    for chunk in response.iter_chunks():
        decoder.decode(chunk)

What it does for every request:

* reuses a pooled keep-alive connection to the same origin (via the same proxy, with
  the same TLS options), after checking that the server has not closed it; if a
  reused connection still turns out dead, the request is sent once more on a new one;
* routes through LibreOffice's proxy settings or the environment's (:mod:`.proxy`);
* verifies HTTPS, or accepts exactly the pinned certificate (:mod:`.tls`);
* applies the connect timeout to connection set-up and the read timeout to every
  wait for data;
* retries 429/502/503/504 and resets before the reply started, with backoff and
  ``Retry-After`` (:mod:`.retry`), never once the reply has started;
* raises the mapped :class:`~..errors.HttpStatusError` for a non-2xx status after
  reading the error body, unless ``raw=True``.
"""
from __future__ import annotations

from typing import Hashable, Mapping, Optional, Tuple, Union

from .cancel import CancelToken
from .connection import Connection, Origin, split_url
from .connector import Connector, SocketConnector
from .error_mapping import map_network_errors
from ..errors import Cancelled, ConnectionDropped, MarginaliaError, ProxyError
from .pool import ConnectionPool, PoolStats
from .response import HttpResponse
from .proxy import ProxyResolver, ProxyRoute
from .retry import RETRY_STATUSES, RetryPolicy, parse_retry_after
from .status_errors import error_for_status
from .tls import TlsOptions
from ..version import __version__

ERROR_BODY_LIMIT = 65536
USER_AGENT = "Marginalia/%s" % __version__
Body = Union[bytes, str, None]


class HttpClient:
    """A pooled, stoppable HTTP/1.1 client.

    Args:
        proxy_settings: LibreOffice's ``org.openoffice.Inet/Settings`` values as a dict,
            a ready :class:`~.proxy.ProxyResolver`, or None (environment only).
        connect_timeout: Seconds for each step of connection set-up.
        read_timeout: Seconds of silence allowed while waiting for response data.
        retry: The retry policy (default :class:`~.retry.RetryPolicy`).
        max_idle_per_host: Idle connections kept per origin (0 disables reuse).
        connector: Opens new connections (default: real sockets, see :mod:`.connector`);
            tests pass one that answers from memory.
    """

    def __init__(self, proxy_settings: Union[Mapping[str, object], ProxyResolver, None] = None,
                 connect_timeout: float = 10.0, read_timeout: float = 120.0,
                 retry: Optional[RetryPolicy] = None, max_idle_per_host: int = 4,
                 connector: Optional[Connector] = None):
        if isinstance(proxy_settings, ProxyResolver):
            self.proxy = proxy_settings
        else:
            self.proxy = ProxyResolver(proxy_settings)
        self.connect_timeout, self.read_timeout = connect_timeout, read_timeout
        self.retry = retry or RetryPolicy()
        self.pool = ConnectionPool(max_idle_per_host)
        self.connector = connector or SocketConnector(connect_timeout, read_timeout)

    @property
    def stats(self) -> PoolStats:
        """Connection and retry counters."""
        return self.pool.stats

    def request(self, method: str, url: str, headers: Optional[Mapping[str, str]] = None,
                body: Body = None, cancel: Optional[CancelToken] = None,
                tls: Optional[TlsOptions] = None, raw: bool = False) -> HttpResponse:
        """Send one request and return the response once its headers have arrived.

        Args:
            method: ``GET``, ``POST`` …
            url: Absolute http(s) URL.
            headers: Extra request headers.
            body: Request body (``str`` is sent as UTF-8).
            cancel: Token that stops the request (and the body reading) when cancelled.
            tls: The endpoint's TLS options (CA file, pinned fingerprint).
            raw: Return non-2xx responses instead of raising.

        Returns:
            The response; read its body with ``iter_chunks``/``read_all`` and close it.

        Raises:
            MarginaliaError: A :mod:`..errors` subclass for every failure.
        """
        origin, target = split_url(url)
        tls = tls or TlsOptions()
        route = self.proxy.route_for(origin.scheme, origin.host, origin.port)
        key = (origin, route, tls)
        if route is not None and origin.scheme == "http":
            target = "http://%s%s" % (origin.netloc, target)  # absolute-URI via the proxy
        payload = body.encode("utf-8") if isinstance(body, str) else body
        all_headers = self._headers(headers, route, origin)
        cancel = cancel or CancelToken()
        response = self._send_with_retries(key, method, target, all_headers, payload, cancel, url)
        if raw or 200 <= response.status < 300:
            return response
        raise self._status_error(response, route)

    def _send_with_retries(self, key: Tuple[Origin, Optional[ProxyRoute], TlsOptions],
                           method: str, target: str, headers: Mapping[str, str],
                           payload: Optional[bytes], cancel: CancelToken,
                           url: str) -> HttpResponse:
        attempt, stale_retry_used = 0, False
        while True:
            connection, reused = self._connection(key, cancel)
            try:
                raw_response = self._exchange(connection, method, target, headers, payload, cancel)
            except ConnectionDropped:
                if reused and not stale_retry_used:
                    stale_retry_used = True
                    self.stats.stale_retries += 1
                    continue
                if attempt + 1 >= self.retry.max_attempts:
                    raise
                self._pause(self.retry.backoff(attempt), cancel)
                attempt += 1
                continue
            response = HttpResponse(raw_response, connection, url, cancel,
                                    lambda conn, ok: self._release(key, conn, ok))
            delay = None
            if response.status in RETRY_STATUSES:
                retry_after = parse_retry_after(response.header("Retry-After") or None)
                delay = self.retry.delay_for_status(attempt, retry_after)
            if delay is None:
                return response
            self._discard(response)
            self._pause(delay, cancel)
            attempt += 1

    def _connection(self, key: Tuple[Origin, Optional[ProxyRoute], TlsOptions],
                    cancel: CancelToken) -> Tuple[Connection, bool]:
        cancel.raise_if_cancelled()
        connection = self.pool.take(key)
        if connection is not None:
            self.stats.reused += 1
            return connection, True
        origin, route, tls = key
        connection = self.connector.connect(origin, route, tls, cancel)
        self.stats.opened += 1
        return connection, False

    @staticmethod
    def _exchange(connection: Connection, method: str, target: str,
                  headers: Mapping[str, str], payload: Optional[bytes], cancel: CancelToken):
        origin = connection.origin
        handle = cancel.watch(connection.abort)
        try:
            with map_network_errors(origin.host, origin.port, "read",
                                    connection.read_timeout, cancel):
                connection.http.request(method, target, body=payload, headers=dict(headers))
                connection.requests_sent += 1
                return connection.http.getresponse()
        except BaseException:
            connection.close()
            raise
        finally:
            cancel.unwatch(handle)

    @staticmethod
    def _discard(response: HttpResponse) -> None:
        """Read a small refused answer to its end so its connection can be reused."""
        try:
            response.read_all(ERROR_BODY_LIMIT)
        except Cancelled:
            raise
        except MarginaliaError:
            response.close()

    def _pause(self, seconds: float, cancel: CancelToken) -> None:
        self.stats.retries += 1
        if cancel.wait(seconds):
            raise Cancelled()

    def _release(self, key: Hashable, connection: Connection, reusable: bool) -> None:
        if reusable:
            self.pool.give_back(key, connection)

    @staticmethod
    def _headers(headers: Optional[Mapping[str, str]], route: Optional[ProxyRoute],
                 origin: Origin) -> Mapping[str, str]:
        merged = {"User-Agent": USER_AGENT}
        merged.update(headers or {})
        if route is not None and origin.scheme == "http" and route.authorization():
            merged["Proxy-Authorization"] = route.authorization() or ""
        return merged

    @staticmethod
    def _status_error(response: HttpResponse, route: Optional[ProxyRoute]) -> MarginaliaError:
        try:
            body = response.read_all(ERROR_BODY_LIMIT)
        except Cancelled:
            raise
        except MarginaliaError:
            body = b""  # the status alone still says what happened
        finally:
            response.close()
        if response.status == 407 and route is not None:
            return ProxyError(route.display, 407)
        return error_for_status(response.status, response.headers, body, response.url)

    def close(self) -> None:
        """Close every pooled connection."""
        self.pool.close_all()

    def __enter__(self) -> "HttpClient":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

