"""DeepSeek V3.2 and V4: DSML, ``<｜DSML｜function_calls>`` (V4: ``<｜DSML｜tool_calls>``) holding invokes.

Each call is ``<｜DSML｜invoke name="name">`` with one
``<｜DSML｜parameter name="key" string="true">value</｜DSML｜parameter>`` per argument and a
closing ``</｜DSML｜invoke>``. ``string="true"`` marks a value written as text; with
``string="false"`` the value is JSON (``1`` is the number 1). A parameter without the
attribute is typed by the tool's schema (:mod:`.xml_values`).
"""
from __future__ import annotations

import re
from typing import List, Optional

from .base import AS_WRITTEN, JSON_TEXT, TEXT, Draft, Opening, ToolFormat, WrittenValue
from .json_calls import tagged_reader

TOKEN = "｜DSML｜"
#: Each opening with its closing: V3.2's ``function_calls`` and V4's ``tool_calls``.
CLOSINGS = {"<%s%s>" % (TOKEN, block): "</%s%s>" % (TOKEN, block) for block in ("function_calls", "tool_calls")}
_INVOKE = re.compile(r'\s*<%sinvoke\s+name="([^"]+)"\s*>(.*?)(?:</%sinvoke>|\Z)\s*' % (TOKEN, TOKEN), re.S)
_PARAMETER = re.compile(r'\s*<%sparameter\s+name="([^"]+)"(?:\s+string="(true|false)")?\s*>(.*?)'
                        r'(?:</%sparameter>|(?=<%sparameter\s)|\Z)\s*' % (TOKEN, TOKEN, TOKEN), re.S)
_KINDS = {"true": TEXT, "false": JSON_TEXT, None: AS_WRITTEN}


def _values(body: str) -> Optional[List[WrittenValue]]:
    """The parameters of one invoke, or None when it holds anything else."""
    values, position, body = [], 0, body.strip()
    while position < len(body):
        parameter = _PARAMETER.match(body, position)
        if parameter is None:
            return None
        values.append(WrittenValue(parameter.group(1), parameter.group(3), _KINDS[parameter.group(2)]))
        position = parameter.end()
    return values


def _body(body: str) -> List[Draft]:
    """The invokes of a block; none unless the block is nothing but invokes."""
    drafts, position = [], 0
    while position < len(body):
        invoke = _INVOKE.match(body, position)
        values = _values(invoke.group(2)) if invoke else None
        if values is None:
            return []
        drafts.append(Draft(invoke.group(1), "", None, tuple(values)))
        position = invoke.end()
    return drafts


FORMAT = ToolFormat(
    "deepseek_dsml", "huggingface.co/deepseek-ai/DeepSeek-V3.2 encoding/encoding_dsv32.py (tool_calls_template, "
                     "encode_arguments_to_dsml); vllm-project/vllm tests/tool_parsers/test_deepseekv32_tool_parser.py "
                     "and test_deepseekv4_tool_parser.py",
    tuple(Opening(marker, closing) for marker, closing in CLOSINGS.items()), tagged_reader(CLOSINGS, _body))
