"""Marginalia in one office process: the one owner of everything that outlives a panel.

The entry module (``extension/marginalia_entry.py``) makes one :class:`Marginalia` the
first time LibreOffice uses a component of ours and hands it to every panel and command.
It owns what would otherwise be module globals: the main-thread pump, the documents'
chat sessions, the tools, the HTTP clients, what is known about endpoints, the stored
conversations, the research approvals, the settings dialog, the Escape key handler and the
MCP server for other agents.
Rooms receive the pieces they need; none of them reaches for this module.
"""
from __future__ import annotations

from ..core.llm.endpoint_facts import EndpointFacts
from ..core.loop.pump import MessagePump
from .chat.persistence import Conversations
from .chat.sessions import Sessions
from .chat.toolset import Toolset
from .mcp.service import AgentServer
from .office import log as logsetup
from .office.language import choose_language
from .office.main_thread import AsyncWake
from .office.undo_keys import UndoKeys
from .panel.escape_key import EscapeKey
from .research.approvals import Approvals
from .settings.command import SettingsOpener
from .settings.request_settings import HttpClients


class Marginalia:
    """Everything process-wide, made once by the entry module."""

    def __init__(self, ctx):
        self.ctx = ctx
        logsetup.configure(ctx)
        self._language = ""
        toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
        self._wake = AsyncWake(ctx)
        self.pump = MessagePump(pump_ui=toolkit.processEventsToIdle, wake=self._wake.request)
        self._wake.connect(self.pump.drain)
        self.facts = EndpointFacts()
        """What has been learned about endpoints (API kind, context sizes), shared by chat and Test."""
        self.http = HttpClients()
        self.tools = Toolset()
        self.conversations = Conversations(ctx)
        self.approvals = Approvals(self.pump)
        self.sessions = Sessions(ctx, self.pump, self.conversations)
        self.settings = SettingsOpener(self)
        self.escape_key = EscapeKey(ctx, self.pump)
        self.undo_keys = UndoKeys()
        """The Writer frames whose Ctrl+Z and Ctrl+Y undo assistants' steps as Revert does."""
        self.agents = AgentServer(self)
        """Marginalia as an MCP server for other agents (started by the startup job when turned on)."""
        self.prompts = None
        """Calc's PROMPT state (:class:`~marginalia.ui.prompt.service.PromptService`), made on first use."""
        self.last_instruction = ""
        """The last Edit Selection instruction, offered again the next time."""

    def speak_office_language(self) -> None:
        """Choose the office's UI language, once, when a panel, command or cell function first needs it.

        Not when Marginalia is made: its startup job makes it as LibreOffice starts.
        """
        if not self._language:
            self._language = choose_language(self.ctx)
