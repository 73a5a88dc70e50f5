"""Check tool arguments against the tool's JSON schema, with errors a model can act on.

Only the part of JSON Schema that tool declarations use is supported: ``type`` (one
or a list), ``properties``, ``required``, ``additionalProperties: false``, ``enum``,
``minimum``/``maximum``, ``minLength``/``maxLength``, ``items``, ``minItems``/
``maxItems`` and ``anyOf``. Small local models often send numbers and booleans as
strings; :func:`check_arguments` converts those when the meaning is unambiguous.
"""
from __future__ import annotations

from typing import Any, List, Tuple

_TYPES = {
    "object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
}


def check_arguments(arguments: Any, schema: dict) -> Tuple[Any, List[str]]:
    """Validate (and gently coerce) ``arguments`` against ``schema``.

    Args:
        arguments: the parsed tool arguments.
        schema: the tool's ``parameters`` schema.

    Returns:
        ``(arguments, errors)``: the possibly coerced arguments and a list of plain
        messages such as ``"'row' must be an integer, got 'two'"`` (empty when valid).
    """
    errors: List[str] = []
    value = _check(arguments, schema, "arguments", errors)
    return value, errors


def _describe(path: str) -> str:
    return "the arguments" if path == "arguments" else "'%s'" % path


def _check(value: Any, schema: dict, path: str, errors: List[str]) -> Any:
    if "anyOf" in schema:
        return _check_any_of(value, schema["anyOf"], path, errors)
    expected = schema.get("type")
    if expected is not None:
        value, ok = _coerce_type(value, expected)
        if not ok:
            errors.append("%s must be %s, got %s" % (_describe(path), _type_words(expected), _shown(value)))
            return value
    if "enum" in schema and value not in schema["enum"]:
        errors.append("%s must be one of %s, got %s" % (_describe(path), ", ".join(_shown(v) for v in schema["enum"]),
                                                        _shown(value)))
    if isinstance(value, dict):
        value = _check_object(value, schema, path, errors)
    elif isinstance(value, list):
        _check_array(value, schema, path, errors)
    elif isinstance(value, str):
        _check_string(value, schema, path, errors)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        _check_number(value, schema, path, errors)
    return value


def _check_any_of(value: Any, options: List[dict], path: str, errors: List[str]) -> Any:
    for option in options:
        attempt: List[str] = []
        coerced = _check(value, option, path, attempt)
        if not attempt:
            return coerced
    errors.append("%s does not match any allowed form (got %s)" % (_describe(path), _shown(value)))
    return value


def _check_object(value: dict, schema: dict, path: str, errors: List[str]) -> dict:
    properties = schema.get("properties", {})
    prefix = "" if path == "arguments" else path + "."
    for name in schema.get("required", []):
        if name not in value:
            errors.append("'%s%s' is required" % (prefix, name))
    if schema.get("additionalProperties") is False:
        unknown = sorted(set(value) - set(properties))
        if unknown:
            errors.append("unknown argument%s %s (allowed: %s)" % (
                "s" if len(unknown) > 1 else "", ", ".join("'%s'" % u for u in unknown),
                ", ".join(sorted(properties)) or "none"))
    result = dict(value)
    for name, sub_schema in properties.items():
        if name in value:
            result[name] = _check(value[name], sub_schema, prefix + name, errors)
    return result


def _check_array(value: list, schema: dict, path: str, errors: List[str]) -> None:
    if "minItems" in schema and len(value) < schema["minItems"]:
        errors.append("%s needs at least %d item(s)" % (_describe(path), schema["minItems"]))
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        errors.append("%s allows at most %d item(s)" % (_describe(path), schema["maxItems"]))
    items = schema.get("items")
    if isinstance(items, dict):
        for index, item in enumerate(value):
            value[index] = _check(item, items, "%s[%d]" % (path, index), errors)


def _check_string(value: str, schema: dict, path: str, errors: List[str]) -> None:
    if "minLength" in schema and len(value) < schema["minLength"]:
        errors.append("%s must not be shorter than %d character(s)" % (_describe(path), schema["minLength"]))
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        errors.append("%s must not be longer than %d characters" % (_describe(path), schema["maxLength"]))


def _check_number(value, schema: dict, path: str, errors: List[str]) -> None:
    if "minimum" in schema and value < schema["minimum"]:
        errors.append("%s must be at least %s, got %s" % (_describe(path), schema["minimum"], value))
    if "maximum" in schema and value > schema["maximum"]:
        errors.append("%s must be at most %s, got %s" % (_describe(path), schema["maximum"], value))


def _coerce_type(value: Any, expected) -> Tuple[Any, bool]:
    options = expected if isinstance(expected, list) else [expected]
    for option in options:
        if _is_type(value, option):
            if option == "integer" and isinstance(value, float):
                return int(value), True
            return value, True
    for option in options:
        coerced = _coerce(value, option)
        if coerced is not _FAILED:
            return coerced, True
    return value, False


def _is_type(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool) or (
            isinstance(value, float) and value.is_integer())
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    python_type = _TYPES.get(name)
    return python_type is not None and isinstance(value, python_type)


_FAILED = object()


def _coerce(value: Any, name: str):
    """Convert the string forms small models send ("3", "true") to the declared type."""
    if not isinstance(value, str):
        return _FAILED
    text = value.strip()
    if name == "integer":
        try:
            return int(text)
        except ValueError:
            return _FAILED
    if name == "number":
        try:
            return float(text) if any(c in text for c in ".eE") else int(text)
        except ValueError:
            return _FAILED
    if name == "boolean" and text.lower() in ("true", "false"):
        return text.lower() == "true"
    return _FAILED


def _type_words(expected) -> str:
    names = expected if isinstance(expected, list) else [expected]
    words = {"object": "an object", "array": "a list", "string": "a string", "integer": "an integer",
             "number": "a number", "boolean": "true or false", "null": "null"}
    return " or ".join(words.get(n, n) for n in names)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


GRAMMAR_MAX_ITEMS = 16
"""Largest ``maxItems`` sent to a server: local servers compile schemas into grammars whose size
grows with it (llama-cpp-python fails outright on ``maxItems: 500``)."""


def relax_for_grammar(schema):
    """Return a copy of ``schema`` without the large ``maxItems``/``minItems`` bounds.

    The bounds are still enforced by :func:`check_arguments` when the call arrives; the
    model only sees a schema any server can turn into a grammar.
    """
    if isinstance(schema, list):
        return [relax_for_grammar(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    relaxed = {}
    for key, value in schema.items():
        if key == "maxItems" and isinstance(value, int) and value > GRAMMAR_MAX_ITEMS:
            continue
        if key == "minItems" and isinstance(value, int) and value > 1:
            continue
        relaxed[key] = relax_for_grammar(value)
    return relaxed
