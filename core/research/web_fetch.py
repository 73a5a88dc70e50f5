"""Getting a web resource for research: gate, redirects, status, size and time limits.

:meth:`WebReader.get` requests a URL through Marginalia's HTTP client (proxy, trust
store, timeouts, Stop) after the :class:`~.web_access.WebAccess` gate, follows at
most five redirects (each hop passes the gate again), turns every status and
network failure into a :class:`~.tools.ToolError` a model can act on, and reads the
body up to a byte budget and a time budget. Compressed bodies (gzip, deflate) are
inflated with the same budget. It runs on a worker thread and never touches the office.
"""
from __future__ import annotations

import time
import zlib
from dataclasses import dataclass
from typing import Callable, Dict, Optional

from ..errors import Cancelled, MarginaliaError
from ..i18n import _
from ..agent.tools import ToolError
from .web_access import WebAccess
from .web_address import check_web_url, host_of, redirect_target
from .web_status import WebStatusError, describe_network_error

REDIRECTS = frozenset((301, 302, 303, 307, 308))
Progress = Optional[Callable[[str, str], None]]


@dataclass(frozen=True)
class FetchLimits:
    """How much research reads of one resource."""

    max_bytes: int = 2 * 1024 * 1024
    """Body bytes read at most (after decompression); the rest is dropped with a note."""
    max_seconds: float = 30.0
    """Time for the whole body; a slower site yields what arrived so far."""
    max_redirects: int = 5
    progress_every: float = 0.25
    """Seconds between progress reports while a body arrives."""


@dataclass
class WebBody:
    """A resource as read."""

    url: str
    """The final URL (after redirects)."""
    requested: str
    """The URL first asked for."""
    status: int
    content_type: str
    """The ``Content-Type`` header as sent ("" when absent)."""
    data: bytes
    cut: str = ""
    """Why the body is incomplete: ``size`` or ``time`` ("" when complete)."""
    redirects: int = 0


class WebReader:
    """Reads web resources for the research tools (one per turn)."""

    def __init__(self, client, access: WebAccess, limits: FetchLimits = FetchLimits(),
                 headers: Optional[Dict[str, str]] = None, clock: Callable[[], float] = time.monotonic):
        self._client = client
        self._access = access
        self.limits = limits
        self._headers = dict(headers or {})
        self._clock = clock

    def get(self, url: str, cancel, progress: Progress = None, purpose: str = "read",
            check_type: Optional[Callable[[str, str], None]] = None) -> WebBody:
        """Request ``url`` and read its body.

        Args:
            url: What to read (checked here).
            cancel: The tool's cancel token (Stop closes the socket).
            progress: ``progress(phase, message)`` for the panel.
            purpose: ``read`` or ``search`` (for the approval question).
            check_type: ``(content_type, url)`` called before the body is read; raises
                to refuse a type without downloading it.

        Raises:
            ToolError: For every failure, in words the model can act on.
        """
        current = check_web_url(url)
        seen = {current}
        for hop in range(self.limits.max_redirects + 1):
            self._access.admit(current, cancel, progress, purpose)
            _report(progress, "progress", _("Contacting %s…") % host_of(current))
            response = self._request(current, cancel)
            location = response.header("Location") if response.status in REDIRECTS else ""
            if not location:
                return self._finish(response, url, current, hop, cancel, progress, check_type)
            response.close()
            target = redirect_target(current, location)
            if target in seen:
                raise ToolError("%s redirects in a loop (back to %s); the page cannot be read." % (url, target))
            seen.add(target)
            current = target
        raise ToolError("%s redirects more than %d times; the page cannot be read."
                        % (url, self.limits.max_redirects))

    def _request(self, url: str, cancel):
        headers = {"Accept-Encoding": "identity"}
        headers.update(self._headers)
        try:
            return self._client.request("GET", url, headers=headers, cancel=cancel, raw=True)
        except Cancelled:
            raise ToolError("Stopped by the user.") from None
        except MarginaliaError as error:
            raise ToolError(describe_network_error(error, url)) from None

    def _finish(self, response, requested: str, url: str, hops: int, cancel, progress: Progress,
                check_type) -> WebBody:
        try:
            if not 200 <= response.status < 300:
                raise WebStatusError(response.status, url)
            content_type = response.header("Content-Type")
            if check_type is not None:
                check_type(content_type, url)
            data, cut = self._read_body(response, url, progress)
        finally:
            response.close()
        return WebBody(url, requested, response.status, content_type, data, cut, hops)

    def _read_body(self, response, url: str, progress: Progress) -> "tuple[bytes, str]":
        inflate = _inflater(response.header("Content-Encoding"), url, self.limits.max_bytes)
        parts, total, cut = [], 0, ""
        started = last_report = self._clock()
        try:
            for chunk in response.iter_chunks():
                piece = inflate(chunk) if inflate else chunk
                parts.append(piece)
                total += len(piece)
                now = self._clock()
                if total >= self.limits.max_bytes:
                    cut = "size"
                    break
                if now - started > self.limits.max_seconds:
                    cut = "time"
                    break
                if now - last_report >= self.limits.progress_every:
                    last_report = now
                    _report(progress, "progress", _("Reading %s (%d KB)…") % (host_of(url), total // 1024))
        except Cancelled:
            raise ToolError("Stopped by the user.") from None
        except MarginaliaError as error:
            raise ToolError(describe_network_error(error, url)) from None
        data = b"".join(parts)
        return (data[:self.limits.max_bytes] if cut == "size" else data), cut


def _inflater(encoding: str, url: str, limit: int) -> Optional[Callable[[bytes], bytes]]:
    """A function inflating gzip/deflate chunks, None for identity; other codings are refused."""
    coding = (encoding or "").strip().lower()
    if coding in ("", "identity"):
        return None
    if coding in ("gzip", "x-gzip", "deflate"):
        inflater = zlib.decompressobj(32 + zlib.MAX_WBITS)  # gzip or zlib header, detected

        def inflate(chunk: bytes) -> bytes:
            try:
                return inflater.decompress(chunk, limit)
            except zlib.error:
                raise ToolError("%s sent a damaged compressed (%s) body." % (url, coding)) from None
        return inflate
    raise ToolError("%s sent its page compressed as '%s', which Marginalia cannot read." % (url, coding))


def _report(progress: Progress, phase: str, message: str) -> None:
    if progress is not None:
        progress(phase, message)
