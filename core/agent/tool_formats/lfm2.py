"""Liquid LFM2 and LFM2.5: ``<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>``.

Pythonic by default; JSON call objects when the system prompt asks for JSON (as
llama.cpp's LFM2 template renders them).
"""
from typing import List

from .base import Draft, Opening, ToolFormat
from .json_calls import json_or_lenient, tagged_reader
from .pythonic_calls import lenient_call, parse_call_list

MARKER, CLOSING = "<|tool_call_start|>", "<|tool_call_end|>"


def _body(body: str) -> List[Draft]:
    if body.startswith(("{", "[{")):
        return json_or_lenient(body)
    calls = parse_call_list(body)
    return calls if calls is not None else lenient_call(body)


FORMAT = ToolFormat(
    "lfm2", "Liquid4All/docs lfm/key-concepts/tool-use.md; ggml-org/llama.cpp models/templates/llama-cpp-lfm2.jinja",
    (Opening(MARKER, CLOSING),), tagged_reader({MARKER: CLOSING}, _body))
