"""A call in a Markdown fence: ```` ```json ```` then ``{"name": …, "arguments": {…}}`` then ```` ``` ````.

Models that were never taught a format often show the call they mean this way. A fence
opens a call only when its first line is ``json`` (or nothing) and its text starts with
a call object; it must also hold arguments, so a tool's description quoted in a fence
stays text.
"""
from typing import FrozenSet, List, Tuple

from .base import YES, Draft, Opening, ToolFormat
from .json_calls import ARGS_KEY, fence_head_state, json_or_lenient

FENCE = "```"


def head(text: str, known: FrozenSet[str]) -> str:
    """A fence whose language is json (or none) and whose text starts a call object."""
    return fence_head_state(text)


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """The call objects of the fence, up to the next fence."""
    if fence_head_state(text[start:]) != YES:
        return start + len(FENCE), []
    body_start = text.index("\n", start) + 1
    close = text.find(FENCE, body_start)
    stop, end = (close, close + len(FENCE)) if close >= 0 else (len(text), len(text))
    body = text[body_start:stop]
    drafts = json_or_lenient(body)
    if not drafts or not ARGS_KEY.search(body):
        return start + len(FENCE), []
    return end, drafts


FORMAT = ToolFormat(
    "fenced_json", "no format of its own: small models put a Hermes-style call object in a Markdown fence "
                   "(CommonMark fenced code blocks; the object as in vllm-project/vllm "
                   "examples/tool_chat_template_hermes.jinja)",
    (Opening(FENCE, FENCE, head=head),), read)
