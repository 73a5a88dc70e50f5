"""Swiss AI Apertus tool calls written as text.

Sources: the Apertus chat template (swiss-ai/Apertus, as ggml-org/llama.cpp models/templates/Apertus-8B-Instruct.jinja
carries it: ``<|tools_prefix|>[`` then ``{"name": arguments}`` joined by ", " then ``]<|tools_suffix|>``);
vllm-project/vllm tests/tool_parsers/test_apertus_tool_parser.py (the cases below).
"""
from support.text_calls import check_malformed, check_recovered, check_text

KNOWN = {"get_weather", "get_time", "complex_function"}
HIDDEN = ("tools_prefix", "tools_suffix", "get_weather")


def test_the_issues_example_is_recovered():
    check_recovered('<|tools_prefix|>[{"get_weather": {"city": "Paris"}}]<|tools_suffix|>', KNOWN, "",
                    [("get_weather", {"city": "Paris"})], HIDDEN)


def test_text_before_several_calls_and_nested_arguments():
    check_recovered('Let me check the weather for you. <|tools_prefix|>[{"get_weather": {"location": "Paris"}}]'
                    '<|tools_suffix|>', KNOWN, "Let me check the weather for you.",
                    [("get_weather", {"location": "Paris"})], HIDDEN)
    check_recovered('<|tools_prefix|>[{"get_weather": {"location": "London"}}, {"get_time": {"location": "London"}}]'
                    '<|tools_suffix|>', KNOWN, "",
                    [("get_weather", {"location": "London"}), ("get_time", {"location": "London"})], HIDDEN)
    check_recovered('<|tools_prefix|>[{"complex_function": {"nested": {"inner": "value"}, "list": ["a", "b"]}}]'
                    '<|tools_suffix|>', KNOWN, "",
                    [("complex_function", {"nested": {"inner": "value"}, "list": ["a", "b"]})], ("tools_prefix",))


def test_a_list_without_its_suffix_at_the_end_of_the_reply_is_a_call():
    check_recovered('<|tools_prefix|>[{"get_weather": {"location": "San Francisco", "unit": "celsius"}}]', KNOWN, "",
                    [("get_weather", {"location": "San Francisco", "unit": "celsius"})], HIDDEN)


def test_a_list_cut_after_complete_arguments_is_a_call():
    check_recovered('<|tools_prefix|>[{"get_weather": {"location": "London"}', KNOWN, "",
                    [("get_weather", {"location": "London"})], HIDDEN)


def test_a_list_cut_inside_its_arguments_is_explained_to_the_model():
    assert check_malformed('<|tools_prefix|>[{"get_weather": {"location": "Lon', KNOWN, "get_weather",
                           '{"location": "Lon') == ""


def test_unknown_tools_and_prose_stay_text():
    check_text('<|tools_prefix|>[{"web_search": {"q": "x"}}]<|tools_suffix|>', KNOWN)
    check_text('<|tools_prefix|>[{"get_weather": {"city": "Paris"}, "note": 1}]<|tools_suffix|>', KNOWN)
    check_text("Apertus wraps its calls in <|tools_prefix|> and <|tools_suffix|>.", KNOWN)
