"""The network edge: socket, ssl and http.client exceptions become Marginalia errors.

Used as a context manager around every blocking network call::

    with map_network_errors(host, port, "read", read_timeout, cancel):
        response = connection.getresponse()

Our own errors pass through unchanged, except that anything raised after the cancel
token fired becomes :class:`~..errors.Cancelled` (a cancelled read usually surfaces
as end-of-file or a reset, which must not be reported as a server fault).
"""
from __future__ import annotations

import errno
import http.client
import socket
import ssl
from contextlib import contextmanager
from typing import Iterator, Optional

from .cancel import CancelToken
from ..errors import (Cancelled, ConnectFailed, ConnectionDropped, DnsFailed, MarginaliaError, NetworkError,
    NetworkTimeout, ProtocolError, TlsError)
from ..i18n import _
from ..redact import redact
from .tls import classify_ssl_error, classify_verification_error

_UNREACHABLE = {errno.EHOSTUNREACH, errno.ENETUNREACH, getattr(errno, "EHOSTDOWN", -1),
                getattr(errno, "ENETDOWN", -1)}
_TLS_RECORD_STARTS = (b"\x15\x03", b"\x16\x03")


def _dropped_or_protocol(exc: http.client.HTTPException, host: str) -> MarginaliaError:
    if isinstance(exc, http.client.IncompleteRead):
        return ConnectionDropped()
    if isinstance(exc, http.client.BadStatusLine):
        line = exc.line.encode("latin-1", "replace") if isinstance(exc.line, str) else b""
        if line.startswith(_TLS_RECORD_STARTS) or "\x15\x03" in str(exc.line):
            return ProtocolError(_("%s answered with HTTPS to a plain HTTP request.") % host,
                                 _("Use a URL that starts with https://."))
        return ProtocolError(_("%s did not answer with HTTP.") % host,
                             _("Check the port: another program may be listening there."))
    return ProtocolError(_("The server's answer could not be understood: %s") % redact(exc))


def translate(exc: BaseException, host: str, port: int, phase: str,
              timeout: Optional[float] = None) -> MarginaliaError:
    """The Marginalia error for a low-level exception raised while talking to a server.

    Args:
        exc: The socket, ssl or http.client exception.
        host: The host we were talking to (or the proxy, when connecting to one).
        port: Its port.
        phase: ``connect`` (DNS, TCP, tunnel, TLS handshake) or ``read``.
        timeout: The timeout that applied, in seconds, for the message.
    """
    if isinstance(exc, MarginaliaError):
        return exc
    if isinstance(exc, socket.gaierror):
        return DnsFailed(host)
    if isinstance(exc, ssl.SSLCertVerificationError):
        return TlsError(classify_verification_error(exc), host, detail=str(exc))
    if isinstance(exc, ssl.SSLError) and not isinstance(exc, (ssl.SSLEOFError,
                                                              ssl.SSLZeroReturnError)):
        return TlsError(classify_ssl_error(exc), host, detail=str(exc))
    if isinstance(exc, socket.timeout):
        return NetworkTimeout(phase, timeout, "%s:%d" % (host, port))
    if isinstance(exc, http.client.RemoteDisconnected):
        return ConnectionDropped(_("The server closed the connection without answering."))
    if isinstance(exc, http.client.HTTPException):
        return _dropped_or_protocol(exc, host)
    if isinstance(exc, ConnectionRefusedError):
        return ConnectFailed(host, port, "refused")
    if isinstance(exc, (ConnectionResetError, ConnectionAbortedError, BrokenPipeError,
                        ssl.SSLEOFError, ssl.SSLZeroReturnError)):
        if phase == "connect":
            return ConnectionDropped(_("The connection to %s:%d was closed during set-up.")
                                     % (host, port),
                                     _("Check that the URL starts with the right http:// or "
                                       "https:// and that the proxy settings are right."))
        return ConnectionDropped()
    if isinstance(exc, OSError) and exc.errno in _UNREACHABLE:
        return ConnectFailed(host, port, "unreachable")
    if isinstance(exc, OSError):
        return NetworkError(_("The connection to %s:%d failed: %s") % (host, port, exc))
    return NetworkError(_("Unexpected network failure: %s") % exc)


@contextmanager
def map_network_errors(host: str, port: int, phase: str, timeout: Optional[float] = None,
                       cancel: Optional[CancelToken] = None) -> Iterator[None]:
    """Re-raise low-level network exceptions as Marginalia errors (``raise … from``).

    Args:
        host: Host being talked to, for messages.
        port: Its port.
        phase: ``connect`` or ``read`` (decides what a timeout means).
        timeout: The timeout in force, for messages.
        cancel: When this token has fired, every failure becomes ``Cancelled``.
    """
    try:
        yield
    except Cancelled:
        raise
    except Exception as exc:
        if cancel is not None and cancel.cancelled:
            raise Cancelled() from exc
        mapped = translate(exc, host, port, phase, timeout)
        if mapped is exc:
            raise
        raise mapped from exc
