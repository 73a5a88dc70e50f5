"""Which proxy (if any) a request goes through.

Two sources, in LibreOffice's order of authority:

1. LibreOffice's own settings, ``org.openoffice.Inet/Settings`` (read over UNO
   elsewhere and handed here as a plain dict). ``ooInetProxyType`` is 0 = no proxy,
   1 = system (the default; LibreOffice's desktop backends copy the system proxy into
   the same keys), 2 = manual. Names and ports are ``ooInetHTTPProxyName``/``Port``
   and ``ooInetHTTPSProxyName``/``Port``; ``ooInetNoProxy`` is a ``;``-separated list
   of ``host[:port]`` patterns with ``*`` and ``?`` wildcards. As in LibreOffice, an
   https URL uses only the HTTPS proxy and an http URL only the HTTP proxy.
2. The environment, ``https_proxy``/``HTTPS_PROXY``, ``http_proxy``/``HTTP_PROXY``,
   ``all_proxy``/``ALL_PROXY`` and ``no_proxy``/``NO_PROXY`` (comma-separated hosts,
   ``.domain`` suffixes, ``host:port``, IP addresses, CIDR ranges, or ``*``). Used when
   LibreOffice's settings are absent, or say "system" but carry no proxy name.

Credentials come from the proxy URL (``http://user:password@proxy:3128``). Loopback
addresses are never proxied unless ``bypass_loopback`` is False, so a local model
server keeps working behind a corporate proxy.
"""
from __future__ import annotations

import base64
import ipaddress
import os
import re
from dataclasses import dataclass
from typing import Mapping, Optional
from urllib.parse import unquote, urlsplit

from ..errors import ProxyError
from ..i18n import _

PROXY_NONE, PROXY_SYSTEM, PROXY_MANUAL = 0, 1, 2


@dataclass(frozen=True)
class ProxyRoute:
    """A plain-HTTP proxy to send a request through."""

    host: str
    port: int
    username: Optional[str] = None
    password: Optional[str] = None

    @property
    def display(self) -> str:
        """``host:port`` without credentials, for messages."""
        return "%s:%d" % (self.host, self.port)

    def authorization(self) -> Optional[str]:
        """The ``Proxy-Authorization`` value, or None without credentials."""
        if self.username is None:
            return None
        pair = "%s:%s" % (self.username, self.password or "")
        return "Basic " + base64.b64encode(pair.encode("utf-8")).decode("ascii")


def parse_proxy_url(text: str) -> ProxyRoute:
    """Parse ``[http://][user:password@]host[:port]`` into a :class:`ProxyRoute`.

    Raises:
        ProxyError: For SOCKS or TLS (``https://``) proxies, which are not supported.
    """
    text = text.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urlsplit(text)
    if parts.scheme.lower() != "http":
        reason = _("%s proxies are not supported (use an http:// proxy)") % parts.scheme
        raise ProxyError(parts.hostname or text, reason=reason)
    username = unquote(parts.username) if parts.username is not None else None
    password = unquote(parts.password) if parts.password is not None else None
    return ProxyRoute(parts.hostname or "", parts.port or 80, username, password)


def _is_loopback(host: str) -> bool:
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _split_port(entry: str) -> "tuple[str, Optional[int]]":
    """Split ``host:port``, ``[v6]:port``, ``[v6]``, bare IPv6 or ``host``."""
    if entry.startswith("["):
        end = entry.find("]")
        rest = entry[end + 1:]
        port = int(rest[1:]) if rest[1:].isdigit() else None
        return entry[1:end], port
    if entry.count(":") == 1:
        name, _, port = entry.partition(":")
        return name, int(port) if port.isdigit() else None
    return entry, None


def _env_entry_matches(entry: str, host: str, port: int) -> bool:
    """One ``NO_PROXY`` entry against a host (lowercase, no brackets) and port."""
    entry = entry.strip().lower()
    if entry == "*":
        return True
    name, entry_port = _split_port(entry)
    if not name or (entry_port is not None and entry_port != port):
        return False
    if "/" in name:
        try:
            return ipaddress.ip_address(host) in ipaddress.ip_network(name, strict=False)
        except ValueError:
            return False
    domain = name.lstrip("*").lstrip(".")
    return host == domain or host.endswith("." + domain)


def _office_entry_matches(pattern: str, host: str, port: int) -> bool:
    """One ``ooInetNoProxy`` entry (``host[:port]`` with ``*``/``?``) against host:port."""
    pattern = pattern.strip().lower()
    if not pattern:
        return False
    if not re.search(r":[\d*?]+$", pattern) or pattern.endswith("]"):
        pattern += ":*"
    shown_host = "[%s]" % host if ":" in host else host
    regex = "".join(".*" if ch == "*" else "." if ch == "?" else re.escape(ch)
                    for ch in pattern)
    return re.fullmatch(regex, "%s:%d" % (shown_host, port)) is not None


class ProxyResolver:
    """Decides the proxy route for each request.

    Args:
        office_settings: LibreOffice's ``org.openoffice.Inet/Settings`` values as a
            dict (keys ``ooInetProxyType``, ``ooInetHTTPProxyName`` …), or None.
        environ: Environment to read (default ``os.environ``, read at construction).
        bypass_loopback: Never proxy localhost and loopback addresses.
    """

    def __init__(self, office_settings: Optional[Mapping[str, object]] = None,
                 environ: Optional[Mapping[str, str]] = None, bypass_loopback: bool = True):
        self._office = dict(office_settings or {})
        self._environ = dict(os.environ if environ is None else environ)
        self.bypass_loopback = bypass_loopback

    def route_for(self, scheme: str, host: str, port: int) -> Optional[ProxyRoute]:
        """The proxy for a request to ``scheme://host:port``, or None to go direct.

        Raises:
            ProxyError: When the configured proxy is of a kind we cannot use.
        """
        host = host.strip("[]").lower()
        if self.bypass_loopback and _is_loopback(host):
            return None
        office_type = self._office_proxy_type()
        if office_type == PROXY_NONE:
            return None
        if office_type is not None and self._office_has_names():
            return self._office_route(scheme, host, port)
        return self._env_route(scheme, host, port)

    def _office_proxy_type(self) -> Optional[int]:
        if not self._office:
            return None
        try:
            return int(self._office.get("ooInetProxyType", PROXY_SYSTEM))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return PROXY_SYSTEM

    def _office_has_names(self) -> bool:
        names = ("ooInetHTTPProxyName", "ooInetHTTPSProxyName")
        return any(str(self._office.get(name) or "").strip() for name in names)

    def _office_route(self, scheme: str, host: str, port: int) -> Optional[ProxyRoute]:
        no_proxy = str(self._office.get("ooInetNoProxy") or "")
        if any(_office_entry_matches(p, host, port) for p in no_proxy.split(";")):
            return None
        prefix = "ooInetHTTPSProxy" if scheme == "https" else "ooInetHTTPProxy"
        name = str(self._office.get(prefix + "Name") or "").strip()
        if not name:
            return None
        try:
            proxy_port = int(self._office.get(prefix + "Port") or 0)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            proxy_port = 0
        route = parse_proxy_url(name)
        default_port = 443 if scheme == "https" else 80  # LibreOffice's own defaults
        return ProxyRoute(route.host, proxy_port if proxy_port > 0 else default_port,
                          route.username, route.password)

    def _env(self, *names: str) -> str:
        for name in names:
            value = self._environ.get(name.lower()) or self._environ.get(name.upper())
            if value and value.strip():
                return value.strip()
        return ""

    def _env_route(self, scheme: str, host: str, port: int) -> Optional[ProxyRoute]:
        no_proxy = self._env("no_proxy")
        entries = re.split(r"[,\s]+", no_proxy) if no_proxy else []
        if any(_env_entry_matches(entry, host, port) for entry in entries):
            return None
        url = self._env("%s_proxy" % scheme, "all_proxy")
        return parse_proxy_url(url) if url else None
