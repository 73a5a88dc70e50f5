"""Parse a tool call's streamed arguments into a dict, or explain in plain words why not.

The explanation is meant to be sent back to the model as the tool's result, so it can retry
with valid arguments; it is never a crash and never a guess at what the model meant.
"""
from __future__ import annotations

import json
from typing import Any, Dict, Optional, Tuple

_QUOTE_LIMIT = 300


def _quote(raw: str) -> str:
    if len(raw) <= _QUOTE_LIMIT:
        return raw
    return raw[:_QUOTE_LIMIT] + "… (%d characters in all)" % len(raw)


def parse_tool_arguments(raw: str, tool_name: str = "") -> Tuple[Optional[Dict[str, Any]], Optional[str]]:
    """Parse the JSON arguments of a tool call.

    An empty (or all-whitespace) string means "no arguments" and gives ``{}``.

    Args:
        raw: The arguments string as the model streamed it.
        tool_name: The tool's name, used in the error message.

    Returns:
        ``(arguments, None)`` when ``raw`` is a JSON object, else ``(None, message)`` where
        ``message`` tells the model in plain words what was wrong.
    """
    if not raw.strip():
        return {}, None
    label = "tool %r" % tool_name if tool_name else "the tool call"
    try:
        value = json.loads(raw)
    except ValueError as exc:
        detail = getattr(exc, "msg", None) or str(exc)
        position = getattr(exc, "pos", None)
        where = " at character %d" % position if isinstance(position, int) else ""
        return None, ("The arguments for %s are not valid JSON (%s%s). They were: %s. "
                      "Call the tool again with the arguments as one JSON object."
                      % (label, detail, where, _quote(raw)))
    except RecursionError:
        return None, ("The arguments for %s are nested too deeply to be read. "
                      "Call the tool again with simpler arguments." % label)
    if not isinstance(value, dict):
        return None, ("The arguments for %s must be a JSON object ({\"name\": value, ...}), "
                      "but they were a JSON %s: %s. Call the tool again with a JSON object."
                      % (label, _json_kind(value), _quote(raw)))
    return value, None


def unreadable_arguments(raw: str, problem: str, tool_name: str) -> str:
    """The explanation for a call whose arguments were written in a form that cannot be read.

    Args:
        raw: The arguments as the model wrote them.
        problem: What is wrong, in plain words ("b'z' is not a value JSON can hold").
        tool_name: The tool's name.
    """
    return ("The arguments for tool %r could not be read: %s. They were: %s. "
            "Call the tool again with valid arguments." % (tool_name, problem, _quote(raw)))


def _json_kind(value: Any) -> str:
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    return "number"
