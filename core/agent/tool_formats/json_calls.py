"""Call objects written as JSON: ``{"name": …, "arguments": {…}}`` and its relatives.

Shared by every format whose block holds JSON (Hermes, Granite, Mistral, Jamba, Nemotron,
InternLM2, Command R, fences, bare objects): reading one or several call objects,
reading a broken one leniently (its name, its arguments kept raw so the model is told what
was wrong), reading a tagged block, and the head checks of JSON that may start a call.
"""
from __future__ import annotations

import json
import re
from typing import Callable, FrozenSet, List, Optional, Tuple

from .base import MAYBE, NO, YES, Draft, after_end_tokens, name_state, strip_end_tokens

NAME_KEYS = ("name", "tool_name", "function", "tool")
"""Keys that name the tool in a call object (``function``/``tool`` only when they hold text)."""
ARGUMENT_KEYS = ("arguments", "parameters")

DECODER = json.JSONDecoder()
ARGS_KEY = re.compile(r"""["'](?:arguments|parameters)["']\s*:\s*""")
_NAME_KEY = re.compile(r"""["'](?:name|tool_name)["']\s*:\s*["']([^"'\\]+)["']""")
_NAME_FIRST = re.compile(r"""\{\s*["'](?:name|tool_name)["']\s*:\s*["'][^"'\\]+["']""")
_FENCE = re.compile(r"```[ \t]*(?:json)?[ \t]*\n(.*?)(?:\n[ \t]*```|```[ \t]*\Z|\Z)", re.S | re.I)


# --- call objects ------------------------------------------------------------------------

def draft_from_object(item) -> Optional[Draft]:
    """A call from one decoded object, or None when it is not a call.

    Accepts ``{"name", "arguments"|"parameters"}``, Command R's ``tool_name``, and the
    OpenAI shape ``{"type": "function", "function": {...}}``. A tool *declaration*
    (a description and a JSON schema as its parameters) is not a call.
    """
    if not isinstance(item, dict):
        return None
    function = item.get("function")
    if isinstance(function, dict):
        item = dict(function, id=item.get("id"))
    name = next((item[key] for key in NAME_KEYS if isinstance(item.get(key), str)), None)
    if name is None or not name.strip():
        return None
    arguments = next((item[key] for key in ARGUMENT_KEYS if key in item), None)
    if "description" in item and _is_schema(arguments):
        return None
    if arguments is None:
        raw = ""
    elif isinstance(arguments, str):
        raw = arguments  # arguments sent as a JSON string
    else:
        raw = json.dumps(arguments, ensure_ascii=False)
    call_id = item.get("id")
    return Draft(name.strip(), raw, call_id if isinstance(call_id, str) and call_id else None)


def _is_schema(value) -> bool:
    return isinstance(value, dict) and value.get("type") == "object" and "properties" in value


def drafts_from_value(value) -> List[Draft]:
    """The calls of a decoded object or list of objects (none unless every item is a call)."""
    items = value if isinstance(value, list) else [value]
    drafts = [draft_from_object(item) for item in items]
    return [] if not drafts or None in drafts else drafts  # type: ignore[return-value]


def leading_json_drafts(text: str, start: int, stop: int) -> Optional[Tuple[int, List[Draft]]]:
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
            value, after = DECODER.raw_decode(text, position)
        except (ValueError, RecursionError):
            break
        found = drafts_from_value(value)
        if not found or after > stop:
            break
        drafts.extend(found)
        position = end = after
    return (end, drafts) if drafts else None


def read_json_run(text: str, body_start: int, stop: int) -> Tuple[int, List[Draft]]:
    """Call objects from ``body_start`` (text after them stays text); else one read leniently."""
    leading = leading_json_drafts(text, body_start, stop)
    if leading is not None:
        return after_end_tokens(text, leading[0], stop), leading[1]
    return stop, lenient_drafts(strip_end_tokens(text[body_start:stop]))


def json_or_lenient(body: str) -> List[Draft]:
    """Calls from a body of JSON call objects; one call read leniently if the JSON is broken."""
    body = body.strip()
    leading = leading_json_drafts(body, 0, len(body))
    if leading is not None and not body[leading[0]:].strip():
        return leading[1]
    if leading is None and _is_valid_json(body):
        return []  # well-formed, but no call (a tool's declaration, say)
    return lenient_drafts(body)


def _is_valid_json(text: str) -> bool:
    try:
        DECODER.raw_decode(text)
    except (ValueError, RecursionError):
        return False
    return True


def lenient_drafts(body: str) -> List[Draft]:
    """One call from broken JSON: its name, and its arguments text kept raw."""
    names = _NAME_KEY.findall(body)
    if len(names) != 1:
        return []
    arguments = ARGS_KEY.search(body)
    raw = json_value_text(body, arguments.end()) if arguments else body.strip()
    return [Draft(names[0].strip(), raw, None)]


def whole_message_drafts(content: str) -> List[Draft]:
    """A message that is nothing but call objects (Llama 3's bare JSON form)."""
    body = strip_end_tokens(content).strip()
    if not body.startswith(("{", "[")):
        return []
    leading = leading_json_drafts(body, 0, len(body))
    if leading is not None:
        return leading[1] if not body[leading[0]:].strip() else []
    return lenient_drafts(body) if _NAME_FIRST.match(body) else []


def json_value_text(text: str, start: int) -> str:
    """The text of the JSON value at ``start``: up to its balanced end, else the rest."""
    if text[start:start + 1] == '"':
        try:
            value, _ = DECODER.raw_decode(text, start)
            return value if isinstance(value, str) else text[start:]
        except ValueError:
            pass
    end = _json_balanced_end(text, start)
    return text[start:end] if end else text[start:].rstrip()


def _json_balanced_end(text: str, start: int) -> Optional[int]:
    """Index after the bracket closing the one at ``start`` (JSON strings respected), or None."""
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


def strip_fence(body: str) -> str:
    """The inside of a ```` ```json ```` fence around a body, or the body as it is.

    The closing fence is on a line of its own, or glued to the end of the body (DeepSeek R1
    writes ``{"arg1": 1}```<｜tool▁call▁end｜>``; llama.cpp's parser accepts it too).
    """
    if body.startswith("```"):
        match = _FENCE.match(body)
        if match:
            return match.group(1).strip()
    return body


# --- tagged blocks: <tag> body </tag> ------------------------------------------------------------

def read_tagged(text: str, start: int, opening: str, closing: str,
                body_reader: Callable[[str], List[Draft]]) -> Tuple[int, List[Draft]]:
    """Read ``opening`` body ``closing`` at ``start``; a missing closing tag ends the body at
    the next ``opening`` or the end of the text. The body is read without end tokens and fence."""
    body_start = start + len(opening)
    close = text.find(closing, body_start)
    following = text.find(opening, body_start)
    if close < 0 or 0 <= following < close:
        stop = following if following >= 0 else len(text)
        end = stop
    else:
        stop, end = close, close + len(closing)
    body = strip_fence(strip_end_tokens(text[body_start:stop]).strip())
    return end, body_reader(body)


def tagged_reader(closings, body_reader: Callable[[str], List[Draft]]):
    """A reader for tags whose closing is ``closings[marker]`` and whose body ``body_reader`` reads."""
    def read(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
        return read_tagged(text, start, marker, closings[marker], body_reader)
    return read


# --- heads: does this JSON start a call? ---------------------------------------------------------

_CALL_HEADS = ('{"name":', '{"tool_name":')
_LIST_HEADS = ('[{"name":', '[{"tool_name":')
_HEAD_SCAN = 64     # characters after "{" or a fence line within which the call head must show
_FENCE_TAG_SCAN = 8  # characters of a fence's language tag we wait for
OBJECT_HEAD_LIMIT = 120
"""Characters an object's start may take before it cannot be a call."""


def json_head_state(text: str) -> str:
    """Whether ``text`` starts with ``{"name":`` or ``[{"name":`` (or ``tool_name``), spaces allowed."""
    squeezed = "".join(text[:_HEAD_SCAN].split())
    heads = _LIST_HEADS if squeezed.startswith("[") else _CALL_HEADS
    if squeezed.startswith(heads):
        return YES
    if any(head.startswith(squeezed) for head in heads) and len(text) < _HEAD_SCAN:
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


def object_head_state(text: str, position: int, known: FrozenSet[str]) -> str:
    """Whether the object at ``position`` starts ``{"name": "<a tool offered>"`` (or ``tool_name``…).

    Only the first :data:`OBJECT_HEAD_LIMIT` characters are looked at: a start longer than
    that is no call, so the answer never depends on text further on.
    """
    window = text[position:position + OBJECT_HEAD_LIMIT]
    reader = _Tokens(window, len(window) < OBJECT_HEAD_LIMIT)
    if not reader.char("{") or not reader.skip_space():
        return reader.state()
    key = reader.quoted()
    if key is None:
        return reader.state()
    if not reader.complete:
        return MAYBE if reader.may_grow and any(k.startswith(key) for k in NAME_KEYS) else NO
    if key not in NAME_KEYS:
        return NO
    if not (reader.skip_space() and reader.char(":") and reader.skip_space()):
        return reader.state()
    name = reader.quoted()
    if name is None:
        return reader.state()
    state = name_state(name, known, reader.complete)
    return NO if state == MAYBE and not reader.may_grow else state


class _Tokens:
    """A tiny cursor over the start of a JSON object, for head checks on partial text.

    ``may_grow``: the text given is all that has arrived (more may come), not a window.
    """

    def __init__(self, text: str, may_grow: bool) -> None:
        self.text, self.position, self.may_grow = text, 0, may_grow
        self.at_end = False
        self.complete = False
        self._failed = False

    def state(self) -> str:
        return MAYBE if self.at_end and self.may_grow and not self._failed else NO

    def char(self, wanted: str) -> bool:
        if self.position >= len(self.text):
            self.at_end = True
            return False
        if self.text[self.position] != wanted:
            self._failed = True
            return False
        self.position += 1
        return True

    def skip_space(self) -> bool:
        while self.position < len(self.text) and self.text[self.position] in " \t\r\n":
            self.position += 1
        if self.position >= len(self.text):
            self.at_end = True
            return False
        return True

    def quoted(self) -> Optional[str]:
        """The text of a quoted word (possibly cut at the end), or None if no quote is here."""
        if not self.char('"'):
            return None
        end = self.text.find('"', self.position)
        if end < 0:
            word, self.position, self.at_end, self.complete = self.text[self.position:], len(self.text), True, False
        else:
            word, self.position, self.complete = self.text[self.position:end], end + 1, True
        if "\\" in word:  # an escape: no tool name
            self._failed = True
            return None
        return word
