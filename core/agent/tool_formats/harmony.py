"""gpt-oss (OpenAI's harmony format): ``<|channel|>commentary to=functions.name <|constrain|>json<|message|>{…}<|call|>``.

The recipient ``to=functions.name`` may stand in the channel part of the header or in the
role part (``<|start|>assistant to=functions.name<|channel|>commentary json<|message|>``,
which starts the answer with `` to=functions.name`` when the server wrote the role). A
header without a recipient (the ``analysis`` or ``final`` channel) is no call.
"""
import re
from typing import FrozenSet, List, Tuple

from .base import MAYBE, NO, YES, Draft, Opening, ToolFormat

MESSAGE = "<|message|>"
_TERMINATORS = ("<|call|>", "<|end|>", "<|return|>")
_RECIPIENT = re.compile(r"to=([^\s<]+)")
_HEADER_LIMIT = 200
MARKERS = ("<|start|>assistant", "<|channel|>", "to=functions.")


def head(text: str, known: FrozenSet[str]) -> str:
    """A header that names a recipient and ends with ``<|message|>``."""
    window = text[:_HEADER_LIMIT + len(MESSAGE)]
    end = window.find(MESSAGE)
    if end < 0:
        return MAYBE if len(window) < _HEADER_LIMIT + len(MESSAGE) else NO
    return YES if _RECIPIENT.search(window[:end]) else NO


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """The call one harmony message makes."""
    header_end = text.find(MESSAGE, start)
    if header_end < 0:
        return start + len(marker), []
    recipient = _RECIPIENT.search(text, start, header_end)
    if recipient is None:
        return start + len(marker), []
    name = recipient.group(1)
    name = name[len("functions."):] if name.startswith("functions.") else name
    body_start = header_end + len(MESSAGE)
    ends = [(found, token) for found, token in ((text.find(t, body_start), t) for t in _TERMINATORS) if found >= 0]
    stop, token = min(ends) if ends else (len(text), "")
    return stop + len(token), [Draft(name, text[body_start:stop].strip(), None)]


FORMAT = ToolFormat(
    "harmony", "openai/harmony docs/format.md (Receiving tool calls)",
    tuple(Opening(marker, "<|call|>", head=head) for marker in MARKERS), read)
