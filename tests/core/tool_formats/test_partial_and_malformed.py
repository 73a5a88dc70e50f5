"""Partial and malformed calls: where the serving projects recover nothing, what Marginalia does, on purpose.

The rules are those of core/agent/text_tool_calls.py's docstring (and docs/tool-calls.md). Sources of the cases:
vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (test_hermes_parser_non_streaming_tool_call_until_eos:
vLLM's Hermes parser makes the call, its Granite 4 parser "enforces a complete response"; ..._invalid_json),
tests/tool_parsers/test_llama3_json_tool_parser.py (test_extract_tool_calls_missing_parameters_and_arguments_key,
test_extract_tool_calls_invalid_json: no call there) and tests/tool_parsers/test_mistral_tool_parser.py
(test_extract_tool_calls_pre_v11_regex_fallback_fails: the content is "not json at all", without the token).
"""
from support.text_calls import calls_of, check_malformed, check_recovered, check_text, filtered

KNOWN = {"final_answer", "toolWithoutParams", "invalidTool", "x", "add"}


def test_a_complete_call_at_the_end_of_a_reply_without_its_closing_tag_is_a_call():
    check_recovered('<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}', KNOWN, "",
                    [("final_answer", {"trigger": True})], ("tool_call", "trigger"))


def test_complete_arguments_in_a_call_object_cut_at_the_end_are_a_call():
    check_recovered('<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}', KNOWN, "",
                    [("final_answer", {"trigger": True})], ("tool_call", "trigger"))


def test_a_reply_that_is_one_call_object_without_arguments_is_a_call_without_arguments():
    check_recovered('{"name": "toolWithoutParams"}', KNOWN, "", [("toolWithoutParams", {})], ("toolWithoutParams",))


def test_an_object_without_arguments_inside_prose_stays_text():
    check_text('The tool {"name": "toolWithoutParams"} takes nothing.', KNOWN)


def test_arguments_that_are_not_json_are_explained_to_the_model_not_run():
    assert check_malformed('{"name": "x", "parameters": {invalid json}}', KNOWN, "x", "{invalid json}") == ""
    assert check_malformed('{"name": "invalidTool", "parameters": {invalid json}', KNOWN, "invalidTool",
                           "{invalid json}") == ""
    remaining, calls = calls_of('{"name": "x", "parameters": {invalid json}}', KNOWN)
    assert "not valid JSON" in calls[0][3]


def test_mistrals_token_opening_a_reply_without_a_call_is_not_shown():
    assert calls_of("[TOOL_CALLS] not json at all", KNOWN) == ("not json at all", [])
    assert filtered(["[TOOL_", "CALLS] not json", " at all"], KNOWN).strip() == "not json at all"
    assert calls_of(" \n[TOOL_CALLS] not json at all", KNOWN) == ("not json at all", [])


def test_mistrals_token_written_inside_prose_stays():
    check_text("Mistral models write [TOOL_CALLS] not json at all.", KNOWN)
    check_text('Done. [TOOL_CALLS][{"name": "web_search", "arguments": {}}]', KNOWN)
