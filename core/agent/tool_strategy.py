"""How a turn gets tool calls out of a model: natively, step by step, via the prompt, or not at all.

Capable models call tools on their own (``native``). Small local models often do not,
even when the server could force a valid call with a grammar; for those the ``forced``
strategy asks the model, in a separate forced call, which step comes next (a tool or
answering the user) and then forces a call of exactly that tool. Servers that refuse
the ``tools`` parameter get the tools described in the system prompt (``prompted``),
and their text-written calls are recovered. ``none`` chats without editing.

A user can force a tool for the first round with a slash command: ``/insert_content
Add a title`` makes the model call ``insert_content``.

A turn asks its :class:`ToolPlan` for the *mode* of each round; the request builder
turns a mode into the request's ``tools`` and ``tool_choice``.
"""
from __future__ import annotations

import json
from typing import Collection, Optional, Sequence, Tuple, Union

from ..i18n import _

STRATEGIES = ("auto", "native", "forced", "prompted", "none")

AUTO = "auto"
"""Offer every tool and let the model choose (``tool_choice: auto``)."""
ROUTER = "router"
"""Force the model to name the next step (:data:`ROUTER_TOOL`)."""
ANSWER = "answer"
"""No tools: the model answers in text."""
Mode = Union[str, Tuple[str, str]]
"""One of the constants above, or ``("force", tool_name)``."""

ROUTER_TOOL = "choose_next_step"
ANSWER_STEP = "answer_the_user"


def forced(name: str) -> Mode:
    """The mode forcing a call of the tool ``name``."""
    return ("force", name)


def forced_tool(mode: Mode) -> Optional[str]:
    """The tool a mode forces, or None."""
    return mode[1] if isinstance(mode, tuple) and mode[0] == "force" else None


def slash_tool(user_text: str, known_tools: Collection[str]) -> Optional[str]:
    """The tool named by a leading ``/tool_name`` in the user's message, if it is one."""
    if not user_text.startswith("/"):
        return None
    name = user_text[1:].split(None, 1)[0] if len(user_text) > 1 else ""
    return name if name in known_tools else None


class ToolPlan:
    """Chooses each round's mode for one turn (see the module docstring)."""

    def __init__(self, strategy: str, known_tools: Collection[str]):
        """
        Args:
            strategy: one of :data:`STRATEGIES` (``auto`` behaves as ``native``).
            known_tools: the names of the tools offered in this turn.
        """
        self.strategy = "native" if strategy not in STRATEGIES or strategy == "auto" else strategy
        self.known_tools = list(known_tools)
        if not self.known_tools:
            self.strategy = "none"

    @property
    def tools_in_prompt(self) -> bool:
        """True when the tools are described in the system prompt instead of sent as ``tools``."""
        return self.strategy == "prompted"

    def first_mode(self, user_text: str) -> Mode:
        """The mode of the turn's first round."""
        name = slash_tool(user_text, self.known_tools) if self.strategy != "none" else None
        if name:
            return forced(name)
        return self._default()

    def mode_after_tools(self) -> Mode:
        """The mode of the round that follows tool results."""
        return self._default()

    def _default(self) -> Mode:
        return {"forced": ROUTER, "none": ANSWER}.get(self.strategy, AUTO)

    def route(self, message) -> Mode:
        """Read a router round's answer: the next mode (a forced tool, or answering)."""
        for call in getattr(message, "tool_calls", ()):
            if call.name == ROUTER_TOOL and isinstance(call.arguments, dict):
                step = call.arguments.get("step")
                if step in self.known_tools:
                    return forced(step)
        return ANSWER

    def router_schema(self, descriptions: Sequence[Tuple[str, str]]) -> dict:
        """The forced "what next" function: every tool by name, or answering the user."""
        listing = "; ".join("%s: %s" % (name, _first_sentence(text)) for name, text in descriptions)
        return {"type": "function", "function": {
            "name": ROUTER_TOOL,
            "description": ("Choose the next step: one of the tools (%s), or %s when the request is done or "
                            "needs no tool." % (listing, ANSWER_STEP)),
            "parameters": {"type": "object", "properties": {
                "step": {"type": "string", "enum": list(self.known_tools) + [ANSWER_STEP]}},
                "required": ["step"], "additionalProperties": False}}}


def request_tools(mode: Mode, plan: ToolPlan, schemas: Sequence[dict]) -> Tuple[list, object]:
    """The ``tools`` list and ``tool_choice`` of a round in ``mode`` (``[]``/None: no tools)."""
    if plan.tools_in_prompt or mode == ANSWER:
        return [], None
    if mode == ROUTER:
        descriptions = [(s["function"]["name"], s["function"].get("description", "")) for s in schemas]
        return [plan.router_schema(descriptions)], _choice(ROUTER_TOOL)
    name = forced_tool(mode)
    if name:
        return [s for s in schemas if s["function"]["name"] == name], _choice(name)
    return list(schemas), "auto"


def prompt_tools_section(schemas: Sequence[dict]) -> str:
    """System-prompt text describing the tools, for servers that refuse the ``tools`` parameter."""
    lines = ["To use a tool, write exactly one block like this and nothing after it:",
             '<tool_call>{"name": "TOOL_NAME", "arguments": {...}}</tool_call>',
             "You get the tool's result in the next message. The tools:"]  # for the model: English
    for schema in schemas:
        function = schema["function"]
        lines.append("- %s: %s Arguments (JSON schema): %s" % (
            function["name"], function.get("description", ""), json.dumps(function.get("parameters", {}))))
    return "\n".join(lines)


def no_tools_notice() -> str:
    """Said once when the chosen strategy cannot edit the document."""
    return _("This model can chat but cannot edit the document (its server or model does not support tool "
             "calls). Choose another model or tool strategy in Settings to let Marginalia edit.")


def _choice(name: str) -> dict:
    return {"type": "function", "function": {"name": name}}


def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    end = text.find(". ")
    return text if end < 0 else text[:end + 1]
