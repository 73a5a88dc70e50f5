"""GLM-4.5 and GLM-4.6: ``<tool_call>name`` then ``<arg_key>k</arg_key><arg_value>v</arg_value>`` pairs.

A string value is written as it is, anything else as JSON; the tool's schema types them (:mod:`.xml_values`).
"""
import re
from typing import List

from .base import Draft, Opening, ToolFormat
from .json_calls import tagged_reader
from .xml_values import written_values

_NAME = re.compile(r"\s*([A-Za-z_][\w.\-]*)\s*")
_PAIR = re.compile(r"<arg_key>(.*?)</arg_key>\s*<arg_value>(.*?)(?:</arg_value>|\Z)\s*", re.S)


def _body(body: str) -> List[Draft]:
    name = _NAME.match(body)
    if name is None:
        return []
    pairs, position = [], name.end()
    while position < len(body):
        pair = _PAIR.match(body, position)
        if pair is None:
            return []  # something else than argument pairs: not this format
        pairs.append((pair.group(1), pair.group(2)))
        position = pair.end()
    return [Draft(name.group(1), "", None, written_values(pairs))]


FORMAT = ToolFormat(
    "glm45", "ggml-org/llama.cpp models/templates/glm_4_5.jinja and models/templates/GLM-4.6.jinja",
    (Opening("<tool_call>", "</tool_call>"),),
    tagged_reader({"<tool_call>": "</tool_call>"}, _body))
