"""Phi-4-mini (Microsoft's template): ``functools[{"name": …, "arguments": {…}}, …]``, no closing marker."""
from typing import List, Tuple

from .base import Draft, Opening, ToolFormat, balanced_end
from .json_calls import DECODER, drafts_from_value, lenient_drafts

MARKER = "functools["


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """The JSON list that starts at the marker's bracket."""
    bracket = start + len(marker) - 1
    try:
        value, end = DECODER.raw_decode(text, bracket)
    except (ValueError, RecursionError):
        end = balanced_end(text, bracket) or len(text)
        return end, lenient_drafts(text[bracket:end])
    return end, drafts_from_value(value)


FORMAT = ToolFormat(
    "phi4_functools", "vllm-project/vllm examples/tool_chat_template_phi4_mini.jinja",
    (Opening(MARKER, balanced=True),), read)
