"""The older Hermes/llama.cpp function tag: ``<function name="get_weather">{"city": "Paris"}</function>``.

llama.cpp's Hermes 2 Pro parser reads it beside ``<function=name>`` (see :mod:`.qwen3_coder`):
the tag names the tool, its body is the arguments' JSON object. In prose the tag opens a call
only when it names a tool offered.
"""
from __future__ import annotations

import re
from typing import FrozenSet, List, Tuple

from .base import MAYBE, NO, YES, Draft, Opening, ToolFormat, name_state

MARKER, CLOSING = "<function name=", "</function>"
_TAG = re.compile(r"""<function name=(["']?)([A-Za-z_][\w.\-]*)\1\s*>(.*?)(?:</function>|\Z)""", re.S)
_HEAD = re.compile(r"""<function name=(["']?)([A-Za-z_][\w.\-]*)?(["']?)\s*(>?)""")
_HEAD_LIMIT = 80


def head(text: str, known: FrozenSet[str]) -> str:
    """The tag names a tool offered (MAYBE until its ``>`` has come)."""
    window = text[:_HEAD_LIMIT]
    match = _HEAD.match(window)  # always matches: the text starts with the marker
    opening, name, closing, end = match.groups()
    name = name or ""
    if closing and closing != opening:
        return NO
    if end:
        return name_state(name, known, True)
    if match.end() < len(window) or len(window) >= _HEAD_LIMIT:
        return NO  # the name is followed by something else than the tag's end
    if not name:
        return MAYBE
    state = name_state(name, known, bool(opening) and closing == opening)
    return MAYBE if state == YES else state


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """The tag at ``start``: its name and its body as the arguments."""
    match = _TAG.match(text, start)
    if match is None:
        return start + len(marker), []
    return match.end(), [Draft(match.group(2), match.group(3).strip(), None)]


FORMAT = ToolFormat(
    "function_name_tag", "ggml-org/llama.cpp common/chat.cpp (Hermes 2 Pro parser, <function name=\"…\">) and "
                         "tests/test-chat.cpp",
    (Opening(MARKER, CLOSING, head=head),), read)
