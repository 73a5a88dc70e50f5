"""Endpoint presets, request headers per endpoint, and the model list.

The presets are the servers people run (landscape §4): Ollama, LM Studio, the
llama.cpp server and vLLM locally, OpenRouter and OpenAI remotely, or any other
OpenAI-compatible address ("custom"). URLs are normalized by :mod:`.url_normalize`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Union
from urllib.parse import urlsplit

from ..net.cancel import CancelToken
from ..errors import BadRequestError, NotFoundError, ProtocolError
from ..i18n import N_
from ..redact import remember_secret
from ..net.tls import TlsOptions
from .url_normalize import NormalizedUrl, normalize_base_url, origin_of

if TYPE_CHECKING:  # pragma: no cover
    from ..net.transport import HttpClient

APP_TITLE = "Marginalia"
APP_URL = ""
"""The project's public home page for OpenRouter's ``HTTP-Referer``; sent when set."""


@dataclass(frozen=True)
class EndpointPreset:
    """A known kind of server.

    Attributes:
        key: Stable identifier stored in settings.
        label: Name shown in the settings dialog (English; shown through ``_()``).
        base_url: Default base URL ("" for custom).
        needs_key: Whether the service requires an API key.
        local: Whether it usually runs on this computer.
    """

    key: str
    label: str
    base_url: str
    needs_key: bool = False
    local: bool = True


PRESETS: Dict[str, EndpointPreset] = {p.key: p for p in (
    EndpointPreset("ollama", "Ollama", "http://127.0.0.1:11434/v1"),
    EndpointPreset("lmstudio", "LM Studio", "http://127.0.0.1:1234/v1"),
    EndpointPreset("llamacpp", N_("llama.cpp server"), "http://127.0.0.1:8080/v1"),
    EndpointPreset("vllm", "vLLM", "http://127.0.0.1:8000/v1"),
    EndpointPreset("openrouter", "OpenRouter", "https://openrouter.ai/api/v1", True, False),
    EndpointPreset("openai", "OpenAI", "https://api.openai.com/v1", True, False),
    EndpointPreset("custom", N_("Other OpenAI-compatible server"), "", False, False),
)}


def _is_openrouter(preset_or_url: Union[str, EndpointPreset, None]) -> bool:
    if isinstance(preset_or_url, EndpointPreset):
        return preset_or_url.key == "openrouter"
    text = (preset_or_url or "").strip().lower()
    if text == "openrouter":
        return True
    host = urlsplit(text if "://" in text else "//" + text).hostname or ""
    return host == "openrouter.ai" or host.endswith(".openrouter.ai")


def auth_headers(preset_or_url: Union[str, EndpointPreset, None],
                 api_key: Optional[str]) -> Dict[str, str]:
    """Headers an endpoint needs: the key (only when set) and OpenRouter attribution.

    Args:
        preset_or_url: A preset key, an :class:`EndpointPreset` or the endpoint URL.
        api_key: The API key, or None/"" when there is none.

    Returns:
        A new dict (``Authorization: Bearer …`` only when a key is set).
    """
    headers: Dict[str, str] = {}
    key = (api_key or "").strip()
    if key:
        remember_secret(key)
        headers["Authorization"] = "Bearer " + key
    if _is_openrouter(preset_or_url):
        headers["X-Title"] = APP_TITLE
        if APP_URL:
            headers["HTTP-Referer"] = APP_URL
    return headers


def _model_ids(data: Any) -> List[str]:
    """Model names from an OpenAI list (``data[].id``) or similar shapes."""
    items = data
    if isinstance(data, dict):
        items = data.get("data") if isinstance(data.get("data"), list) else data.get("models")
    names: List[str] = []
    for item in items if isinstance(items, list) else []:
        name = item
        if isinstance(item, dict):
            name = item.get("id") or item.get("model") or item.get("name") or item.get("key")
        if isinstance(name, str) and name and name not in names:
            names.append(name)
    return names


def get_json(client: "HttpClient", url: str, headers: Dict[str, str],
             cancel: Optional[CancelToken], tls: Optional[TlsOptions],
             body: Optional[Any] = None) -> Any:
    """GET (or POST ``body`` as JSON) and parse the JSON answer."""
    headers = dict(headers, Accept="application/json")
    if body is None:
        response = client.request("GET", url, headers, cancel=cancel, tls=tls)
    else:
        headers["Content-Type"] = "application/json"
        response = client.request("POST", url, headers, json.dumps(body), cancel=cancel,
                                  tls=tls)
    with response:
        return response.json()


def list_models(client: "HttpClient", base_url: str, api_key: Optional[str] = None,
                cancel: Optional[CancelToken] = None,
                tls: Optional[TlsOptions] = None) -> List[str]:
    """The model names the endpoint offers, from ``/v1/models``.

    Falls back to Ollama's ``/api/tags`` when ``/v1/models`` is missing or unreadable
    (older Ollama versions), or answers an empty list on an Ollama port.

    Args:
        client: The HTTP client.
        base_url: The endpoint's base URL (any form; it is normalized).
        api_key: The API key, if any.
        cancel: Stop token.
        tls: The endpoint's TLS options.

    Raises:
        MarginaliaError: Network, TLS, authentication and other failures.
    """
    target: NormalizedUrl = normalize_base_url(base_url)
    headers = auth_headers(base_url, api_key)
    try:
        names = _model_ids(get_json(client, target.models_url, headers, cancel, tls))
        if names or target.kind_hint != "ollama":
            return names
        first_error: Optional[Exception] = None
    except (NotFoundError, BadRequestError, ProtocolError) as exc:
        first_error = exc
    try:
        tags = get_json(client, origin_of(target.base_url) + "/api/tags", headers, cancel, tls)
    except (NotFoundError, BadRequestError, ProtocolError):
        if first_error is not None:
            raise first_error from None
        return []
    return _model_ids(tags)
