"""Read the usage and error objects that both stream formats carry, whatever their shape."""
from __future__ import annotations

from typing import Any, Optional, Tuple

from ..i18n import _
from ..redact import redact
from .errors import CODE_PROVIDER_ERROR
from ..loop.messages import UsageReport


def _count(value: Any) -> Optional[int]:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def usage_from_payload(usage: Any) -> Optional[UsageReport]:
    """Token counts from a ``usage`` object.

    Accepts Chat Completions names (``prompt_tokens``, ``completion_tokens``) and Responses
    names (``input_tokens``, ``output_tokens``). Non-integer counts are treated as absent.

    Args:
        usage: The ``usage`` value of a chunk or response.

    Returns:
        A :class:`~..loop.messages.UsageReport`, or ``None`` when no count is present.
    """
    if not isinstance(usage, dict):
        return None
    prompt = _count(usage.get("prompt_tokens", usage.get("input_tokens")))
    completion = _count(usage.get("completion_tokens", usage.get("output_tokens")))
    total = _count(usage.get("total_tokens"))
    if prompt is None and completion is None and total is None:
        return None
    if total is None and prompt is not None and completion is not None:
        total = prompt + completion
    return UsageReport(prompt, completion, total)


def error_from_payload(payload: Any) -> Tuple[str, str]:
    """Message and code of an error reported inside a stream.

    Handles ``{"error": {"message", "code"|"type"}}`` (OpenAI, OpenRouter, Groq),
    ``{"error": "text"}``, the Responses ``{"type": "error", "message", "code"}`` and its
    nested variant, and anything else (shown as JSON-ish text).

    Args:
        payload: The decoded JSON of the event carrying the error.

    Returns:
        ``(message, code)``; the code is ``provider_error`` when the provider gave none.
    """
    message, code = _message_and_code(payload)
    return redact(message), code   # servers echo keys in their messages


def _message_and_code(payload: Any) -> Tuple[str, str]:
    error = payload.get("error") if isinstance(payload, dict) else payload
    if not error and isinstance(payload, dict):
        error = payload   # Responses: {"type": "error", "code": …, "message": …}
    if isinstance(error, str):
        return error, CODE_PROVIDER_ERROR
    if isinstance(error, dict):
        message = error.get("message") or error.get("detail") or error.get("error")
        if not isinstance(message, str) or not message:
            message = _("The server reported an error: %s") % _short(error)
        code = error.get("code") or error.get("type")
        if code is None or code == "error" or isinstance(code, (dict, list)):
            code = CODE_PROVIDER_ERROR
        return message, str(code)
    return _("The server reported an error: %s") % _short(error), CODE_PROVIDER_ERROR


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"
