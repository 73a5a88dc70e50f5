"""What an Ollama server says about itself and a model (native ``/api`` endpoints).

* ``GET /api/version`` → ``{"version": "0.5.7"}``: answers only on Ollama, so it is
  how an endpoint is recognised as Ollama (``/api/tags`` is the fallback for servers
  that hide the version);
* ``POST /api/show`` → the model's maximum context (``model_info`` key
  ``<architecture>.context_length``), a ``num_ctx`` set in its Modelfile
  (``parameters``) and its ``capabilities`` (``completion``, ``tools``, ``thinking``,
  ``vision``; newer versions only).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

from ..net.cancel import CancelToken
from .endpoints import get_json
from ..errors import HttpStatusError, ProtocolError
from ..net.tls import TlsOptions

if TYPE_CHECKING:  # pragma: no cover
    from ..net.transport import HttpClient


@dataclass(frozen=True)
class OllamaModelInfo:
    """One model as ``/api/show`` describes it.

    Attributes:
        model_max: The model's own maximum context (training length), or None.
        configured_ctx: ``num_ctx`` from the model's Modelfile, or None.
        capabilities: What the model can do, as Ollama lists it (empty when unknown).
    """

    model_max: Optional[int] = None
    configured_ctx: Optional[int] = None
    capabilities: Tuple[str, ...] = ()


def _positive_int(value: Any) -> Optional[int]:
    ok = isinstance(value, int) and not isinstance(value, bool) and value > 0
    return value if ok else None


def _fetch(client: "HttpClient", url: str, headers: Dict[str, str],
           cancel: Optional[CancelToken], tls: Optional[TlsOptions], body: Any = None) -> Any:
    """JSON from ``url``, or None when the server has no such endpoint (any HTTP status)."""
    try:
        return get_json(client, url, headers, cancel, tls, body)
    except (HttpStatusError, ProtocolError):
        return None


def ollama_version(client: "HttpClient", origin: str, headers: Dict[str, str],
                   cancel: Optional[CancelToken] = None,
                   tls: Optional[TlsOptions] = None) -> Optional[str]:
    """The Ollama version at ``origin``, "" for an Ollama that hides it, None for no Ollama.

    Args:
        client: The HTTP client.
        origin: ``scheme://host:port`` of the endpoint.
        headers: Request headers (the key, when set).
        cancel: Stop token.
        tls: The endpoint's TLS options.

    Raises:
        MarginaliaError: Network failures (an HTTP error status only means "not Ollama").
    """
    answer = _fetch(client, origin + "/api/version", headers, cancel, tls)
    if isinstance(answer, dict) and isinstance(answer.get("version"), str):
        return answer["version"]
    tags = _fetch(client, origin + "/api/tags", headers, cancel, tls)
    if isinstance(tags, dict) and isinstance(tags.get("models"), list):
        return ""
    return None


def parse_show(shown: Any) -> OllamaModelInfo:
    """Read an ``/api/show`` answer (anything else gives an empty :class:`OllamaModelInfo`)."""
    if not isinstance(shown, dict):
        return OllamaModelInfo()
    info = shown.get("model_info") if isinstance(shown.get("model_info"), dict) else {}
    model_max = _positive_int(info.get("%s.context_length" % info.get("general.architecture")))
    if model_max is None:
        found = [v for k, v in info.items() if str(k).endswith(".context_length")]
        model_max = _positive_int(found[0]) if found else None
    match = re.search(r"(?m)^\s*num_ctx\s+(\d+)", str(shown.get("parameters") or ""))
    capabilities = shown.get("capabilities")
    capabilities = tuple(str(c) for c in capabilities) if isinstance(capabilities, list) else ()
    return OllamaModelInfo(model_max, int(match.group(1)) if match else None, capabilities)


def show_model(client: "HttpClient", origin: str, model: str, headers: Dict[str, str],
               cancel: Optional[CancelToken] = None,
               tls: Optional[TlsOptions] = None) -> OllamaModelInfo:
    """``/api/show`` for ``model`` (an empty info when the server does not answer it).

    Raises:
        MarginaliaError: Network failures.
    """
    return parse_show(_fetch(client, origin + "/api/show", headers, cancel, tls,
                             {"model": model}))
