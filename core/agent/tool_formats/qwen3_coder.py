"""Qwen3-Coder: ``<tool_call><function=name><parameter=key>value</parameter></function></tool_call>``.

The outer tag may be missing; a function tag may hold a JSON object instead of parameters.
"""
import re
from typing import List, Tuple

from .base import Draft, Opening, ToolFormat
from .json_calls import read_tagged
from .xml_values import arguments_json

_FUNCTION_TAG = re.compile(r"<function=([^<>\s]+)>(.*?)(?:</function>|\Z)", re.S)
_PARAMETER_TAG = re.compile(r"<parameter=([^<>\s]+)>(.*?)(?:</parameter>|(?=<parameter=)|\Z)", re.S)


def function_drafts(match: "re.Match[str]") -> List[Draft]:
    """``<function=name>`` followed by ``<parameter=key>value</parameter>`` tags or a JSON object."""
    name, body = match.group(1), match.group(2).strip()
    if "<parameter=" not in body:
        return [Draft(name, body, None)]
    pairs = [(parameter.group(1), parameter.group(2)) for parameter in _PARAMETER_TAG.finditer(body)]
    return [Draft(name, arguments_json(pairs), None)]


def _body(body: str) -> List[Draft]:
    if not body.startswith("<function="):
        return []
    return [draft for match in _FUNCTION_TAG.finditer(body) for draft in function_drafts(match)]


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """Read a ``<tool_call>`` holding function tags, or a bare ``<function=…>`` tag."""
    if marker == "<function=":
        match = _FUNCTION_TAG.match(text, start)
        return (match.end(), function_drafts(match)) if match else (start + len(marker), [])
    return read_tagged(text, start, marker, "</tool_call>", _body)


FORMAT = ToolFormat(
    "qwen3_coder", "vllm-project/vllm examples/tool_chat_template_qwen3coder.jinja",
    (Opening("<tool_call>", "</tool_call>"), Opening("<function=", "</function>")),
    read)
