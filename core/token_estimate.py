"""Rough token counts for budgeting a request against a context window.

No tokenizer is available inside LibreOffice, so the count is estimated from the text:
about four characters per token for ASCII text (English, code, JSON) and about one
token per character elsewhere (CJK, accented letters, symbols). The estimate leans
high on purpose: budgeting too little would let a server cut the prompt silently.
"""
from __future__ import annotations

import json
from typing import Any, Iterable, Optional

ASCII_CHARS_PER_TOKEN = 4.0
MESSAGE_OVERHEAD = 4
"""Tokens each message costs besides its text (role markers, separators)."""


def estimate_text_tokens(text: str) -> int:
    """Estimated tokens of ``text``.

    Args:
        text: Any text.

    Returns:
        A non-negative whole number (0 for an empty text).
    """
    if not text:
        return 0
    ascii_count = len(text.encode("ascii", "ignore"))
    other = len(text) - ascii_count
    return int(ascii_count / ASCII_CHARS_PER_TOKEN + 0.999) + other


def _message_text(message: Any) -> str:
    if not isinstance(message, dict):
        return str(message)
    parts = []
    content = message.get("content")
    if isinstance(content, str):
        parts.append(content)
    elif isinstance(content, list):
        parts.extend(p.get("text", "") for p in content if isinstance(p, dict))
    if message.get("tool_calls"):
        parts.append(json.dumps(message["tool_calls"], ensure_ascii=False))
    return "".join(parts)


def estimate_request_tokens(messages: Iterable[Any], tools: Optional[Iterable[Any]] = None) -> int:
    """Estimated prompt tokens of a chat request: its messages and tool schemas.

    Args:
        messages: OpenAI-style messages (``{"role", "content", "tool_calls"?}``).
        tools: Function schemas sent with the request, if any.

    Returns:
        The estimate, including a small per-message overhead.
    """
    total = 0
    for message in messages:
        total += estimate_text_tokens(_message_text(message)) + MESSAGE_OVERHEAD
    if tools:
        total += estimate_text_tokens(json.dumps(list(tools), ensure_ascii=False))
    return total
