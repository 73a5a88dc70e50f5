"""Swiss AI Apertus: ``<|tools_prefix|>[{"name": {arguments}}, …]<|tools_suffix|>``.

Each call is an object whose only key is the tool's name and whose value is the arguments.
A list that is not valid JSON but starts with one call's name is read leniently (its
arguments kept raw, so the model is told what was wrong).
"""
from __future__ import annotations

import json
import re
from typing import List

from .base import Draft, Opening, ToolFormat
from .json_calls import DECODER, json_value_text, tagged_reader

MARKER, CLOSING = "<|tools_prefix|>", "<|tools_suffix|>"
_FIRST_CALL = re.compile(r'\[\s*\{\s*"([^"\\]+)"\s*:\s*')


def _call(item) -> List[Draft]:
    if not isinstance(item, dict) or len(item) != 1:
        return []
    (name, arguments), = item.items()
    if not name.strip():
        return []
    raw = arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
    return [Draft(name.strip(), raw, None)]


def _body(body: str) -> List[Draft]:
    try:
        value, end = DECODER.raw_decode(body)
    except (ValueError, RecursionError):
        return _lenient(body)
    if not isinstance(value, list) or body[end:].strip():
        return []
    drafts = [_call(item) for item in value]
    return [draft for found in drafts for draft in found] if drafts and all(drafts) else []


def _lenient(body: str) -> List[Draft]:
    """One call from a broken list: the first name, and the text of its arguments."""
    match = _FIRST_CALL.match(body)
    if match is None:
        return []
    return [Draft(match.group(1).strip(), json_value_text(body, match.end()), None)]


FORMAT = ToolFormat(
    "apertus", "swiss-ai/Apertus chat template (ggml-org/llama.cpp models/templates/Apertus-8B-Instruct.jinja); "
               "vllm-project/vllm tests/tool_parsers/test_apertus_tool_parser.py",
    (Opening(MARKER, CLOSING),), tagged_reader({MARKER: CLOSING}, _body))
