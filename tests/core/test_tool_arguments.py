"""Tool arguments: parsed at the end of the stream; invalid ones explained in plain words."""
from marginalia.core.stream.message import AssistantMessage, ToolCall
from marginalia.core.stream.tool_arguments import parse_tool_arguments


def test_valid_object():
    assert parse_tool_arguments('{"city": "Paris"}', "get_weather") == ({"city": "Paris"}, None)


def test_empty_arguments_string_is_empty_object():
    assert parse_tool_arguments("", "f") == ({}, None)
    assert parse_tool_arguments("  \n", "f") == ({}, None)


def test_invalid_json_becomes_plain_words_error():
    value, error = parse_tool_arguments('{"city": "Par', "get_weather")
    assert value is None
    assert "get_weather" in error and "not valid JSON" in error and '{"city": "Par' in error
    assert "Call the tool again" in error


def test_json_that_is_not_an_object_is_an_error():
    value, error = parse_tool_arguments('["a", 1]', "f")
    assert value is None and "JSON object" in error and "array" in error
    assert parse_tool_arguments('"{\\"a\\": 1}"', "f")[0] is None   # double-encoded: no guess


def test_very_deep_nesting_is_an_error_not_a_crash():
    value, error = parse_tool_arguments("[" * 100000, "f")
    assert value is None and error


def test_long_raw_arguments_are_shortened_in_the_message():
    value, error = parse_tool_arguments('{"text": "' + "x" * 5000, "f")
    assert value is None and len(error) < 800 and "5010 characters" in error


def test_tool_call_exposes_parsed_and_error():
    good = ToolCall("call_1", "f", '{"a": 1}')
    bad = ToolCall("call_2", "f", "{oops")
    assert (good.arguments, good.arguments_error) == ({"a": 1}, None)
    assert bad.arguments is None and "not valid JSON" in bad.arguments_error


def test_call_without_id_gets_stable_generated_id():
    first = ToolCall(None, "f", "{}", index=0)
    again = ToolCall(None, "f", "{}", index=0)
    other = ToolCall(None, "f", "{}", index=1)
    assert first.call_id == again.call_id != other.call_id
    assert first.call_id.startswith("call_")
    assert ToolCall("given", "f", "{}").call_id == "given"


def test_to_api_dict_with_tool_calls():
    message = AssistantMessage(content="", reasoning="why", tool_calls=[
        ToolCall("c1", "f", '{"a":1}', 0), ToolCall(None, "g", "", 1)])
    api = message.to_api_dict()
    assert api == {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}},
        {"id": message.tool_calls[1].call_id, "type": "function",
         "function": {"name": "g", "arguments": "{}"}}]}


def test_to_api_dict_plain_answer_and_refusal():
    assert AssistantMessage(content="Hi").to_api_dict() == {"role": "assistant", "content": "Hi"}
    assert AssistantMessage(refusal="No.").to_api_dict() == {"role": "assistant", "content": "No."}
