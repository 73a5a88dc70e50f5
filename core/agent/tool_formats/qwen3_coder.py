"""Qwen3-Coder: ``<tool_call><function=name><parameter=key>value</parameter></function></tool_call>``.

The outer tag may be missing; then the ``</tool_call>`` that still follows the function tag
belongs to the call (it is not shown). A function tag may hold a JSON object instead of
parameters. Values are typed by the tool's schema (:mod:`.xml_values`).
"""
import re
from typing import List, Tuple

from .base import Draft, Opening, ToolFormat
from .json_calls import read_tagged
from .xml_values import written_values

_FUNCTION_TAG = re.compile(r"<function=([^<>\s]+)>(.*?)(?:</function>|\Z)", re.S)
_PARAMETER_TAG = re.compile(r"<parameter=([^<>\s]+)>(.*?)(?:</parameter>|(?=<parameter=)|\Z)", re.S)


def function_drafts(match: "re.Match[str]") -> List[Draft]:
    """``<function=name>`` followed by ``<parameter=key>value</parameter>`` tags or a JSON object."""
    name, body = match.group(1), match.group(2)
    if "<parameter=" not in body:
        return [Draft(name, body.strip(), None)]
    pairs = [(parameter.group(1), parameter.group(2)) for parameter in _PARAMETER_TAG.finditer(body)]
    return [Draft(name, "", None, written_values(pairs))]


def function_tags(body: str) -> List[Draft]:
    """The calls of a body made of ``<function=…>`` tags (none if it starts otherwise)."""
    if not body.startswith("<function="):
        return []
    return [draft for match in _FUNCTION_TAG.finditer(body) for draft in function_drafts(match)]


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """Read a ``<tool_call>`` holding function tags, or a bare ``<function=…>`` tag."""
    if marker == "<function=":
        match = _FUNCTION_TAG.match(text, start)
        return (match.end(), function_drafts(match)) if match else (start + len(marker), [])
    return read_tagged(text, start, marker, "</tool_call>", function_tags)


FORMAT = ToolFormat(
    "qwen3_coder", "vllm-project/vllm examples/tool_chat_template_qwen3coder.jinja",
    (Opening("<tool_call>", "</tool_call>"), Opening("<function=", "</function>", trailer="</tool_call>")),
    read)
