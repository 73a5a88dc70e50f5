"""Calls written as a Python list: ``[get_weather(city="Paris"), get_time()]``.

Llama 3.2 and 4 (pythonic templates), LFM2 and others write their calls this way. The text
is parsed with :mod:`ast` (never evaluated); values must be literals (strings, numbers,
``True``/``False``/``None``, JSON's ``true``/``false``/``null``, lists, dicts).

Each call of a list is judged on its own: a call whose arguments cannot be read (positional
arguments, a value JSON cannot hold such as ``b'z'``, text that is not Python) is kept with
its arguments' text and a :attr:`~.base.Draft.problem` the model is told, and never runs;
the other calls of the list are made. A list with an item that is not ``name(…)`` is no
call list at all.
"""
from __future__ import annotations

import ast
import json
import math
import re
import warnings
from typing import List, Optional

from .base import Draft

_LITERAL_NAMES = {"True": True, "False": False, "None": None, "true": True, "false": False, "null": None}
_FIRST_CALL = re.compile(r"\[?\s*([A-Za-z_][\w.\-]*)\s*\(")
_CALL_ITEM = re.compile(r"\s*(?:functions\.)?([A-Za-z_][\w\-]*)\s*\((.*)\)\s*", re.S)
_MAX_TEXT = 200000
_OPENERS, _CLOSERS = "([{", ")]}"
_NOT_PYTHON = "it is not valid Python call syntax"
_BY_NAME = "the arguments must be written as name=value"


def parse_call_list(text: str) -> Optional[List[Draft]]:
    """The calls of ``text`` when it is a Python list of calls (or one call), else None."""
    if len(text) > _MAX_TEXT:
        return None
    source = text.strip()
    tree = _parsed(source)
    if tree is None:
        return _calls_one_by_one(source)
    body = tree.body
    calls = body.elts if isinstance(body, (ast.List, ast.Tuple)) else [body]
    if not calls or not all(isinstance(call, ast.Call) and _call_name(call) for call in calls):
        return None
    return [_draft(call, source) for call in calls]


def _parsed(source: str) -> Optional[ast.Expression]:
    try:
        with warnings.catch_warnings():  # "invalid escape sequence" in a model's string is not ours to report
            warnings.simplefilter("ignore")
            return ast.parse(source, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _calls_one_by_one(source: str) -> Optional[List[Draft]]:
    """A list that is not Python as a whole (a broken quote, say): each ``name(…)`` item alone."""
    if not (source.startswith("[") and source.endswith("]")):
        return None
    drafts = []
    for item in _top_level_items(source[1:-1]):
        match = _CALL_ITEM.fullmatch(item)
        if match is None:
            return None
        tree = _parsed(item.strip())
        if tree is not None and isinstance(tree.body, ast.Call) and _call_name(tree.body):
            drafts.append(_draft(tree.body, item.strip()))
        else:
            drafts.append(Draft(match.group(1), match.group(2).strip(), None, problem=_NOT_PYTHON))
    return drafts or None


def bracket_end(text: str, start: int) -> Optional[int]:
    """Index after the bracket closing the one at ``start``, quotes not counted, or None."""
    depth = 0
    for index in range(start, len(text)):
        char = text[index]
        if char in _OPENERS:
            depth += 1
        elif char in _CLOSERS:
            depth -= 1
            if depth == 0:
                return index + 1
    return None


def _top_level_items(inner: str) -> List[str]:
    """``inner`` cut at the commas outside brackets; quotes are not trusted (one may be broken)."""
    items, depth, start = [], 0, 0
    for index, char in enumerate(inner):
        if char in _OPENERS:
            depth += 1
        elif char in _CLOSERS:
            depth -= 1
        elif char == "," and depth == 0:
            items.append(inner[start:index])
            start = index + 1
    items.append(inner[start:])
    return items


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
            raise _Unreadable(_BY_NAME)
        arguments = {keyword.arg: _literal(keyword.value, source, 0) for keyword in call.keywords}
    except _Unreadable as unreadable:
        return Draft(name, _inner(call, source), None, problem=str(unreadable))
    except RecursionError:
        return Draft(name, _inner(call, source), None, problem="the values are nested too deeply")
    return Draft(name, json.dumps(arguments, ensure_ascii=False), None)


def _inner(call: ast.Call, source: str) -> str:
    """The text between a call's parentheses."""
    segment = ast.get_source_segment(source, call) or ""
    inner = segment[segment.find("(") + 1:]
    return inner[:-1] if inner.endswith(")") else inner


class _Unreadable(ValueError):
    """Arguments that are no JSON values; the message says why, for the model."""


def _literal(node, source: str, depth: int):
    if depth > 100:
        raise RecursionError("nested too deeply")
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float, bool, type(None))):
        if isinstance(node.value, float) and not math.isfinite(node.value):
            raise _Unreadable("%s is not a finite number" % _shown(node, source))
        return node.value
    if isinstance(node, ast.Name) and node.id in _LITERAL_NAMES:
        return _LITERAL_NAMES[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _literal(node.operand, source, depth + 1)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_literal(item, source, depth + 1) for item in node.elts]
    if isinstance(node, ast.Dict) and all(isinstance(key, ast.Constant) and isinstance(key.value, str)
                                          for key in node.keys):
        return {key.value: _literal(value, source, depth + 1) for key, value in zip(node.keys, node.values)}
    raise _Unreadable("%s is not a value JSON can hold (write strings, numbers, true/false, null, lists or "
                      "objects)" % _shown(node, source))


def _shown(node, source: str) -> str:
    text = ast.get_source_segment(source, node) or "a value"
    return text if len(text) <= 60 else text[:57] + "..."
