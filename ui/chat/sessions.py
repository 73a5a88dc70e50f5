"""One chat session per open document, kept while the document lives.

Panels come and go (LibreOffice re-creates them freely); the session stays with the
document model. When the document is closed, its running task is stopped quietly and
the session is forgotten.
"""
from __future__ import annotations

from typing import List, Tuple

import unohelper
from com.sun.star.document import XEventListener

from ...core.chat.session import ChatSession
from . import persistence
from .close_guard import CloseGuards
from ..office.log import get_logger, logged

log = get_logger("sessions")


class _DocumentClosed(unohelper.Base, XEventListener):
    """Ends the document's task and drops its session when the document goes away.

    The model's ``addEventListener`` takes a *document* event listener (pyuno picks the
    XEventBroadcaster overload), which also receives ``disposing``.
    """

    def __init__(self, sessions: "Sessions", session: ChatSession):
        self._sessions = sessions
        self._session = session

    @logged
    def notifyEvent(self, event):
        if event.EventName == "OnUnload":
            self._sessions.forget(event.Source, self._session)

    @logged
    def disposing(self, event):
        self._sessions.forget(event.Source, self._session)


class Sessions:
    """The chat sessions of the open documents (one owner per office process)."""

    def __init__(self, ctx, pump, conversations: persistence.Conversations):
        self._ctx = ctx
        self._conversations = conversations
        self._guards = CloseGuards(pump)
        self._sessions: List[Tuple[object, ChatSession]] = []

    def session_for(self, model) -> ChatSession:
        """Return the session of the document ``model``, creating it on first use.

        A document saved with a conversation carries its session id; that conversation is
        restored (unless another open document already uses the id, as after Save As).
        """
        for known, session in self._sessions:
            if known == model:
                return session
        stored = persistence.stored_session_id(model)
        in_use = {session.session_id for _, session in self._sessions}
        session = ChatSession(stored if stored and stored not in in_use else None)
        self._sessions.append((model, session))
        model.addEventListener(_DocumentClosed(self, session))
        self._guards.watch(model, session, lambda: self.forget(model, session))
        if stored and session.session_id == stored and self._conversations.restore(session):
            return session
        log.info("new chat session %s", session.session_id)
        return session

    def forget(self, model, session: ChatSession = None) -> None:
        """Stop the document's running task and forget its session."""
        for index, (known, candidate) in enumerate(list(self._sessions)):
            if candidate is session or (session is None and known == model):
                del self._sessions[index]
                if candidate.turn is not None and not candidate.turn.finished:
                    candidate.turn.document_closed()
                log.info("chat session %s closed with its document", candidate.session_id)
                return

    def all(self) -> List[ChatSession]:
        """Return the sessions of the open documents."""
        return [session for _, session in self._sessions]
