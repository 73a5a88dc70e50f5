"""Cohere Command R / R+ (``Action: ```json``) and Command R7B (``<|START_ACTION|>``).

Sources: ggerganov/llama.cpp models/templates/CohereForAI-c4ai-command-r-plus-tool_use.jinja ("Write 'Action:'
followed by a json-formatted list of actions", the list of ``{"tool_name", "parameters"}`` and the assistant
rendering ``Action:\\n```json\\n[…]```'') and ggml-org/llama.cpp
models/templates/CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja (``<|START_ACTION|>[{"tool_call_id": "0",
"tool_name": …, "parameters": …}]<|END_ACTION|>``).
"""
import pytest

from support.text_calls import check_recovered, check_text

KNOWN = {"internet_search", "get_weather"}
HIDDEN = ("Action", "tool_name", "```")


def test_the_command_r_template_rendering_is_recovered():
    content = ('Action:\n```json\n[\n    {\n        "tool_name": "internet_search",\n        "parameters": {\n'
               '            "query": "tips for writing an essay"\n        }\n    }\n]```\n')
    check_recovered(content, KNOWN, "", [("internet_search", {"query": "tips for writing an essay"})], HIDDEN)


def test_a_plan_then_an_action_with_two_calls():
    content = ('Plan: First I will search, then check the weather.\nAction: ```json\n[\n    {\n        "tool_name": '
               '"internet_search",\n        "parameters": {"query": "Paris"}\n    },\n    {\n        "tool_name": '
               '"get_weather",\n        "parameters": {}\n    }\n]\n```')
    check_recovered(content, KNOWN, "Plan: First I will search, then check the weather.",
                    [("internet_search", {"query": "Paris"}), ("get_weather", {})], HIDDEN)


def test_command_r7b_action_block():
    content = ('<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": '
               '"Oslo"}}\n]<|END_ACTION|>')
    check_recovered(content, KNOWN, "", [("get_weather", {"city": "Oslo"})], HIDDEN + ("ACTION",))


@pytest.mark.parametrize("content", [
    "Action: fix the typo in the second paragraph.",
    "Action: ```python\nprint(1)\n```",
    'Action: ```json\n[\n    {\n        "tool_name": "directly-answer",\n        "parameters": {}\n    }\n]```',
])
def test_prose_code_and_tools_not_offered_stay_text(content):
    check_text(content, KNOWN)
