"""Read ``content`` given as an array of typed parts instead of a string.

Mistral's reasoning models (magistral) stream ``delta.content`` as
``[{"type": "thinking", "thinking": [{"type": "text", "text": …}]}, {"type": "text", "text": …}]``;
OpenAI-style parts may also carry ``{"type": "refusal", "refusal": …}``.
"""
from __future__ import annotations

from typing import Any, List, Tuple

ANSWER, REASONING, REFUSAL = "answer", "reasoning", "refusal"
_THINKING_TYPES = ("thinking", "reasoning")


def split_content_parts(content: Any) -> List[Tuple[str, str]]:
    """Sort the text of content parts into answer, reasoning and refusal pieces.

    Args:
        content: A list of parts (a single part dict is accepted too). Plain strings count as
            answer text; parts of other types (images, audio) are skipped.

    Returns:
        ``(kind, text)`` pairs in order, ``kind`` being ``ANSWER``, ``REASONING`` or ``REFUSAL``.

    Raises:
        TypeError: ``content`` is neither a list nor a dict.
    """
    parts = [content] if isinstance(content, dict) else content
    if not isinstance(parts, list):
        raise TypeError("content is %s, not text or a list of parts" % type(content).__name__)
    pieces = []
    for part in parts:
        kind, text = _read_part(part)
        if text:
            pieces.append((kind, text))
    return pieces


def _read_part(part: Any) -> Tuple[str, str]:
    if isinstance(part, str):
        return ANSWER, part
    if not isinstance(part, dict):
        return ANSWER, ""
    kind = part.get("type")
    if kind == "text":
        return ANSWER, _text_of(part.get("text"))
    if kind in _THINKING_TYPES:
        return REASONING, _text_of(part.get(kind) or part.get("text"))
    if kind == "refusal":
        return REFUSAL, _text_of(part.get("refusal"))
    return ANSWER, ""


def _text_of(value: Any) -> str:
    """A string, or the joined text of a list of strings / ``{"text": …}`` parts."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(_text_of(item.get("text") if isinstance(item, dict) else item)
                       for item in value)
    return ""
