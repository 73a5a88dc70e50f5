"""The tool registry and runner: validation, unknown tools, failures and budgets become results."""
import ast
import glob
import logging
import os

import pytest

from marginalia.core.stream.message import ToolCall
from marginalia.core.agent.schema_check import check_arguments
from marginalia.core.agent.tools import Tool, ToolContext, ToolError, ToolOutcome, ToolRegistry, ToolRunner

SCHEMA = {"type": "object", "properties": {
    "paragraph": {"type": "integer", "minimum": 0},
    "text": {"type": "string", "minLength": 1},
    "mode": {"type": "string", "enum": ["replace", "append"]},
    "bold": {"type": "boolean"},
}, "required": ["paragraph", "text"], "additionalProperties": False}


def edit(context, args):
    if args["text"] == "raise":
        raise ToolError("Paragraph 9 does not exist; the document has 3 paragraphs.")
    if args["text"] == "crash":
        raise KeyError("oops")
    return ToolOutcome.success("edited %d" % args["paragraph"], "Edited paragraph %d" % args["paragraph"])


def runner(budget=24000, app="writer"):
    registry = ToolRegistry([
        Tool("edit_paragraph", "Edit a paragraph.", SCHEMA, edit, changes_document=True, apps=("writer",)),
        Tool("read", "Read.", {"type": "object", "properties": {}}, lambda c, a: "x" * 100, apps=("writer", "calc")),
        Tool("search_web", "Search.", {"type": "object", "properties": {}}, lambda c, a: "r", is_async=True),
    ])
    return ToolRunner(registry, ToolContext(app=app), budget=budget)


def call(name, arguments):
    return ToolCall("c1", name, arguments)


def test_valid_call_runs_the_handler():
    outcome = runner().run(call("edit_paragraph", '{"paragraph": 2, "text": "Hi"}'))
    assert outcome.ok and outcome.content == "edited 2" and outcome.summary == "Edited paragraph 2"


def test_string_numbers_from_small_models_are_coerced():
    outcome = runner().run(call("edit_paragraph", '{"paragraph": "2", "text": "Hi", "bold": "true"}'))
    assert outcome.ok, outcome.content


def test_schema_problems_are_listed_precisely():
    outcome = runner().run(call("edit_paragraph", '{"paragraph": -1, "mode": "delete", "colour": "red"}'))
    assert not outcome.ok
    for fragment in ("'text' is required", "'paragraph' must be at least 0", "'mode' must be one of",
                     "unknown argument 'colour'"):
        assert fragment in outcome.content


def test_unknown_tool_lists_the_available_ones():
    outcome = runner().run(call("delete_everything", "{}"))
    assert not outcome.ok
    assert "Unknown tool 'delete_everything'" in outcome.content
    assert "edit_paragraph, read, search_web" in outcome.content


def test_tool_of_another_app_is_unknown_there():
    outcome = runner(app="calc").run(call("edit_paragraph", '{"paragraph": 1, "text": "x"}'))
    assert "Unknown tool" in outcome.content and "read, search_web" in outcome.content


def test_tool_error_message_goes_to_the_model():
    outcome = runner().run(call("edit_paragraph", '{"paragraph": 9, "text": "raise"}'))
    assert outcome.content == "Error: Paragraph 9 does not exist; the document has 3 paragraphs."


def test_unexpected_exception_is_logged_and_returned(caplog):
    with caplog.at_level(logging.ERROR, logger="marginalia.tools"):
        outcome = runner().run(call("edit_paragraph", '{"paragraph": 1, "text": "crash"}'))
    assert not outcome.ok and "KeyError" in outcome.content
    assert "tool edit_paragraph failed" in caplog.text and "Traceback" in caplog.text


def test_long_results_are_truncated_with_a_note():
    outcome = runner(budget=30).run(call("read", "{}"))
    assert outcome.content.startswith("x" * 30) and "70 more characters" in outcome.content


def test_flags_come_from_the_declaration():
    tools = runner()
    assert tools.changes_document("edit_paragraph") and not tools.changes_document("read")
    assert tools.is_async("search_web") and not tools.is_async("read")
    assert not tools.changes_document("nonexistent")


def test_duplicate_registration_is_refused():
    registry = ToolRegistry()
    registry.register(Tool("a", "A.", {"type": "object"}, lambda c, a: None))
    with pytest.raises(ValueError):
        registry.register(Tool("a", "A.", {"type": "object"}, lambda c, a: None))


@pytest.mark.parametrize("value, schema, problem", [
    ([1, "x"], {"type": "array", "items": {"type": "integer"}}, "'arguments[1]' must be an integer"),
    ("abc", {"type": "string", "maxLength": 2}, "must not be longer than 2"),
    (None, {"type": ["string", "null"]}, None),
    (3.0, {"type": "integer"}, None),
    ("x", {"anyOf": [{"type": "integer"}, {"type": "array"}]}, "does not match any allowed form"),
])
def test_schema_check_cases(value, schema, problem):
    _, errors = check_arguments(value, schema)
    if problem is None:
        assert errors == []
    else:
        assert any(problem in e for e in errors), errors


def test_sent_schemas_leave_out_item_bounds_that_break_server_grammars():
    rows = {"type": "object", "properties": {"rows": {"type": "array", "minItems": 2, "maxItems": 500,
                                                      "items": {"type": "array", "maxItems": 3}}}}
    tool = Tool("t", "T.", rows, lambda c, a: "ok")
    sent = tool.schema()["function"]["parameters"]["properties"]["rows"]
    assert "maxItems" not in sent and "minItems" not in sent and sent["items"]["maxItems"] == 3
    outcome = ToolRunner(ToolRegistry([tool]), ToolContext(app="writer")).run(call("t", '{"rows": [[1]]}'))
    assert not outcome.ok and "at least 2" in outcome.content  # still enforced on arrival


def test_the_tool_modules_declare_tools_one_way():
    """Every ``Tool(...)`` in ui/ is written name=, description=, parameters=, handler=, ... (no positional fields)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    positional = []
    for path in glob.glob(os.path.join(root, "ui", "**", "*.py"), recursive=True):
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        positional += ["%s:%d" % (os.path.relpath(path, root), node.lineno) for node in ast.walk(tree)
                       if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Tool" and node.args]
    assert positional == []
