"""Pythonic tool calls: Llama 3.2 and Llama 4 (pythonic templates) and others.

Sources: vllm-project/vllm examples/tool_chat_template_llama4_pythonic.jinja ("Use exact format:
[func_name1(param1=value1, param2=value2), func_name2(...)]", its examples, the assistant rendering
``name(param="value")``) and examples/tool_chat_template_llama3.2_pythonic.jinja; Llama 4's
``<|python_start|>`` wrapper as vllm-project/vllm vllm/entrypoints/openai/tool_parsers/llama4_pythonic_tool_parser.py
documents it; vllm-project/vllm tests/tool_parsers/test_pythonic_tool_parser.py for a good call beside a broken one
(test_bad_sibling_call_does_not_drop_good_calls, test_good_call_survives_unparsable_sibling,
test_non_finite_argument_rejected). vLLM drops the broken call; Marginalia tells the model what was wrong with it.
"""
import pytest

from support.text_calls import calls_of, check_recovered, check_text

KNOWN = {"get_weather", "calculate_route", "read_paragraphs"}
HIDDEN = ("get_weather(", "calculate_route(")


def test_the_templates_example_is_recovered():
    content = '[get_weather(location="Vancouver"), calculate_route(start="Boston", end="New York")]'
    check_recovered(content, KNOWN, "", [("get_weather", {"location": "Vancouver"}),
                                         ("calculate_route", {"start": "Boston", "end": "New York"})], HIDDEN)


def test_literal_values_of_every_kind():
    content = ("[read_paragraphs(start=3, count=-2, exact=True, missing=None, tags=['a', \"b\"], "
               "opts={'x': 1.5}, flag=false)]")
    check_recovered(content, KNOWN, "", [("read_paragraphs", {
        "start": 3, "count": -2, "exact": True, "missing": None, "tags": ["a", "b"], "opts": {"x": 1.5},
        "flag": False})])


def test_a_call_list_in_prose_and_in_llama4s_wrapper():
    check_recovered('Let me check: [get_weather(location="New York")]', KNOWN, "Let me check:",
                    [("get_weather", {"location": "New York"})], HIDDEN)
    check_recovered('<|python_start|>[get_weather(location="Paris")]<|python_end|>', KNOWN, "",
                    [("get_weather", {"location": "Paris"})], HIDDEN + ("python_start", "python_end"))


def test_a_call_without_arguments_and_quotes_inside_values():
    check_recovered("[get_weather()]", KNOWN, "", [("get_weather", {})], HIDDEN)
    check_recovered("""[get_weather(location="Rock 'n' Roll [City]")]""", KNOWN, "",
                    [("get_weather", {"location": "Rock 'n' Roll [City]"})], HIDDEN)


@pytest.mark.parametrize("content", [
    "See [1] and [get_weather](https://example.org) for details.",
    "[get_weather is the tool] and [calculate_route(a) is how] you call it",  # not a list of calls
    '[web_search(query="x")]',  # not offered
    '[get_weather(location="Paris"), web_search(query="x")]',
    "- [ ] a task list item\n- [x] done",
])
def test_markdown_prose_and_unknown_tools_stay_text(content):
    check_text(content, KNOWN)


def test_arguments_that_are_not_literals_are_explained():
    remaining, calls = calls_of("[read_paragraphs(1, 5)]", KNOWN)
    assert remaining == "" and calls[0][:3] == ("read_paragraphs", None, "1, 5")
    assert "read_paragraphs" in calls[0][3]
    _, calls = calls_of("[get_weather(location=city)]", KNOWN)
    assert calls[0][:3] == ("get_weather", None, "location=city")


SIBLINGS = {"get_weather", "f", "bad", "calc", "g"}
SF = ("get_weather", {"city": "San Francisco", "metric": "celsius"})
SF_CALL = "get_weather(city='San Francisco', metric='celsius')"


def test_a_call_that_is_not_python_does_not_lose_the_good_one():
    remaining, calls = calls_of("[%s, f(a='x 'y', b='z')]" % SF_CALL, SIBLINGS)
    assert remaining == "" and [call[:2] for call in calls] == [SF, ("f", None)]
    assert calls[1][2] == "a='x 'y', b='z'" and "not valid Python" in calls[1][3] and "'f'" in calls[1][3]
    check_recovered("Checking: [%s, f(a='x 'y', b='z')] then more." % SF_CALL, SIBLINGS, "Checking:  then more.",
                    [SF, ("f", None)], ("get_weather(", "f(a="))


def test_a_value_json_cannot_hold_is_explained_and_the_good_call_runs():
    remaining, calls = calls_of("[bad(x=b'z'), %s]" % SF_CALL, SIBLINGS)
    assert [call[:3] for call in calls] == [("bad", None, "x=b'z'"), SF + (calls[1][2],)]
    assert "b'z' is not a value JSON can hold" in calls[0][3] and "Call the tool again" in calls[0][3]
    _, calls = calls_of("[calc(x=1e999), %s]" % SF_CALL, SIBLINGS)
    assert calls[0][:2] == ("calc", None) and "1e999 is not a finite number" in calls[0][3]


def test_broken_items_that_are_not_calls_keep_the_list_as_text():
    check_text("[get_weather(city='SF'), and 'some prose]", SIBLINGS)
    check_text("[f(a='x 'y' 'z), web_search(b='p 'q' 'r)]", SIBLINGS)  # not offered: the whole list stays text
