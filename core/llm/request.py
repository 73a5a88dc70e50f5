"""The request of one model round: endpoint, headers and the JSON body.

History messages are kept as the turn recorded them; :func:`normalize_history` makes
them acceptable to strict servers right before sending (no ``name`` on tool messages,
no two user messages in a row, no assistant message that is entirely empty).

A round's body is always built in the Chat Completions shape (:func:`build_chat_body`);
when the endpoint speaks the Responses API it is converted when the round opens
(:func:`.responses_request.responses_body`), as it is for Ollama's native chat.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional

from ..redact import remember_secret
from ..net.tls import TlsOptions

OPENAI_CHAT, OPENAI_RESPONSES, OPENAI_AUTO = "chat", "responses", "auto"
OPENAI_APIS = (OPENAI_CHAT, OPENAI_RESPONSES, OPENAI_AUTO)
"""Which OpenAI API a round uses: ``/chat/completions``, ``/responses``, or the one that works."""


@dataclass
class EndpointConfig:
    """Where and how to send chat requests."""

    base_url: str
    """Normalized base URL, e.g. ``http://127.0.0.1:11434/v1``."""
    model: str
    api_key: str = field(default="", repr=False)
    extra_headers: Dict[str, str] = field(default_factory=dict)
    api: str = "openai"
    """``openai`` (``/v1/chat/completions``), ``ollama`` (native ``/api/chat``, which honours
    ``num_ctx``) or ``auto`` (Ollama's native API when the server turns out to be Ollama;
    see :mod:`.endpoint_facts`)."""
    tls: Optional[TlsOptions] = None
    """CA file and pinned certificate for HTTPS endpoints."""
    openai_api: str = OPENAI_AUTO
    """``chat`` (``/chat/completions``), ``responses`` (``/responses``) or ``auto``: Chat
    Completions unless the server turns out to speak only the Responses API (OpenAI's own
    endpoint is asked with Responses first, the API that streams reasoning summaries)."""

    @property
    def chat_url(self) -> str:
        """The URL chat completions are posted to."""
        return self.base_url.rstrip("/") + "/chat/completions"

    @property
    def responses_url(self) -> str:
        """The URL Responses API requests are posted to."""
        return self.base_url.rstrip("/") + "/responses"

    def request_headers(self) -> Dict[str, str]:
        """The extra headers plus ``Authorization`` when a key is set."""
        headers = dict(self.extra_headers)
        if self.api_key:
            remember_secret(self.api_key)
            headers["Authorization"] = "Bearer " + self.api_key
        return headers


@dataclass
class ChatOptions:
    """Generation settings sent with every request (``None`` = the server's default)."""

    temperature: Optional[float] = None
    max_tokens: Optional[int] = None
    num_ctx: Optional[int] = None
    include_usage: bool = True


@dataclass
class ChatRequest:
    """Everything the worker thread needs to stream one model round."""

    endpoint: EndpointConfig
    body: dict


def normalize_history(history: List[dict]) -> List[dict]:
    """Return a copy of ``history`` that strict OpenAI-compatible servers accept.

    No ``name`` on tool messages, no two user messages in a row, no empty assistant
    message, and ``""`` rather than ``null`` as the content of an assistant message
    that only calls tools.
    """
    result: List[dict] = []
    for message in history:
        role = message.get("role")
        clean = {k: v for k, v in message.items() if not (role == "tool" and k == "name")}
        if role == "assistant" and clean.get("tool_calls") and clean.get("content") is None:
            clean["content"] = ""  # llama-cpp-python refuses null; every server takes an empty string
        if role == "assistant" and not clean.get("content") and not clean.get("tool_calls"):
            continue
        if role == "user" and result and result[-1].get("role") == "user" \
                and isinstance(result[-1].get("content"), str) and isinstance(clean.get("content"), str):
            result[-1] = dict(result[-1], content=result[-1]["content"] + "\n\n" + clean["content"])
            continue
        result.append(clean)
    return result


def build_chat_body(history: List[dict], model: str, system_prompt: str = "",
                    tools: Optional[List[dict]] = None, options: Optional[ChatOptions] = None,
                    tool_choice=None) -> dict:
    """Build the JSON body of a streamed ``/chat/completions`` request.

    Args:
        history: the conversation so far (user, assistant and tool messages).
        model: the model name.
        system_prompt: prepended as a system message when not empty.
        tools: function schemas (``{"type": "function", "function": {...}}``).
        options: temperature, token limits, Ollama context size.
        tool_choice: ``"auto"``, ``"none"`` or an object forcing one function.

    Returns:
        The request body as a dict, ready for ``json.dumps``.
    """
    options = options or ChatOptions()
    messages = ([{"role": "system", "content": system_prompt}] if system_prompt else []) + normalize_history(history)
    body = {"model": model, "messages": messages, "stream": True}
    if options.include_usage:
        body["stream_options"] = {"include_usage": True}
    if tools:
        body["tools"] = tools
        body["tool_choice"] = tool_choice or "auto"
    if options.temperature is not None:
        body["temperature"] = options.temperature
    if options.max_tokens:
        body["max_tokens"] = options.max_tokens
    if options.num_ctx:
        body["options"] = {"num_ctx": options.num_ctx}
    return body
