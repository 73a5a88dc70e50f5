"""The ``Research`` settings group, and what local-only mode refuses.

Read on the main thread when a turn starts (the office side turns the configuration
values into a :class:`ResearchSettings`); the research tools on their worker thread
only see this snapshot.
"""
from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Mapping, Optional, Tuple
from urllib.parse import urlsplit

from ..errors import MarginaliaError
from ..i18n import N_, _
from .search_results import DEFAULT_DUCKDUCKGO_URL, DUCKDUCKGO, SEARXNG
from .web_address import host_of, is_ip_literal

LOOPBACK_NAMES = ("localhost",)


@dataclass(frozen=True)
class ResearchSettings:
    """How research searches, and what it may contact."""

    backend: str = DUCKDUCKGO
    """``duckduckgo`` or ``searxng``."""
    duckduckgo_url: str = DEFAULT_DUCKDUCKGO_URL
    searxng_url: str = ""
    local_only: bool = False
    """Nothing leaves this computer: research is off and only a local model server is used."""
    allowed_local_hosts: Tuple[str, ...] = ()
    """Hosts on this computer or the local network the user allows research to read."""

    @classmethod
    def from_values(cls, values: Mapping[str, object]) -> "ResearchSettings":
        """Build the settings from the configuration group's values (missing ones: defaults)."""
        backend = str(values.get("SearchBackend") or DUCKDUCKGO).strip().lower()
        hosts = str(values.get("AllowedLocalHosts") or "").replace(";", ",").replace(" ", ",")
        return cls(backend=SEARXNG if backend == SEARXNG else DUCKDUCKGO,
                   duckduckgo_url=str(values.get("DuckDuckGoUrl") or "").strip() or DEFAULT_DUCKDUCKGO_URL,
                   searxng_url=str(values.get("SearxngUrl") or "").strip(),
                   local_only=bool(values.get("LocalOnly")),
                   allowed_local_hosts=tuple(h.strip() for h in hosts.split(",") if h.strip()))

    @property
    def search_url(self) -> str:
        """The configured search service's address ("" for SearXNG without an address)."""
        return self.searxng_url if self.backend == SEARXNG else self.duckduckgo_url

    @property
    def service_name(self) -> str:
        """The search service as the user knows it."""
        return "SearXNG" if self.backend == SEARXNG else "DuckDuckGo"

    def explicitly_allowed_hosts(self) -> Tuple[str, ...]:
        """Local hosts research may contact: the listed ones and the configured search service."""
        search_host = host_of(self.search_url) if self.search_url else ""
        return self.allowed_local_hosts + ((search_host,) if search_host else ())


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
