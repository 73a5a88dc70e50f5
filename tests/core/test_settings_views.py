"""Typed settings views: every property of the schema is read, special values mean one thing."""
import dataclasses

import pytest

from marginalia.core.settings.views import (AgentSettings, CalcSettings, ChatSettings, EndpointSettings,
                                            ResearchSettings, Settings, WriterSettings)
from support.settings_schema import defaults, settings

VIEWS = {"Endpoint": EndpointSettings, "Chat": ChatSettings, "Writer": WriterSettings, "Research": ResearchSettings,
         "Agents": AgentSettings, "Calc": CalcSettings}
CHANGED = {str: "changed-value", int: 7, float: 0.25, bool: True}


def test_every_group_of_the_schema_has_a_view_with_one_field_per_property():
    schema = defaults()
    assert set(schema) == set(VIEWS)
    for group, view in VIEWS.items():
        assert len(dataclasses.fields(view)) == len(schema[group]), group


@pytest.mark.parametrize("group", sorted(VIEWS))
def test_every_property_changes_its_view(group):
    schema = defaults()[group]
    view = VIEWS[group]
    base = view.from_values({}, schema)
    for name, default in schema.items():
        changed = CHANGED[type(default)] if default != CHANGED[type(default)] else CHANGED[str]
        if name == "SearchBackend":
            changed = "searxng"
        if name == "Api":
            changed = "responses"
        if name == "AskApproval":
            changed = False
        if name == "AllowedClients":
            changed = "Claude Code"
        if name == "Pictures":
            changed = "on"
        assert view.from_values({name: changed}, schema) != base, "%s/%s is not read" % (group, name)


def test_missing_values_are_the_schema_s_defaults():
    everything = settings()
    assert everything.endpoint.request_timeout == 120.0 and everything.endpoint.tool_strategy == "auto"
    assert everything.endpoint.api == "auto" and not everything.endpoint.configured
    assert everything.chat.max_tool_rounds == 15 and everything.chat.temperature is None
    assert everything.research.search_url == "https://html.duckduckgo.com/html/"
    assert everything.writer.review_mode is False


def test_special_values_mean_the_server_s_default_or_the_schema_s():
    chat = settings(Chat={"Temperature": -1.0, "MaxTokens": 0, "MaxToolRounds": 0}).chat
    assert chat.temperature is None and chat.max_tokens is None and chat.max_tool_rounds == 15
    assert chat.options.temperature is None and chat.options.max_tokens is None
    chat = settings(Chat={"Temperature": 0.0, "MaxTokens": 512, "MaxToolRounds": 3}).chat
    assert (chat.temperature, chat.max_tokens, chat.max_tool_rounds) == (0.0, 512, 3)
    endpoint = settings(Endpoint={"RequestTimeout": -5, "Api": "soap", "URL": " http://x/v1 ", "Model": "m"}).endpoint
    assert endpoint.request_timeout == 120.0 and endpoint.api == "auto"
    assert endpoint.url == "http://x/v1" and endpoint.configured


def test_the_embedded_model_is_recognised():
    endpoint = settings(Endpoint={"URL": "http://127.0.0.1:8088/v1", "EmbeddedURL": "http://127.0.0.1:8088/v1"}).endpoint
    assert endpoint.uses_embedded_model
    assert not settings(Endpoint={"URL": "http://x/v1"}).endpoint.uses_embedded_model


def test_views_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings().chat.max_tool_rounds = 3
    assert isinstance(settings(), Settings)


def test_agent_settings_defaults_and_bad_values():
    schema = defaults()["Agents"]
    agents = AgentSettings.from_values({}, schema)
    assert (agents.server_enabled, agents.port, agents.read_only, agents.ask_approval) == (False, 8765, False, True)
    assert AgentSettings.from_values({"Port": 70000}, schema).port == 8765
    assert AgentSettings.from_values({"Port": 0}, schema).port == 8765
    assert agents.question_seconds == 45
    assert AgentSettings.from_values({"QuestionSeconds": 0}, schema).question_seconds == 45
    allowed = AgentSettings.from_values({"AllowedClients": " Claude Code \n\ncodex\n"}, schema).allowed_clients
    assert allowed == ("Claude Code", "codex")
