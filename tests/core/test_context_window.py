"""Context-window probes against scripted servers shaped like Ollama, llama.cpp, vLLM,
OpenRouter and LM Studio; and the num_ctx sizing for Ollama."""
import pytest
from support.scripted_server import Reply, json_reply

from marginalia.core.llm.context_window import ContextFacts, ollama_num_ctx, probe_context_facts

OLLAMA_SHOW = {"modelfile": "...", "parameters": "stop \"<|im_end|>\"\nnum_ctx 8192",
               "model_info": {"general.architecture": "qwen2", "qwen2.context_length": 32768,
                              "qwen2.embedding_length": 3584}}


def ollama_url(memory_server):
    return "http://127.0.0.1:%d/api" % memory_server.port  # the /api path marks it as Ollama


def test_ollama_show_gives_the_modelfile_size_and_the_model_maximum(memory_server, memory_client):
    memory_server.enqueue(json_reply(OLLAMA_SHOW), path="/api/show")
    memory_server.enqueue(json_reply({"models": []}), path="/api/ps")
    facts = probe_context_facts(memory_client, ollama_url(memory_server), "qwen2.5:7b")
    assert facts == ContextFacts(8192, 32768, "ollama")
    show = [r for r in memory_server.requests if r.path == "/api/show"][0]
    assert (show.method, show.json()) == ("POST", {"model": "qwen2.5:7b"})


def test_ollama_loaded_model_size_wins(memory_server, memory_client):
    memory_server.enqueue(json_reply(OLLAMA_SHOW), path="/api/show")
    memory_server.enqueue(json_reply({"models": [
        {"name": "other:1b", "context_length": 2048},
        {"name": "qwen2.5:7b", "model": "qwen2.5:7b", "context_length": 16384}]}), path="/api/ps")
    assert probe_context_facts(memory_client, ollama_url(memory_server), "qwen2.5:7b").context_window == 16384


def test_ollama_without_num_ctx_reports_only_the_maximum(memory_server, memory_client):
    show = dict(OLLAMA_SHOW, parameters="stop x")
    memory_server.enqueue(json_reply(show), path="/api/show")
    memory_server.enqueue(json_reply({"models": []}), path="/api/ps")
    facts = probe_context_facts(memory_client, ollama_url(memory_server), "qwen2.5:7b")
    assert (facts.context_window, facts.model_max) == (None, 32768)


def test_llama_server_props_after_its_model_list(memory_server, memory_client):
    memory_server.enqueue(json_reply({"data": [{"id": "smol", "meta": {"n_ctx_train": 8192}}]}),
                            path="/v1/models")
    memory_server.enqueue(json_reply({"default_generation_settings": {"n_ctx": 4096},
                                        "total_slots": 1}), path="/props")
    facts = probe_context_facts(memory_client, memory_server.base_url, "smol")
    assert facts == ContextFacts(4096, 8192, "llamacpp")


@pytest.mark.parametrize("entry, window", [
    ({"id": "m", "max_model_len": 32768}, 32768),  # vLLM
    ({"id": "m", "context_length": 131072, "top_provider": {"context_length": 65536}}, 131072),
    ({"id": "m", "top_provider": {"context_length": 65536}}, 65536),  # OpenRouter
])
def test_model_list_entries(memory_server, memory_client, entry, window):
    listing = {"data": [{"id": "other", "max_model_len": 1}, entry]}
    memory_server.enqueue(json_reply(listing), path="/v1/models")
    assert probe_context_facts(memory_client, memory_server.base_url, "m").context_window == window


def test_lm_studio_loaded_context(memory_server, memory_client):
    memory_server.enqueue(json_reply({"data": [{"id": "qwen/qwen3-8b"}]}), path="/v1/models")
    memory_server.enqueue(Reply(status=404, chunks=[b"Unexpected endpoint"]), path="/props")
    memory_server.enqueue(Reply(status=404, chunks=[b"Unexpected endpoint"]), path="/api/show")
    memory_server.enqueue(json_reply({"id": "qwen/qwen3-8b", "loaded_context_length": 4096,
                                        "max_context_length": 40960}), path="/api/v0/models/")
    facts = probe_context_facts(memory_client, memory_server.base_url, "qwen/qwen3-8b")
    assert facts == ContextFacts(4096, 40960, "lmstudio")
    assert memory_server.requests[-1].path == "/api/v0/models/qwen%2Fqwen3-8b"


def test_unknown_server_gives_none(memory_server, memory_client):
    memory_server.default_reply = Reply(status=404, chunks=[b"Not Found"])
    assert probe_context_facts(memory_client, memory_server.base_url, "m").context_window is None


@pytest.mark.parametrize("prompt, reply, model_max, expected", [
    (0, 0, None, 4096),              # never below the minimum
    (1000, 512, None, 4096),
    (5000, 1024, None, 8192),        # 5500 + 1024 = 6524 -> 8192
    (5000, 1024, 6000, 6000),        # capped at the model's maximum
    (30000, 2000, 131072, 36864),    # 33000 + 2000 = 35000 -> 36864
])
def test_ollama_num_ctx(prompt, reply, model_max, expected):
    assert ollama_num_ctx(prompt, reply, model_max) == expected


def test_ollama_num_ctx_always_covers_the_request_when_the_model_allows():
    for prompt in range(0, 50000, 977):
        size = ollama_num_ctx(prompt, 800, 131072)
        assert size >= prompt + 800 and size % 2048 == 0
