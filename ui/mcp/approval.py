"""Asking the user, the first time a client (by its ``clientInfo`` name) calls a tool, whether it may.

The question shows in the Marginalia panel of the active document (the deck is opened
for it), in place of the input, with Allow (until LibreOffice closes), Allow always
(kept in ``Agents/AllowedClients``) and Deny (this client's sessions are refused).

A call waits for the answer at most ``Agents/QuestionSeconds``; no answer by then is not
a denial: the agent is told the user has not answered yet and may call again, and the
question stays in the panel until the user answers it or every session that asked has
ended (HTTP DELETE). Each client has one question at a time (its parallel calls wait for
the same answer); questions of several clients are open together, shown one after the
other with the count of those waiting. The request threads wait; the panel and the
settings are touched only on the main thread.
"""
from __future__ import annotations

import threading
from typing import Dict, Optional, Set

from ...core.mcp.dispatch import DispatchError, SerialDispatcher
from ...core.mcp.sessions import ClientSession
from ...core.mcp.waits import MOST_QUESTION_SECONDS, PANEL_SECONDS
from ...core.research.approval import DENY, HOST, ONCE
from ..office.log import get_logger
from ..office.sidebar import open_deck
from ..settings import store as settings_store
from . import documents

log = get_logger("mcp.approval")

DENIED = ("The user denied this agent access to LibreOffice. Do not retry; ask the user to allow it in "
          "the Marginalia panel, or to add it to the allowed agents in Marginalia's settings.")
NOT_ANSWERED = ("The user has not answered yet whether this agent may work in LibreOffice: the question is open "
                "in the Marginalia panel. Nothing was done. Call the tool again to wait for the answer.")
NO_PANEL = "No Writer, Calc, Impress or Draw document is open, so the user cannot be asked to allow this agent."


class _Question:
    """The open question about one client: where it shows, which sessions asked, the answer."""

    def __init__(self, name: str):
        self.name = name
        self.sessions: Set[str] = set()
        self.document = None
        """The document whose panel shows it (None until shown)."""
        self.broker = None
        self.request_id = 0
        self.answered = threading.Event()


class ClientApprovals:
    """Which clients may call tools (the request threads ask, the main thread shows the question)."""

    def __init__(self, app):
        self._app = app
        self._main = SerialDispatcher(app.pump.call_soon, time_limit=PANEL_SECONDS)
        self._lock = threading.Lock()
        self._allowed: Set[str] = set()
        self._denied_sessions: Set[str] = set()
        self._open: Dict[str, _Question] = {}
        self.ask_approval = True
        self.always: tuple = ()
        self.question_seconds = MOST_QUESTION_SECONDS
        """Refreshed from the settings on the main thread (:meth:`refresh`)."""

    def refresh(self, agents) -> None:
        """Take the ``Agents`` settings (main thread)."""
        self.ask_approval = agents.ask_approval
        self.always = agents.allowed_clients
        self.question_seconds = min(float(agents.question_seconds), MOST_QUESTION_SECONDS)

    def admit(self, session: ClientSession) -> Optional[str]:
        """None or "" when ``session``'s client may call tools, else why not (asks the user the first time)."""
        known = self._known(session)
        if known is not None:
            return known
        question = self._join(session)
        if question is None:  # answered just now
            return self._known(session)
        try:
            shown = self._main.run(lambda: self._show(question))
        except DispatchError as error:
            return str(error)
        if not shown:
            return NO_PANEL
        if not question.answered.wait(self.question_seconds):
            log.info("agent %r: no answer within %g s; the question stays open", session.client_name,
                     self.question_seconds)
            return NOT_ANSWERED
        known = self._known(session)
        return DENIED if known is None else known

    def forget(self, session: ClientSession) -> None:
        """``session`` ended: its client's question goes when no other session of it is waiting (any thread)."""
        with self._lock:
            self._denied_sessions.discard(session.id)
            question = self._open.get(session.client_name)
            if question is None or session.id not in question.sessions:
                return
            question.sessions.discard(session.id)
            if question.sessions:
                return
            del self._open[question.name]
        if question.broker is not None and question.broker.withdraw(question.request_id):
            log.info("agent %r left; its question was taken back", question.name)

    def _known(self, session: ClientSession) -> Optional[str]:
        """"" (allowed), the refusal, or None when the user must be asked."""
        with self._lock:
            return self._known_locked(session)

    def _known_locked(self, session: ClientSession) -> Optional[str]:
        name = session.client_name
        if not self.ask_approval or name in self.always or name in self._allowed:
            return ""
        if session.id and session.id in self._denied_sessions:
            return DENIED
        return None

    def _join(self, session: ClientSession) -> Optional[_Question]:
        """The open question about ``session``'s client (new when there is none) with this session in it;
        None when the user has answered meanwhile."""
        with self._lock:
            if self._known_locked(session) is not None:
                return None
            question = self._open.get(session.client_name)
            if question is None:
                question = self._open[session.client_name] = _Question(session.client_name)
            if session.id:
                question.sessions.add(session.id)
            return question

    # main thread ------------------------------------------------------------------------------
    def _show(self, question: _Question) -> bool:
        """Open the deck where ``question`` shows (first in the active document; again there when its document
        was closed); False when no document is open to ask in."""
        if question.answered.is_set():
            return True
        shown_in = self._open_document(question.document) if question.document is not None else None
        if shown_in is None:
            try:
                shown_in = documents.find_document(self._app.ctx, None)
            except Exception:
                return False
            self._post(question, shown_in.model)
        try:
            open_deck(shown_in.model.getCurrentController().getFrame())
        except Exception:
            log.exception("the Marginalia deck could not be opened to ask about an agent")
        return True

    def _open_document(self, model):
        """The open document ``model`` is, or None when it was closed."""
        for document in documents.open_documents(self._app.ctx):
            if document.model == model:
                return document
        return None

    def _post(self, question: _Question, model) -> None:
        if question.broker is not None:
            question.broker.withdraw(question.request_id)
        chat = self._app.sessions.session_for(model)
        broker = self._app.approvals.state_for(chat).broker
        question.broker, question.document = broker, model
        question.request_id = broker.post("", question.name, purpose="agent",
                                          on_answer=lambda choice: self._answered(question, choice))

    def _answered(self, question: _Question, choice: str) -> None:
        """The user answered (main thread): remember it for the client and wake every waiting call."""
        log.info("agent %r: the user answered %s", question.name, choice)
        with self._lock:
            if self._open.get(question.name) is question:
                del self._open[question.name]
            if choice in (ONCE, HOST):
                self._allowed.add(question.name)
            elif choice == DENY:
                self._denied_sessions.update(question.sessions)
        question.answered.set()
        if choice == HOST:
            self._remember(question.name)

    def _remember(self, name: str) -> None:
        """Main thread: add ``name`` to the clients allowed always."""
        agents = settings_store.read_settings(self._app.ctx).agents
        if name not in agents.allowed_clients:
            settings_store.write_group(self._app.ctx, "Agents",
                                       {"AllowedClients": "\n".join(agents.allowed_clients + (name,))})
