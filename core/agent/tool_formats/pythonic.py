"""Pythonic calls: ``[get_weather(city="Paris"), get_time()]`` (Llama 3.2 and 4 pythonic templates).

Llama 4 may wrap the list in ``<|python_start|>…<|python_end|>``. In prose a ``[`` opens a
call block only when a tool offered is named right after it and followed by ``(``, so
Markdown links and footnotes stream on; the list must be made of calls, else it stays text.
A list whose quotes do not pair up (``f(a='x 'y')``) ends at the bracket that closes it when
quotes are not counted, and each of its calls is judged on its own (:mod:`.pythonic_calls`).
"""
import re
from typing import FrozenSet, List, Tuple

from .base import MAYBE, NO, Draft, Opening, ToolFormat, balanced_end, name_state
from .json_calls import json_or_lenient, tagged_reader
from .pythonic_calls import bracket_end, lenient_call, parse_call_list

_HEAD = re.compile(r"\[\s*(?:functions\.)?([A-Za-z_][\w\-]*)(\s*\(?)")
_PARTIAL = re.compile(r"\[\s*(?:f(?:u(?:n(?:c(?:t(?:i(?:o(?:n(?:s\.?)?)?)?)?)?)?)?)?)?")
_HEAD_LIMIT = 80


def head(text: str, known: FrozenSet[str]) -> str:
    """``[`` then the name of a tool offered, then ``(``."""
    window = text[:_HEAD_LIMIT]
    may_grow = len(window) < _HEAD_LIMIT
    if _PARTIAL.fullmatch(window):
        return MAYBE if may_grow else NO
    match = _HEAD.match(window)
    if match is None:
        return NO
    name, tail = match.group(1), match.group(2)
    if tail.strip() == "(":
        return name_state(name, known, True)
    if match.end() < len(window) or not may_grow:
        return NO  # the name is followed by something else than "("
    return MAYBE if name_state(name, known, tail != "") != NO else NO


def _read_list(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    end = balanced_end(text, start) or bracket_end(text, start) or len(text)
    return end, parse_call_list(text[start:end]) or []


def _wrapped_body(body: str) -> List[Draft]:
    if body.startswith(("{", "[{")):
        return json_or_lenient(body)
    calls = parse_call_list(body)
    return calls if calls is not None else lenient_call(body)


_WRAPPED = tagged_reader({"<|python_start|>": "<|python_end|>"}, _wrapped_body)


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """A bracketed list of calls, or a ``<|python_start|>`` block."""
    if marker == "[":
        return _read_list(text, start, marker)
    return _WRAPPED(text, start, marker)


FORMAT = ToolFormat(
    "pythonic", "vllm-project/vllm examples/tool_chat_template_llama4_pythonic.jinja and "
                "examples/tool_chat_template_llama3.2_pythonic.jinja",
    (Opening("[", balanced=True, head=head), Opening("<|python_start|>", "<|python_end|>")), read)
