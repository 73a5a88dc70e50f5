"""Hermes-style wrappers small models improvise: ``<tool>``, ``<tools>``, ``<function_call>``, ``<json>``.

Small models that saw ``<tool_call>`` (or tool lists in ``<tools>``) in training often wrap
their call object in a tag of their own; the body is read like Hermes's. A tool's
declaration echoed in such a tag (a description with a JSON schema) is no call.
"""
from .base import Opening, ToolFormat
from .json_calls import json_or_lenient, tagged_reader

CLOSINGS = {"<tool>": "</tool>", "<tools>": "</tools>", "<function_call>": "</function_call>", "<json>": "</json>"}

FORMAT = ToolFormat(
    "improvised_tags", "no documentation of their own: the Hermes body (vllm-project/vllm "
                       "examples/tool_chat_template_hermes.jinja) in the tag names listed in issue 18",
    tuple(Opening(marker, closing) for marker, closing in CLOSINGS.items()),
    tagged_reader(CLOSINGS, json_or_lenient))
