"""Kimi K2: ``<|tool_calls_section_begin|>`` then per call
``<|tool_call_begin|>functions.name:0<|tool_call_argument_begin|>{…}<|tool_call_end|>``.

The call id ``functions.{name}:{index}`` carries the name; the ids are numbered per message,
so a fresh id is used in the history instead.
"""
import re
from typing import List, Optional, Tuple

from .base import Draft, Opening, ToolFormat

SECTION, SECTION_END = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
CALL, CALL_END, ARGUMENTS = "<|tool_call_begin|>", "<|tool_call_end|>", "<|tool_call_argument_begin|>"
_CALL_ID = re.compile(r"\s*(?:functions\.)?([A-Za-z_][\w.\-]*?)(?::\d+)?\s*$")


def _call(text: str) -> Optional[Draft]:
    call_id, found, arguments = text.partition(ARGUMENTS)
    name = _CALL_ID.match(call_id)
    if not found or name is None:
        return None
    return Draft(name.group(1), arguments.strip(), None)


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """A whole section, or one call when the model wrote no section tokens."""
    body_start = start + len(marker)
    closing = SECTION_END if marker == SECTION else CALL_END
    close = text.find(closing, body_start)
    stop, end = (close, close + len(closing)) if close >= 0 else (len(text), len(text))
    body = text[body_start:stop]
    pieces = body.split(CALL)[1:] if marker == SECTION else [body]
    drafts = [_call(piece.split(CALL_END, 1)[0]) for piece in pieces]
    if not drafts or None in drafts:
        return body_start, []
    return end, drafts  # type: ignore[return-value]


FORMAT = ToolFormat(
    "kimi_k2", "MoonshotAI/Kimi-K2 docs/tool_call_guidance.md; "
               "ggml-org/llama.cpp models/templates/moonshotai-Kimi-K2-Thinking.jinja",
    (Opening(SECTION, SECTION_END), Opening(CALL, CALL_END)), read)
