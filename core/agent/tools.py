"""Tools the model can call: declared once, validated, run safely.

A :class:`Tool` is declared once (name, description, JSON schema, handler, sync or
async, the applications it serves, whether it changes the document). A
:class:`ToolRegistry` holds them; a :class:`ToolRunner` is what a turn uses: it
validates arguments, runs the handler, and turns every failure into a result the model
can read, so no tool can kill the loop:

* unknown tool → an error listing the available tools;
* arguments that do not match the schema → the precise problems;
* :class:`ToolError` raised by a handler → its message, as is;
* any other exception → a plain error result and a log entry with the traceback;
* a result longer than the budget → cut, with a note saying so.

Handlers receive a :class:`ToolContext` (the document and whatever the office side
provides) and the validated arguments; they return a
:class:`ToolOutcome` or a plain string.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence

from ..errors import MarginaliaError
from ..i18n import _
from .schema_check import check_arguments, relax_for_grammar

log = logging.getLogger("marginalia.tools")

DEFAULT_RESULT_BUDGET = 24000
"""Characters of one tool result sent back to the model."""


class ToolError(MarginaliaError):
    """Raised by a handler for a failure the model should read (``user_message``)."""

    def __init__(self, message: str):
        super().__init__(message, "")


@dataclass
class ToolContext:
    """What a handler works on; the office side fills it per turn."""

    document: Any = None
    """The document model (a UNO object inside the office)."""
    app: str = ""
    """``writer`` or ``calc``."""
    office: Any = None
    """The component context, for services a tool needs."""
    options: Dict[str, Any] = field(default_factory=dict)
    """Per-turn settings (review mode, author name, limits)."""
    progress: Optional[Callable[[str, str], None]] = None
    """``progress(phase, message)`` for async tools (step / progress / complete / error)."""
    cancel: Any = None
    """The cancel token of an async tool."""


@dataclass(frozen=True)
class Picture:
    """A picture a tool made for the model to look at (see :mod:`.pictures`)."""

    data_url: str
    """``data:image/png;base64,…``."""
    caption: str
    """What it shows, in a sentence ("Slide 2 as rendered, 1024 x 576 pixels.")."""


@dataclass
class ToolOutcome:
    """The result of one tool call: text for the model, a line for the user."""

    ok: bool
    content: str
    """What goes back to the model as the tool message."""
    summary: str = ""
    """One line in plain words for the transcript ("Replaced 3 occurrences of 'Micheal'")."""
    data: Any = field(default=None, repr=False)
    unexpected: bool = False
    """The tool crashed (an exception other than a deliberate ToolError): it may have stopped
    halfway through a change, so the undo scope must not trust it to have cleaned up."""
    in_place: bool = False
    """The change stayed inside existing paragraphs (their text and formats): no paragraph, table
    or object was added or removed. Only such steps are undone in Writer's block selection mode
    (see ui/office/block_selection.py): undoing added or removed ones in it aborted LibreOffice."""
    picture: Optional[Picture] = field(default=None, repr=False)
    """A picture for the model, sent after the round's tool results (only set where pictures are sent)."""

    @classmethod
    def success(cls, content: str, summary: str = "", data: Any = None, in_place: bool = False) -> "ToolOutcome":
        """A successful call (``in_place``: see the field)."""
        return cls(True, content, summary, data, in_place=in_place)

    @classmethod
    def failure(cls, message: str, summary: str = "") -> "ToolOutcome":
        """A failed call; ``message`` tells the model, in plain words, what went wrong."""
        text = message if message.startswith("Error") else "Error: " + message
        return cls(False, text, summary or message)


@dataclass
class Tool:
    """One tool as declared to the model and run by the loop."""

    name: str
    description: str
    parameters: dict
    handler: Callable[[ToolContext, dict], Any]
    is_async: bool = False
    """Runs on a worker thread (network tools); never touches the document."""
    apps: Sequence[str] = ("writer", "calc")
    changes_document: bool = False
    """Opens the turn's undo step before running."""

    def schema(self) -> dict:
        """The declaration sent in the request's ``tools`` list (large item bounds left out)."""
        return {"type": "function", "function": {"name": self.name, "description": self.description,
                                                 "parameters": relax_for_grammar(self.parameters)}}


class ToolRegistry:
    """The set of tools, by name."""

    def __init__(self, tools: Sequence[Tool] = ()):
        self._tools: Dict[str, Tool] = {}
        for tool in tools:
            self.register(tool)

    def register(self, tool: Tool) -> Tool:
        """Add ``tool``; a second tool with the same name is a programming error."""
        if tool.name in self._tools:
            raise ValueError("tool %r is already registered" % tool.name)
        self._tools[tool.name] = tool
        return tool

    def get(self, name: str) -> Optional[Tool]:
        """Return the tool called ``name``, or None."""
        return self._tools.get(name)

    def for_app(self, app: str) -> List[Tool]:
        """Return the tools available in ``app``, in registration order."""
        return [tool for tool in self._tools.values() if app in tool.apps]

    def names(self, app: Optional[str] = None) -> List[str]:
        """Return the tool names (of one app, or all)."""
        tools = self.for_app(app) if app else list(self._tools.values())
        return [tool.name for tool in tools]

    def schemas(self, app: str) -> List[dict]:
        """Return the request's ``tools`` list for ``app``."""
        return [tool.schema() for tool in self.for_app(app)]


class ToolRunner:
    """Runs tool calls for one turn in one document (the ``tools`` a Turn is given)."""

    def __init__(self, registry: ToolRegistry, context: ToolContext, budget: int = DEFAULT_RESULT_BUDGET):
        self._registry = registry
        self._context = context
        self._budget = budget

    def is_async(self, name: str) -> bool:
        """True when the tool runs on a worker thread."""
        tool = self._available(name)
        return bool(tool and tool.is_async)

    def changes_document(self, name: str) -> bool:
        """True when the tool edits the document (unknown tools do not)."""
        tool = self._available(name)
        return bool(tool and tool.changes_document)

    def run(self, call) -> ToolOutcome:
        """Run a call on the current thread and return its outcome (never raises)."""
        return self._execute(call, self._context)

    def run_async(self, call, progress, cancel) -> ToolOutcome:
        """Run a call on a worker thread with its progress callback and cancel token."""
        context = ToolContext(document=self._context.document, app=self._context.app, office=self._context.office,
                              options=self._context.options, progress=progress, cancel=cancel)
        return self._execute(call, context)

    def _available(self, name: str) -> Optional[Tool]:
        tool = self._registry.get(name)
        return tool if tool is not None and self._context.app in tool.apps else None

    def _execute(self, call, context: ToolContext) -> ToolOutcome:
        tool = self._available(call.name)
        if tool is None:
            names = ", ".join(self._registry.names(context.app)) or "none"
            return ToolOutcome.failure("Unknown tool '%s'. Available tools: %s." % (call.name, names))
        arguments, problems = check_arguments(call.arguments if call.arguments is not None else {}, tool.parameters)
        if problems:
            return ToolOutcome.failure("Invalid arguments for %s: %s. Fix them and call the tool again."
                                       % (tool.name, "; ".join(problems)), _("invalid arguments"))
        try:
            outcome = tool.handler(context, arguments)
        except ToolError as error:
            return ToolOutcome.failure(error.user_message)
        except Exception as error:
            log.exception("tool %s failed", tool.name)
            outcome = ToolOutcome.failure("The tool %s failed unexpectedly (%s: %s). Any change it had started "
                                          "was undone." % (tool.name, type(error).__name__, error),
                                          _("failed unexpectedly"))
            outcome.unexpected = True
            return outcome
        return self._bounded(_as_outcome(outcome))

    def _bounded(self, outcome: ToolOutcome) -> ToolOutcome:
        if len(outcome.content) <= self._budget:
            return outcome
        cut = outcome.content[:self._budget]
        note = ("\n[Result truncated: %d more characters not shown. Ask for a smaller range or a more specific "
                "search.]" % (len(outcome.content) - self._budget))
        return ToolOutcome(outcome.ok, cut + note, outcome.summary, outcome.data, picture=outcome.picture)


def _as_outcome(value) -> ToolOutcome:
    if isinstance(value, ToolOutcome):
        return value
    if value is None:
        return ToolOutcome.success("Done.")
    return ToolOutcome.success(str(value))
