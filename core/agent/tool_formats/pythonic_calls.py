"""Calls written as a Python list: ``[get_weather(city="Paris"), get_time()]``.

Llama 3.2 and 4 (pythonic templates), LFM2 and others write their calls this way. The text
is parsed with :mod:`ast` (never evaluated); values must be literals (strings, numbers,
``True``/``False``/``None``, JSON's ``true``/``false``/``null``, lists, dicts).
"""
from __future__ import annotations

import ast
import json
import re
import warnings
from typing import List, Optional

from .base import Draft

_LITERAL_NAMES = {"True": True, "False": False, "None": None, "true": True, "false": False, "null": None}
_FIRST_CALL = re.compile(r"\[?\s*([A-Za-z_][\w.\-]*)\s*\(")
_MAX_TEXT = 200000


def parse_call_list(text: str) -> Optional[List[Draft]]:
    """The calls of ``text`` when it is a Python list of calls (or one call), else None.

    A call whose arguments cannot be read (positional arguments, a value that is not a
    literal) is returned with its arguments' source text, so the model is told what was wrong.
    """
    if len(text) > _MAX_TEXT:
        return None
    try:
        with warnings.catch_warnings():  # "invalid escape sequence" in a model's string is not ours to report
            warnings.simplefilter("ignore")
            tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    body = tree.body
    calls = body.elts if isinstance(body, (ast.List, ast.Tuple)) else [body]
    if not calls or not all(isinstance(call, ast.Call) and _call_name(call) for call in calls):
        return None
    return [_draft(call, text.strip()) for call in calls]


def lenient_call(text: str) -> List[Draft]:
    """One call read from broken pythonic text: its name and its arguments text kept raw."""
    match = _FIRST_CALL.match(text.strip())
    if match is None:
        return []
    inner = text.strip()[match.end():]
    inner = inner.rstrip().rstrip("]").rstrip()
    inner = inner[:-1] if inner.endswith(")") else inner
    return [Draft(match.group(1), inner.strip(), None)]


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "functions":
        return func.attr  # functions.get_weather(...)
    return ""


def _draft(call: ast.Call, source: str) -> Draft:
    name = _call_name(call)
    try:
        if call.args or any(keyword.arg is None for keyword in call.keywords):
            raise ValueError("positional arguments")
        arguments = {keyword.arg: _literal(keyword.value, 0) for keyword in call.keywords}
    except (ValueError, RecursionError):
        segment = ast.get_source_segment(source, call) or ""
        inner = segment[segment.find("(") + 1:]
        return Draft(name, inner[:-1] if inner.endswith(")") else inner, None)
    return Draft(name, json.dumps(arguments, ensure_ascii=False), None)


def _literal(node, depth: int):
    if depth > 100:
        raise ValueError("nested too deeply")
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float, bool, type(None))):
        return node.value
    if isinstance(node, ast.Name) and node.id in _LITERAL_NAMES:
        return _LITERAL_NAMES[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _literal(node.operand, depth + 1)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_literal(item, depth + 1) for item in node.elts]
    if isinstance(node, ast.Dict) and all(isinstance(key, ast.Constant) and isinstance(key.value, str)
                                          for key in node.keys):
        return {key.value: _literal(value, depth + 1) for key, value in zip(node.keys, node.values)}
    raise ValueError("not a literal")
