"""gpt-oss tool calls in OpenAI's harmony format, when a server passes them through as text.

Source: openai/harmony docs/format.md — "Receiving tool calls" (``<|channel|>commentary to=functions.get_weather
<|constrain|>json<|message|>{…}<|call|>``, the recipient in the channel or the role part of the header),
"Preambles" and the ``final``/``analysis`` channels.
"""
from support.text_calls import check_malformed, check_recovered, check_text

KNOWN = {"get_weather", "generate_file"}
HIDDEN = ("to=functions", "<|call|>", "<|constrain|>", "{")
ANALYSIS = "<|channel|>analysis<|message|>Need to use function get_weather.<|end|>"


def test_the_documented_call_is_recovered_and_the_analysis_left():
    content = (ANALYSIS + "<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json"
               "<|message|>{\"location\":\"San Francisco\"}<|call|>")
    check_recovered(content, KNOWN, ANALYSIS, [("get_weather", {"location": "San Francisco"})], HIDDEN)


def test_the_first_message_starts_with_the_channel():
    content = '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"Tokyo"}<|call|>'
    check_recovered(content, KNOWN, "", [("get_weather", {"location": "Tokyo"})], HIDDEN)


def test_the_recipient_in_the_role_part_of_the_header():
    content = ' to=functions.get_weather<|channel|>commentary json<|message|>{"location": "Oslo"}<|call|>'
    check_recovered(content, KNOWN, "", [("get_weather", {"location": "Oslo"})], HIDDEN)
    content = '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"location": "Oslo"}'
    check_recovered(content, KNOWN, "", [("get_weather", {"location": "Oslo"})], HIDDEN)


def test_a_preamble_stays_and_the_call_after_it_is_recovered():
    preamble = ("<|channel|>commentary<|message|>**Action plan**:\n1. Generate an HTML file\n---\n"
                "Will start executing the plan step by step<|end|>")
    content = (preamble + "<|start|>assistant<|channel|>commentary to=functions.generate_file<|constrain|>json"
               "<|message|>{\"template\": \"basic_html\", \"path\": \"index.html\"}<|call|>")
    check_recovered(content, KNOWN, preamble, [("generate_file", {"template": "basic_html", "path": "index.html"})],
                    HIDDEN)


def test_messages_without_a_recipient_and_builtin_tools_stay_text():
    check_text("<|channel|>final<|message|>2 + 2 = 4.<|return|>", KNOWN)
    check_text("<|channel|>analysis<|message|>Search first.<|end|><|start|>assistant<|channel|>analysis "
               "to=browser.search<|message|>{\"query\": \"weather\"}<|call|>", KNOWN)


def test_broken_arguments_are_explained():
    content = "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{location: Paris}<|call|>"
    assert check_malformed(content, KNOWN, "get_weather", "{location: Paris}") == ""
