"""Liquid LFM2 / LFM2.5 tool calls: ``<|tool_call_start|>[…]<|tool_call_end|>``.

Sources: Liquid4All/docs lfm/key-concepts/tool-use.md (Pythonic calls by default, the example
``<|tool_call_start|>[get_candidate_status(candidate_id="12345")]<|tool_call_end|>Checking the current status…``)
and ggml-org/llama.cpp models/templates/llama-cpp-lfm2.jinja (JSON call objects between the same tokens).
"""
from support.text_calls import check_malformed, check_recovered, check_text

KNOWN = {"get_candidate_status"}
HIDDEN = ("tool_call_start", "tool_call_end", "get_candidate_status(")


def test_the_documented_pythonic_call_is_recovered():
    content = ('<|tool_call_start|>[get_candidate_status(candidate_id="12345")]<|tool_call_end|>'
               'Checking the current status of candidate ID 12345.')
    check_recovered(content, KNOWN, "Checking the current status of candidate ID 12345.",
                    [("get_candidate_status", {"candidate_id": "12345"})], HIDDEN)


def test_json_calls_between_the_tokens():
    content = ('<|tool_call_start|>[{"name": "get_candidate_status", "arguments": {"candidate_id": "7"}, '
               '"id": "c1"}]<|tool_call_end|>')
    check_recovered(content, KNOWN, "", [("get_candidate_status", {"candidate_id": "7"})], HIDDEN)


def test_unknown_tools_and_a_broken_call():
    check_text('<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>', KNOWN)
    content = '<|tool_call_start|>[get_candidate_status(candidate_id="12345"]<|tool_call_end|>'
    assert check_malformed(content, KNOWN, "get_candidate_status", 'candidate_id="12345"') == ""
