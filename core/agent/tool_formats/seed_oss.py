"""ByteDance Seed-OSS: Qwen3-Coder's function tags inside ``<seed:tool_call>…</seed:tool_call>``.

``<seed:tool_call>\\n<function=name>\\n<parameter=key>value</parameter>\\n</function>\\n</seed:tool_call>``;
a value spans lines as written and loses one newline at each end (:mod:`.xml_values`).
"""
from __future__ import annotations

from .base import Opening, ToolFormat
from .json_calls import tagged_reader
from .qwen3_coder import function_tags

MARKER, CLOSING = "<seed:tool_call>", "</seed:tool_call>"

FORMAT = ToolFormat(
    "seed_oss", "ggml-org/llama.cpp models/templates/ByteDance-Seed-OSS.jinja",
    (Opening(MARKER, CLOSING),), tagged_reader({MARKER: CLOSING}, function_tags))
