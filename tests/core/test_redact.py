"""Secrets never reach a message or a log: what redact() removes and what it keeps."""
import io
import logging

import pytest

from marginalia.core.redact import MARK, redact
from marginalia.ui.office.log import _RedactingFormatter

OPENAI_KEY = "sk-proj-Ab3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI"
OPENROUTER_KEY = "sk-or-v1-0123456789abcdef0123456789abcdef0123456789abcdef01234567"
HF_TOKEN = "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"


@pytest.mark.parametrize("text, secret", [
    ("Authorization: Bearer abc.def-ghi", "abc.def-ghi"),
    ("authorization: Basic dXNlcjpwYXNz", "dXNlcjpwYXNz"),
    ("Proxy-Authorization: Basic dXNlcjpwYXNz\r\nHost: x", "dXNlcjpwYXNz"),
    ("{'Authorization': 'Bearer tok-123', 'Accept': '*/*'}", "tok-123"),
    ('{"authorization":"Bearer tok-123"}', "tok-123"),
    ("X-Api-Key: 12345-secret", "12345-secret"),
    ("sent headers authorization=Bearer tok-9 to the server", "tok-9"),
    ("the key %s was rejected" % OPENAI_KEY, OPENAI_KEY),
    ("key %s invalid" % OPENROUTER_KEY, OPENROUTER_KEY),
    ("sk-ant-api03-abcdefghij", "sk-ant-api03-abcdefghij"),
    ("token %s" % HF_TOKEN, "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("via http://alice:s3cr3t@proxy.example:3128", "s3cr3t"),
    ("GET /v1/models?api_key=abc123&x=1", "abc123"),
    ("Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig", "eyJhbGciOiJIUzI1NiJ9"),
    ('protect_sheet {"action": "protect", "password": "hunter2"}', "hunter2"),  # a sheet's password in a tool call
])
def test_secret_is_removed(text, secret):
    cleaned = redact(text)
    assert secret not in cleaned
    assert MARK in cleaned


@pytest.mark.parametrize("text", [
    "DeepSeek-R1-Distill-Qwen-32B-Q4_K_M",
    "hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M",
    "http://127.0.0.1:11434/v1/chat/completions",
    "SHA-256 AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89",
    "The conversation needs 9000 tokens, but the context window holds 8192.",
    "Could not connect to 127.0.0.1:8080: nothing is listening there.",
    "Donaudampfschifffahrtsgesellschaftskapitaen",
])
def test_ordinary_text_is_kept(text):
    assert redact(text) == text


def test_none_and_non_strings_are_converted():
    assert redact(None) == ""
    assert redact(ValueError("Bearer abc-def1")) == "Bearer " + MARK


def test_the_log_file_s_formatter_redacts_messages_arguments_and_tracebacks():
    """The formatter of marginalia.log (ui/office/log.py), the one place log lines are written."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(_RedactingFormatter("%(levelname)s %(name)s: %(message)s"))
    logger = logging.getLogger("marginalia.test.redact")
    logger.addHandler(handler)
    try:
        raise ValueError("bad key %s" % OPENAI_KEY)
    except ValueError:
        logger.exception("request with %s failed", {"Authorization": "Bearer tok-12345"})
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert OPENAI_KEY not in text and "tok-12345" not in text
    assert "request with" in text and MARK in text and "Traceback" in text


@pytest.mark.parametrize("prose", ["Basic income is a policy idea.", "Bearer bonds were common.",
                                   "They baked a cookie: chocolate chip.", "Basic instructions follow."])
def test_ordinary_prose_is_left_alone(prose):
    assert redact(prose) == prose
