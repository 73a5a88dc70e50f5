"""Mistral: ``[TOOL_CALLS][{"name": …, "arguments": …}, …]`` and the newer ``[TOOL_CALLS]name[ARGS]{…}``.

The newer form may carry ``[CALL_ID]id`` before ``[ARGS]``; that id is kept (9 letters and
digits, the only form Mistral's templates accept). ``[TOOL_CALLS]`` is a control token: at the
start of the reply it is not shown even when no call follows (vLLM's Mistral parser returns
``[TOOL_CALLS] not json at all`` as the content "not json at all").
"""
import re
from typing import List, Tuple

from .base import Draft, Opening, ToolFormat, after_end_tokens, find_or_end, strip_end_tokens
from .json_calls import DECODER, read_json_run

_NAMED = re.compile(r"\s*([A-Za-z_][\w.\-]*)(?:\[CALL_ID\]([A-Za-z0-9_\-]+))?(\[ARGS\])?\s*")


def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """The calls after ``[TOOL_CALLS]``, up to the next ``[TOOL_CALLS]`` or the end."""
    body_start = start + len(marker)
    stop = find_or_end(text, marker, body_start)
    segment = text[body_start:stop]
    if segment.lstrip().startswith(("[", "{")):
        return read_json_run(text, body_start, stop)
    named = _NAMED.match(segment)
    if named is None or not (named.group(3) or segment[named.end():named.end() + 1] == "{"):
        return body_start, []
    arguments_start = body_start + named.end()
    try:
        _, end = DECODER.raw_decode(text, arguments_start)
    except (ValueError, RecursionError):
        raw = strip_end_tokens(text[arguments_start:stop]).strip()
        return stop, [Draft(named.group(1), raw, named.group(2))]
    end = min(end, stop)
    return after_end_tokens(text, end, stop), [Draft(named.group(1), text[arguments_start:end], named.group(2))]


FORMAT = ToolFormat(
    "mistral", "vllm-project/vllm examples/tool_chat_template_mistral.jinja and "
               "tests/tool_parsers/test_mistral_tool_parser.py; "
               "ggml-org/llama.cpp models/templates/mistralai-Mistral-Small-3.1-24B-Instruct-2503.jinja",
    (Opening("[TOOL_CALLS]", control=True),), read)
