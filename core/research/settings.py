"""What the ``Research`` settings allow: the hosts research may contact, and what local-only mode refuses.

The settings themselves are read on the main thread when a turn starts
(:class:`~marginalia.core.settings.views.ResearchSettings`); the research tools on their
worker thread only see that snapshot.
"""
from __future__ import annotations

import ipaddress
from typing import Optional, Tuple
from urllib.parse import urlsplit

from ..errors import MarginaliaError
from ..i18n import N_, _
from ..settings.views import ResearchSettings
from .web_address import host_of, is_ip_literal

LOOPBACK_NAMES = ("localhost",)


def explicitly_allowed_hosts(settings: ResearchSettings) -> Tuple[str, ...]:
    """Local hosts research may contact: the listed ones and the configured search service."""
    search_host = host_of(settings.search_url) if settings.search_url else ""
    return settings.allowed_local_hosts + ((search_host,) if search_host else ())


def is_loopback_host(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1)."""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    if not is_ip_literal(host):
        return False
    address = ipaddress.ip_address(host)
    mapped = getattr(address, "ipv4_mapped", None)
    return (mapped or address).is_loopback


class LocalOnlyRefused(MarginaliaError):
    """Local-only mode is on and the model server is not on this computer: nothing is sent."""

    default_hint = N_("Use a model server on this computer, or turn local-only mode off in Settings.")


def check_local_only(settings: ResearchSettings, endpoint_url: str) -> None:
    """Raise :class:`LocalOnlyRefused` when local-only mode forbids this model server.

    Raises:
        LocalOnlyRefused: With the sentence of :func:`local_only_refusal`.
    """
    refusal = local_only_refusal(settings, endpoint_url)
    if refusal:
        raise LocalOnlyRefused(refusal)


def local_only_refusal(settings: ResearchSettings, endpoint_url: str) -> Optional[str]:
    """The notice to show instead of sending, when local-only mode forbids the model server.

    Args:
        settings: The research settings.
        endpoint_url: The configured model server's base URL.

    Returns:
        None when the turn may go ahead, else one sentence for the user.
    """
    if not settings.local_only:
        return None
    host = (urlsplit(endpoint_url).hostname or "").lower()
    if is_loopback_host(host):
        return None
    return (_("Local-only mode is on, and the model server %s is not on this computer, so nothing was sent.")
            % (host or endpoint_url))
