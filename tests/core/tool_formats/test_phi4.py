"""Phi-4-mini tool calls: ``functools[…]``.

Source: vllm-project/vllm examples/tool_chat_template_phi4_mini.jinja ("prefix function calls with functools
marker (no closing marker required)", "functools[{"name": [function name], "arguments": [function arguments as
JSON]}, ...]").
"""
from support.text_calls import check_malformed, check_recovered, check_text

KNOWN = {"get_weather", "get_time"}
HIDDEN = ("functools", '"name"')


def test_a_list_of_calls_is_recovered():
    content = 'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {}}]'
    check_recovered(content, KNOWN, "", [("get_weather", {"city": "Paris"}), ("get_time", {})], HIDDEN)


def test_text_around_the_calls_stays():
    content = 'Checking.\nfunctools[{"name": "get_time", "arguments": {"zone": "UTC"}}]\nOne moment.'
    check_recovered(content, KNOWN, "Checking.\n\nOne moment.", [("get_time", {"zone": "UTC"})], HIDDEN)


def test_unknown_tools_and_broken_json():
    check_text('functools[{"name": "web_search", "arguments": {}}]', KNOWN)
    assert check_malformed('functools[{"name": "get_time", "arguments": {"zone": UTC}}]', KNOWN,
                           "get_time", '{"zone": UTC}') == ""
