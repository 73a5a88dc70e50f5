"""Every address form users paste becomes a working base URL (landscape §4, item 2)."""
import pytest

from marginalia.core.errors import InvalidUrlError
from marginalia.core.llm.url_normalize import normalize_base_url, origin_of


@pytest.mark.parametrize("typed, base, kind", [
    ("localhost:11434", "http://localhost:11434/v1", "ollama"),
    ("127.0.0.1", "http://127.0.0.1/v1", None),
    ("http://127.0.0.1:11434", "http://127.0.0.1:11434/v1", "ollama"),
    ("http://127.0.0.1:11434/", "http://127.0.0.1:11434/v1", "ollama"),
    ("http://127.0.0.1:11434/v1", "http://127.0.0.1:11434/v1", "ollama"),
    ("http://127.0.0.1:11434/v1/", "http://127.0.0.1:11434/v1", "ollama"),
    ("http://127.0.0.1:11434/v1/chat/completions", "http://127.0.0.1:11434/v1", "ollama"),
    ("http://127.0.0.1:11434/api", "http://127.0.0.1:11434/v1", "ollama"),
    ("http://127.0.0.1:11434/api/chat", "http://127.0.0.1:11434/v1", "ollama"),
    ("http://gpu-box:9999/api/generate", "http://gpu-box:9999/v1", "ollama"),
    ("  http://localhost:1234/v1  ", "http://localhost:1234/v1", "lmstudio"),
    ("\"http://localhost:8080/v1/chat/completions\"", "http://localhost:8080/v1", "llamacpp"),
    ("http://localhost:8080/chat/completions", "http://localhost:8080", "llamacpp"),
    ("localhost:8000/v1/models", "http://localhost:8000/v1", "vllm"),
    ("192.168.1.20:11434", "http://192.168.1.20:11434/v1", "ollama"),
    ("HTTP://LOCALHOST:1234/V1", "http://localhost:1234/V1", "lmstudio"),
    ("openrouter.ai/api/v1", "https://openrouter.ai/api/v1", "openrouter"),
    ("https://openrouter.ai/api/v1/chat/completions", "https://openrouter.ai/api/v1", "openrouter"),
    ("api.openai.com", "https://api.openai.com/v1", "openai"),
    ("https://api.openai.com/v1/responses", "https://api.openai.com/v1", "openai"),
    ("https://llm.example.com/openai/v1?x=1#y", "https://llm.example.com/openai/v1", None),
    ("http://[::1]:8080/v1", "http://[::1]:8080/v1", "llamacpp"),
])
def test_pasted_forms_normalize(typed, base, kind):
    result = normalize_base_url(typed)
    assert (result.base_url, result.kind_hint) == (base, kind)
    assert result.chat_url == base + "/chat/completions"
    assert result.models_url == base + "/models"


def test_note_says_what_changed_and_is_empty_when_nothing_did():
    assert normalize_base_url("http://localhost:11434/v1").note == ""
    note = normalize_base_url("localhost:11434/api/chat").note
    assert "http://" in note and "/api" in note


def test_missing_scheme_is_https_for_public_hosts_and_http_for_local_ones():
    assert normalize_base_url("llm.example.com/v1").base_url.startswith("https://")
    assert normalize_base_url("nas.local:11434").base_url.startswith("http://")


@pytest.mark.parametrize("typed", ["", "   ", "ftp://host/v1", "http://", "http://host:99999/v1",
                                   "http://my host:8080"])
def test_unusable_addresses_raise_a_plain_error(typed):
    with pytest.raises(InvalidUrlError) as raised:
        normalize_base_url(typed)
    assert raised.value.hint


def test_origin_of_drops_the_path():
    assert origin_of("http://127.0.0.1:11434/v1") == "http://127.0.0.1:11434"
