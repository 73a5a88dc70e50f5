"""Start a chat turn for a document: read the settings, wire the turn, drive the pump."""
from __future__ import annotations

import functools

from ...core.agent.tool_strategy import no_tools_notice
from ...core.agent.turn import Turn
from ...core.chat.display import TranscriptDisplay, labels, not_configured_message
from ...core.chat.session import thinking_summary
from ...core.errors import InvalidUrlError
from ...core.i18n import _
from ...core.llm.budgeted_round import stream_budgeted_round
from ...core.loop.task import Outcome
from ...core.net.cancel import CancelToken
from ..office.log import get_logger
from ..office.document_tools import DocumentTools
from ..office.undo import DocumentUndo
from ..settings import request_settings
from ..settings import store as settings_store
from .turn_request import TurnRequest

log = get_logger("chat")


def start_turn(app, session, document, text: str) -> None:
    """Run one turn for ``session`` (blocks, pumping the UI, unless the pump already runs)."""
    ctx = app.ctx
    settings = settings_store.read_settings(ctx)  # once: the whole turn uses this snapshot
    config = configured_endpoint(ctx, session, settings.endpoint)
    if config is None:
        return
    request = TurnRequest(app, session, document, config, settings)
    if request.plan.strategy == "none" and request.names and not session.history:
        _note(session, no_tools_notice())
    undo = DocumentUndo(document)
    app.undo_keys.cover(document, undo)
    client = request_settings.http_client(ctx, app.http, settings.endpoint)
    turn = Turn(history=session.history, user_text=text, build_request=request.rounds.build,
                stream_fn=functools.partial(stream_budgeted_round, client, session.calibration, facts=app.facts),
                tools=DocumentTools(request.registry, request.context, undo, text), display=_display(session),
                new_cancel=CancelToken,
                model_note=session.take_pending_note(), max_rounds=settings.chat.max_tool_rounds,
                known_tools=request.parameters, plan=request.plan)

    def finished(outcome: Outcome) -> None:
        session.revertible = undo.step
        if outcome is not Outcome.CLOSED:
            app.conversations.save(session, document)

    turn.observe(finished)
    session.revertible = None
    session.begin_turn(turn)
    app.pump.run(turn)


def configured_endpoint(ctx, session, endpoint):
    """The endpoint to use, or None after telling the user what is missing."""
    if not endpoint.url:
        _note(session, not_configured_message(), _("Not configured"))
        return None
    if not endpoint.model:
        _note(session, _("No model is chosen: pick one in the list above the conversation."), _("No model"))
        return None
    try:  # key (password store), TLS options, Ollama's native API, attribution headers
        return request_settings.endpoint_config(ctx, endpoint)
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
