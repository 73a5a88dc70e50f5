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
