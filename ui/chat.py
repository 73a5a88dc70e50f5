"""Start a chat turn for a document: read the settings, wire the turn, run the loop."""
from __future__ import annotations

import functools

from ..core.cancel import CancelToken
from ..core.chat_request import ChatRequest, EndpointConfig, build_chat_body
from ..core.llm_stream import stream_round
from ..core.turn import Turn
from ..core.turn_display import TranscriptDisplay
from . import settings_store
from .log import get_logger
from .office_loop import get_loop

log = get_logger("chat")

NO_ENDPOINT = ("No endpoint is configured yet. Open Marginalia ▸ Settings and enter the URL of an "
               "OpenAI-compatible server (for example Ollama: http://127.0.0.1:11434/v1).")
NO_MODEL = "No model is set. Choose one in the model list above or in Marginalia ▸ Settings."

_client = None


def http_client():
    """Return the process-wide HTTP client (keeps connections alive between rounds)."""
    global _client
    if _client is None:
        from ..core.transport import HttpClient
        _client = HttpClient()
    return _client


class _NoTools:
    """The tool runner of a chat without document tools."""

    def is_async(self, name):
        return False

    def changes_document(self, name):
        return False

    def run(self, call):
        from ..core.turn_parts import ToolOutcome
        return ToolOutcome.failure("Unknown tool '%s': no tools are available in this chat." % call.name)

    run_async = None


def start_turn(ctx, session, document, text: str) -> None:
    """Run one turn for ``session`` (blocks, pumping the UI, unless a loop already runs)."""
    endpoint = settings_store.read_endpoint(ctx)
    if not endpoint["URL"]:
        session.transcript.add("notice", "Note", NO_ENDPOINT)
        session.set_status("Not configured")
        return
    if not endpoint["Model"]:
        session.transcript.add("notice", "Note", NO_MODEL)
        session.set_status("No model")
        return
    config = EndpointConfig(base_url=endpoint["URL"].rstrip("/"), model=endpoint["Model"])

    def build_request(history):
        return ChatRequest(config, build_chat_body(history, config.model))

    loop = get_loop(ctx)
    turn_id = loop.new_task_id()
    turn = Turn(history=session.history, user_text=text, build_request=build_request,
                stream_fn=functools.partial(stream_round, http_client()),
                tools=_NoTools(), display=TranscriptDisplay(session.transcript, session.set_status),
                post=loop.poster(turn_id), new_cancel=CancelToken,
                on_finished=lambda outcome: session.end_turn())
    session.begin_turn(turn)
    loop.run(turn_id, turn)
