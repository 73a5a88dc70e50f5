"""Finding model servers that already run on this computer."""
import time

from marginalia.core.llm.local_discovery import LOCAL_CANDIDATES, find_local_servers
from marginalia.core.net.transport import HttpClient
from support.office import free_port
from support.personalities import OllamaLike, OpenAILike, PersonalityServer


def test_the_usual_local_addresses_are_asked_in_order():
    assert [preset for preset, _ in LOCAL_CANDIDATES] == ["ollama", "lmstudio", "llamacpp", "vllm"]
    assert LOCAL_CANDIDATES[0][1] == "http://127.0.0.1:11434/v1"


def test_servers_that_answer_are_found_in_candidate_order_and_dead_ports_are_skipped():
    class Empty(OpenAILike):
        models = ()

    with PersonalityServer(OpenAILike()) as lmstudio, PersonalityServer(OllamaLike()) as ollama, \
            PersonalityServer(Empty()) as empty, HttpClient(connect_timeout=1, read_timeout=2) as client:
        candidates = [("ollama", ollama.base_url), ("vllm", "http://127.0.0.1:%d/v1" % free_port()),
                      ("custom", empty.base_url), ("lmstudio", lmstudio.base_url)]
        started = time.monotonic()
        found = find_local_servers(client, candidates)
        assert time.monotonic() - started < 2
    assert [(f.preset, f.base_url) for f in found] == [("ollama", ollama.base_url), ("lmstudio", lmstudio.base_url)]
    assert found[0].models == ["qwen3:8b", "llama3.2:latest"]
