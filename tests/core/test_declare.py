"""core/agent/declare.py: the JSON schema a tool function's signature makes, and the typed values it receives."""
from dataclasses import dataclass
from typing import List, Literal, Optional, Union

from marginalia.core.agent.declare import ABSENT, Arg, schema_of_function, tool
from marginalia.core.agent.tools import Tool, ToolContext, ToolOutcome, ToolRegistry, ToolRunner
from marginalia.core.stream.message import ToolCall


def parameters(function) -> dict:
    return schema_of_function(function)


def properties(function) -> dict:
    return parameters(function)["properties"]


# --- the schema ---------------------------------------------------------------------------------------------

def test_scalars_give_their_json_types_and_the_object_refuses_other_arguments():
    def scalars(context, text: str, count: int, size: float, flag: bool):
        pass
    assert parameters(scalars) == {
        "type": "object",
        "properties": {"text": {"type": "string"}, "count": {"type": "integer"}, "size": {"type": "number"},
                       "flag": {"type": "boolean"}},
        "required": ["text", "count", "size", "flag"], "additionalProperties": False}


def test_the_first_parameter_is_the_context_and_no_parameters_make_an_empty_object():
    def nothing(context):
        pass
    assert parameters(nothing) == {"type": "object", "properties": {}, "additionalProperties": False}


def test_a_literal_is_an_enum_of_its_values_type():
    def choose(context, action: Literal["list", "add"], level: Literal[1, 2, 3] = 1):
        pass
    assert properties(choose) == {"action": {"type": "string", "enum": ["list", "add"]},
                                  "level": {"type": "integer", "enum": [1, 2, 3]}}


def test_an_enum_keeps_the_order_written_even_where_typing_caches_the_same_values_in_another():
    # typing takes Literal["columns", "rows"] and Literal["rows", "columns"] for one type inside a Union (its
    # cache), so the second Optional[...] below would come back in the first one's order.
    def first(context, lines: Optional[Literal["columns", "rows"]] = None):
        pass

    def second(context, lines: "Optional[Literal['rows', 'columns']]" = None):
        pass
    assert properties(first)["lines"]["enum"] == ["columns", "rows"]
    assert properties(second)["lines"]["enum"] == ["rows", "columns"]


def test_a_union_lists_its_json_types():
    def named(context, table: Union[str, int], value: Optional[Union[str, float, bool]] = None):
        pass
    assert properties(named) == {"table": {"type": ["string", "integer"]},
                                 "value": {"type": ["string", "number", "boolean"]}}
    assert parameters(named)["required"] == ["table"]


def test_lists_of_scalars_and_lists_of_lists():
    def rows(context, words: List[str], grid: List[List[int]]):
        pass
    assert properties(rows) == {"words": {"type": "array", "items": {"type": "string"}},
                                "grid": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}}


@dataclass(frozen=True)
class Edit:
    cell: str = Arg("Cell name.", min_length=2)
    text: str = Arg("New text.")
    bold: Optional[bool] = None
    size: float = Arg("Points.", default=12, minimum=2)


EDIT_SCHEMA = {"type": "object", "properties": {
    "cell": {"type": "string", "minLength": 2, "description": "Cell name."},
    "text": {"type": "string", "description": "New text."},
    "bold": {"type": "boolean"},
    "size": {"type": "number", "minimum": 2, "description": "Points."},
}, "required": ["cell", "text"], "additionalProperties": False}


def test_a_list_of_a_dataclass_is_an_array_of_strict_objects_declared_by_its_fields():
    def write(context, edits: List[Edit] = Arg("The cells.", min_items=1, max_items=50)):
        pass
    assert properties(write) == {"edits": {"type": "array", "minItems": 1, "maxItems": 50, "items": EDIT_SCHEMA,
                                           "description": "The cells."}}


def test_bounds_and_descriptions_in_their_json_names():
    def bounded(context, count: int = Arg("How many.", minimum=1, maximum=10),
                name: str = Arg("A name.", min_length=1, max_length=40),
                ratio: float = Arg("", minimum=0.5)):
        pass
    assert properties(bounded) == {
        "count": {"type": "integer", "minimum": 1, "maximum": 10, "description": "How many."},
        "name": {"type": "string", "minLength": 1, "maxLength": 40, "description": "A name."},
        "ratio": {"type": "number", "minimum": 0.5}}


def test_an_arrays_bounds_come_before_its_items_and_the_description_last():
    def rows(context, rows: List[List[str]] = Arg("Rows.", min_items=1, max_items=500)):
        pass
    assert list(properties(rows)["rows"]) == ["type", "minItems", "maxItems", "items", "description"]


def test_required_unless_optional_or_given_a_default():
    def mixed(context, needed: str, described: int = Arg("Needed too."), optional: Optional[int] = None,
              with_default: bool = Arg("Has one.", default=False), plain_default: str = "x",
              optional_described: Optional[str] = Arg("May be left out.")):
        pass
    assert parameters(mixed)["required"] == ["needed", "described"]


def test_nothing_required_leaves_required_out():
    def optional(context, flag: bool = False):
        pass
    assert "required" not in parameters(optional)


def test_nullable_adds_null_to_the_type_and_absent_is_a_falsy_default():
    def clear(context, fill: Optional[str] = Arg("A value, or null to empty.", default=ABSENT, nullable=True),
              value: Union[str, float] = Arg("", default=ABSENT, nullable=True)):
        pass
    assert properties(clear) == {"fill": {"type": ["string", "null"], "description": "A value, or null to empty."},
                                 "value": {"type": ["string", "number", "null"]}}
    assert "required" not in parameters(clear)
    assert not ABSENT and repr(ABSENT) == "ABSENT"


def test_the_decorator_makes_a_tool_whose_description_is_the_folded_docstring():
    @tool(apps=("writer",), changes_document=True)
    def rename(context, name: str = Arg("The new name.", min_length=1)) -> ToolOutcome:
        """Rename the thing.   The name must be
        unique;    it is refused otherwise.
        """
    assert isinstance(rename, Tool)
    assert (rename.name, rename.description) == ("rename", "Rename the thing. The name must be unique; it is refused "
                                                           "otherwise.")
    assert (rename.apps, rename.changes_document, rename.is_async) == (("writer",), True, False)
    assert rename.parameters == {"type": "object", "properties": {
        "name": {"type": "string", "minLength": 1, "description": "The new name."}},
        "required": ["name"], "additionalProperties": False}
    assert rename.handler.__name__ == "rename"


def test_a_tool_without_a_docstring_has_an_empty_description():
    @tool(is_async=True)
    def fetch(context):
        pass
    assert (fetch.description, fetch.apps, fetch.is_async) == ("", ("writer", "calc"), True)


# --- the typed values ---------------------------------------------------------------------------------------

def test_left_out_parameters_arrive_as_their_defaults():
    got = {}

    @tool()
    def values(context, text: str, count: int = Arg("", default=3), note: Optional[str] = None,
               flag: bool = False, fill: Optional[str] = Arg("", default=ABSENT, nullable=True)):
        got.update(text=text, count=count, note=note, flag=flag, fill=fill)
    values.handler(ToolContext(), {"text": "a"})
    assert got == {"text": "a", "count": 3, "note": None, "flag": False, "fill": ABSENT}
    assert got["fill"] is ABSENT


def test_null_arrives_as_none_where_left_out_arrives_as_absent():
    got = []

    @tool()
    def clear(context, fill: Optional[str] = Arg("", default=ABSENT, nullable=True)):
        got.append(fill)
    clear.handler(ToolContext(), {"fill": None})
    clear.handler(ToolContext(), {})
    assert got[0] is None and got[1] is ABSENT


def test_objects_become_dataclass_instances_with_their_field_defaults():
    got = []

    @tool()
    def write(context, edits: Optional[List[Edit]] = None):
        got.extend(edits)
    write.handler(ToolContext(), {"edits": [{"cell": "B2", "text": "x"}, {"cell": "C3", "text": "y", "bold": True,
                                                                           "size": 14}]})
    assert got == [Edit("B2", "x", None, 12), Edit("C3", "y", True, 14)]
    assert all(isinstance(edit, Edit) for edit in got)
    assert isinstance(got[1].size, float)  # a given int becomes a float


def test_an_int_given_to_a_float_parameter_arrives_as_a_float():
    got = []

    @tool()
    def size(context, points: float, scale: Optional[float] = None, flag: bool = False):
        got.extend([points, scale, flag])
    size.handler(ToolContext(), {"points": 12, "scale": 2.5, "flag": True})
    assert got == [12.0, 2.5, True]
    assert [type(value) for value in got] == [float, float, bool]


def test_lists_of_scalars_and_unions_pass_through():
    got = []

    @tool()
    def cells(context, rows: List[List[str]], table: Union[str, int]):
        got.extend([rows, table])
    cells.handler(ToolContext(), {"rows": [["a", "b"]], "table": 3})
    assert got == [[["a", "b"]], 3]


# --- through a runner ---------------------------------------------------------------------------------------

@tool(apps=("writer",))
def resize(context, count: int = Arg("How many.", minimum=1), points: float = Arg("Size.", maximum=400),
           mode: Literal["grow", "shrink"] = "grow") -> ToolOutcome:
    """Resize things."""
    return ToolOutcome.success("%r %r %s" % (count, points, mode))


def run(arguments: str) -> ToolOutcome:
    runner = ToolRunner(ToolRegistry([resize]), ToolContext(app="writer"))
    return runner.run(ToolCall("c1", "resize", arguments))


def test_invalid_arguments_are_refused_before_the_function_runs():
    outcome = run('{"count": 0, "mode": "explode", "colour": "red"}')
    assert not outcome.ok
    assert outcome.content == (
        "Error: Invalid arguments for resize: 'points' is required; unknown argument 'colour' (allowed: count, mode, "
        "points); 'count' must be at least 1, got 0; 'mode' must be one of 'grow', 'shrink', got 'explode'. Fix them "
        "and call the tool again.")


def test_valid_arguments_arrive_typed_after_the_runners_coercions():
    outcome = run('{"count": "2", "points": 12}')
    assert outcome.ok and outcome.content == "2 12.0 grow"


# --- arrays arrive as given when nothing in them needs typing (write_range of 10,000 cells) ---------

kept = {}


@dataclass(frozen=True)
class SortKey:
    column: str = Arg("Column letter.")
    descending: bool = False


@tool()
def keeper(context, rows: List[List[Optional[Union[str, float, bool]]]] = Arg(default=None),
           keys: List[SortKey] = Arg(default=None), sizes: List[float] = Arg(default=None)):
    """A tool that keeps what it kept."""
    kept.update(rows=rows, keys=keys, sizes=sizes)
    return "ok"


def test_arrays_of_plain_values_arrive_as_given_without_a_copy():
    rows = [["Item", 3], [None, True]]
    keeper.handler(ToolContext(), {"rows": rows})
    assert kept["rows"] is rows and kept["rows"][0][1] == 3  # ints in a union stay ints


def test_arrays_of_objects_and_of_floats_are_typed():
    keeper.handler(ToolContext(), {"keys": [{"column": "B"}, {"column": "A", "descending": True}], "sizes": [2, 1.5]})
    assert kept["keys"] == [SortKey("B", False), SortKey("A", True)]
    assert kept["sizes"] == [2.0, 1.5] and isinstance(kept["sizes"][0], float)
