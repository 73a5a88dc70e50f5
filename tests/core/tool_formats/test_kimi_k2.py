"""Kimi K2 tool calls written as text.

Sources: MoonshotAI/Kimi-K2 docs/tool_call_guidance.md ("Manually Parsing Tool Calls": section and call tokens,
ids ``functions.{func_name}:{idx}``) and ggml-org/llama.cpp models/templates/moonshotai-Kimi-K2-Thinking.jinja
(``render_toolcalls``).
"""
from support.text_calls import check_malformed, check_recovered, check_text

KNOWN = {"get_weather", "read_paragraphs"}
HIDDEN = ("<|tool_call", "functions.", "argument_begin")


def call(index, city):
    return ('<|tool_call_begin|>functions.get_weather:%d<|tool_call_argument_begin|>{"city": "%s"}<|tool_call_end|>'
            % (index, city))


def test_a_section_of_calls_is_recovered():
    content = "<|tool_calls_section_begin|>" + call(0, "Beijing") + call(1, "Paris") + "<|tool_calls_section_end|>"
    check_recovered(content, KNOWN, "", [("get_weather", {"city": "Beijing"}), ("get_weather", {"city": "Paris"})],
                    HIDDEN)


def test_text_before_and_line_breaks_inside_are_allowed():
    content = ("Let me check.<|tool_calls_section_begin|>\n<|tool_call_begin|>\nfunctions.get_weather:0"
               "<|tool_call_argument_begin|>\n{\"city\": \"Tokyo\"}\n<|tool_call_end|>\n<|tool_calls_section_end|>")
    check_recovered(content, KNOWN, "Let me check.", [("get_weather", {"city": "Tokyo"})], HIDDEN)


def test_a_lone_call_without_section_tokens_is_recovered():
    check_recovered(call(0, "Oslo"), KNOWN, "", [("get_weather", {"city": "Oslo"})], HIDDEN)


def test_a_fresh_id_replaces_the_per_message_counter():
    from marginalia.core.agent.text_tool_calls import parse_text_tool_calls
    _, calls = parse_text_tool_calls("<|tool_calls_section_begin|>" + call(0, "Rome"), KNOWN)
    assert calls[0].id != "functions.get_weather:0" and len(calls[0].id) == 9


def test_unknown_tools_and_broken_arguments():
    check_text("<|tool_calls_section_begin|>" + call(0, "Rome").replace("get_weather", "web_search")
               + "<|tool_calls_section_end|>", KNOWN)
    content = ("<|tool_calls_section_begin|><|tool_call_begin|>functions.read_paragraphs:0<|tool_call_argument_begin|>"
               "{start: 1}<|tool_call_end|><|tool_calls_section_end|>")
    assert check_malformed(content, KNOWN, "read_paragraphs", "{start: 1}") == ""
