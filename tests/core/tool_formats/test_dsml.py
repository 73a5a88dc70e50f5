"""DeepSeek V3.2 and V4 tool calls written as DSML.

Sources: huggingface.co/deepseek-ai/DeepSeek-V3.2 encoding/encoding_dsv32.py (``tool_calls_template``,
``tool_call_template`` and ``encode_arguments_to_dsml``: parameters joined by "\\n", ``string="true"`` for a string
written as it is, ``string="false"`` for any other value written as JSON); vllm-project/vllm
tests/tool_parsers/test_deepseekv32_tool_parser.py (the cases below) and test_deepseekv4_tool_parser.py (V4's
``<｜DSML｜tool_calls>`` block).
"""
from support.text_calls import calls_of, check_recovered, check_text

FC_START, FC_END = "<｜DSML｜function_calls>", "</｜DSML｜function_calls>"
INVOKE_END, PARAMETER_END = "</｜DSML｜invoke>", "</｜DSML｜parameter>"
HIDDEN = ("DSML", "invoke", "parameter")
SCHEMAS = {
    "get_weather": {"type": "object", "properties": {"city": {"type": "string"}, "location": {"type": "string"}}},
    "get_time": {"type": "object", "properties": {}},
    "toggle": {"type": "object", "properties": {"enabled": {"type": "boolean"}, "count": {"type": "integer"}}},
    "coerce": {"type": "object", "properties": {"bad_int": {"type": "integer"}, "whole_number": {"type": "number"}}},
}


def invoke(name, *parameters):
    return '<｜DSML｜invoke name="%s">\n%s\n%s' % (name, "\n".join(parameters), INVOKE_END)


def parameter(key, value, string="true"):
    return '<｜DSML｜parameter name="%s" string="%s">%s%s' % (key, string, value, PARAMETER_END)


def block(*invokes, start=FC_START, end=FC_END):
    return "%s\n%s\n%s" % (start, "\n".join(invokes), end)


def test_the_issues_example_is_recovered():
    content = block(invoke("get_weather", parameter("city", "Paris")))
    check_recovered(content, SCHEMAS, "", [("get_weather", {"city": "Paris"})], HIDDEN)


def test_string_false_marks_a_json_value():
    content = block(invoke("toggle", parameter("enabled", "true", "false"), parameter("count", "1", "false")))
    _, calls = calls_of(content, SCHEMAS)
    assert calls[0][1] == {"enabled": True, "count": 1} and isinstance(calls[0][1]["count"], int)


def test_json_values_are_read_without_a_schema_too():
    content = block(invoke("get_weather", parameter("count", "42", "false"), parameter("flag", "true", "false")))
    check_recovered(content, {"get_weather"}, "", [("get_weather", {"count": 42, "flag": True})], HIDDEN)


def test_a_string_false_value_that_is_not_json_stays_as_written():
    content = block(invoke("coerce", parameter("bad_int", "abc", "false"), parameter("whole_number", "3.0", "false")))
    assert calls_of(content, SCHEMAS)[1][0][1] == {"bad_int": "abc", "whole_number": 3.0}


def test_several_calls_a_call_without_parameters_and_text_before():
    content = "Sure, let me check! " + block(invoke("get_weather", parameter("location", "SF")),
                                             invoke("get_weather", parameter("location", "NYC")))
    check_recovered(content, SCHEMAS, "Sure, let me check!",
                    [("get_weather", {"location": "SF"}), ("get_weather", {"location": "NYC"})], HIDDEN)
    check_recovered('%s\n<｜DSML｜invoke name="get_time">\n%s\n%s' % (FC_START, INVOKE_END, FC_END), SCHEMAS, "",
                    [("get_time", {})], HIDDEN)


def test_deepseek_v4_writes_the_same_invokes_in_a_tool_calls_block():
    content = "Let me check. " + block(invoke("get_weather", parameter("location", "Beijing")),
                                       start="<｜DSML｜tool_calls>", end="</｜DSML｜tool_calls>")
    check_recovered(content, SCHEMAS, "Let me check.", [("get_weather", {"location": "Beijing"})], HIDDEN)


def test_unknown_tools_and_prose_stay_text():
    check_text(block(invoke("web_search", parameter("query", "vllm"))), SCHEMAS)
    check_text("DeepSeek V3.2 writes its calls in a <｜DSML｜function_calls> block.", SCHEMAS)
