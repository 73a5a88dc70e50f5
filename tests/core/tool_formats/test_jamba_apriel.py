"""AI21 Jamba and ServiceNow Apriel: ``<tool_calls>[…]</tool_calls>``.

Sources: vllm-project/vllm tests/tool_use/test_jamba_tool_parser.py (Jamba's model output, as its tests quote it)
and ggml-org/llama.cpp models/templates/unsloth-Apriel-1.5.jinja ("Return all function calls as a list of json
objects": ``<tool_calls>[{"name": …, "arguments": …, "id": …}]</tool_calls>``).
"""
from marginalia.core.agent.text_tool_calls import parse_text_tool_calls
from support.text_calls import check_recovered, check_text

KNOWN = {"get_current_weather"}
DALLAS = {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}
HIDDEN = ("tool_calls", '"name"')


def test_jambas_single_and_parallel_calls():
    one = ' <tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", ' \
          '"unit": "fahrenheit"}}\n]</tool_calls>'
    check_recovered(one, KNOWN, "", [("get_current_weather", DALLAS)], HIDDEN)
    check_recovered(" Sure! let me call the tool for you." + one.strip(), KNOWN,
                    "Sure! let me call the tool for you.", [("get_current_weather", DALLAS)], HIDDEN)
    two = ('<tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas"}},\n'
           '    {"name": "get_current_weather", "arguments": {"city": "Orlando"}}\n]</tool_calls>')
    check_recovered(two, KNOWN, "", [("get_current_weather", {"city": "Dallas"}),
                                     ("get_current_weather", {"city": "Orlando"})], HIDDEN)


def test_apriels_ids_are_kept():
    content = '\n<tool_calls>[{"name": "get_current_weather", "arguments": {"city": "Lyon"}, "id": "call_7"}]</tool_calls>'
    check_recovered(content, KNOWN, "", [("get_current_weather", {"city": "Lyon"})], HIDDEN)
    assert parse_text_tool_calls(content, KNOWN)[1][0].id == "call_7"


def test_unknown_tools_stay_text():
    check_text('<tool_calls>[{"name": "delete_file", "arguments": {}}]</tool_calls>', KNOWN)
