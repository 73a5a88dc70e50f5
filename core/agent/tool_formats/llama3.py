"""Llama 3.1 to 3.3 (JSON): ``<|python_tag|>{"name": …, "parameters": {…}}``, or the bare object as the message.

Several calls may follow each other, separated by ``;``; the message may end with
``<|eom_id|>``. Text after the calls stays text.
"""
from typing import List, Tuple

from .base import Draft, Opening, ToolFormat, find_or_end
from .json_calls import read_json_run, whole_message_drafts


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """Call objects after ``<|python_tag|>``, up to the next tag or the end."""
    body_start = start + len(marker)
    return read_json_run(text, body_start, find_or_end(text, marker, body_start))


FORMAT = ToolFormat(
    "llama3_json", "vllm-project/vllm examples/tool_chat_template_llama3.1_json.jinja",
    (Opening("<|python_tag|>"),), read, whole=whole_message_drafts)
