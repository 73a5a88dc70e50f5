"""Start a chat turn for a document: read the settings, wire the turn, run the loop."""
from __future__ import annotations

import functools

from ..core.cancel import CancelToken
from ..core.chat_request import ChatRequest, EndpointConfig, build_chat_body
from ..core.llm_stream import stream_round
from ..core.system_prompt import build_system_prompt
from ..core.tools import ToolContext, ToolRunner
from ..core.turn import Turn
from ..core.turn_display import TranscriptDisplay
from . import settings_store, toolset
from .log import get_logger
from .office_loop import get_loop
from .undo import DocumentUndo

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
    app = toolset.app_of(document)
    registry = toolset.registry()
    tools = ToolRunner(registry, ToolContext(document=document, app=app, office=ctx))
    schemas = registry.schemas(app)
    title = document_title(document)

    def build_request(history):
        prompt = build_system_prompt(app, title, [s["function"]["name"] for s in schemas])
        return ChatRequest(config, build_chat_body(history, config.model, prompt, schemas))

    loop = get_loop(ctx)
    turn_id = loop.new_task_id()
    undo = DocumentUndo(document)
    turn = Turn(history=session.history, user_text=text, build_request=build_request,
                stream_fn=functools.partial(stream_round, http_client()),
                tools=tools, display=TranscriptDisplay(session.transcript, session.set_status),
                post=loop.poster(turn_id), new_cancel=CancelToken, undo=undo,
                on_finished=lambda outcome: session.end_turn())
    session.begin_turn(turn)
    session.last_undo = undo
    loop.run(turn_id, turn)


def document_title(document) -> str:
    """The title the user sees for ``document`` (file name, or Untitled N)."""
    try:
        return document.getCurrentController().getFrame().getTitle().rsplit(" - ", 1)[0]
    except Exception:
        return "Untitled"
