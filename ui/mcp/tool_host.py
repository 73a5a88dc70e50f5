"""The office's :class:`~marginalia.core.mcp.protocol.ToolHost`: the sidebar's tools, for agents.

:meth:`OfficeToolHost.tools` is answered on the request thread from the registry alone
(pure Python); :meth:`OfficeToolHost.call` runs on the main thread (the dispatcher posts
it there). Every tool gains an optional ``document`` argument (title or URL; the active
document by default) and says which application it serves; ``list_documents`` lists the
open documents. Worker-thread tools (web research) are not offered: agents have their own.
"""
from __future__ import annotations

import copy
import json
import time
from typing import Any, Dict, List

from ...core.agent.tools import ToolContext, ToolError
from ...core.chat.tool_titles import tool_title
from ...core.mcp.protocol import ToolHost, ToolResult
from ...core.mcp.sessions import ClientSession
from ...core.stream.message import ToolCall
from ..office.document_tools import DocumentTools
from ..office.log import get_logger
from ..settings import store as settings_store
from . import documents, new_document
from .bursts import AgentBursts

log = get_logger("mcp")

LIST_DOCUMENTS = "list_documents"
DOCUMENT_ARGUMENT = {"type": "string",
                     "description": "Title or URL of the open document to work in (see list_documents); "
                                    "default: the active document."}
APPS = {"writer": "Writer", "calc": "Calc", "impress": "Impress", "draw": "Draw"}


class OfficeToolHost(ToolHost):
    """Runs agents' calls with the sidebar's tool registry (see the module docstring)."""

    def __init__(self, app):
        self._app = app
        self._bursts = AgentBursts()
        self.read_only = False
        """Only tools that do not change documents are offered (refreshed on every call)."""
        self.approvals = None
        """Asks the user about new clients (an :class:`~.approval.ClientApprovals`), or None."""

    # the request thread --------------------------------------------------------------------------
    def tools(self, session: ClientSession) -> List[dict]:
        declared = [_list_documents_declaration()]
        if not self.read_only:
            declared.append(new_document.declaration())
        registry = self._app.tools.registry()
        for tool in [tool for app in APPS for tool in registry.for_app(app)]:
            if tool.is_async or (self.read_only and tool.changes_document):
                continue
            if any(item["name"] == tool.name for item in declared):
                continue
            declared.append(_declaration(tool))
        return declared

    def withheld(self, session: ClientSession, name: str):
        if name == new_document.NEW_DOCUMENT and self.read_only:
            return "Error: " + read_only_refusal(name)
        tool = self._app.tools.registry().get(name)
        if tool is not None and not tool.is_async and self.read_only and tool.changes_document:
            return "Error: " + read_only_refusal(name)
        return None

    def admit(self, session: ClientSession):
        return (self.approvals.admit(session) or None) if self.approvals is not None else None

    def closed(self, session: ClientSession) -> None:
        if self.approvals is not None:
            self.approvals.forget(session)

    # the main thread ------------------------------------------------------------------------------
    def call(self, session: ClientSession, name: str, arguments: Dict[str, Any]) -> ToolResult:
        started = time.perf_counter()
        try:
            return self._call(session, name, arguments)
        finally:
            log.info("agent %r: %s took %.0f ms on the main thread", session.client_name, name,
                     (time.perf_counter() - started) * 1000)

    def _call(self, session: ClientSession, name: str, arguments: Dict[str, Any]) -> ToolResult:
        ctx = self._app.ctx
        settings = settings_store.read_settings(ctx)
        self.read_only = settings.agents.read_only
        if name == LIST_DOCUMENTS:
            return ToolResult(documents.listing(ctx))
        if name == new_document.NEW_DOCUMENT:
            return self._new_document(session, arguments, settings)
        arguments = dict(arguments)
        wanted = arguments.pop("document", None)
        if wanted is not None and not isinstance(wanted, str):
            return ToolResult("Error: 'document' must be a title or URL (a string); see list_documents.", True)
        try:
            target = documents.find_document(ctx, wanted)
        except ToolError as error:
            return ToolResult("Error: " + error.user_message, True)
        tool = self._app.tools.registry().get(name)
        refusal = self._refusal(tool, target, settings)
        if refusal:
            return ToolResult("Error: " + refusal, True)
        chat = self._app.sessions.session_for(target.model)
        if tool.changes_document and chat.busy:
            return ToolResult("Error: the assistant in the sidebar is working in '%s' right now; try again when it "
                              "has finished." % target.title, True)
        outcome = self._run(session, tool, target, arguments, settings)
        self._show(chat, session, name, outcome)
        return ToolResult(outcome.content, not outcome.ok)

    def _new_document(self, session: ClientSession, arguments: Dict[str, Any], settings) -> ToolResult:
        if settings.agents.read_only:
            return ToolResult("Error: " + read_only_refusal(new_document.NEW_DOCUMENT), True)
        try:
            answer = new_document.create(self._app.ctx, arguments.get("kind"))
        except ToolError as error:
            return ToolResult("Error: " + error.user_message, True)
        log.info("agent %r opened a new document", session.client_name)
        return ToolResult(answer)

    def _refusal(self, tool, target, settings) -> str:
        if tool is None or tool.is_async:
            return "this tool is not offered to agents."
        if target.kind not in tool.apps:
            return "%s works in %s documents; '%s' is a %s document." % (
                tool.name, " and ".join(APPS[a] for a in tool.apps if a in APPS), target.title, APPS[target.kind])
        if tool.changes_document and settings.agents.read_only:
            return read_only_refusal(tool.name)
        return ""

    def _run(self, session: ClientSession, tool, target, arguments, settings):
        options = {"review_mode": settings.writer.review_mode, "model": session.client_name}
        context = ToolContext(document=target.model, app=target.kind, office=self._app.ctx, options=options)
        call = ToolCall(None, tool.name, json.dumps(arguments))
        registry = self._app.tools.registry()
        if not tool.changes_document:
            return DocumentTools(registry, context).run(call)
        undo = self._bursts.undo_for(session.id, target.model)
        self._app.undo_keys.cover(target.model, undo)
        outcome = DocumentTools(registry, context, undo, session.client_name).run(call)
        self._bursts.touch(session.id, target.model)
        chat = self._app.sessions.session_for(target.model)
        if undo.step:
            chat.revertible = undo.step
        return outcome

    @staticmethod
    def _show(chat, session: ClientSession, name: str, outcome) -> None:
        """The tool line in the document's transcript, naming the agent."""
        try:
            if outcome.ok:
                text = outcome.summary or tool_title(name)
            else:
                text = "%s: %s" % (tool_title(name), outcome.summary or outcome.content)
            chat.transcript.add("tool", session.client_name, " ".join(text.split())[:300])
        except Exception:
            log.exception("the agent's tool line could not be shown")


def read_only_refusal(name: str) -> str:
    """What an agent reads when it calls a changing tool in read-only mode."""
    return ("Marginalia is set to read-only for agents: %s would change the document, so it is not offered "
            "(only the reading tools in tools/list are)." % name)


def _declaration(tool) -> dict:
    schema = copy.deepcopy(tool.parameters)
    schema.setdefault("type", "object")
    schema.setdefault("properties", {})["document"] = dict(DOCUMENT_ARGUMENT)
    apps = " and ".join(APPS[app] for app in tool.apps if app in APPS)
    return {"name": tool.name, "title": tool_title(tool.name),
            "description": "[%s] %s" % (apps, tool.description), "inputSchema": schema,
            "annotations": {"readOnlyHint": not tool.changes_document}}


def _list_documents_declaration() -> dict:
    return {"name": LIST_DOCUMENTS, "title": "list documents",
            "description": "List the open Writer, Calc, Impress and Draw documents: title, URL, kind (writer, calc, "
                           "impress or draw) and which one is active. Pass a title or URL as the 'document' argument "
                           "of the other tools.",
            "inputSchema": {"type": "object", "properties": {}}, "annotations": {"readOnlyHint": True}}
