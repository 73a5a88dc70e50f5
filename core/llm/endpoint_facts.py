"""What Marginalia has learned about endpoints in this session, shared by chat and check.

Three facts are worth a request once and no more:

* which API to talk to (:meth:`EndpointFacts.resolve_api`): an endpoint configured with
  ``api="auto"`` is asked once whether it is Ollama (``/api/version``), and then uses
  Ollama's native chat, the only one that honours ``num_ctx``;
* which OpenAI API works (:meth:`EndpointFacts.openai_api_for`): Chat Completions or the
  Responses API, learned by the first round of an endpoint set to ``auto``; and whether
  the model refuses the Responses API's reasoning summaries;
* a model's context (:meth:`EndpointFacts.model_facts`): how many tokens a request may
  use, the model's maximum, and for Ollama its capabilities.

Both are cached per endpoint (and model) for the life of the process; the settings
dialog calls :meth:`EndpointFacts.forget` when the endpoint changes. Failures are not
cached. :meth:`EndpointFacts.context_window` is what the chat uses to budget documents. One
:class:`EndpointFacts` lives as long as the office process (its owner makes it).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, Optional, Tuple

from ..net.cancel import CancelToken
from .context_window import probe_context_facts
from .endpoints import auth_headers
from .ollama_info import ollama_version, show_model
from .request import OPENAI_AUTO
from .url_normalize import normalize_base_url, origin_of

if TYPE_CHECKING:  # pragma: no cover
    from .request import EndpointConfig
    from ..net.transport import HttpClient

API_OPENAI, API_OLLAMA, API_AUTO = "openai", "ollama", "auto"


@dataclass(frozen=True)
class ModelFacts:
    """The context of one endpoint and model.

    Attributes:
        context_window: Tokens one request can use (for Ollama's native API: the model's
            maximum, since Marginalia sets ``num_ctx`` itself), or None when unknown.
        model_max: The model's own maximum context, or None.
        source: Which probe answered (``ollama``, ``llamacpp``, ``models``, ``lmstudio``).
        capabilities: Ollama's capability list for the model (empty elsewhere).
    """

    context_window: Optional[int] = None
    model_max: Optional[int] = None
    source: str = ""
    capabilities: Tuple[str, ...] = ()


class EndpointFacts:
    """A thread-safe cache of :class:`ModelFacts` and API choices."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._apis: Dict[str, str] = {}
        self._models: Dict[Tuple[str, str, str], ModelFacts] = {}
        self._openai_apis: Dict[str, str] = {}
        self._no_summaries: set = set()

    def resolve_api(self, client: "HttpClient", endpoint: "EndpointConfig",
                    cancel: Optional[CancelToken] = None) -> str:
        """``ollama`` or ``openai`` for ``endpoint`` (asks the server once for ``auto``).

        Raises:
            MarginaliaError: Network failures while asking.
        """
        if endpoint.api != API_AUTO:
            return endpoint.api
        origin = origin_of(normalize_base_url(endpoint.base_url).base_url)
        with self._lock:
            known = self._apis.get(origin)
        if known is None:
            headers = auth_headers(endpoint.base_url, endpoint.api_key)
            version = ollama_version(client, origin, headers, cancel, endpoint.tls)
            known = API_OLLAMA if version is not None else API_OPENAI
            self.remember_api(origin, known)
        return known

    def remember_api(self, origin: str, api: str) -> None:
        """Record what the endpoint check found out about ``origin``."""
        with self._lock:
            self._apis[origin] = api

    def model_facts(self, client: "HttpClient", endpoint: "EndpointConfig",
                    cancel: Optional[CancelToken] = None) -> ModelFacts:
        """The context facts of ``endpoint.model`` (probed once, then cached).

        Raises:
            MarginaliaError: Network failures while probing.
        """
        api = self.resolve_api(client, endpoint, cancel)
        key = (endpoint.base_url.rstrip("/"), endpoint.model, api)
        with self._lock:
            known = self._models.get(key)
        if known is None:
            known = self._probe(client, endpoint, api, cancel)
            with self._lock:
                self._models[key] = known
        return known

    @staticmethod
    def _probe(client: "HttpClient", endpoint: "EndpointConfig", api: str,
               cancel: Optional[CancelToken]) -> ModelFacts:
        if api == API_OLLAMA:
            origin = origin_of(normalize_base_url(endpoint.base_url).base_url)
            headers = auth_headers(endpoint.base_url, endpoint.api_key)
            info = show_model(client, origin, endpoint.model, headers, cancel, endpoint.tls)
            return ModelFacts(info.model_max or info.configured_ctx, info.model_max, "ollama",
                              info.capabilities)
        facts = probe_context_facts(client, endpoint.base_url, endpoint.model,
                                    endpoint.api_key or None, cancel, endpoint.tls)
        return ModelFacts(facts.context_window or facts.model_max, facts.model_max, facts.source)

    def context_window(self, client: "HttpClient", endpoint: "EndpointConfig",
                       cancel: Optional[CancelToken] = None) -> Optional[int]:
        """Tokens a request to ``endpoint`` can hold (prompt and answer), or None when unknown.

        Budget documents against this. It runs network probes the first time for an endpoint
        and model, so call it from a worker thread.

        Raises:
            MarginaliaError: Network failures while probing.
        """
        return self.model_facts(client, endpoint, cancel).context_window

    def openai_api_for(self, endpoint: "EndpointConfig") -> str:
        """``chat`` or ``responses`` as configured or learned, ``auto`` while not known yet."""
        if endpoint.openai_api != OPENAI_AUTO:
            return endpoint.openai_api
        with self._lock:
            return self._openai_apis.get(endpoint.base_url.rstrip("/"), OPENAI_AUTO)

    def remember_openai_api(self, endpoint: "EndpointConfig", api: str) -> None:
        """Record which OpenAI API ``endpoint`` answered (``chat`` or ``responses``)."""
        with self._lock:
            self._openai_apis[endpoint.base_url.rstrip("/")] = api

    def summaries_refused(self, endpoint: "EndpointConfig") -> bool:
        """True once the model refused a request asking for reasoning summaries."""
        with self._lock:
            return (endpoint.base_url.rstrip("/"), endpoint.model) in self._no_summaries

    def refuse_summaries(self, endpoint: "EndpointConfig") -> None:
        """Ask ``endpoint``'s model for no more reasoning summaries."""
        with self._lock:
            self._no_summaries.add((endpoint.base_url.rstrip("/"), endpoint.model))

    def known_capabilities(self, endpoint: "EndpointConfig") -> Tuple[str, ...]:
        """The capabilities of ``endpoint.model`` as far as learned already (Ollama's list; no request is made)."""
        base = endpoint.base_url.rstrip("/")
        with self._lock:
            for (url, model, _api), facts in self._models.items():
                if url == base and model == endpoint.model and facts.capabilities:
                    return facts.capabilities
        return ()

    def forget(self) -> None:
        """Drop everything learned (the user changed the endpoint or restarted a server)."""
        with self._lock:
            self._apis.clear()
            self._models.clear()
            self._openai_apis.clear()
            self._no_summaries.clear()
