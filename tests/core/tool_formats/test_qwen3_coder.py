"""Qwen3-Coder tool calls written as text, their values typed by the tool's schema.

Sources: vllm-project/vllm examples/tool_chat_template_qwen3coder.jinja (``<parameter=key>\\n`` value
``\\n</parameter>``, a string as it is, anything else as JSON) and vllm-project/vllm
tests/tool_parsers/test_qwen3coder_tool_parser.py: test_extract_tool_calls_type_conversion (written there with the
non-standard type "float"; a tool declares ``number``), test_extract_tool_calls_anyof_type_conversion and
test_extract_tool_calls_streaming_missing_opening_tag (the ``</tool_call>`` after a call whose opening tag is missing).
"""
from marginalia.core.agent.schema_check import check_arguments
from support.text_calls import calls_of, check_recovered

TYPES = {"type": "object", "properties": {
    "int_param": {"type": "integer"}, "float_param": {"type": "number"}, "bool_param": {"type": "boolean"},
    "str_param": {"type": "string"}, "obj_param": {"type": "object"}}}
ANY_OF = {"type": "object", "properties": {
    "anyof_int": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": 5},
    "anyof_str": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    "anyof_array": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
    "anyof_obj": {"anyOf": [{"type": "object"}, {"type": "null"}]},
    "type_as_array": {"type": ["integer", "null"]},
    "multi_non_null": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}}}
WEATHER = {"type": "object", "properties": {"city": {"type": "string"}, "state": {"type": "string"},
                                           "unit": {"type": "string", "enum": ["fahrenheit", "celsius"]}}}
SCHEMAS = {"test_types": TYPES, "test_anyof": ANY_OF, "get_current_weather": WEATHER}
HIDDEN = ("<tool_call>", "</tool_call>", "<function", "parameter")


def call(name, **values):
    parameters = "".join("<parameter=%s>\n%s\n</parameter>\n" % pair for pair in values.items())
    return "<tool_call>\n<function=%s>\n%s</function>\n</tool_call>" % (name, parameters)


def test_values_are_typed_by_the_tools_schema():
    content = call("test_types", int_param="42", float_param="3.14", bool_param="true", str_param="hello world",
                   obj_param='{"key": "value"}')
    check_recovered(content, SCHEMAS, "", [("test_types", {
        "int_param": 42, "float_param": 3.14, "bool_param": True, "str_param": "hello world",
        "obj_param": {"key": "value"}})], HIDDEN)


def test_a_string_parameter_keeps_text_that_looks_like_json():
    content = call("test_types", str_param="3.14")
    assert calls_of(content, SCHEMAS)[1][0][1] == {"str_param": "3.14"}


def test_any_of_and_type_lists_are_followed():
    content = call("test_anyof", anyof_int="5", anyof_str="hello", anyof_array='["a", "b", "c"]',
                   anyof_obj='{"key": "value"}', type_as_array="42", multi_non_null="some text")
    assert calls_of(content, SCHEMAS)[1][0][1] == {
        "anyof_int": 5, "anyof_str": "hello", "anyof_array": ["a", "b", "c"], "anyof_obj": {"key": "value"},
        "type_as_array": 42, "multi_non_null": "some text"}


def test_a_value_that_fits_no_type_stays_as_written_and_the_check_reports_it():
    content = call("test_types", int_param="3.14", bool_param="yes")
    arguments = calls_of(content, SCHEMAS)[1][0][1]
    assert arguments == {"int_param": "3.14", "bool_param": "yes"}
    assert check_arguments(arguments, TYPES)[1] == ["'int_param' must be an integer, got '3.14'",
                                                    "'bool_param' must be true or false, got 'yes'"]


def test_without_a_schema_only_objects_and_arrays_are_read_as_json():
    content = call("test_types", int_param="42", obj_param='{"key": "value"}')
    assert calls_of(content, {"test_types"})[1][0][1] == {"int_param": "42", "obj_param": {"key": "value"}}


def test_the_closing_tag_after_a_call_without_its_opening_tag_is_not_shown():
    content = ("I'll check the weather for you.\n\n<function=get_current_weather>\n<parameter=city>\nDallas\n"
               "</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n"
               "</function>\n</tool_call>")
    check_recovered(content, SCHEMAS, "I'll check the weather for you.",
                    [("get_current_weather", {"city": "Dallas", "state": "TX", "unit": "fahrenheit"})], HIDDEN)
    check_recovered(content.replace("</tool_call>", "</tool_call> Done."), SCHEMAS,
                    "I'll check the weather for you.\n\n Done.",
                    [("get_current_weather", {"city": "Dallas", "state": "TX", "unit": "fahrenheit"})], HIDDEN)
