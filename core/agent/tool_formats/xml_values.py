"""Argument values written between XML-like tags (Qwen3-Coder, Seed-OSS, GLM-4.5, MiniMax-M2, DeepSeek DSML).

A template writes a string value as it is and anything else as JSON, so ``3`` between tags
may be the number 3 or the text "3": only the tool's schema tells. The rules:

* A value loses one newline at each end, no more (Qwen3-Coder's template writes
  ``<parameter=k>\\n`` value ``\\n</parameter>``; a value's own last newline stays).
* A value the format marks as a string (DSML ``string="true"``) stays text; one it marks as
  JSON (``string="false"``) is read as JSON, and stays text if it is not JSON.
* Any other value is typed by the schema of its parameter: text wherever a string is allowed;
  otherwise the first of the schema's types (``type``, or the options of ``anyOf``/``oneOf``)
  the text is a JSON value of: ``"3.14"`` is 3.14 for ``number``, ``"1"`` is 1 for
  ``integer`` (``"3.14"`` is not an integer), ``true``/``false`` for ``boolean``, ``null``,
  arrays and objects. A value that fits none stays text, and the argument check
  (:mod:`..schema_check`) tells the model what was wrong.
* Without a schema for the parameter, a value is text unless it is a JSON object or array.
"""
from __future__ import annotations

import json
import math
from typing import Any, Iterable, List, Optional, Sequence, Tuple

from .base import JSON_TEXT, TEXT, WrittenValue

_NOT_JSON = object()
_FITS = {
    "integer": lambda value: isinstance(value, int) and not isinstance(value, bool),
    "number": lambda value: isinstance(value, (int, float)) and not isinstance(value, bool),
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
    "array": lambda value: isinstance(value, list),
    "object": lambda value: isinstance(value, dict),
}


def value_text(text: str) -> str:
    """A value's text without the one newline a template puts at each end."""
    if text.startswith("\n"):
        text = text[1:]
    if text.endswith("\n"):
        text = text[:-1]
    return text


def written_values(pairs: Iterable[Tuple[str, str]]) -> Tuple[WrittenValue, ...]:
    """``(key, text between the tags)`` pairs as values whose type the schema decides."""
    return tuple(WrittenValue(key.strip(), value_text(text)) for key, text in pairs)


def typed_arguments(values: Sequence[WrittenValue], parameters: Optional[dict]) -> str:
    """The JSON object of ``values``, each typed by its property in ``parameters`` (a tool's schema)."""
    properties = parameters.get("properties") if isinstance(parameters, dict) else None
    properties = properties if isinstance(properties, dict) else {}
    return json.dumps({value.key: typed_value(value, properties.get(value.key)) for value in values},
                      ensure_ascii=False)


def typed_value(value: WrittenValue, schema: Optional[dict]) -> Any:
    """One value, typed as the module docstring says."""
    if value.kind == TEXT:
        return value.text
    if value.kind == JSON_TEXT:
        decoded = _json_value(value.text)
        return value.text if decoded is _NOT_JSON else decoded
    types = _schema_types(schema)
    if not types:
        return _object_or_text(value.text)
    if "string" in types:
        return value.text
    decoded = _json_value(value.text)
    if decoded is not _NOT_JSON and any(_FITS[name](decoded) for name in types if name in _FITS):
        return decoded
    return value.text


def _schema_types(schema) -> List[str]:
    """The type names a parameter's schema allows (its ``type`` and those of its options)."""
    if not isinstance(schema, dict):
        return []
    declared = schema.get("type")
    names = list(declared) if isinstance(declared, list) else [declared] if isinstance(declared, str) else []
    for key in ("anyOf", "oneOf"):
        options = schema.get(key)
        if isinstance(options, list):
            for option in options:
                names.extend(name for name in _schema_types(option) if name not in names)
    return names


def _object_or_text(text: str) -> Any:
    if text.lstrip().startswith(("{", "[")):
        decoded = _json_value(text)
        if decoded is not _NOT_JSON:
            return decoded
    return text


def _json_value(text: str) -> Any:
    """The JSON value ``text`` holds (spaces around allowed; no NaN or Infinity), else ``_NOT_JSON``."""
    try:
        decoded = json.loads(text, parse_constant=_refuse)
    except (ValueError, RecursionError):
        return _NOT_JSON
    return _NOT_JSON if isinstance(decoded, float) and not math.isfinite(decoded) else decoded  # 1e999


def _refuse(name: str) -> float:
    raise ValueError("%s is not JSON" % name)
