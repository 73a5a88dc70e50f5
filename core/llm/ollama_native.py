"""Talk to Ollama through its native ``/api/chat``, where ``num_ctx`` is honoured.

NOTE: Ollama's OpenAI-compatible ``/v1/chat/completions`` ignores ``options.num_ctx``
(Ollama's own documentation says so) and silently cuts any prompt longer than the
server's default context. Only the native API takes a per-request context size, so for
an Ollama endpoint Marginalia converts its OpenAI-style request body here and reads the
NDJSON answer with :class:`~..stream.ollama.OllamaStreamAssembler`.

Request differences handled by :func:`native_body`:

* tool call arguments are objects, not JSON text; a tool result names its tool
  (``tool_name``) instead of pointing at a call id;
* content parts are flattened to text, and ``data:`` images go to ``images``;
* ``temperature``, ``max_tokens`` become ``options.temperature``, ``options.num_predict``;
  ``options.num_ctx`` is added; ``think`` is sent only for models that can think;
* ``tool_choice`` and ``stream_options`` do not exist there and are left out.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Tuple

_DATA_URL_PREFIX = "data:"


def _text_and_images(content: Any) -> Tuple[str, List[str]]:
    if content is None:
        return "", []
    if isinstance(content, str):
        return content, []
    texts, images = [], []
    for part in content if isinstance(content, list) else []:
        if not isinstance(part, dict):
            continue
        if part.get("type") == "text":
            texts.append(str(part.get("text") or ""))
        elif part.get("type") == "image_url":
            url = (part.get("image_url") or {}).get("url", "")
            if url.startswith(_DATA_URL_PREFIX) and "," in url:
                images.append(url.split(",", 1)[1])
    return "".join(texts), images


def _arguments_object(arguments: Any) -> Dict[str, Any]:
    if isinstance(arguments, dict):
        return arguments
    try:
        value = json.loads(arguments or "{}")
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _native_tool_calls(calls: List[Any], names: Dict[str, str]) -> List[Dict[str, Any]]:
    native = []
    for call in calls:
        function = call.get("function") or {}
        name = function.get("name") or ""
        if call.get("id"):
            names[call["id"]] = name
        native.append({"function": {"name": name,
                                    "arguments": _arguments_object(function.get("arguments"))}})
    return native


def native_messages(messages: List[Mapping[str, Any]]) -> List[Dict[str, Any]]:
    """Convert OpenAI-style chat messages to Ollama's ``/api/chat`` messages.

    Args:
        messages: ``system``/``user``/``assistant``/``tool`` messages as sent to
            ``/v1/chat/completions`` (tool results carry ``tool_call_id``).

    Returns:
        New message dicts; a tool result names its tool in ``tool_name``.
    """
    names: Dict[str, str] = {}
    result = []
    for message in messages:
        role = message.get("role")
        text, images = _text_and_images(message.get("content"))
        native: Dict[str, Any] = {"role": role, "content": text}
        if images:
            native["images"] = images
        if role == "assistant" and message.get("tool_calls"):
            native["tool_calls"] = _native_tool_calls(message["tool_calls"], names)
        if role == "tool":
            name = names.get(message.get("tool_call_id") or "") or message.get("name")
            if name:
                native["tool_name"] = name
        result.append(native)
    return result


def native_body(body: Mapping[str, Any], num_ctx: Optional[int] = None,
                think: Optional[bool] = None) -> Dict[str, Any]:
    """The ``/api/chat`` request equivalent to an OpenAI-style chat body.

    Args:
        body: The body :func:`~.request.build_chat_body` built.
        num_ctx: The context size to ask for (``options.num_ctx``), or None.
        think: True/False to switch a thinking model's reasoning on or off; None to
            leave it out (models without thinking reject the field).

    Returns:
        The native request body (streamed).
    """
    native: Dict[str, Any] = {"model": body.get("model"),
                              "messages": native_messages(body.get("messages") or []),
                              "stream": bool(body.get("stream", True))}
    if body.get("tools"):
        native["tools"] = body["tools"]
    options: Dict[str, Any] = {}
    if body.get("temperature") is not None:
        options["temperature"] = body["temperature"]
    limit = body.get("max_tokens") or body.get("max_completion_tokens")
    if limit:
        options["num_predict"] = limit
    if num_ctx:
        options["num_ctx"] = num_ctx
    if options:
        native["options"] = options
    if think is not None:
        native["think"] = think
    return native
