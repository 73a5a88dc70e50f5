"""Asking the user, the first time a client (by its ``clientInfo`` name) calls a tool, whether it may.

The question shows in the Marginalia panel of the active document (the deck is opened
for it), in place of the input, with Allow (until LibreOffice closes), Allow always
(kept in ``Agents/AllowedClients``) and Deny (this client's session is refused). The
request thread waits for the answer (:meth:`ClientApprovals.admit`); the panel and
settings are touched only on the main thread. No answer within :data:`QUESTION_SECONDS`
counts as Deny.
"""
from __future__ import annotations

import threading
from typing import Optional, Set

from ...core.mcp.dispatch import DispatchError, SerialDispatcher
from ...core.mcp.sessions import ClientSession
from ...core.research.approval import DENY, HOST, ONCE
from ..office.log import get_logger
from ..office.sidebar import open_deck
from ..settings import store as settings_store
from . import documents

log = get_logger("mcp.approval")

QUESTION_SECONDS = 120.0
DENIED = ("The user denied this agent access to LibreOffice. Do not retry; ask the user to allow it in "
          "the Marginalia panel, or to add it to the allowed agents in Marginalia's settings.")
UNANSWERED = "The user did not answer whether this agent may work in LibreOffice (no answer in %d seconds)."
NO_PANEL = "No Writer or Calc document is open, so the user cannot be asked to allow this agent."


class ClientApprovals:
    """Which clients may call tools (the request threads ask, the main thread shows the question)."""

    def __init__(self, app):
        self._app = app
        self._main = SerialDispatcher(app.pump.call_soon, time_limit=15.0)
        self._allowed: Set[str] = set()
        self._denied_sessions: Set[str] = set()
        self._asking = threading.Lock()
        self.ask_approval = True
        self.always: tuple = ()
        """Refreshed from the settings on the main thread (:meth:`refresh`)."""

    def refresh(self, agents) -> None:
        """Take the ``Agents`` settings (main thread)."""
        self.ask_approval = agents.ask_approval
        self.always = agents.allowed_clients

    def admit(self, session: ClientSession) -> Optional[str]:
        """None when ``session``'s client may call tools, else why not (asks the user the first time)."""
        if self._known(session) is not None:
            return self._known(session)
        with self._asking:  # one question at a time; a client's parallel calls wait for the one answer
            known = self._known(session)
            if known is not None:
                return known
            return self._ask(session)

    def _known(self, session: ClientSession) -> Optional[str]:
        """"" (allowed), the refusal, or None when the user must be asked."""
        name = session.client_name
        if not self.ask_approval or name in self.always or name in self._allowed:
            return ""
        if session.id and session.id in self._denied_sessions:
            return DENIED
        return None

    def _ask(self, session: ClientSession) -> str:
        try:
            broker = self._main.run(self._show_panel)
        except DispatchError as error:
            return str(error)
        if broker is None:
            return NO_PANEL
        choice = broker.ask("", session.client_name, purpose="agent", timeout=QUESTION_SECONDS)
        log.info("agent %r: the user answered %s", session.client_name, choice)
        if choice in (ONCE, HOST):
            self._allowed.add(session.client_name)
            if choice == HOST:
                self._app.pump.call_soon(self._remember, session.client_name)
            return ""
        if session.id:
            self._denied_sessions.add(session.id)
        return DENIED if choice == DENY else UNANSWERED % QUESTION_SECONDS

    def _show_panel(self):
        """Main thread: open the active document's deck; return its session's approval broker."""
        try:
            target = documents.find_document(self._app.ctx, None)
        except Exception:
            return None
        try:
            open_deck(target.model.getCurrentController().getFrame())
        except Exception:
            log.exception("the Marginalia deck could not be opened to ask about an agent")
        chat = self._app.sessions.session_for(target.model)
        return self._app.approvals.state_for(chat).broker

    def _remember(self, name: str) -> None:
        """Main thread: add ``name`` to the clients allowed always."""
        agents = settings_store.read_settings(self._app.ctx).agents
        if name not in agents.allowed_clients:
            settings_store.write_group(self._app.ctx, "Agents",
                                       {"AllowedClients": "\n".join(agents.allowed_clients + (name,))})
