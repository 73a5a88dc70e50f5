"""DeepSeek V3, R1 and V3.1: calls between ``<｜tool▁calls▁begin｜>`` and ``<｜tool▁calls▁end｜>``.

V3 and R1 write ``<｜tool▁call▁begin｜>function<｜tool▁sep｜>name`` then the arguments in a
```` ```json ```` fence; V3.1 writes ``<｜tool▁call▁begin｜>name<｜tool▁sep｜>{arguments}``. Each
call ends with ``<｜tool▁call▁end｜>``. The R1 distills are known to misspell the tokens
(``<｜tool_calls_begin｜>``, ``<｜tool calls begin｜>``, ``<｜tool\\_calls\\_begin｜>``,
``<｜tool▁calls｜>``); those are read too.
"""
import re
from typing import List, Tuple

from .base import Draft, Opening, ToolFormat
from .json_calls import strip_fence

_SPACE = r"(?:▁|_| |\\_)"
_CALLS_END = re.compile("<｜tool%scalls%send｜>" % (_SPACE, _SPACE))
_CALL_BEGIN = re.compile("<｜tool%scall%sbegin｜>" % (_SPACE, _SPACE))
_CALL_END = re.compile("<｜tool%scall%send｜>" % (_SPACE, _SPACE))
_SEP = re.compile("<｜tool%ssep｜>" % _SPACE)

#: Each spelling of the opening token, with the closing token of the same spelling.
OPENINGS = {"<｜tool▁calls▁begin｜>": "<｜tool▁calls▁end｜>", "<｜tool_calls_begin｜>": "<｜tool_calls_end｜>",
            "<｜tool calls begin｜>": "<｜tool calls end｜>", "<｜tool\\_calls\\_begin｜>": "<｜tool\\_calls\\_end｜>",
            "<｜tool▁calls｜>": "<｜tool▁calls▁end｜>", "<｜tool▁call▁begin｜>": "<｜tool▁call▁end｜>"}


def _call(text: str) -> List[Draft]:
    """One call: ``function<sep>name\\n```json …```'' or ``name<sep>arguments``."""
    parts = _SEP.split(text, 1)
    if len(parts) != 2:
        return []
    before, after = parts[0].strip(), parts[1].strip()
    if before in ("function", "") and "\n" in after:
        name, _, arguments = after.partition("\n")
        return [Draft(name.strip(), strip_fence(arguments.strip()), None)] if name.strip() else []
    return [Draft(before, strip_fence(after), None)] if before else []


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """The calls of one section (or of one call, for a lone ``<｜tool▁call▁begin｜>``)."""
    body_start = start + len(marker)
    closing = _CALL_END if marker == "<｜tool▁call▁begin｜>" else _CALLS_END
    close = closing.search(text, body_start)
    stop, end = (close.start(), close.end()) if close else (len(text), len(text))
    if marker == "<｜tool▁call▁begin｜>":
        return end, _call(text[body_start:stop])
    drafts: List[Draft] = []
    for piece in _CALL_BEGIN.split(text[body_start:stop])[1:]:
        call = _call(_CALL_END.split(piece, 1)[0])
        if not call:
            return body_start, []
        drafts.extend(call)
    return end, drafts


FORMAT = ToolFormat(
    "deepseek", "ggml-org/llama.cpp models/templates/deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja (V3/R1), "
                "models/templates/deepseek-ai-DeepSeek-V3.1.jinja (V3.1), common/chat.cpp (misspelled tokens)",
    tuple(Opening(marker, closing) for marker, closing in OPENINGS.items()), read)
