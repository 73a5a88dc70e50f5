"""Open one streamed chat round on Ollama's native ``/api/chat`` with a fitting ``num_ctx``.

The request is the same OpenAI-style body the rest of Marginalia builds; here it is
converted (:func:`~.ollama_native.native_body`), given an ``options.num_ctx`` large
enough for the estimated prompt plus the answer (:func:`~.context_window.ollama_num_ctx`,
capped at the model's maximum), and a prompt that cannot fit even the model's maximum
is refused before sending, so Ollama never cuts it silently.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Dict, Optional, Tuple

from ..net.cancel import CancelToken
from .context_window import ollama_num_ctx
from .endpoint_facts import API_OLLAMA, EndpointFacts
from ..errors import ContextOverflowError
from .ollama_native import native_body
from ..stream.ollama import OllamaStreamAssembler
from .context_budget import estimate_tokens, estimate_tools_tokens
from .url_normalize import normalize_base_url, origin_of

if TYPE_CHECKING:  # pragma: no cover
    from .request import ChatRequest
    from ..net.response import HttpResponse
    from ..net.transport import HttpClient

DEFAULT_REPLY_BUDGET = 4096
"""Tokens kept free for the answer when the user set no maximum."""
NDJSON = "application/x-ndjson"


def native_chat_url(base_url: str) -> str:
    """``http://host:11434/api/chat`` for any form of an Ollama base URL."""
    return origin_of(normalize_base_url(base_url).base_url) + "/api/chat"


def plan_num_ctx(body: dict, model_max: Optional[int]) -> Tuple[int, int]:
    """``(num_ctx, estimated prompt tokens)`` for an OpenAI-style request body.

    Raises:
        ContextOverflowError: The estimated prompt alone exceeds ``model_max``.
    """
    estimate = estimate_tokens(body.get("messages") or []) + estimate_tools_tokens(body.get("tools"))
    if model_max and estimate > model_max:
        raise ContextOverflowError(413, "", "", prompt_tokens=estimate, context_window=model_max)
    reply = body.get("max_tokens") or DEFAULT_REPLY_BUDGET
    return ollama_num_ctx(estimate, reply, model_max), estimate


def open_ollama_stream(client: "HttpClient", request: "ChatRequest", headers: Dict[str, str],
                       cancel: Optional[CancelToken], facts: EndpointFacts
                       ) -> Optional[Tuple["HttpResponse", OllamaStreamAssembler]]:
    """Start the round on ``/api/chat`` when the endpoint is Ollama.

    Args:
        client: The HTTP client.
        request: The round's endpoint and OpenAI-style body.
        headers: Authorization and other headers for the endpoint.
        cancel: The round's stop token.
        facts: The cache that knows whether the endpoint is Ollama and the model's facts.

    Returns:
        ``(response, assembler)`` to read, or None when the endpoint is not Ollama (the
        caller then uses the OpenAI-compatible path).

    Raises:
        MarginaliaError: Network and HTTP failures, or a prompt too long for the model.
    """
    endpoint = request.endpoint
    if facts.resolve_api(client, endpoint, cancel) != API_OLLAMA:
        return None
    model = facts.model_facts(client, endpoint, cancel)
    num_ctx, _ = plan_num_ctx(request.body, model.model_max)
    think = True if "thinking" in model.capabilities else None
    body = native_body(request.body, num_ctx, think)
    all_headers = {"Content-Type": "application/json", "Accept": NDJSON}
    all_headers.update(headers)
    response = client.request("POST", native_chat_url(endpoint.base_url), all_headers,
                              json.dumps(body, ensure_ascii=False), cancel=cancel,
                              tls=endpoint.tls)
    return response, OllamaStreamAssembler()
