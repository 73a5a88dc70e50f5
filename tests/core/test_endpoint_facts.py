"""Endpoint facts: the API choice and the context window a chat can budget against, cached."""
import pytest

from marginalia.core.llm.request import EndpointConfig
from marginalia.core.settings.check import CheckTarget, run_check
from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.net.transport import HttpClient
from support.personalities import (LlamaServerLike, OllamaLike, OpenAILike, PersonalityServer,
                                   error_reply)


FACTS = EndpointFacts()
"""What one test learns (as the office's owner keeps it between chats and checks)."""


@pytest.fixture(autouse=True)
def fresh():
    FACTS.forget()
    yield
    FACTS.forget()


@pytest.mark.parametrize("personality, model, api, window", [
    (LlamaServerLike(), "qwen.gguf", "openai", 8192),
    (OllamaLike(), "qwen3:8b", "auto", 40960),
    (OpenAILike(), "gpt-test", "openai", None),
])
def test_context_window_for_each_kind_of_server_is_asked_once(personality, model, api, window):
    with PersonalityServer(personality) as server, HttpClient() as client:
        endpoint = EndpointConfig(base_url=server.base_url, model=model, api=api)
        assert FACTS.context_window(client, endpoint) == window
        asked = len(server.requests)
        assert FACTS.context_window(client, endpoint) == window
        assert len(server.requests) == asked  # cached per endpoint and model


def test_ollama_facts_carry_the_capabilities_and_forget_clears_them():
    facts = EndpointFacts()
    with PersonalityServer(OllamaLike()) as server, HttpClient() as client:
        endpoint = EndpointConfig(base_url=server.base_url, model="qwen3:8b", api="auto")
        found = facts.model_facts(client, endpoint)
        assert (found.context_window, found.model_max, found.source) == (40960, 40960, "ollama")
        assert "tools" in found.capabilities
        facts.forget()
        facts.model_facts(client, endpoint)
        assert server.paths().count("/api/show") == 2


def test_known_capabilities_are_what_was_learned_without_asking_again():
    from marginalia.core.agent.pictures import sends_pictures
    seeing = OllamaLike()
    seeing.capabilities = ("completion", "tools", "vision")
    facts = EndpointFacts()
    with PersonalityServer(seeing) as server, HttpClient() as client:
        endpoint = EndpointConfig(base_url=server.base_url, model="qwen3:8b", api="auto")
        assert facts.known_capabilities(endpoint) == () and server.requests == []
        facts.model_facts(client, endpoint)
        asked = len(server.requests)
        assert facts.known_capabilities(endpoint) == ("completion", "tools", "vision")
        assert facts.known_capabilities(EndpointConfig(base_url=server.base_url, model="other", api="auto")) == ()
        assert len(server.requests) == asked
        assert sends_pictures("auto", facts.known_capabilities(endpoint))


def test_a_server_that_refuses_max_tokens_is_checked_without_it():
    class NewOpenAIModel(OpenAILike):
        def reply(self, request):
            body = request.json() or {}
            if "max_tokens" in body:
                return error_reply(400, "Unsupported parameter: 'max_tokens' is not supported with this "
                                        "model. Use 'max_completion_tokens' instead.")
            return super().reply(request)

    with PersonalityServer(NewOpenAIModel()) as server, HttpClient() as client:
        result = run_check(client, CheckTarget(server.base_url, "gpt-test"), facts=FACTS)
    assert result.ok and result.data["streaming"] and result.data["tool_calls"] == "structured"
