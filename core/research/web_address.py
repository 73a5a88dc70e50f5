"""Web addresses the research tools accept, where redirects may lead, and which hosts are local.

Only ``http`` and ``https`` URLs with a host are read; a URL carrying a user name or
password is refused (it would send a credential somewhere the user did not choose).
A redirect may go to another http(s) address, never to another scheme (``file:``,
``ftp:``, ``javascript:``…) and never from ``https`` down to ``http``.

A host is *local* when it names this computer or the local network: ``localhost``
and ``*.localhost``, names without a dot, ``.local``/``.lan``/``.home``/``.internal``
names, and every IP address that is not globally routable (loopback, private,
link-local, carrier-grade NAT, unspecified, multicast, reserved, documentation).
"""
from __future__ import annotations

import ipaddress
from typing import Iterable
from urllib.parse import urljoin, urlsplit, urlunsplit

from ..agent.tools import ToolError

MAX_URL_LENGTH = 4000
LOCAL_SUFFIXES = (".localhost", ".local", ".lan", ".home", ".internal", ".intranet", ".home.arpa")


def check_web_url(url: str) -> str:
    """Return ``url`` cleaned (no fragment, lower-case scheme and host) if research may read it.

    Args:
        url: What the model asked for.

    Returns:
        The URL to request.

    Raises:
        ToolError: The URL is not an http(s) address with a host, or carries credentials.
    """
    text = (url or "").strip()
    if not text:
        raise ToolError("No URL was given. Pass a full address such as https://example.org/page.")
    if len(text) > MAX_URL_LENGTH:
        raise ToolError("The URL is %d characters long; addresses over %d characters are not read."
                        % (len(text), MAX_URL_LENGTH))
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise ToolError("Only http:// and https:// addresses can be read, not %s."
                        % ("'%s:' addresses" % scheme if scheme else "'%s' (give a full URL with https://)" % text))
    if not parts.hostname:
        raise ToolError("The URL %s has no host name." % text)
    try:
        parts.port
    except ValueError:
        raise ToolError("The URL %s has an invalid port." % text) from None
    if parts.username is not None or parts.password is not None:
        raise ToolError("The URL contains a user name or password; such addresses are not read.")
    if any(ch.isspace() for ch in text):
        text = text.replace(" ", "%20")
        parts = urlsplit(text)
        if any(ch.isspace() for ch in text):
            raise ToolError("The URL contains line breaks or tabs; pass a single address.")
    netloc = parts.netloc.lower()
    return urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))


def redirect_target(current: str, location: str) -> str:
    """Return where a redirect from ``current`` to ``location`` leads, if it may be followed.

    Args:
        current: The URL that answered with a redirect.
        location: Its ``Location`` header (absolute or relative).

    Raises:
        ToolError: The target is another scheme, a downgrade from https to http, or unusable.
    """
    target = urljoin(current, location.strip())
    scheme = urlsplit(target).scheme.lower()
    if scheme not in ("http", "https"):
        raise ToolError("%s redirects to a %s address, which is not followed (only http and https are read)."
                        % (current, "'%s:'" % scheme if scheme else "non-web"))
    if urlsplit(current).scheme.lower() == "https" and scheme == "http":
        raise ToolError("%s redirects from https to the unencrypted address %s, which is not followed."
                        % (current, target))
    return check_web_url(target)


def host_of(url: str) -> str:
    """The lower-case host name of a URL (without brackets for IPv6)."""
    return (urlsplit(url).hostname or "").lower()


def port_of(url: str) -> int:
    """The port a URL connects to (its default when not written)."""
    parts = urlsplit(url)
    return parts.port or (443 if parts.scheme.lower() == "https" else 80)


def is_local_name(host: str) -> bool:
    """True when the host name (or IP literal) itself says it is local (see module docstring)."""
    host = host.strip("[]").lower().rstrip(".")
    if not host:
        return False
    if is_ip_literal(host):
        return is_local_address(host)
    return host == "localhost" or "." not in host or host.endswith(LOCAL_SUFFIXES)


def is_ip_literal(host: str) -> bool:
    """True for an IPv4 or IPv6 address written as such."""
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return False


def is_local_address(address: str) -> bool:
    """True for an IP address that is not globally routable (``::ffff:10.0.0.1`` included)."""
    try:
        ip = ipaddress.ip_address(address.strip("[]").split("%", 1)[0])
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    if mapped is not None:
        ip = mapped
    return not ip.is_global or ip.is_multicast


def any_local(addresses: Iterable[str]) -> bool:
    """True when one of the resolved ``addresses`` is local."""
    return any(is_local_address(address) for address in addresses)


def same_host(host: str, listed: Iterable[str]) -> bool:
    """True when ``host`` is one of ``listed`` (case-insensitive, brackets and ports ignored)."""
    wanted = host.strip("[]").lower()
    return any(wanted == _bare(entry) for entry in listed)


def _bare(entry: str) -> str:
    entry = entry.strip().lower()
    if entry.startswith("["):
        return entry[1:entry.find("]")] if "]" in entry else entry[1:]
    if entry.count(":") == 1:
        entry = entry.split(":", 1)[0]
    return entry
