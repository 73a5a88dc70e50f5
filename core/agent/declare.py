"""A tool is one typed function: its signature is the JSON schema the model sees.

::

    @tool(apps=("writer",), changes_document=True)
    def replace_text(context, old_text: str = Arg("The text to replace.", min_length=1),
                     format: Literal["plain", "markdown"] = Arg("How to read new_text.", default="plain"),
                     paragraph: Optional[int] = Arg("Only in this paragraph.", minimum=1)) -> ToolOutcome:
        \"\"\"Replace existing text. (The docstring is the description the model reads.)\"\"\"

The decorator returns a :class:`~.tools.Tool`: its name is the function's, its description the
docstring (whitespace folded to single spaces), its ``parameters`` the JSON schema made from the
signature. :class:`~.tools.ToolRunner` checks a call's arguments against that schema (the same
refusals and gentle coercions for every tool); the handler then calls the function with typed
values: ``str``, ``int``, ``float``, ``bool``, ``Literal[...]`` (an enum), ``Union[...]``
(several JSON types), ``List[...]`` (arrays) and dataclasses (objects; their fields are declared
the same way). A parameter is required unless it has a default or is ``Optional``; an optional one
the call leaves out arrives as its default (None for ``Optional``, or :data:`ABSENT` where "left
out" and "null" differ). :class:`Arg` gives a parameter its one-line description and its bounds.

Standard library only (no pydantic inside LibreOffice), valid on Python 3.8.
"""
from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import typing
from typing import Any, Callable, Dict, List, Optional, Sequence

from .tools import Tool

__all__ = ["ABSENT", "Arg", "tool"]


class _Marker:
    def __init__(self, name: str):
        self._name = name

    def __repr__(self) -> str:
        return self._name

    def __bool__(self) -> bool:
        return False


REQUIRED = _Marker("REQUIRED")
"""The default of an :class:`Arg` the call must give."""
ABSENT = _Marker("ABSENT")
"""What an optional parameter receives when the call leaves it out, where that differs from null."""

_BOUNDS = (("minimum", "minimum"), ("maximum", "maximum"), ("min_length", "minLength"),
           ("max_length", "maxLength"), ("min_items", "minItems"), ("max_items", "maxItems"))
_SCALARS = {str: "string", int: "integer", float: "number", bool: "boolean", type(None): "null"}


class Arg:
    """A parameter's description, default and bounds (JSON Schema's ``minimum``, ``minLength``…)."""

    def __init__(self, description: str = "", default: Any = REQUIRED, minimum=None, maximum=None,
                 min_length: Optional[int] = None, max_length: Optional[int] = None, min_items: Optional[int] = None,
                 max_items: Optional[int] = None, nullable: bool = False):
        self.description = description
        self.default = default
        self.bounds = {"minimum": minimum, "maximum": maximum, "min_length": min_length, "max_length": max_length,
                       "min_items": min_items, "max_items": max_items}
        self.nullable = nullable
        """The call may give null (and the function receives None), as distinct from leaving it out."""

    def __repr__(self) -> str:
        return "Arg(%r)" % self.description


def tool(apps: Sequence[str] = ("writer", "calc"), changes_document: bool = False,
         is_async: bool = False) -> Callable[[Callable], Tool]:
    """Declare the decorated function as a tool (see the module docstring)."""
    def declare(function: Callable) -> Tool:
        parameters = schema_of_function(function)
        return Tool(name=function.__name__, description=" ".join((inspect.getdoc(function) or "").split()),
                    parameters=parameters, handler=_handler(function, parameters), is_async=is_async,
                    apps=tuple(apps), changes_document=changes_document)
    return declare


def schema_of_function(function: Callable) -> dict:
    """The ``parameters`` JSON schema of ``function``'s parameters after its first (the tool context)."""
    return _object_schema(_declared(function), strict=True)


# --- from the signature to the schema --------------------------------------------------------------

class _Param:
    """One declared parameter: name, annotation, its Arg (or a plain default)."""

    def __init__(self, name: str, annotation, arg: Arg, written=None):
        self.name, self.annotation, self.arg = name, annotation, arg
        self.enum_order = _literal_as_written(written)
        """The Literal's values in the order the source writes them (typing may hand back another order)."""

    @property
    def required(self) -> bool:
        return self.arg.default is REQUIRED and not _is_optional(self.annotation)

    def default(self):
        return None if self.arg.default is REQUIRED else self.arg.default


def _declared(function: Callable) -> List[_Param]:
    hints = typing.get_type_hints(function)
    params = list(inspect.signature(function).parameters.values())[1:]  # the first is the tool context
    return [_Param(p.name, hints.get(p.name, str), _as_arg(p.default), p.annotation) for p in params]


def _fields(cls) -> List[_Param]:
    hints = typing.get_type_hints(cls)
    return [_Param(f.name, hints.get(f.name, str), _as_arg(f.default), f.type) for f in dataclasses.fields(cls)]


def _literal_as_written(written) -> Optional[list]:
    """The values of the first ``Literal[...]`` in an annotation written as text (``from __future__ import
    annotations``), in their written order; None for an annotation that is not text or has no Literal.

    typing caches unions by equality, and a Literal's equality ignores order: once
    ``Optional[Literal["columns", "rows"]]`` was made, ``Optional[Literal["rows", "columns"]]`` comes back
    as it, so the evaluated annotation cannot be trusted for the order.
    """
    if not isinstance(written, str):
        return None
    try:
        tree = ast.parse(written, mode="eval")
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _named(node.value) == "Literal":
            inner = getattr(node.slice, "value", node.slice) if type(node.slice).__name__ == "Index" else node.slice
            try:
                values = ast.literal_eval(inner)
            except ValueError:
                return None
            return list(values) if isinstance(values, tuple) else [values]
    return None


def _named(node) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def _as_arg(default) -> Arg:
    if isinstance(default, Arg):
        return default
    if default is inspect.Parameter.empty or default is dataclasses.MISSING:
        return Arg()
    return Arg(default=default)


def _object_schema(params: List[_Param], strict: bool) -> dict:
    schema = {"type": "object", "properties": {p.name: _param_schema(p) for p in params}}
    required = [p.name for p in params if p.required]
    if required:
        schema["required"] = required
    if strict:
        schema["additionalProperties"] = False
    return schema


def _param_schema(param: _Param) -> dict:
    schema = _type_schema(_without_none(param.annotation), param.arg.nullable)
    if "enum" in schema and param.enum_order and set(param.enum_order) == set(schema["enum"]):
        schema["enum"] = list(param.enum_order)
    for python_name, json_name in _BOUNDS:
        value = param.arg.bounds[python_name]
        if value is not None:
            schema[json_name] = value
    if "items" in schema and ("minItems" in schema or "maxItems" in schema):
        schema["items"] = schema.pop("items")  # bounds first, then the items (the declarations' order)
    if param.arg.description:
        schema["description"] = param.arg.description
    return schema


def _type_schema(annotation, nullable: bool = False) -> dict:
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return {"type": _SCALARS[type(args[0])], "enum": list(args)}
    if origin is typing.Union:
        types = [_SCALARS[a] for a in args] + (["null"] if nullable and type(None) not in args else [])
        return {"type": types}
    if origin in (list, List):
        return {"type": "array", "items": _type_schema(args[0]) if args else {}}
    if dataclasses.is_dataclass(annotation):
        return _object_schema(_fields(annotation), strict=True)
    if nullable:
        return {"type": [_SCALARS[annotation], "null"]}
    return {"type": _SCALARS[annotation]}


def _is_optional(annotation) -> bool:
    return typing.get_origin(annotation) is typing.Union and type(None) in typing.get_args(annotation)


def _without_none(annotation):
    """``Optional[X]`` → ``X`` (a parameter may be left out); unions of several types keep theirs."""
    if not _is_optional(annotation):
        return annotation
    rest = tuple(a for a in typing.get_args(annotation) if a is not type(None))
    return rest[0] if len(rest) == 1 else typing.Union[rest]


# --- from the call's arguments to typed values -------------------------------------------------------

def _handler(function: Callable, parameters: dict) -> Callable:
    params = _declared(function)

    def run(context, arguments: dict):
        values = _typed(params, arguments)
        return function(context, **values)
    run.__name__ = function.__name__
    run.__doc__ = function.__doc__
    run.__wrapped__ = function
    return run


def _typed(params: List[_Param], arguments: dict) -> Dict[str, Any]:
    """Keyword arguments for the function: each given value typed, each left-out one its default."""
    return {p.name: _value(p.annotation, arguments[p.name]) if p.name in arguments else p.default()
            for p in params}


def _value(annotation, value):
    """``value`` (checked against the schema already) as ``annotation`` says: objects become dataclasses."""
    annotation = _without_none(annotation)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if value is None:
        return None
    if origin in (list, List) and args:
        return value if _arrives_as_is(args[0]) else [_value(args[0], item) for item in value]
    if dataclasses.is_dataclass(annotation) and isinstance(value, dict):
        fields = _fields(annotation)
        return annotation(**{f.name: _value(f.annotation, value[f.name]) if f.name in value else f.default()
                             for f in fields})
    if annotation is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


@functools.lru_cache(maxsize=None)
def _arrives_as_is(annotation) -> bool:
    """True when JSON values of ``annotation`` need no conversion (no object, no integer made a float).

    Arrays of such values are passed on as they came: typing each of the 10,000 cells of a
    ``write_range`` call one by one took 30-50 ms, a third of the whole call (measured).
    """
    annotation = _without_none(annotation)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (list, List):
        return not args or _arrives_as_is(args[0])
    return annotation is not float and not dataclasses.is_dataclass(annotation)
