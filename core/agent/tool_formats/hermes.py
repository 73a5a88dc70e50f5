"""Hermes 2 Pro, Qwen 2.5 and Qwen3: ``<tool_call>{"name": …, "arguments": {…}}</tool_call>``.

One block per call; the closing tag is often missing (then the call runs to the next
``<tool_call>`` or the end). The body may be fenced, name its arguments ``parameters``,
send them as a JSON string, or use the OpenAI shape.
"""
from .base import Opening, ToolFormat
from .json_calls import json_or_lenient, tagged_reader

FORMAT = ToolFormat(
    "hermes", "vllm-project/vllm examples/tool_chat_template_hermes.jinja (NousResearch Hermes 2 Pro); "
              "ggml-org/llama.cpp common/chat.cpp (Hermes 2 Pro / Qwen 2.5 parser)",
    (Opening("<tool_call>", "</tool_call>"),),
    tagged_reader({"<tool_call>": "</tool_call>"}, json_or_lenient))
