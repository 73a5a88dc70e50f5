"""Turn a non-2xx HTTP answer into the matching :class:`~..errors.HttpStatusError`.

The mapping, in order: a context overflow (whatever the status the server chose),
401/403 :class:`~..errors.AuthError`, 404 :class:`~..errors.NotFoundError` (model or URL),
407 :class:`~..errors.ProxyError`, 429 :class:`~..errors.RateLimited`, 5xx
:class:`~..errors.ServerError`, and anything else :class:`~..errors.BadRequestError`.
"""
from __future__ import annotations

import re
from typing import Mapping, Optional
from urllib.parse import urlsplit

from .error_body import extract_error_message, find_context_overflow
from ..errors import (AuthError, BadRequestError, ContextOverflowError, HttpStatusError, MarginaliaError,
    NotFoundError, ProxyError, RateLimited, ServerError)
from ..i18n import _
from .retry import parse_retry_after

_MODEL_WORDS = re.compile(r"\bmodel\b", re.IGNORECASE)
_OVERFLOW_STATUSES = (200, 400, 413, 422, 500)


def _header(headers: Optional[Mapping[str, str]], name: str) -> str:
    if not headers:
        return ""
    getter = getattr(headers, "get", None)
    value = getter(name) if getter else None
    if value is None:  # plain dicts are case-sensitive
        lowered = {k.lower(): v for k, v in headers.items()}
        value = lowered.get(name.lower())
    return value or ""


def _not_found(body_excerpt: str, url: str) -> NotFoundError:
    if body_excerpt and _MODEL_WORDS.search(body_excerpt):
        return NotFoundError(404, body_excerpt, url, "model",
                             _("The server does not know this model: %s") % body_excerpt,
                             _("Choose a model from the list in Settings (it is read from the "
                               "server), or download the model first (Ollama: ollama pull)."))
    path = urlsplit(url).path if url else ""
    if "/v1" in path:
        hint = (_("Check the base URL in Settings: the address was %s. For Ollama, LM Studio, "
                  "llama.cpp and vLLM it is usually http://host:port/v1.") % url)
    else:
        hint = (_("Most servers expect the base URL to end in /v1, for example "
                  "http://127.0.0.1:11434/v1 (the address was %s).") % url)
    return NotFoundError(404, body_excerpt, url, "url",
                         _("Nothing was found at this address (HTTP 404)."), hint)


def _auth(status: int, body_excerpt: str, url: str) -> AuthError:
    if status == 401:
        message = (_("The server refused the API key (HTTP 401): %s") % body_excerpt if body_excerpt
                   else _("The server refused the API key (HTTP 401)."))
    else:
        message = (_("The server refused access (HTTP 403): %s") % body_excerpt if body_excerpt
                   else _("The server refused access (HTTP 403)."))
    return AuthError(status, body_excerpt, url, message)


def _redirect(status: int, body_excerpt: str, url: str, location: str) -> BadRequestError:
    return BadRequestError(status, body_excerpt, url,
                           _("The server redirects this request to %s (HTTP %d).")
                           % (location or _("another address"), status),
                           _("Use the new address as the URL in Settings (for example "
                             "https:// instead of http://)."))


def error_for_status(status: int, headers: Optional[Mapping[str, str]], body: bytes,
                     url: str = "") -> MarginaliaError:
    """The error for an HTTP answer with a non-2xx status (or a 200 error body).

    Args:
        status: The HTTP status.
        headers: The response headers (an ``http.client.HTTPMessage`` or a dict).
        body: The response body read so far (it is parsed, excerpted and redacted).
        url: The URL that was requested, for the message.

    Returns:
        An :class:`~..errors.HttpStatusError` subclass, or a
        :class:`~..errors.ProxyError` for 407.
    """
    content_type = _header(headers, "Content-Type").lower()
    excerpt = extract_error_message(body, content_type)
    if status in _OVERFLOW_STATUSES:
        full_text = extract_error_message(body, content_type, limit=8000)
        overflow = find_context_overflow(status, body, full_text)
        if overflow is not None:
            return ContextOverflowError(status, excerpt, url, *overflow)
    if status in (401, 403):
        return _auth(status, excerpt, url)
    if status == 404:
        return _not_found(excerpt, url)
    if status == 407:
        return ProxyError(urlsplit(url).netloc or "proxy", 407)
    if status == 429:
        return RateLimited(429, excerpt, url, parse_retry_after(_header(headers, "Retry-After")))
    if status >= 500:
        return ServerError(status, excerpt, url)
    if 300 <= status < 400:
        return _redirect(status, excerpt, url, _header(headers, "Location"))
    if status >= 400:
        return BadRequestError(status, excerpt, url)
    return HttpStatusError(status, excerpt, url)
