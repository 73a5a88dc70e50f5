"""NVIDIA Nemotron tool calls: ``<TOOLCALL>[…]</TOOLCALL>``.

Source: ggml-org/llama.cpp models/templates/NVIDIA-Nemotron-Nano-v2.jinja ("If you decide to call any tool(s), use
the following format: <TOOLCALL>[{"name": …, "arguments": …}, …]</TOOLCALL>" and the assistant rendering).
"""
from support.text_calls import check_malformed, check_recovered, check_text

KNOWN = {"get_weather", "get_time"}
HIDDEN = ("TOOLCALL", '"name"')


def test_calls_are_recovered():
    content = ('I will check both.\n\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris"}}, '
               '{"name": "get_time", "arguments": {}}]</TOOLCALL>')
    check_recovered(content, KNOWN, "I will check both.", [("get_weather", {"city": "Paris"}), ("get_time", {})],
                    HIDDEN)


def test_arguments_sent_as_a_string_and_broken_ones():
    content = '<TOOLCALL>[{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\"}"}]</TOOLCALL>'
    check_recovered(content, KNOWN, "", [("get_weather", {"city": "Lima"})], HIDDEN)
    assert check_malformed('<TOOLCALL>[{"name": "get_time", "arguments": {"zone": }}]</TOOLCALL>', KNOWN,
                           "get_time", '{"zone": }') == ""


def test_unknown_tools_stay_text():
    check_text('<TOOLCALL>[{"name": "python", "arguments": {"code": "1"}}]</TOOLCALL>', KNOWN)
