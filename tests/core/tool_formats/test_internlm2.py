"""InternLM2 tool calls: ``<|action_start|><|plugin|>…<|action_end|>``.

Sources: InternLM/InternLM chat/chat_format.md ("Function Call": the model speaks, then
``<|action_start|><|plugin|>\\n{"name": …, "parameters": {…}}<|action_end|>``; the interpreter variant) and
vllm-project/vllm examples/tool_chat_template_internlm2_tool.jinja (the same with ``"arguments"``).
"""
from support.text_calls import check_recovered, check_text

KNOWN = {"get_current_weather"}
HIDDEN = ("action_start", "plugin", "action_end")


def test_the_documented_call_is_recovered():
    content = ('Sure, I will search for the weather of Shanghai.<|action_start|><|plugin|>\n'
               '{"name": "get_current_weather", "parameters": {"location": "Shanghai"}}<|action_end|>')
    check_recovered(content, KNOWN, "Sure, I will search for the weather of Shanghai.",
                    [("get_current_weather", {"location": "Shanghai"})], HIDDEN)


def test_the_arguments_key_of_vllms_template():
    content = '<|action_start|><|plugin|>\n{"name": "get_current_weather", "arguments": {"location": "Oslo"}}<|action_end|>'
    check_recovered(content, KNOWN, "", [("get_current_weather", {"location": "Oslo"})], HIDDEN)


def test_interpreter_code_and_unknown_plugins_stay_text():
    check_text("I have processed the data.\n\n<|action_start|><|interpreter|>\n```python\nprint(1)\n```<|action_end|>",
               KNOWN)
    check_text('<|action_start|><|plugin|>\n{"name": "arxivsearch", "parameters": {"keyword": "x"}}<|action_end|>',
               KNOWN)
