"""AI21 Jamba and ServiceNow Apriel: ``<tool_calls>[{"name": …, "arguments": {…}}, …]</tool_calls>``.

Apriel adds an ``"id"`` to each call, which is kept.
"""
from .base import Opening, ToolFormat
from .json_calls import json_or_lenient, tagged_reader

FORMAT = ToolFormat(
    "jamba", "vllm-project/vllm tests/tool_use/test_jamba_tool_parser.py (Jamba model output); "
             "ggml-org/llama.cpp models/templates/unsloth-Apriel-1.5.jinja",
    (Opening("<tool_calls>", "</tool_calls>"),),
    tagged_reader({"<tool_calls>": "</tool_calls>"}, json_or_lenient))
