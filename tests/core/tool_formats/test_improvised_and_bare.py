"""Calls small models improvise: Hermes-style tags of their own, a fenced call, a bare call object in prose.

These have no documentation of their own. The call object is the Hermes one (vllm-project/vllm
examples/tool_chat_template_hermes.jinja: ``{"name": <function-name>, "arguments": <args-dict>}``) or Llama 3's
(vllm-project/vllm examples/tool_chat_template_llama3.1_json.jinja: ``"parameters"``); the tag names (``<tool>``,
``<tools>``, ``<function_call>``, ``<json>``) are the ones issue 18 lists as seen from small local models. A tool's
declaration echoed back (Hermes and MiniMax templates list tools in ``<tools>``/``<tool>``) is not a call.
"""
import pytest

from support.text_calls import check_malformed, check_recovered, check_text

KNOWN = {"get_weather", "replace_text"}
CALL = '{"name": "get_weather", "arguments": {"city": "Paris"}}'
PARIS = ("get_weather", {"city": "Paris"})


@pytest.mark.parametrize("tag", ["tool", "tools", "function_call", "json"])
def test_a_call_in_an_improvised_tag(tag):
    content = "Checking.\n<%s>\n%s\n</%s>" % (tag, CALL, tag)
    check_recovered(content, KNOWN, "Checking.", [PARIS], ("<%s>" % tag, '"name"'))


def test_a_declaration_echoed_in_tools_tags_stays_text():
    check_text('<tools>\n{"type": "function", "function": {"name": "get_weather", "description": "Weather of a city", '
               '"parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}\n</tools>', KNOWN)
    check_text('<tool>{"name": "get_weather", "description": "Weather", "parameters": {"type": "object", '
               '"properties": {}}}</tool>', KNOWN)


def test_a_fenced_call_with_parameters():
    content = 'I will call:\n```json\n{"name": "get_weather", "parameters": {"city": "Paris"}}\n```\nthen answer.'
    check_recovered(content, KNOWN, "I will call:\n\nthen answer.", [PARIS], ('"name"', "```"))


def test_a_bare_object_in_prose():
    content = "Let me look it up: %s and then I will answer." % CALL
    check_recovered(content, KNOWN, "Let me look it up:  and then I will answer.", [PARIS], ('"name"',))
    content = 'Two: [%s, {"name": "replace_text", "arguments": {"old": "a", "new": "b"}}]' % CALL
    check_recovered(content, KNOWN, "Two:", [PARIS, ("replace_text", {"old": "a", "new": "b"})], ('"name"',))


@pytest.mark.parametrize("content", [
    'Here is the JSON you asked for: {"name": "Alice", "arguments": ["x"]}.',
    'The tool is described as {"name": "get_weather"} in the list.',  # no arguments: a mention, not a call
    'A set {1, 2} and a dict {"a": {"b": [1, 2]}} and {"name": 3}.',
    "Braces in code: `if (x) { return; }`",
])
def test_json_and_braces_in_prose_stay_text(content):
    check_text(content, KNOWN)


def test_a_broken_bare_object_is_explained():
    remaining = check_malformed('Fixing: {"name": "replace_text", "arguments": {"old": "a", "new": }} done',
                                KNOWN, "replace_text", '{"old": "a", "new": }')
    assert remaining == "Fixing:  done"
