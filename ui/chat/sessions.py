"""One chat session per open document, kept while the document lives.

Panels come and go (LibreOffice re-creates them freely); the session stays with the
document model. When the document is closed, its running turn is stopped quietly and
the session is forgotten.
"""
from __future__ import annotations

from typing import List, Tuple

import unohelper
from com.sun.star.document import XEventListener

from ...core.chat.session import ChatSession
from . import close_guard, persistence
from ..office.log import get_logger, logged

log = get_logger("sessions")

_sessions: List[Tuple[object, ChatSession]] = []


class _DocumentClosed(unohelper.Base, XEventListener):
    """Ends the document's turn and drops its session when the document goes away.

    The model's ``addEventListener`` takes a *document* event listener (pyuno picks the
    XEventBroadcaster overload), which also receives ``disposing``.
    """

    def __init__(self, session: ChatSession):
        self._session = session

    @logged
    def notifyEvent(self, event):
        if event.EventName == "OnUnload":
            forget(event.Source, self._session)

    @logged
    def disposing(self, event):
        forget(event.Source, self._session)


def session_for(model, ctx=None) -> ChatSession:
    """Return the session of the document ``model``, creating it on first use.

    A document saved with a conversation carries its session id; that conversation is
    restored (unless another open document already uses the id, as after Save As).
    """
    for known, session in _sessions:
        if known == model:
            return session
    stored = persistence.stored_session_id(model) if ctx is not None else None
    in_use = {session.session_id for _, session in _sessions}
    session = ChatSession(stored if stored and stored not in in_use else None)
    _sessions.append((model, session))
    model.addEventListener(_DocumentClosed(session))
    if ctx is not None:
        close_guard.watch(ctx, model, session, lambda: forget(model, session))
    if stored and session.session_id == stored and persistence.restore(ctx, session):
        return session
    log.info("new chat session %s", session.session_id)
    return session


def forget(model, session: ChatSession = None) -> None:
    """Stop the document's running turn and forget its session."""
    for index, (known, candidate) in enumerate(list(_sessions)):
        if candidate is session or (session is None and known == model):
            del _sessions[index]
            if candidate.turn is not None and not candidate.turn.finished:
                close = getattr(candidate.turn, "document_closed", None)
                (close or candidate.turn.cancel)()
            log.info("chat session %s closed with its document", candidate.session_id)
            return


def all_sessions() -> List[ChatSession]:
    """Return the sessions of the open documents."""
    return [session for _, session in _sessions]
