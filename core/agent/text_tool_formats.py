"""Readers for each way models write tool calls as text (see :mod:`.text_tool_calls`).

Each reader takes the whole message and the position of the marker that opened a block
and returns where the block ends and the calls it holds, as :class:`Draft` values (name,
raw arguments, id). Nothing here decides whether a name is a known tool.
"""
from __future__ import annotations

import json
import re
from typing import List, NamedTuple, Optional, Tuple

#: Text that opens a tool-call block (a fence only when a call follows it).
MARKERS = ("<tool_call>", "<|tool_call|>", "<function=", "<|python_tag|>", "[TOOL_CALLS]", "```")
#: Closing tag of each marker that has one (a fence closes with the next fence).
CLOSING = {"<tool_call>": "</tool_call>", "<|tool_call|>": "<|/tool_call|>", "<function=": "</function>",
           "```": "```"}
MARKER = re.compile("|".join(re.escape(marker) for marker in MARKERS))
_END_TOKENS = ("<|eom_id|>", "<|eot_id|>", "<|im_end|>", "<|end|>", "</s>")

_NAME_KEY = re.compile(r"""["']name["']\s*:\s*["']([^"'\\]+)["']""")
_NAME_FIRST = re.compile(r"""\{\s*["']name["']\s*:\s*["'][^"'\\]+["']""")
_ARGS_KEY = re.compile(r"""["'](?:arguments|parameters)["']\s*:\s*""")
_FUNCTION_TAG = re.compile(r"<function=([^>\s]+)>(.*?)(?:</function>|\Z)", re.S)
_PARAMETER_TAG = re.compile(r"<parameter=([^>\s]+)>(.*?)(?:</parameter>|(?=<parameter=)|\Z)", re.S)
_FENCE = re.compile(r"```[ \t]*(?:json)?[ \t]*\n(.*?)(?:\n[ \t]*```|\Z)", re.S | re.I)
_MISTRAL_NAMED = re.compile(r"\s*([A-Za-z_][\w.\-]*)(?:\[CALL_ID\]([A-Za-z0-9_\-]+))?(\[ARGS\])?\s*")
_DECODER = json.JSONDecoder()


class Draft(NamedTuple):
    """A call found in the text, before its name is checked."""

    name: str
    arguments_raw: str
    call_id: Optional[str]


# --- where a block starts (shared with the streaming filter) --------------------------

YES, MAYBE, NO = "yes", "maybe", "no"
"""Answers of :func:`json_head_state` and :func:`fence_head_state`."""
_CALL_HEAD = '{"name":'
_LIST_HEAD = '[{"name":'
_HEAD_SCAN = 24     # characters after "{" or a fence line within which '{"name":' must show
_FENCE_TAG_SCAN = 8  # characters of a fence's language tag we wait for


def json_head_state(text: str) -> str:
    """Whether ``text`` starts with ``{"name":`` or ``[{"name":`` (spaces allowed): yes, maybe or no."""
    squeezed = "".join(text[:_HEAD_SCAN].split())
    head = _LIST_HEAD if squeezed.startswith("[") else _CALL_HEAD
    if squeezed.startswith(head):
        return YES
    if head.startswith(squeezed) and len(text) < _HEAD_SCAN:
        return MAYBE
    return NO


def fence_head_state(text: str) -> str:
    """Whether ``text`` (starting with ```` ``` ````) opens a fenced JSON tool call."""
    rest = text[3:]
    line_end = rest.find("\n")
    if line_end < 0:
        tag = rest.strip().lower()
        return MAYBE if len(rest) <= _FENCE_TAG_SCAN and "json".startswith(tag) else NO
    if line_end > _FENCE_TAG_SCAN or rest[:line_end].strip().lower() not in ("", "json"):
        return NO
    return json_head_state(rest[line_end + 1:])


# --- one block per marker ----------------------------------------------------------

def read_block(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """Read the block opened by ``marker`` at ``start``: ``(end, drafts)``; no drafts if none."""
    body_start = start + len(marker)
    if marker in ("<tool_call>", "<|tool_call|>"):
        return _read_tagged(text, body_start, marker)
    if marker == "<function=":
        match = _FUNCTION_TAG.match(text, start)
        return (match.end(), _function_drafts(match)) if match else (body_start, [])
    if marker == "<|python_tag|>":
        return _read_json_run(text, body_start, _find_or_end(text, marker, body_start))
    if marker == "[TOOL_CALLS]":
        return _read_mistral(text, body_start, _find_or_end(text, marker, body_start))
    return _read_fence(text, start)


def _read_fence(text: str, start: int) -> Tuple[int, List[Draft]]:
    """A fence opening with ``{"name":`` and holding an arguments object, up to the next fence."""
    if fence_head_state(text[start:]) != YES:
        return start + 3, []
    body_start = text.index("\n", start) + 1
    close = text.find("```", body_start)
    stop, end = (close, close + 3) if close >= 0 else (len(text), len(text))
    body = text[body_start:stop]
    drafts = _json_or_lenient(body)
    if not drafts or not _ARGS_KEY.search(body):
        return start + 3, []
    return end, drafts


def _read_tagged(text: str, body_start: int, opening: str) -> Tuple[int, List[Draft]]:
    closing = CLOSING[opening]
    close = text.find(closing, body_start)
    following = text.find(opening, body_start)
    if close < 0 or 0 <= following < close:  # closing tag missing: up to the next call or the end
        stop = following if following >= 0 else len(text)
        end = stop
    else:
        stop, end = close, close + len(closing)
    body = _strip_fence(_strip_end_tokens(text[body_start:stop]).strip())
    if body.startswith("<function="):
        return end, [draft for match in _FUNCTION_TAG.finditer(body) for draft in _function_drafts(match)]
    return end, _json_or_lenient(body)


def _read_mistral(text: str, body_start: int, stop: int) -> Tuple[int, List[Draft]]:
    segment = text[body_start:stop]
    if segment.lstrip().startswith(("[", "{")):
        return _read_json_run(text, body_start, stop)
    named = _MISTRAL_NAMED.match(segment)
    if named is None or not (named.group(3) or segment[named.end():named.end() + 1] == "{"):
        return body_start, []
    arguments_start = body_start + named.end()
    try:
        _, end = _DECODER.raw_decode(text, arguments_start)
    except (ValueError, RecursionError):
        raw = _strip_end_tokens(text[arguments_start:stop]).strip()
        return stop, [Draft(named.group(1), raw, named.group(2))]
    end = min(end, stop)
    return _after_end_tokens(text, end, stop), [Draft(named.group(1), text[arguments_start:end], named.group(2))]


def _function_drafts(match: "re.Match[str]") -> List[Draft]:
    """``<function=name>`` followed by ``<parameter=key>value</parameter>`` tags or a JSON object."""
    name, body = match.group(1), match.group(2).strip()
    if "<parameter=" not in body:
        return [Draft(name, body, None)]
    arguments = {}
    for parameter in _PARAMETER_TAG.finditer(body):
        arguments[parameter.group(1)] = _parameter_value(parameter.group(2))
    return [Draft(name, json.dumps(arguments, ensure_ascii=False), None)]


def _parameter_value(text: str):
    """A parameter's text; kept as a string unless it is a JSON object or array."""
    value = text.strip("\n")
    if value.lstrip().startswith(("{", "[")):
        try:
            return json.loads(value)
        except ValueError:
            pass
    return value


# --- JSON bodies ---------------------------------------------------------------------

def whole_message_drafts(content: str) -> List[Draft]:
    """A message that is nothing but call objects (Llama's bare JSON form)."""
    body = _strip_end_tokens(content).strip()
    if not body.startswith(("{", "[")):
        return []
    leading = _leading_json_drafts(body, 0, len(body))
    if leading is not None:
        return leading[1] if not body[leading[0]:].strip() else []
    return _lenient_drafts(body) if _NAME_FIRST.match(body) else []


def _read_json_run(text: str, body_start: int, stop: int) -> Tuple[int, List[Draft]]:
    """Call objects from ``body_start`` (text after them stays text); else one read leniently."""
    leading = _leading_json_drafts(text, body_start, stop)
    if leading is not None:
        return _after_end_tokens(text, leading[0], stop), leading[1]
    return stop, _lenient_drafts(_strip_end_tokens(text[body_start:stop]))


def _json_or_lenient(body: str) -> List[Draft]:
    """Calls from a body of JSON call objects; one call read leniently if the JSON is broken."""
    body = body.strip()
    leading = _leading_json_drafts(body, 0, len(body))
    if leading is not None and not body[leading[0]:].strip():
        return leading[1]
    return _lenient_drafts(body)


def _leading_json_drafts(text: str, start: int, stop: int) -> Optional[Tuple[int, List[Draft]]]:
    """Read call objects (or lists of them) from ``start``, separated by spaces, ``;`` or ``,``.

    Returns:
        ``(end, drafts)`` after the last call read, or None if the first value is not one.
    """
    drafts: List[Draft] = []
    position, end = start, start
    while True:
        while position < stop and text[position] in " \t\r\n;,":
            position += 1
        if position >= stop or text[position] not in "{[":
            break
        try:
            value, after = _DECODER.raw_decode(text, position)
        except (ValueError, RecursionError):
            break
        found = _drafts_from_value(value)
        if not found or after > stop:
            break
        drafts.extend(found)
        position = end = after
    return (end, drafts) if drafts else None


def _drafts_from_value(value) -> List[Draft]:
    items = value if isinstance(value, list) else [value]
    drafts = [_draft_from_object(item) for item in items]
    return [] if not drafts or None in drafts else drafts  # type: ignore[return-value]


def _draft_from_object(item) -> Optional[Draft]:
    if not isinstance(item, dict):
        return None
    function = item.get("function")
    if isinstance(function, dict):  # the OpenAI shape: {"type": "function", "function": {...}}
        item = dict(function, id=item.get("id"))
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    arguments = item.get("arguments", item.get("parameters"))
    if arguments is None:
        raw = ""
    elif isinstance(arguments, str):
        raw = arguments  # arguments sent as a JSON string
    else:
        raw = json.dumps(arguments, ensure_ascii=False)
    call_id = item.get("id")
    return Draft(name.strip(), raw, call_id if isinstance(call_id, str) and call_id else None)


def _lenient_drafts(body: str) -> List[Draft]:
    """One call from broken JSON: its name, and its arguments text kept raw."""
    names = _NAME_KEY.findall(body)
    if len(names) != 1:
        return []
    arguments = _ARGS_KEY.search(body)
    raw = _value_text(body, arguments.end()) if arguments else body.strip()
    return [Draft(names[0].strip(), raw, None)]


def _value_text(text: str, start: int) -> str:
    """The text of the JSON value at ``start``: up to its balanced end, else the rest."""
    if text[start:start + 1] == '"':
        try:
            value, _ = _DECODER.raw_decode(text, start)
            return value if isinstance(value, str) else text[start:]
        except ValueError:
            pass
    end = _balanced_end(text, start)
    return text[start:end] if end else text[start:].rstrip()


def _balanced_end(text: str, start: int) -> Optional[int]:
    """Index after the bracket closing the one at ``start`` (strings respected), or None."""
    if text[start:start + 1] not in ("{", "["):
        return None
    depth, in_string, escaped = 0, False, False
    for index in range(start, len(text)):
        char = text[index]
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return index + 1
    return None


def _strip_end_tokens(text: str) -> str:
    stripped = text.rstrip()
    for token in _END_TOKENS:
        if stripped.endswith(token):
            return stripped[:-len(token)]
    return text


def _after_end_tokens(text: str, end: int, stop: int) -> int:
    """Move ``end`` past end-of-turn tokens (``<|eom_id|>``, ``</s>``…) that follow a call."""
    rest = text[end:stop]
    stripped = rest.lstrip()
    for token in _END_TOKENS:
        if stripped.startswith(token):
            return end + len(rest) - len(stripped) + len(token)
    return end


def _strip_fence(body: str) -> str:
    if body.startswith("```"):
        match = _FENCE.match(body)
        if match:
            return match.group(1).strip()
    return body


def _find_or_end(text: str, needle: str, start: int) -> int:
    found = text.find(needle, start)
    return found if found >= 0 else len(text)


