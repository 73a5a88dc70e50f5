"""What one turn offers, read from the office: its tools, their strategy, the document's title and selection.

The requests of its model rounds are built in core (:class:`~marginalia.core.agent.round_request.RoundRequests`).
"""
from __future__ import annotations

from ...core.agent.pictures import sends_pictures
from ...core.agent.round_request import RoundRequests
from ...core.agent.tool_strategy import ToolPlan
from ...core.agent.tools import ToolContext
from ..office.enumeration import indexed
from ..office.log import get_logger
from ..office.open_documents import app_of, document_title
from ..research.turn_setup import prepare as prepare_research

log = get_logger("turn-request")


class TurnRequest:
    """The turn's tools (registry, context and schemas), tool plan and the builder of its rounds' requests."""

    def __init__(self, app, session, document, config, settings):
        ctx = app.ctx
        self.document_kind = app_of(document)
        registry = app.tools.registry()
        research = prepare_research(app, session, config.base_url, settings.research)  # refuses in local-only mode
        options = dict(research.options, model=config.model, review_mode=settings.writer.review_mode,
                       send_pictures=lambda: sends_pictures(settings.chat.pictures, app.facts.known_capabilities(config)))
        self.registry = registry
        self.context = ToolContext(document=document, app=self.document_kind, office=ctx, options=options)
        self.schemas = research.offered(registry.schemas(self.document_kind))
        self.names = [schema["function"]["name"] for schema in self.schemas]
        # each offered tool's parameters schema: types the argument values a model writes as text
        self.parameters = {schema["function"]["name"]: schema["function"].get("parameters") or {}
                           for schema in self.schemas}
        self.plan = ToolPlan(settings.endpoint.tool_strategy, self.names)
        self.rounds = RoundRequests(config, self.document_kind, document_title(document),
                                    describe_selection(document, self.document_kind), self.schemas, self.plan,
                                    settings.chat.options, settings.chat.extra_instructions,
                                    review_mode=settings.writer.review_mode)


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
