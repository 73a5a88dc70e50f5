"""The request of each model round of a chat turn: system prompt, offered tools, body.

What the office knows is read once per turn (document kind and title, the selection in
words, the tools on offer, the endpoint and the chat settings) and kept in a
:class:`RoundRequests`; its :meth:`~RoundRequests.build` then makes each round's
:class:`~marginalia.core.llm.request.ChatRequest` from the conversation so far and the
round's mode (:mod:`.tool_strategy`), without touching the office.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List

from ..llm.request import ChatOptions, ChatRequest, EndpointConfig, build_chat_body
from .system_prompt import build_system_prompt
from .tool_strategy import Mode, ToolPlan, prompt_tools_section, request_tools


@dataclass(frozen=True)
class RoundRequests:
    """Builds the request of each model round of one turn."""

    endpoint: EndpointConfig
    document_kind: str
    """``writer``, ``calc``, ``impress`` or ``draw``."""
    title: str
    """The document's title as the user sees it."""
    selection: str
    """The user's selection in words ("" when none)."""
    schemas: List[dict]
    """The tools on offer, as function schemas."""
    plan: ToolPlan
    options: ChatOptions = field(default_factory=ChatOptions)
    extra_instructions: str = ""
    """The user's own instructions from Settings."""
    review_mode: bool = False
    """The user asked for the assistant's edits to be recorded for review."""

    def build(self, history: List[dict], mode: Mode) -> ChatRequest:
        """The request of one model round (see :class:`~marginalia.core.agent.turn.Turn`)."""
        names = [schema["function"]["name"] for schema in self.schemas] if self.plan.strategy != "none" else []
        prompt = build_system_prompt(self.document_kind, self.title, names, selection=self.selection,
                                     extra_instructions=self.extra_instructions, review_mode=self.review_mode)
        if self.plan.tools_in_prompt:
            prompt += "\n\n" + prompt_tools_section(self.schemas)
        offered, choice = request_tools(mode, self.plan, self.schemas)
        body = build_chat_body(history, self.endpoint.model, prompt, offered, options=self.options, tool_choice=choice)
        return ChatRequest(self.endpoint, body)
