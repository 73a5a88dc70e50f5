"""Who may talk to the server: the bearer token, and the Origin and Host rules against DNS rebinding.

A web page the user visits can make the browser send requests to ``127.0.0.1``; the
browser then sends an ``Origin`` header naming the page, and a rebound name in ``Host``.
So a request whose ``Origin`` is present and not a loopback origin is refused (403, as
the MCP specification asks), as is one whose ``Host`` is not a loopback name. Every
request must also carry the token (``Authorization: Bearer …``), compared in constant
time; the token is never part of a message or a log line.
"""
from __future__ import annotations

import hmac
import ipaddress
import secrets
from dataclasses import dataclass
from typing import Mapping, Optional
from urllib.parse import urlsplit

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")
TOKEN_BYTES = 32


@dataclass
class Refusal:
    """Why a request is refused: the HTTP status and a short reason (never containing the token)."""

    status: int
    reason: str


def new_token() -> str:
    """A fresh random bearer token (URL-safe, 43 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_loopback_host(host: str) -> bool:
    """True for a loopback host name, with or without a port (``127.0.0.1:8765``, ``[::1]:80``, ``localhost``)."""
    name = host.strip().lower()
    if name.startswith("["):
        name = name[:name.find("]") + 1]  # "[::1]:80" -> "[::1]"; without "]" (malformed) -> "", refused
    elif name.count(":") == 1:
        name = name.split(":")[0]
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


def is_loopback_origin(origin: str) -> bool:
    """True for an ``http(s)://`` origin on a loopback host."""
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and is_loopback_host(parts.netloc)


def check(headers: Mapping[str, str], token: str) -> Optional[Refusal]:
    """Return why a request with these headers is refused, or None when it may proceed."""
    origin = headers.get("Origin")
    if origin is not None and not is_loopback_origin(origin):
        return Refusal(403, "Forbidden: requests from web pages (Origin %s) are not accepted" % _short(origin))
    host = headers.get("Host")
    if host is not None and not is_loopback_host(host):
        return Refusal(403, "Forbidden: the Host header must name 127.0.0.1")
    if not token_matches(headers.get("Authorization", ""), token):
        return Refusal(401, "Unauthorized: send the token as 'Authorization: Bearer <token>'")
    return None


def token_matches(authorization: str, token: str) -> bool:
    """True when the ``Authorization`` header carries exactly ``token`` as a bearer token."""
    scheme, _, given = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token:
        return False
    return hmac.compare_digest(given.strip().encode("utf-8"), token.encode("utf-8"))


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:79] + "…"
