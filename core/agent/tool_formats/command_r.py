"""Cohere Command R / R+ and R7B.

Command R writes ``Action: ```json`` then a list of ``{"tool_name": …, "parameters": {…}}``
and a closing fence; R7B writes the same list between ``<|START_ACTION|>`` and
``<|END_ACTION|>`` (with a ``tool_call_id`` per call, a counter, not kept).
"""
import re
from typing import FrozenSet, List, Tuple

from .base import MAYBE, NO, Draft, Opening, ToolFormat
from .json_calls import fence_head_state, json_or_lenient, read_tagged

ACTION, START_ACTION, END_ACTION = "Action:", "<|START_ACTION|>", "<|END_ACTION|>"
_SPACE = re.compile(r"\s*")
_SPACE_LIMIT = 16
_HEAD_LIMIT = 80


def head(text: str, known: FrozenSet[str]) -> str:
    """``Action:`` then a fence holding call objects."""
    window = text[:_HEAD_LIMIT]
    fence = _SPACE.match(window, len(ACTION)).end()
    if fence - len(ACTION) > _SPACE_LIMIT:
        return NO
    if fence == len(window):
        return MAYBE if len(window) < _HEAD_LIMIT else NO
    if not "```".startswith(text[fence:fence + 3]):
        return NO
    if len(text) - fence < 3:
        return MAYBE
    return fence_head_state(text[fence:])


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """The fenced list after ``Action:``, or an R7B action block."""
    if marker == START_ACTION:
        return read_tagged(text, start, marker, END_ACTION, json_or_lenient)
    fence = _SPACE.match(text, start + len(ACTION)).end()
    body_start = text.find("\n", fence) + 1
    if not text.startswith("```", fence) or body_start == 0:
        return start + len(marker), []
    close = text.find("```", body_start)
    stop, end = (close, close + 3) if close >= 0 else (len(text), len(text))
    return end, json_or_lenient(text[body_start:stop])


FORMAT = ToolFormat(
    "command_r", "ggerganov/llama.cpp models/templates/CohereForAI-c4ai-command-r-plus-tool_use.jinja (R); "
                 "ggml-org/llama.cpp models/templates/CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja (R7B)",
    (Opening(ACTION, "```", closing_count=2, head=head), Opening(START_ACTION, END_ACTION)), read)
