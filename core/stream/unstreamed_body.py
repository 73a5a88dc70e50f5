"""Read a response body that is not an event stream, as a last resort.

Some servers ignore ``"stream": true`` and answer with one ordinary JSON completion, or send a
JSON error object with status 200. Rather than report "empty stream", the pipeline turns such a
body into one equivalent stream chunk.
"""
from __future__ import annotations

import json
from typing import Any, Dict, Optional


def chunk_from_plain_body(body: bytes) -> Optional[Dict[str, Any]]:
    """Turn a plain JSON body into one Chat Completions stream chunk.

    Args:
        body: The whole response body.

    Returns:
        ``{"error": …}`` for an error object; a chunk whose ``delta`` is the completion's
        ``message`` (tool calls given explicit indexes) for a chat completion; else ``None``.
    """
    try:
        payload = json.loads(body.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(payload, dict):
        return None
    if payload.get("error"):
        return {"error": payload["error"]}
    choices = payload.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return None
    message = choices[0].get("message")
    if not isinstance(message, dict):
        return None
    delta = dict(message)
    tool_calls = delta.get("tool_calls")
    if isinstance(tool_calls, list):
        delta["tool_calls"] = [dict(call, index=i) if isinstance(call, dict) else call
                               for i, call in enumerate(tool_calls)]
    chunk: Dict[str, Any] = {"choices": [{"index": 0, "delta": delta,
                                          "finish_reason": choices[0].get("finish_reason")}]}
    if payload.get("usage"):
        chunk["usage"] = payload["usage"]
    return chunk
