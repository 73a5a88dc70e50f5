"""What one turn sends: the tools it offers, the strategy, the system prompt, the request builder."""
from __future__ import annotations

from ...core.llm.request import ChatRequest, build_chat_body
from ...core.agent.system_prompt import build_system_prompt
from ...core.agent.tool_strategy import ToolPlan, prompt_tools_section, request_tools
from ...core.agent.tools import ToolContext
from ..office.enumeration import indexed
from . import toolset
from ..office.log import get_logger
from ..research.turn_setup import prepare as prepare_research

log = get_logger("turn-request")


class TurnRequest:
    """The turn's tools (registry, context and schemas), tool plan and request builder."""

    def __init__(self, app, session, document, config, settings):
        ctx = app.ctx
        self.config = config
        self.chat_settings = settings.chat
        self.document_kind = toolset.app_of(document)
        registry = app.tools.registry()
        research = prepare_research(app, session, config.base_url, settings.research)  # refuses in local-only mode
        options = dict(research.options, model=config.model, review_mode=settings.writer.review_mode)
        self.registry = registry
        self.context = ToolContext(document=document, app=self.document_kind, office=ctx, options=options)
        self.schemas = research.offered(registry.schemas(self.document_kind))
        self.names = [schema["function"]["name"] for schema in self.schemas]
        # each offered tool's parameters schema: types the argument values a model writes as text
        self.parameters = {schema["function"]["name"]: schema["function"].get("parameters") or {}
                           for schema in self.schemas}
        self.plan = ToolPlan(settings.endpoint.tool_strategy, self.names)
        self.title = document_title(document)
        self.selection = describe_selection(document, self.document_kind)

    def build(self, history, mode) -> ChatRequest:
        """The request of one model round (see :class:`~marginalia.core.agent.turn.Turn`)."""
        prompt = build_system_prompt(self.document_kind, self.title, self.names if self.plan.strategy != "none" else [],
                                     selection=self.selection,
                                     extra_instructions=self.chat_settings.extra_instructions)
        if self.plan.tools_in_prompt:
            prompt += "\n\n" + prompt_tools_section(self.schemas)
        offered, choice = request_tools(mode, self.plan, self.schemas)
        return ChatRequest(self.config, build_chat_body(history, self.config.model, prompt, offered,
                                                        options=self.chat_settings.options, tool_choice=choice))


def describe_selection(document, app: str) -> str:
    """The user's current selection in words, for the system prompt ("" when none or on failure)."""
    try:
        if app == "calc":
            from ..calc.selection import describe_selection as describe
            return describe(document)
        if app == "writer" and _has_selected_text(document):
            from ..writer.blocks import body_blocks
            from ..writer.selection_info import describe_selection as describe
            return describe(document, body_blocks(document))[0]
    except Exception:
        log.exception("describing the selection failed")
    return ""


def _has_selected_text(document) -> bool:
    selection = document.getCurrentController().getSelection()
    if selection is None or not selection.supportsService("com.sun.star.text.TextRanges"):
        return False
    return any(part.getString() for part in indexed(selection))


def document_title(document) -> str:
    """The title the user sees for ``document`` (file name, or Untitled N).

    The model's own title: the frame's adds the application after " - " (7.4) or " — "
    (7.4 for a hidden frame, 25.2 and later).
    """
    try:
        return document.getTitle()
    except Exception:
        from ...core.i18n import _
        return _("Untitled")
