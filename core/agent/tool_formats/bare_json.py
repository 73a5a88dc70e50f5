"""A bare call object (or a list of them) in the middle of prose: ``… {"name": "x", "arguments": {…}} …``.

A ``{`` or ``[`` opens a block only when a call object naming a tool offered follows, so
JSON answers and Markdown stream on; the object must hold arguments. A message that is
nothing but call objects is Llama 3's form (:mod:`.llama3`).
"""
from typing import FrozenSet, List, Tuple

from .base import MAYBE, NO, Draft, Opening, ToolFormat, balanced_end
from .json_calls import ARGS_KEY, DECODER, drafts_from_value, lenient_drafts, object_head_state

_LIST_SPACE = 8


def object_head(text: str, known: FrozenSet[str]) -> str:
    """``{"name": "<a tool offered>"``."""
    return object_head_state(text, 0, known)


def list_head(text: str, known: FrozenSet[str]) -> str:
    """``[`` then a call object naming a tool offered."""
    position = 1
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    if position >= len(text):
        return MAYBE if position <= _LIST_SPACE else NO
    if text[position] != "{":
        return NO
    return object_head_state(text, position, known)


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """The object or list at ``start``, when it holds calls with arguments."""
    end = balanced_end(text, start)
    try:
        value, after = DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        stop = end or len(text)
        span = text[start:stop]
        return (stop, lenient_drafts(span)) if ARGS_KEY.search(span) else (start + 1, [])
    span = text[start:after]
    if not ARGS_KEY.search(span):
        return start + 1, []
    return after, drafts_from_value(value)


FORMAT = ToolFormat(
    "bare_json", "no format of its own: the call object of Llama 3's JSON template (vllm-project/vllm "
                 "examples/tool_chat_template_llama3.1_json.jinja) written inside prose",
    (Opening("{", balanced=True, head=object_head), Opening("[", balanced=True, head=list_head)), read)
