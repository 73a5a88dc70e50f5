"""Read what a server says in an error body: its message, and context-overflow numbers.

Servers disagree on the shape. Seen in the wild:

* OpenAI and most proxies: ``{"error": {"message": …, "type": …, "code": …}}`` with
  ``code: "context_length_exceeded"`` for an over-long prompt;
* llama.cpp's llama-server: ``{"error": {"type": "exceed_context_size_error",
  "n_prompt_tokens": N, "n_ctx": M, …}}``;
* vLLM: ``{"object": "error", "message": "This model's maximum context length is N
  tokens. However, you requested M tokens …"}`` (newer: ``… and your request has M
  input tokens``);
* FastAPI-based servers: ``{"detail": …}``; Ollama: ``{"error": "…"}``;
* plain text (llama-cpp-python on malformed JSON) and HTML (reverse proxies).
"""
from __future__ import annotations

import json
import re
from typing import Any, Optional, Tuple

from ..redact import redact

MAX_EXCERPT = 300

_OVERFLOW_CODES = {"context_length_exceeded", "exceed_context_size_error",
                   "context_window_exceeded", "string_above_max_length"}
_OVERFLOW_WORDS = re.compile(
    r"context (?:length|window|size)|maximum context|too many tokens|prompt is too long|"
    r"input is too long|exceeds? (?:the )?(?:available )?context", re.IGNORECASE)
# (regex, group of the window, group of the prompt tokens)
_OVERFLOW_NUMBERS = (
    (re.compile(r"maximum context length is (\d+) tokens.*?(?:requested|resulted in|has) "
                r"(?:about )?(\d+)(?: input)? tokens", re.IGNORECASE | re.DOTALL), 1, 2),
    (re.compile(r"requested tokens \((\d+)\) exceed context window of (\d+)",
                re.IGNORECASE), 2, 1),
    (re.compile(r"prompt is too long: (\d+) tokens > (\d+)", re.IGNORECASE), 2, 1),
    (re.compile(r"maximum context length is (\d+)", re.IGNORECASE), 1, None),
    (re.compile(r"context length of (?:only )?(\d+)", re.IGNORECASE), 1, None),
)


def decode_json(body: bytes) -> Any:
    """The body as JSON, or None when it is not JSON."""
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None


def _message_from_json(data: Any) -> str:
    if isinstance(data, str):
        return data
    if not isinstance(data, dict):
        return ""
    for key in ("error", "message", "detail", "msg", "error_message"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            return value
        if isinstance(value, dict):
            found = _message_from_json(value)
            if found:
                return found
        if isinstance(value, list) and value:
            return "; ".join(_message_from_json(item) for item in value[:3])
    return ""


def _text_from_html(text: str) -> str:
    title = re.search(r"<title[^>]*>(.*?)</title>", text, re.IGNORECASE | re.DOTALL)
    if title and title.group(1).strip():
        return title.group(1)
    return re.sub(r"<[^>]+>", " ", text)


def shorten(text: str, limit: int = MAX_EXCERPT) -> str:
    """Collapse whitespace, cut to ``limit`` characters and redact."""
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[:limit - 1].rstrip() + "…"
    return redact(text)


def extract_error_message(body: bytes, content_type: str = "",
                          limit: int = MAX_EXCERPT) -> str:
    """The server's own error sentence from a body (JSON, HTML or text), shortened.

    Args:
        body: The raw body (possibly empty or cut short).
        content_type: The response's media type, used to recognise HTML.
        limit: Maximum length of the excerpt.

    Returns:
        A redacted excerpt of at most ``limit`` characters ("" for an empty body).
    """
    data = decode_json(body)
    if data is not None:
        message = _message_from_json(data)
        return shorten(message or json.dumps(data, ensure_ascii=False), limit)
    text = body.decode("utf-8", "replace")
    if "html" in content_type or text.lstrip()[:1] == "<":
        text = _text_from_html(text)
    return shorten(text, limit)


def _overflow_fields(data: Any) -> Tuple[bool, Optional[int], Optional[int]]:
    """(flagged by code/type, prompt tokens, window) from structured JSON."""
    error = data.get("error") if isinstance(data, dict) else None
    error = error if isinstance(error, dict) else (data if isinstance(data, dict) else {})
    markers = {str(error.get("code", "")), str(error.get("type", ""))}
    flagged = bool(markers & _OVERFLOW_CODES)
    prompt, window = error.get("n_prompt_tokens"), error.get("n_ctx")
    return (flagged, prompt if isinstance(prompt, int) else None,
            window if isinstance(window, int) else None)


def _overflow_numbers(message: str) -> Tuple[Optional[int], Optional[int]]:
    for pattern, window_group, prompt_group in _OVERFLOW_NUMBERS:
        match = pattern.search(message)
        if match:
            window = int(match.group(window_group))
            prompt = int(match.group(prompt_group)) if prompt_group else None
            return prompt, window
    return None, None


def find_context_overflow(status: int, body: bytes, message: str
                          ) -> Optional[Tuple[Optional[int], Optional[int]]]:
    """Recognise a "prompt larger than the context window" answer.

    Args:
        status: The HTTP status (413 always counts; 400/422/500 and a 200 error body
            count when the body says so).
        body: The raw body.
        message: The message already extracted from it.

    Returns:
        ``(prompt_tokens, context_window)`` (either may be None), or None when the
        answer is not about the context window.
    """
    flagged, prompt, window = _overflow_fields(decode_json(body))
    worded = bool(_OVERFLOW_WORDS.search(message))
    if not (flagged or worded or status == 413):
        return None
    text_prompt, text_window = _overflow_numbers(message)
    return (prompt if prompt is not None else text_prompt,
            window if window is not None else text_window)
