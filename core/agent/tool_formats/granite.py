"""Granite 3 and llama.cpp's Phi-4-mini template: ``<|tool_call|>[{"name": …, "arguments": …}]<|/tool_call|>``.

The closing tag is optional (Granite writes none).
"""
from .base import Opening, ToolFormat
from .json_calls import json_or_lenient, tagged_reader

FORMAT = ToolFormat(
    "granite", "vllm-project/vllm examples/tool_chat_template_granite.jinja; "
               "ggml-org/llama.cpp models/templates/llama-cpp-microsoft-Phi-4-mini-instruct.jinja",
    (Opening("<|tool_call|>", "<|/tool_call|>"),),
    tagged_reader({"<|tool_call|>": "<|/tool_call|>"}, json_or_lenient))
