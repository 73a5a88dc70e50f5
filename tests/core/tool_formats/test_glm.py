"""GLM-4.5 and GLM-4.6 tool calls written as text.

Sources: ggml-org/llama.cpp models/templates/GLM-4.6.jinja and models/templates/glm_4_5.jinja: the system prompt's
"<tool_call>{function-name}\\n<arg_key>…</arg_key>\\n<arg_value>…</arg_value>\\n…</tool_call>" and the assistant
rendering (a string value as it is, other values as JSON); ggml-org/llama.cpp tests/test-chat.cpp (GLM-4.5 section:
``<arg_value>1</arg_value>`` is the number 1 for special_function's integer ``arg1``).
"""
from support.text_calls import check_recovered, check_text

KNOWN = {"get_weather", "get_time", "set_cell"}
HIDDEN = ("<tool_call>", "arg_key", "arg_value")


def test_a_call_with_string_and_json_values_is_recovered():
    content = ("I'll look that up.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n"
               "<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n<arg_key>units</arg_key>\n"
               "<arg_value>{\"temperature\": \"celsius\"}</arg_value>\n</tool_call>")
    check_recovered(content, KNOWN, "I'll look that up.",
                    [("get_weather", {"city": "Beijing", "days": "3", "units": {"temperature": "celsius"}})], HIDDEN)


def test_values_are_typed_by_the_tools_schema():
    schemas = {"special_function": {"type": "object", "properties": {"arg1": {"type": "integer"}}}}
    content = "\n<tool_call>special_function\n<arg_key>arg1</arg_key>\n<arg_value>1</arg_value>\n</tool_call>"
    check_recovered(content, schemas, "", [("special_function", {"arg1": 1})], HIDDEN)


def test_several_calls_and_a_call_without_arguments():
    content = ("<tool_call>get_time\n</tool_call>\n<tool_call>set_cell\n<arg_key>cell</arg_key>\n"
               "<arg_value>B2</arg_value>\n<arg_key>value</arg_key>\n<arg_value>Total: 5</arg_value>\n</tool_call>")
    check_recovered(content, KNOWN, "", [("get_time", {}), ("set_cell", {"cell": "B2", "value": "Total: 5"})], HIDDEN)


def test_a_multiline_value_keeps_its_lines():
    content = "<tool_call>set_cell\n<arg_key>value</arg_key>\n<arg_value>line 1\nline 2</arg_value>\n</tool_call>"
    check_recovered(content, KNOWN, "", [("set_cell", {"value": "line 1\nline 2"})], HIDDEN)


def test_unknown_tools_and_prose_stay_text():
    check_text("<tool_call>web_search\n<arg_key>q</arg_key>\n<arg_value>x</arg_value>\n</tool_call>", KNOWN)
    check_text("GLM wraps calls in <tool_call> tags with <arg_key> pairs.", KNOWN)
