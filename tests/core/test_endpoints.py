"""Presets, per-endpoint headers, and the model list from real (scripted) servers."""
import pytest
from support.scripted_server import Reply, json_reply

from marginalia.core.llm import endpoints
from marginalia.core.llm.endpoints import PRESETS, auth_headers, list_models
from marginalia.core.errors import AuthError, NotFoundError
from marginalia.core.llm.url_normalize import normalize_base_url


@pytest.mark.parametrize("key, base", [
    ("ollama", "http://127.0.0.1:11434/v1"), ("lmstudio", "http://127.0.0.1:1234/v1"),
    ("llamacpp", "http://127.0.0.1:8080/v1"), ("vllm", "http://127.0.0.1:8000/v1"),
    ("openrouter", "https://openrouter.ai/api/v1"), ("openai", "https://api.openai.com/v1"),
])
def test_presets_are_normalized_base_urls_that_map_back_to_their_kind(key, base):
    assert PRESETS[key].base_url == base
    normalized = normalize_base_url(base)
    assert (normalized.base_url, normalized.kind_hint) == (base, key)


def test_custom_preset_and_key_requirements():
    assert PRESETS["custom"].base_url == ""
    assert [k for k, p in PRESETS.items() if p.needs_key] == ["openrouter", "openai"]


@pytest.mark.parametrize("key", [None, "", "   "])
def test_no_authorization_without_a_key(key):
    assert auth_headers("ollama", key) == {}


def test_bearer_key_when_set():
    assert auth_headers("http://10.0.0.5:8000/v1", " sk-test ") == {"Authorization": "Bearer sk-test"}


@pytest.mark.parametrize("where", ["openrouter", PRESETS["openrouter"],
                                   "https://openrouter.ai/api/v1", "openrouter.ai/api/v1/"])
def test_openrouter_gets_attribution_headers(where, monkeypatch):
    monkeypatch.setattr(endpoints, "APP_URL", "https://marginalia.example")
    headers = auth_headers(where, "k")
    assert headers["X-Title"] == "Marginalia"
    assert headers["HTTP-Referer"] == "https://marginalia.example"


def test_no_attribution_elsewhere_and_no_referer_until_a_home_page_is_set():
    assert "X-Title" not in auth_headers("openai", "k")
    assert "HTTP-Referer" not in auth_headers("openrouter", "k")


def test_models_from_v1_models(memory_server, memory_client):
    memory_server.enqueue(json_reply({"object": "list", "data": [
        {"id": "qwen2.5:7b"}, {"id": "llama3.2:3b"}, {"id": "qwen2.5:7b"}]}))
    assert list_models(memory_client, memory_server.base_url, "k") == ["qwen2.5:7b", "llama3.2:3b"]
    sent = memory_server.requests[0]
    assert (sent.path, sent.headers["Authorization"]) == ("/v1/models", "Bearer k")


def test_pasted_chat_url_still_lists_models(memory_server, memory_client):
    memory_server.enqueue(json_reply({"data": [{"id": "m"}]}))
    assert list_models(memory_client, memory_server.base_url + "/chat/completions/") == ["m"]
    assert memory_server.requests[0].path == "/v1/models"
    assert "Authorization" not in memory_server.requests[0].headers


def test_ollama_tags_are_the_fallback(memory_server, memory_client):
    memory_server.enqueue(Reply(status=404, chunks=[b"404 page not found"]), path="/v1/models")
    memory_server.enqueue(json_reply({"models": [{"name": "gemma3:4b", "model": "gemma3:4b"}]}),
                            path="/api/tags")
    assert list_models(memory_client, memory_server.base_url) == ["gemma3:4b"]


def test_ollama_with_an_empty_openai_list_falls_back_to_tags(memory_server, memory_client):
    memory_server.enqueue(json_reply({"object": "list", "data": []}), path="/v1/models")
    memory_server.enqueue(json_reply({"models": [{"name": "qwen3:4b"}]}), path="/api/tags")
    ollama_base = "http://127.0.0.1:%d/api" % memory_server.port  # /api marks Ollama
    assert list_models(memory_client, ollama_base) == ["qwen3:4b"]


def test_first_error_is_reported_when_no_fallback_works(memory_server, memory_client):
    memory_server.default_reply = Reply(status=404, chunks=[b"Not Found"])
    with pytest.raises(NotFoundError) as raised:
        list_models(memory_client, memory_server.base_url)
    assert raised.value.url.endswith("/v1/models")


def test_auth_errors_are_not_hidden_by_the_fallback(memory_server, memory_client):
    memory_server.enqueue(json_reply({"error": {"message": "invalid key"}}, status=401))
    with pytest.raises(AuthError):
        list_models(memory_client, memory_server.base_url, "wrong")
    assert len(memory_server.requests) == 1
