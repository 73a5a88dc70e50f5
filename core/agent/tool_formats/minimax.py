"""MiniMax-M2: ``<minimax:tool_call>`` then ``<invoke name="…"><parameter name="…">value</parameter></invoke>``.

A string value is written as it is, anything else as JSON; the tool's schema types them (:mod:`.xml_values`).
"""
import re
from typing import List

from .base import Draft, Opening, ToolFormat
from .json_calls import tagged_reader
from .xml_values import written_values

MARKER, CLOSING = "<minimax:tool_call>", "</minimax:tool_call>"
_INVOKE = re.compile(r"<invoke\s+name=\"?([^\">\s]+)\"?\s*>(.*?)(?:</invoke>|\Z)", re.S)
_PARAMETER = re.compile(r"<parameter\s+name=\"?([^\">\s]+)\"?\s*>(.*?)(?:</parameter>|(?=<parameter\s)|\Z)", re.S)


def _body(body: str) -> List[Draft]:
    if not body.startswith("<invoke"):
        return []
    drafts = []
    for invoke in _INVOKE.finditer(body):
        pairs = [(parameter.group(1), parameter.group(2)) for parameter in _PARAMETER.finditer(invoke.group(2))]
        drafts.append(Draft(invoke.group(1), "", None, written_values(pairs)))
    return drafts


FORMAT = ToolFormat(
    "minimax_m2", "ggml-org/llama.cpp models/templates/unsloth-MiniMax-M2.jinja",
    (Opening(MARKER, CLOSING),), tagged_reader({MARKER: CLOSING}, _body))
