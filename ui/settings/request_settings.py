"""Everything a chat request takes from the office: the endpoint, its key, TLS, proxy, timeouts.

Built from the typed settings a turn read when it started (:func:`~.store.read_settings`),
so a change in the settings dialog (or in the configuration) applies to the next Send;
the API key comes from :mod:`.keys`, LibreOffice's proxy (Tools ▸ Options ▸ Internet ▸
Proxy, ``/org.openoffice.Inet/Settings``) from :func:`proxy_settings`.
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

import uno  # noqa: F401  (installs the com.sun.star import hook)
from com.sun.star.beans import PropertyValue

from ...core.errors import InvalidUrlError
from ...core.llm.endpoint_facts import API_AUTO, API_OPENAI
from ...core.llm.endpoints import auth_headers
from ...core.llm.request import EndpointConfig
from ...core.llm.url_normalize import normalize_base_url
from ...core.net.tls import TlsOptions
from ...core.settings.views import EndpointSettings
from . import keys, store as settings_store
from ..office.log import get_logger

INET_SETTINGS = "/org.openoffice.Inet/Settings"
PROXY_KEYS = ("ooInetProxyType", "ooInetHTTPProxyName", "ooInetHTTPProxyPort",
              "ooInetHTTPSProxyName", "ooInetHTTPSProxyPort", "ooInetNoProxy")
CONNECT_TIMEOUT = 10.0

log = get_logger("request_settings")


def tls_options(endpoint: EndpointSettings) -> Optional[TlsOptions]:
    """The endpoint's CA file and pinned certificate, or None when neither is set."""
    ca_file, pin = endpoint.ca_file or None, endpoint.pinned_certificate or None
    return TlsOptions(ca_file, pin) if ca_file or pin else None


def api_for(url: str, preset: str) -> str:
    """``auto`` (ask whether it is Ollama, then use its native chat) for Ollama endpoints."""
    try:
        hint = normalize_base_url(url).kind_hint
    except InvalidUrlError:
        return API_OPENAI
    return API_AUTO if "ollama" in (preset, hint) else API_OPENAI


def endpoint_config(ctx, endpoint: EndpointSettings, parent=None) -> EndpointConfig:
    """The configured endpoint with its key, attribution headers, TLS options and API.

    Args:
        ctx: The office's component context.
        endpoint: The ``Endpoint`` settings the turn read.
        parent: Window for a master-password dialog, if reading the key needs one.

    Raises:
        InvalidUrlError: The configured URL cannot be used.
    """
    base_url = normalize_base_url(endpoint.url).base_url
    return EndpointConfig(base_url=base_url, model=endpoint.model, api_key=keys.read_key(ctx, base_url, parent),
                          extra_headers=auth_headers("openrouter" if endpoint.preset == "openrouter" else base_url,
                                                     None),
                          api=api_for(endpoint.url, endpoint.preset), tls=tls_options(endpoint),
                          openai_api=endpoint.api)


def proxy_settings(ctx) -> Dict[str, object]:
    """LibreOffice's proxy settings as a dict (``{}`` when they cannot be read)."""
    try:
        provider = ctx.ServiceManager.createInstanceWithContext(settings_store.PROVIDER, ctx)
        arg = PropertyValue()
        arg.Name, arg.Value = "nodepath", INET_SETTINGS
        access = provider.createInstanceWithArguments(
            "com.sun.star.configuration.ConfigurationAccess", (arg,))
        return {name: access.getByName(name) for name in PROXY_KEYS if access.hasByName(name)}
    except Exception:
        log.warning("LibreOffice's proxy settings could not be read", exc_info=True)
        return {}


class HttpClients:
    """The office process's HTTP clients, one per purpose, remade when their settings change.

    Connections stay alive between rounds; a new client is made when the settings change
    (the old one finishes what it is doing and is dropped).
    """

    def __init__(self):
        self._clients: Dict[str, Tuple[Tuple, object]] = {}

    def get(self, purpose: str, key: Tuple, make):
        """The client for ``purpose`` made with settings ``key`` (``make()`` when they changed)."""
        known = self._clients.get(purpose)
        if known is None or known[0] != key:
            known = (key, make())
            self._clients[purpose] = known
        return known[1]


def http_client(ctx, clients: HttpClients, endpoint: EndpointSettings):
    """The chat's HTTP client for the endpoint's timeout and LibreOffice's proxy settings."""
    from ...core.net.transport import HttpClient
    proxy, timeout = proxy_settings(ctx), endpoint.request_timeout
    key = (timeout, tuple(sorted((k, str(v)) for k, v in proxy.items())))
    return clients.get("chat", key, lambda: HttpClient(proxy_settings=proxy, connect_timeout=CONNECT_TIMEOUT,
                                                       read_timeout=timeout))
