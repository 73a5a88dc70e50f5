"""How many tokens a request to this endpoint and model can really use.

Each server tells it differently:

* Ollama: ``POST /api/show`` gives the model's maximum (``model_info`` key
  ``<architecture>.context_length``) and a ``num_ctx`` from its Modelfile in
  ``parameters``; ``GET /api/ps`` gives ``context_length`` of a loaded model;
* llama.cpp's llama-server: ``GET /props`` → ``default_generation_settings.n_ctx``
  (per slot), and ``/v1/models`` → ``meta.n_ctx_train`` (the model's maximum);
* vLLM: ``/v1/models`` entries carry ``max_model_len``; OpenRouter's carry
  ``context_length``;
* LM Studio: ``GET /api/v0/models/<model>`` → ``loaded_context_length`` and
  ``max_context_length``.

NOTE: Ollama's OpenAI-compatible ``/v1/chat/completions`` ignores ``num_ctx``; only its
native ``/api/chat`` (``options.num_ctx``) or the server's ``OLLAMA_CONTEXT_LENGTH``
change the window. Below that size Ollama cuts the prompt silently, which is why
:func:`ollama_num_ctx` exists.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional
from urllib.parse import quote, urlsplit

from ..net.cancel import CancelToken
from .endpoints import auth_headers, get_json
from ..errors import HttpStatusError, ProtocolError
from ..net.tls import TlsOptions
from .url_normalize import is_local_host, normalize_base_url, origin_of

if TYPE_CHECKING:  # pragma: no cover
    from ..net.transport import HttpClient


@dataclass(frozen=True)
class ContextFacts:
    """What an endpoint says about a model's context.

    Attributes:
        context_window: Tokens a request gets now (loaded or configured size), or None.
        model_max: The model's own maximum (training context), or None.
        source: Which probe answered (``ollama``, ``llamacpp``, ``models``, ``lmstudio``).
    """

    context_window: Optional[int] = None
    model_max: Optional[int] = None
    source: str = ""


def _positive_int(value: Any) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 \
        else None


class _Probe:
    """One endpoint/model pair and the request plumbing the probes share."""

    def __init__(self, client: "HttpClient", base_url: str, model: str,
                 api_key: Optional[str], cancel: Optional[CancelToken],
                 tls: Optional[TlsOptions]):
        self.client, self.model, self.cancel, self.tls = client, model, cancel, tls
        self.target = normalize_base_url(base_url)
        self.origin = origin_of(self.target.base_url)
        self.headers = auth_headers(base_url, api_key)

    def fetch(self, url: str, body: Optional[Dict[str, Any]] = None) -> Any:
        """JSON from ``url``, or None when the server has no such endpoint."""
        try:
            return get_json(self.client, url, self.headers, self.cancel, self.tls, body)
        except (HttpStatusError, ProtocolError):
            return None

    def ollama(self) -> ContextFacts:
        shown = self.fetch(self.origin + "/api/show", {"model": self.model})
        if not isinstance(shown, dict):
            return ContextFacts()
        info = shown.get("model_info") if isinstance(shown.get("model_info"), dict) else {}
        arch = info.get("general.architecture")
        model_max = _positive_int(info.get("%s.context_length" % arch))
        if model_max is None:
            found = [v for k, v in info.items() if str(k).endswith(".context_length")]
            model_max = _positive_int(found[0]) if found else None
        match = re.search(r"(?m)^\s*num_ctx\s+(\d+)", str(shown.get("parameters") or ""))
        configured = int(match.group(1)) if match else None
        return ContextFacts(self._ollama_loaded() or configured, model_max, "ollama")

    def _ollama_loaded(self) -> Optional[int]:
        running = self.fetch(self.origin + "/api/ps")
        models = running.get("models") if isinstance(running, dict) else None
        for entry in models if isinstance(models, list) else []:
            if isinstance(entry, dict) and self.model in (entry.get("name"), entry.get("model")):
                return _positive_int(entry.get("context_length"))
        return None

    def llamacpp(self) -> ContextFacts:
        props = self.fetch(self.origin + "/props")
        if not isinstance(props, dict):
            return ContextFacts()
        settings = props.get("default_generation_settings")
        n_ctx = settings.get("n_ctx") if isinstance(settings, dict) else props.get("n_ctx")
        return ContextFacts(_positive_int(n_ctx), None, "llamacpp")

    def models(self) -> ContextFacts:
        listing = self.fetch(self.target.models_url)
        entries = listing.get("data") if isinstance(listing, dict) else None
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict) and entry.get("id") == self.model:
                return _facts_from_model_entry(entry)
        return ContextFacts()

    def lmstudio(self) -> ContextFacts:
        entry = self.fetch(self.origin + "/api/v0/models/" + quote(self.model, safe=""))
        if not isinstance(entry, dict):
            return ContextFacts()
        return ContextFacts(_positive_int(entry.get("loaded_context_length")),
                            _positive_int(entry.get("max_context_length")), "lmstudio")

    def order(self) -> List[Callable[[], ContextFacts]]:
        by_kind = {"ollama": [self.ollama], "llamacpp": [self.llamacpp, self.models],
                   "lmstudio": [self.lmstudio, self.models]}
        kind = self.target.kind_hint
        if kind in by_kind:
            return by_kind[kind]
        host = urlsplit(self.origin).hostname or ""
        if kind is None and is_local_host(host):
            return [self.models, self.llamacpp, self.ollama, self.lmstudio]
        return [self.models]


def _facts_from_model_entry(entry: Dict[str, Any]) -> ContextFacts:
    window = None
    for key in ("max_model_len", "context_length", "context_window", "max_context_length"):
        window = window or _positive_int(entry.get(key))
    top = entry.get("top_provider")
    if window is None and isinstance(top, dict):
        window = _positive_int(top.get("context_length"))
    meta = entry.get("meta")
    trained = _positive_int(meta.get("n_ctx_train")) if isinstance(meta, dict) else None
    return ContextFacts(window, trained or window, "models")


def probe_context_facts(client: "HttpClient", base_url: str, model: str,
                        api_key: Optional[str] = None, cancel: Optional[CancelToken] = None,
                        tls: Optional[TlsOptions] = None) -> ContextFacts:
    """Ask the endpoint about ``model``'s context (probes chosen by the kind of server).

    Args:
        client: The HTTP client.
        base_url: The endpoint's base URL (any form).
        model: The model name as the server lists it.
        api_key: The API key, if any.
        cancel: Stop token.
        tls: The endpoint's TLS options.

    Returns:
        The first probe's facts that name a window, merged with any ``model_max`` seen.

    Raises:
        MarginaliaError: Network failures and Cancelled (missing endpoints are skipped).
    """
    probe = _Probe(client, base_url, model, api_key, cancel, tls)
    best = ContextFacts()
    for step in probe.order():
        facts = step()
        model_max = best.model_max or facts.model_max
        if facts.context_window is not None:
            return ContextFacts(facts.context_window, model_max, facts.source)
        best = ContextFacts(None, model_max, best.source or facts.source)
    return best


def ollama_num_ctx(estimated_prompt_tokens: int, reply_budget: int,
                   model_max: Optional[int] = None, margin: float = 0.10,
                   step: int = 2048, minimum: int = 4096) -> int:
    """An ``options.num_ctx`` for Ollama large enough for a request.

    The estimate gets a safety ``margin`` (token estimates are rough), the reply
    budget is added, and the sum is rounded up to a multiple of ``step``: Ollama
    reloads the model whenever ``num_ctx`` changes, so nearby requests should share
    one size. The result is capped at the model's maximum.

    Args:
        estimated_prompt_tokens: Estimated tokens of the whole prompt (messages, tools).
        reply_budget: Tokens reserved for the answer (``max_tokens``).
        model_max: The model's maximum context, when known.
        margin: Fraction added to the estimate.
        step: Rounding step.
        minimum: Never ask for less (Ollama's own historical default is 2048–4096).

    Returns:
        The ``num_ctx`` to send; when it equals ``model_max`` and the request needs
        more, the caller must shorten the prompt instead.
    """
    needed = math.ceil(max(0, estimated_prompt_tokens) * (1.0 + margin)) + max(0, reply_budget)
    size = max(minimum, int(math.ceil(needed / float(step))) * step)
    if model_max:
        size = min(size, model_max)
    return size
