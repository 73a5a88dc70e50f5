"""Start a chat turn for a document: read the settings, wire the turn, run the loop."""
from __future__ import annotations

import functools

from ..core.cancel import CancelToken
from ..core.i18n import _
from ..core.chat_request import ChatRequest, build_chat_body
from ..core.errors import InvalidUrlError
from ..core.budgeted_round import stream_budgeted_round
from ..core.system_prompt import build_system_prompt
from ..core.tool_strategy import ToolPlan, no_tools_notice, prompt_tools_section, request_tools
from ..core.tools import ToolContext, ToolRunner
from ..core.turn import Turn
from ..core.session import thinking_summary
from ..core.turn_display import TranscriptDisplay, labels
from . import persistence, request_settings, settings_store, toolset
from .research.turn_setup import prepare as prepare_research
from .log import get_logger
from .office_loop import get_loop
from .undo import DocumentUndo

log = get_logger("chat")


def http_client(ctx):
    """The process-wide HTTP client for the current proxy and timeout settings."""
    return request_settings.http_client(ctx)


def start_turn(ctx, session, document, text: str) -> None:
    """Run one turn for ``session`` (blocks, pumping the UI, unless a loop already runs)."""
    from .panel_actions import not_configured_message
    endpoint = settings_store.read_endpoint(ctx)
    if not endpoint["URL"]:
        session.transcript.add("notice", labels()["notice"], not_configured_message())
        session.set_status(_("Not configured"))
        return
    if not endpoint["Model"]:
        session.transcript.add("notice", labels()["notice"],
                               _("No model is chosen: pick one in the list above the conversation."))
        session.set_status(_("No model"))
        return
    try:  # key (password store), TLS options, Ollama's native API, attribution headers
        config = request_settings.endpoint_config(ctx)
    except InvalidUrlError as error:
        session.transcript.add("notice", labels()["notice"], "%s %s" % (error.user_message, error.hint))
        session.set_status(_("Not configured"))
        return
    chat_settings = request_settings.read_chat_settings(ctx)
    app = toolset.app_of(document)
    registry = toolset.registry()
    research = prepare_research(ctx, session, config.base_url)  # web research tools; local-only refusal
    tools = ToolRunner(registry, ToolContext(document=document, app=app, office=ctx, options=research.options))
    schemas = research.offered(registry.schemas(app))
    title = document_title(document)

    names = [schema["function"]["name"] for schema in schemas]
    plan = ToolPlan(str(settings_store.read_group(ctx, "Endpoint").get("ToolStrategy") or "auto"), names)
    selection = describe_selection(document, app)

    def build_request(history, mode):
        prompt = build_system_prompt(app, title, names if plan.strategy != "none" else [],
                                     selection=selection, extra_instructions=chat_settings.extra_instructions)
        if plan.tools_in_prompt:
            prompt += "\n\n" + prompt_tools_section(schemas)
        offered, choice = request_tools(mode, plan, schemas)
        return ChatRequest(config, build_chat_body(history, config.model, prompt, offered,
                                                   options=chat_settings.options, tool_choice=choice))

    if plan.strategy == "none" and names and not session.history:
        session.transcript.add("notice", labels()["notice"], no_tools_notice())

    loop = get_loop(ctx)
    turn_id = loop.new_task_id()
    undo = DocumentUndo(document)

    def collapse_thinking(segment):
        if not session.show_thinking:
            session.transcript.collapse(segment, thinking_summary(session.transcript.body(segment)))

    def finished(outcome):
        session.revertible = undo.title
        session.end_turn()
        if outcome != "closed":
            persistence.save(ctx, session, document)

    display = TranscriptDisplay(session.transcript, session.set_status, collapse_thinking=collapse_thinking)
    turn = Turn(history=session.history, user_text=text, build_request=build_request,
                stream_fn=functools.partial(stream_budgeted_round, http_client(ctx), session.calibration),
                tools=tools, display=display,
                post=loop.poster(turn_id), new_cancel=CancelToken, undo=undo, on_finished=finished,
                model_note=session.take_pending_note(), max_rounds=chat_settings.max_rounds,
                known_tools=names, plan=plan)
    session.revertible = None
    session.begin_turn(turn)
    loop.run(turn_id, turn)


def describe_selection(document, app: str) -> str:
    """The user's current selection in words, for the system prompt ("" when none or on failure)."""
    try:
        if app == "calc":
            from .calc.selection import describe_selection as describe
            return describe(document)
        if app == "writer" and _has_selected_text(document):
            from .writer.blocks import body_blocks
            from .writer.selection_info import describe_selection as describe
            return describe(document, body_blocks(document))[0]
    except Exception:
        log.exception("describing the selection failed")
    return ""


def _has_selected_text(document) -> bool:
    selection = document.getCurrentController().getSelection()
    if selection is None or not selection.supportsService("com.sun.star.text.TextRanges"):
        return False
    return any(selection.getByIndex(i).getString() for i in range(selection.getCount()))


def document_title(document) -> str:
    """The title the user sees for ``document`` (file name, or Untitled N)."""
    try:
        return document.getCurrentController().getFrame().getTitle().rsplit(" - ", 1)[0]
    except Exception:
        return _("Untitled")
