"""Each round's request of a chat turn, built in core from what the office said once."""
from marginalia.core.agent.round_request import RoundRequests
from marginalia.core.agent.system_prompt import build_system_prompt
from marginalia.core.agent.tool_strategy import ANSWER, AUTO, ToolPlan, forced, prompt_tools_section
from marginalia.core.llm.request import ChatOptions, EndpointConfig

ENDPOINT = EndpointConfig("http://127.0.0.1:1/v1", "m")
SCHEMAS = [{"type": "function", "function": {"name": name, "description": "Does %s." % name,
                                             "parameters": {"type": "object", "properties": {}}}}
           for name in ("read_text", "insert_content")]
HISTORY = [{"role": "user", "content": "Add a title"}]


def rounds(strategy="native", schemas=SCHEMAS, **kwargs):
    plan = ToolPlan(strategy, [s["function"]["name"] for s in schemas])
    return RoundRequests(ENDPOINT, "writer", "Report.odt", "the word Hello", schemas, plan, **kwargs)


def system_prompt(body):
    assert body["messages"][0]["role"] == "system"
    return body["messages"][0]["content"]


def test_a_native_round_offers_every_tool_and_names_them_in_the_prompt():
    request = rounds(options=ChatOptions(temperature=0.2), extra_instructions="Be brief.").build(HISTORY, AUTO)
    body = request.body
    assert request.endpoint is ENDPOINT and body["model"] == "m" and body["temperature"] == 0.2
    assert body["tools"] == SCHEMAS and body["tool_choice"] == "auto" and body["messages"][1:] == HISTORY
    assert system_prompt(body) == build_system_prompt("writer", "Report.odt", ["read_text", "insert_content"],
                                                      selection="the word Hello", extra_instructions="Be brief.")


def test_a_forced_round_offers_the_one_tool_and_an_answer_round_none():
    forced_body = rounds().build(HISTORY, forced("insert_content")).body
    assert [s["function"]["name"] for s in forced_body["tools"]] == ["insert_content"]
    assert forced_body["tool_choice"] == {"type": "function", "function": {"name": "insert_content"}}
    assert "tools" not in rounds().build(HISTORY, ANSWER).body


def test_prompted_tools_are_described_in_the_system_prompt_not_sent():
    body = rounds("prompted").build(HISTORY, AUTO).body
    assert "tools" not in body and system_prompt(body).endswith("\n\n" + prompt_tools_section(SCHEMAS))


def test_without_tools_the_prompt_names_none():
    builder = rounds("none")
    body = builder.build(HISTORY, builder.plan.first_mode("Add a title")).body
    assert system_prompt(body) == build_system_prompt("writer", "Report.odt", [], selection="the word Hello")
    assert "tools" not in body


def test_impress_and_draw_prompts_name_the_application_and_their_guidance():
    impress = build_system_prompt("impress", "Deck.odp", ["get_presentation", "add_slides"])
    draw = build_system_prompt("draw", "Plan.odg", ["get_presentation"])
    assert "LibreOffice Impress (a presentation)" in impress and "address slides by the numbers" in impress
    assert "LibreOffice Draw (a drawing)" in draw and "address pages and shapes" in draw


def test_review_mode_in_impress_says_there_are_no_tracked_changes_and_asks_first():
    plan = ToolPlan("native", ["add_slides"])
    schemas = [{"type": "function", "function": {"name": "add_slides", "description": "Adds slides.",
                                                 "parameters": {"type": "object", "properties": {}}}}]
    reviewing = RoundRequests(ENDPOINT, "impress", "Deck.odp", "", schemas, plan, review_mode=True)
    prompt = system_prompt(reviewing.build(HISTORY, AUTO).body)
    assert "Impress has no tracked changes" in prompt and "ask whether to proceed" in prompt
    assert "no tracked changes" not in build_system_prompt("impress", "Deck.odp", ["add_slides"])
    assert "no tracked changes" not in build_system_prompt("writer", "Report.odt", ["insert_content"],
                                                           review_mode=True)  # Writer records them
