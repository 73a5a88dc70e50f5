"""The whole chain against the real embedded model: sidebar → transport → llama-cpp-python → sidebar."""
import pytest

from support.panel import Panel, set_settings

pytestmark = pytest.mark.e2e


@pytest.fixture
def real_endpoint(office, local_model_server):
    set_settings(office.ctx, "Endpoint", URL=local_model_server.base_url, Model=local_model_server.model)
    yield local_model_server
    set_settings(office.ctx, "Endpoint", URL="", Model="")


def answer_of(transcript):
    assert "Marginalia\n" in transcript, transcript
    return transcript.rsplit("Marginalia\n", 1)[1]


def test_real_model_streams_a_reply_into_the_sidebar(real_endpoint, writer):
    panel = Panel(writer).open()
    panel.send("Say hello in one short sentence.")
    panel.wait_idle(timeout=120)
    text = panel.transcript()
    assert "Problem" not in text, text
    assert len(answer_of(text).strip()) > 0
    assert panel.status().startswith("Ready")


def test_oversized_prompt_gives_a_clear_message(real_endpoint, writer):
    panel = Panel(writer).open()
    panel.send("Summarize: " + "the quick brown fox jumps over the lazy dog " * 400)  # ~4,000 tokens > n_ctx 2048
    panel.wait_idle(timeout=120)
    problem = panel.transcript().rsplit("Problem\n", 1)[1]
    assert "empty" in problem.lower() or "context" in problem.lower(), problem
    assert panel.enabled("send")
