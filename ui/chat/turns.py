"""Start a chat turn for a document: read the settings, wire the turn, run the loop."""
from __future__ import annotations

import functools

from ...core.llm.budgeted_round import stream_budgeted_round
from ...core.net.cancel import CancelToken
from ...core.errors import InvalidUrlError
from ...core.i18n import _
from ...core.chat.session import thinking_summary
from ...core.agent.tool_strategy import no_tools_notice
from ...core.agent.turn import Turn
from ...core.chat.display import TranscriptDisplay, labels, not_configured_message
from . import persistence
from ..settings import request_settings, store as settings_store
from ..office.log import get_logger
from ..office.office_loop import get_loop
from .turn_request import TurnRequest
from ..office.undo import DocumentUndo

log = get_logger("chat")


def http_client(ctx):
    """The process-wide HTTP client for the current proxy and timeout settings."""
    return request_settings.http_client(ctx)


def start_turn(ctx, session, document, text: str) -> None:
    """Run one turn for ``session`` (blocks, pumping the UI, unless a loop already runs)."""
    config = configured_endpoint(ctx, session)
    if config is None:
        return
    request = TurnRequest(ctx, session, document, config, request_settings.read_chat_settings(ctx))
    if request.plan.strategy == "none" and request.names and not session.history:
        _note(session, no_tools_notice())
    loop = get_loop(ctx)
    turn_id = loop.new_task_id()
    undo = DocumentUndo(document)

    def finished(outcome):
        session.revertible = undo.title
        session.end_turn()
        if outcome != "closed":
            persistence.save(ctx, session, document)

    turn = Turn(history=session.history, user_text=text, build_request=request.build,
                stream_fn=functools.partial(stream_budgeted_round, http_client(ctx), session.calibration),
                tools=request.tools, display=_display(session), post=loop.poster(turn_id),
                new_cancel=CancelToken, undo=undo, on_finished=finished,
                model_note=session.take_pending_note(), max_rounds=request.chat_settings.max_rounds,
                known_tools=request.names, plan=request.plan)
    session.revertible = None
    session.begin_turn(turn)
    loop.run(turn_id, turn)


def configured_endpoint(ctx, session):
    """The endpoint to use, or None after telling the user what is missing."""
    endpoint = settings_store.read_endpoint(ctx)
    if not endpoint["URL"]:
        _note(session, not_configured_message(), _("Not configured"))
        return None
    if not endpoint["Model"]:
        _note(session, _("No model is chosen: pick one in the list above the conversation."), _("No model"))
        return None
    try:  # key (password store), TLS options, Ollama's native API, attribution headers
        return request_settings.endpoint_config(ctx)
    except InvalidUrlError as error:
        _note(session, "%s %s" % (error.user_message, error.hint), _("Not configured"))
        return None


def _display(session) -> TranscriptDisplay:
    def collapse_thinking(segment):
        if not session.show_thinking:
            session.transcript.collapse(segment, thinking_summary(session.transcript.body(segment)))
    return TranscriptDisplay(session.transcript, session.set_status, collapse_thinking=collapse_thinking)


def _note(session, text: str, status: str = "") -> None:
    session.transcript.add("notice", labels()["notice"], text)
    if status:
        session.set_status(status)
