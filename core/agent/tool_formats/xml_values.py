"""Argument values written between XML-like tags (Qwen3-Coder, GLM-4.5, MiniMax-M2).

Templates write a string value as it is and anything else as JSON, and a value alone does
not say which it was. A value is kept as text unless it is a JSON object or array; the
tool's schema check turns ``"3"`` or ``"true"`` into a number or boolean when the tool
wants one (:mod:`..schema_check`).
"""
from __future__ import annotations

import json
from typing import Iterable, Tuple


def parameter_value(text: str):
    """A parameter's text; kept as a string unless it is a JSON object or array."""
    value = text.strip("\n")
    if value.lstrip().startswith(("{", "[")):
        try:
            return json.loads(value)
        except (ValueError, RecursionError):
            pass
    return value


def arguments_json(pairs: Iterable[Tuple[str, str]]) -> str:
    """The JSON object of ``(key, value text)`` pairs, values read by :func:`parameter_value`."""
    return json.dumps({key.strip(): parameter_value(value) for key, value in pairs}, ensure_ascii=False)
