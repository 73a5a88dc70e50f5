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
    panel.send("Summarize:\n" + "the quick brown fox jumps over the lazy dog\n" * 400)  # ~4,000 tokens > n_ctx 2048
    panel.wait_idle(timeout=120)
    problem = panel.transcript().rsplit("Problem\n", 1)[1]
    assert "empty" in problem.lower() or "context" in problem.lower(), problem
    assert panel.enabled("send")


@pytest.fixture
def greedy(office, real_endpoint):
    set_settings(office.ctx, "Chat", Temperature=0.0, MaxToolRounds=4)
    yield real_endpoint
    set_settings(office.ctx, "Chat", Temperature=-1.0, MaxToolRounds=15, MaxTokens=0)
    set_settings(office.ctx, "Endpoint", ToolStrategy="auto")


def test_a_forced_tool_call_from_the_real_model_edits_the_document(greedy, writer):
    """The slash command forces insert_content; the server's grammar makes the call valid."""
    panel = Panel(writer).open()
    panel.send("/insert_content Write a one-line greeting at the end of the document.")
    panel.wait_idle(timeout=180)
    transcript = panel.transcript()
    assert "Inserted" in transcript, transcript
    assert writer.getText().getString().strip(), "the document should hold the inserted text"
    writer.getUndoManager().undo()
    assert writer.getText().getString() == ""  # one undo takes the turn's edit back


def test_the_forced_strategy_runs_steps_with_the_real_model(greedy, office, writer):
    """Router round, then the chosen tool forced; two rounds and short replies keep it quick on 2 cores."""
    set_settings(office.ctx, "Endpoint", ToolStrategy="forced")
    set_settings(office.ctx, "Chat", MaxToolRounds=2, MaxTokens=96)
    panel = Panel(writer).open()
    panel.send("Add a short title to my document.")
    panel.wait_idle(timeout=240)
    transcript = panel.transcript()
    assert "Action\n" in transcript, transcript  # the model named a tool and the forced call ran
    assert "Problem\n" not in transcript, transcript
    assert panel.enabled("send")
