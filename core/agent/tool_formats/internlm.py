"""InternLM2: ``<|action_start|><|plugin|>\\n{"name": …, "parameters": {…}}<|action_end|>``.

``<|action_start|><|interpreter|>`` (code for InternLM's own interpreter) is no tool call.
"""
from .base import Opening, ToolFormat
from .json_calls import json_or_lenient, tagged_reader

MARKER, CLOSING = "<|action_start|><|plugin|>", "<|action_end|>"

FORMAT = ToolFormat(
    "internlm2", "InternLM/InternLM chat/chat_format.md (Function Call); "
                 "vllm-project/vllm examples/tool_chat_template_internlm2_tool.jinja",
    (Opening(MARKER, CLOSING),), tagged_reader({MARKER: CLOSING}, json_or_lenient))
