"""Everything a chat request takes from the office: settings, the key, TLS, proxy, timeouts.

Read when a turn starts, so a change in the settings dialog (or in the configuration)
applies to the next Send:

* ``/org.marginalia.Settings/Endpoint``: URL, model, preset, CA file, pinned
  certificate, request timeout and which OpenAI API to use (``Api``); the API key from
  :mod:`.keys`;
* ``/org.marginalia.Settings/Chat``: temperature, max tokens, max tool rounds, extra
  instructions;
* ``/org.openoffice.Inet/Settings``: LibreOffice's proxy (Tools ▸ Options ▸ Internet ▸
  Proxy), handed to the HTTP client.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Optional, Tuple

import uno  # noqa: F401  (installs the com.sun.star import hook)
from com.sun.star.beans import PropertyValue

from ...core.llm.request import OPENAI_APIS, OPENAI_AUTO, ChatOptions, EndpointConfig
from ...core.llm.endpoint_facts import API_AUTO, API_OPENAI
from ...core.llm.endpoints import auth_headers
from ...core.errors import InvalidUrlError
from ...core.net.tls import TlsOptions
from ...core.agent.turn import DEFAULT_MAX_ROUNDS
from ...core.llm.url_normalize import normalize_base_url
from . import keys, store as settings_store
from ..office.log import get_logger

INET_SETTINGS = "/org.openoffice.Inet/Settings"
PROXY_KEYS = ("ooInetProxyType", "ooInetHTTPProxyName", "ooInetHTTPProxyPort",
              "ooInetHTTPSProxyName", "ooInetHTTPSProxyPort", "ooInetNoProxy")
CONNECT_TIMEOUT = 10.0
DEFAULT_READ_TIMEOUT = 120

log = get_logger("request_settings")


@dataclass
class ChatSettings:
    """The ``Chat`` group, ready to use."""

    options: ChatOptions = field(default_factory=ChatOptions)
    max_rounds: int = DEFAULT_MAX_ROUNDS
    extra_instructions: str = ""


def read_chat_settings(ctx) -> ChatSettings:
    """Temperature (negative: server default), max tokens (0: server default), rounds, extra."""
    values = settings_store.read_group(ctx, "Chat")
    temperature = values.get("Temperature")
    max_tokens = values.get("MaxTokens") or 0
    rounds = values.get("MaxToolRounds") or 0
    options = ChatOptions(temperature=float(temperature) if temperature is not None and temperature >= 0
                          else None,
                          max_tokens=int(max_tokens) if max_tokens > 0 else None)
    return ChatSettings(options, int(rounds) if rounds > 0 else DEFAULT_MAX_ROUNDS,
                        (values.get("ExtraInstructions") or "").strip())


def tls_options(values: Dict[str, object]) -> Optional[TlsOptions]:
    """The endpoint's CA file and pinned certificate, or None when neither is set."""
    ca_file = str(values.get("CaFile") or "").strip() or None
    pin = str(values.get("PinnedCertificate") or "").strip() or None
    return TlsOptions(ca_file, pin) if ca_file or pin else None


def api_for(url: str, preset: str) -> str:
    """``auto`` (ask whether it is Ollama, then use its native chat) for Ollama endpoints."""
    try:
        hint = normalize_base_url(url).kind_hint
    except InvalidUrlError:
        return API_OPENAI
    return API_AUTO if "ollama" in (preset, hint) else API_OPENAI


def openai_api_setting(values: Dict[str, object]) -> str:
    """``Endpoint/Api``: ``chat``, ``responses`` or ``auto`` (anything else counts as ``auto``)."""
    value = str(values.get("Api") or "").strip().lower()
    return value if value in OPENAI_APIS else OPENAI_AUTO


def endpoint_config(ctx, parent=None) -> EndpointConfig:
    """The configured endpoint with its key, attribution headers, TLS options and API.

    Args:
        ctx: The office's component context.
        parent: Window for a master-password dialog, if reading the key needs one.

    Raises:
        InvalidUrlError: The configured URL cannot be used.
    """
    values = settings_store.read_group(ctx, "Endpoint")
    url = str(values.get("URL") or "").strip()
    base_url = normalize_base_url(url).base_url
    preset = str(values.get("Preset") or "")
    return EndpointConfig(base_url=base_url, model=str(values.get("Model") or "").strip(),
                          api_key=keys.read_key(ctx, base_url, parent),
                          extra_headers=auth_headers("openrouter" if preset == "openrouter" else base_url, None),
                          api=api_for(url, preset), tls=tls_options(values), openai_api=openai_api_setting(values))


def read_timeout(ctx) -> float:
    """Seconds of silence allowed while waiting for the server (``RequestTimeout``)."""
    value = settings_store.read_group(ctx, "Endpoint").get("RequestTimeout") or 0
    return float(value) if value > 0 else float(DEFAULT_READ_TIMEOUT)


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


def http_client(ctx, clients: HttpClients):
    """The chat's HTTP client for the current timeout and proxy settings."""
    from ...core.net.transport import HttpClient
    proxy, timeout = proxy_settings(ctx), read_timeout(ctx)
    key = (timeout, tuple(sorted((k, str(v)) for k, v in proxy.items())))
    return clients.get("chat", key, lambda: HttpClient(proxy_settings=proxy, connect_timeout=CONNECT_TIMEOUT,
                                                       read_timeout=timeout))
