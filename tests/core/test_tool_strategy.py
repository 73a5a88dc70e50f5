"""Tool strategies turn a round's mode into the request's tools and tool_choice."""
from marginalia.core.stream.message import AssistantMessage, ToolCall
from marginalia.core.agent.tool_strategy import (ANSWER, AUTO, ROUTER, ROUTER_TOOL, ToolPlan, forced,
    prompt_tools_section, request_tools, slash_tool)

SCHEMAS = [{"type": "function", "function": {"name": n, "description": "Does %s. More." % n,
                                              "parameters": {"type": "object", "properties": {}}}}
           for n in ("get_document", "replace_text")]
NAMES = ["get_document", "replace_text"]


def test_native_offers_every_tool_with_auto_choice():
    plan = ToolPlan("auto", NAMES)
    tools, choice = request_tools(plan.first_mode("hello"), plan, SCHEMAS)
    assert tools == SCHEMAS and choice == "auto"


def test_forced_round_sends_only_that_tool_and_forces_it():
    plan = ToolPlan("native", NAMES)
    tools, choice = request_tools(forced("replace_text"), plan, SCHEMAS)
    assert [t["function"]["name"] for t in tools] == ["replace_text"]
    assert choice == {"type": "function", "function": {"name": "replace_text"}}


def test_router_lists_every_tool_and_answering():
    plan = ToolPlan("forced", NAMES)
    assert plan.first_mode("do it") == ROUTER
    tools, choice = request_tools(ROUTER, plan, SCHEMAS)
    schema = tools[0]["function"]
    assert schema["name"] == ROUTER_TOOL and choice["function"]["name"] == ROUTER_TOOL
    assert schema["parameters"]["properties"]["step"]["enum"] == NAMES + ["answer_the_user"]
    assert "Does get_document." in schema["description"] and "More" not in schema["description"]


def test_route_reads_the_step_and_falls_back_to_answering():
    plan = ToolPlan("forced", NAMES)
    pick = AssistantMessage(tool_calls=[ToolCall("r", ROUTER_TOOL, '{"step": "replace_text"}')])
    assert plan.route(pick) == forced("replace_text")
    for nonsense in ('{"step": "delete_all"}', '{"step": "answer_the_user"}', "{broken"):
        assert plan.route(AssistantMessage(tool_calls=[ToolCall("r", ROUTER_TOOL, nonsense)])) == ANSWER
    assert plan.route(AssistantMessage(content="just text")) == ANSWER


def test_prompted_and_none_send_no_tools():
    for strategy in ("prompted", "none"):
        plan = ToolPlan(strategy, NAMES)
        assert request_tools(plan.first_mode("x"), plan, SCHEMAS) == ([], None)
    assert ToolPlan("none", NAMES).first_mode("/replace_text x") == ANSWER
    section = prompt_tools_section(SCHEMAS)
    assert "<tool_call>" in section and "replace_text" in section


def test_slash_command_only_names_known_tools():
    assert slash_tool("/replace_text fix teh", NAMES) == "replace_text"
    assert slash_tool("/unknown x", NAMES) is None and slash_tool("no slash", NAMES) is None
    assert slash_tool("/", NAMES) is None
    assert ToolPlan("native", []).first_mode("hi") == ANSWER  # nothing to offer
    assert ToolPlan("native", NAMES).mode_after_tools() == AUTO
