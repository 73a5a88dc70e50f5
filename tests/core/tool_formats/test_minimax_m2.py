"""MiniMax-M2 tool calls: ``<minimax:tool_call><invoke name="…"><parameter name="…">…</parameter></invoke>``.

Source: ggml-org/llama.cpp models/templates/unsloth-MiniMax-M2.jinja (the system prompt's XML example and the
assistant rendering: a string value as it is, other values as JSON).
"""
from support.text_calls import check_recovered, check_text

KNOWN = {"get_weather", "set_cell"}
HIDDEN = ("minimax", "invoke", "parameter")


def test_one_call_after_text():
    content = ('Let me check.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris'
               '</parameter>\n<parameter name="days">3</parameter>\n</invoke>\n</minimax:tool_call>')
    check_recovered(content, KNOWN, "Let me check.", [("get_weather", {"city": "Paris", "days": "3"})], HIDDEN)


def test_two_invokes_and_a_json_value():
    content = ('<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Rome</parameter>\n</invoke>\n'
               '<invoke name="set_cell">\n<parameter name="cell">A1</parameter>\n<parameter name="value">'
               '["x", 1]</parameter>\n</invoke>\n</minimax:tool_call>')
    check_recovered(content, KNOWN, "", [("get_weather", {"city": "Rome"}), ("set_cell", {"cell": "A1",
                                                                                      "value": ["x", 1]})], HIDDEN)


def test_unknown_tools_stay_text():
    check_text('<minimax:tool_call>\n<invoke name="web_search">\n<parameter name="q">x</parameter>\n</invoke>\n'
               '</minimax:tool_call>', KNOWN)
