"""DeepSeek V3, R1 and V3.1 tool calls written as text.

Sources: the chat templates in ggml-org/llama.cpp — models/templates/deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja
(V3/R1: ``<｜tool▁call▁begin｜>function<｜tool▁sep｜>name`` + ```` ```json ```` fence, calls joined by "\\n") and
models/templates/deepseek-ai-DeepSeek-V3.1.jinja (V3.1: ``<｜tool▁call▁begin｜>name<｜tool▁sep｜>arguments``);
ggml-org/llama.cpp common/chat.cpp for the misspelled opening tokens the R1 distills write, and for R1's closing
fence, which its parser accepts right after the JSON (``"```[\\s\\r\\n]*<｜tool▁call▁end｜>"`` after the object).
"""
import pytest

from support.text_calls import check_malformed, check_recovered, check_text

KNOWN = {"get_current_weather", "read_paragraphs"}
BEIJING = ("get_current_weather", {"location": "Beijing"})
TOKYO = ("get_current_weather", {"location": "Tokyo"})
HIDDEN = ("tool▁call", "｜", "```")


def r1_call(location):
    return ('<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_current_weather\n```json\n{"location": "%s"}\n```'
            '<｜tool▁call▁end｜>' % location)


def v31_call(location):
    return '<｜tool▁call▁begin｜>get_current_weather<｜tool▁sep｜>{"location": "%s"}<｜tool▁call▁end｜>' % location


R1_TWO = "<｜tool▁calls▁begin｜>" + r1_call("Beijing") + "\n" + r1_call("Tokyo") + "<｜tool▁calls▁end｜>"
V31_TWO = "<｜tool▁calls▁begin｜>" + v31_call("Beijing") + v31_call("Tokyo") + "<｜tool▁calls▁end｜>"


@pytest.mark.parametrize("content, remaining, calls", [
    (R1_TWO, "", [BEIJING, TOKYO]),
    ("<｜tool▁calls▁begin｜>" + r1_call("Beijing") + "<｜tool▁calls▁end｜>", "", [BEIJING]),
    (V31_TWO, "", [BEIJING, TOKYO]),
    ("Let me check the weather." + "<｜tool▁calls▁begin｜>" + v31_call("Beijing") + "<｜tool▁calls▁end｜>",
     "Let me check the weather.", [BEIJING]),
    ("<｜tool▁calls▁begin｜>" + v31_call("Beijing"), "", [BEIJING]),  # cut before the end tokens
    (v31_call("Tokyo"), "", [TOKYO]),  # a lone call without the section tokens
])
def test_calls_are_recovered(content, remaining, calls):
    check_recovered(content, KNOWN, remaining, calls, HIDDEN)


@pytest.mark.parametrize("opening, closing", [
    ("<｜tool_calls_begin｜>", "<｜tool_calls_end｜>"), ("<｜tool calls begin｜>", "<｜tool calls end｜>"),
    ("<｜tool\\_calls\\_begin｜>", "<｜tool\\_calls\\_end｜>"), ("<｜tool▁calls｜>", "<｜tool▁calls▁end｜>")])
def test_misspelled_tokens_of_the_r1_distills_are_read(opening, closing):
    content = opening + r1_call("Tokyo") + closing
    check_recovered(content, KNOWN, "", [TOKYO], ("｜",))


def test_r1s_closing_fence_glued_to_the_json_is_read():
    content = ('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>read_paragraphs\n```json\n{"arg1": 1}```'
               '<｜tool▁call▁end｜><｜tool▁calls▁end｜>')
    check_recovered(content, KNOWN, "", [("read_paragraphs", {"arg1": 1})], HIDDEN)


def test_a_call_to_a_tool_not_offered_keeps_the_whole_section_as_text():
    check_text(R1_TWO, {"read_paragraphs"})
    check_text("<｜tool▁calls▁begin｜>" + v31_call("Beijing") + v31_call("Tokyo").replace("get_current_weather", "rm")
               + "<｜tool▁calls▁end｜>", KNOWN)


def test_broken_arguments_are_explained_to_the_model():
    content = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read_paragraphs<｜tool▁sep｜>{"start": 1,}<｜tool▁call▁end｜>'
    assert check_malformed(content, KNOWN, "read_paragraphs", '{"start": 1,}') == ""


def test_text_mentioning_the_tokens_stays_text():
    check_text("DeepSeek opens its calls with <｜tool▁calls▁begin｜> and a separator.", KNOWN)
