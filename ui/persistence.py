"""Chat history that survives closing the document and restarting LibreOffice.

A session's id is stored in the document's user-defined properties
(``MarginaliaSession``), so it travels with the saved file; the conversation itself is
kept in ``<user profile>/marginalia/sessions/<id>.json`` (see
:class:`~marginalia.core.history_store.HistoryStore`), never inside the document.
Writing the id does not mark a clean document as modified.
"""
from __future__ import annotations

import os

from ..core.history_store import HistoryStore, is_valid_session_id
from .log import get_logger, profile_dir

log = get_logger("persistence")

PROPERTY = "MarginaliaSession"
_store = None


def history_store(ctx) -> HistoryStore:
    """Return the process-wide store in the user profile."""
    global _store
    if _store is None:
        _store = HistoryStore(os.path.join(profile_dir(ctx), "sessions"))
    return _store


def _properties(model):
    return model.getDocumentProperties().getUserDefinedProperties()


def stored_session_id(model):
    """Return the session id saved in the document, or None."""
    try:
        properties = _properties(model)
        if properties.getPropertySetInfo().hasPropertyByName(PROPERTY):
            value = properties.getPropertyValue(PROPERTY)
            return value if is_valid_session_id(value) else None
    except Exception:
        log.debug("no session id readable from the document", exc_info=True)
    return None


def remember_session_id(model, session_id: str) -> None:
    """Store the session id in the document without marking a clean document modified."""
    try:
        was_modified = model.isModified()
        properties = _properties(model)
        if properties.getPropertySetInfo().hasPropertyByName(PROPERTY):
            if properties.getPropertyValue(PROPERTY) == session_id:
                return
            properties.setPropertyValue(PROPERTY, session_id)
        else:
            from com.sun.star.beans.PropertyAttribute import REMOVABLE
            properties.addProperty(PROPERTY, REMOVABLE, session_id)
        if not was_modified:
            model.setModified(False)
    except Exception:
        log.exception("could not store the session id in the document")


def restore(ctx, session) -> bool:
    """Load a stored conversation into ``session``; return True when there was one."""
    loaded = history_store(ctx).load(session.session_id)
    if loaded is None:
        return False
    history, transcript = loaded
    session.history[:] = history
    if isinstance(transcript, str):
        session.transcript.restore([("notice", "", transcript)] if transcript else [])
    else:
        session.transcript.restore(transcript)
    session.set_show_thinking(session.show_thinking)
    log.info("restored chat session %s (%d messages)", session.session_id, len(history))
    return True


def save(ctx, session, model) -> None:
    """Store the conversation and make sure the document knows its id."""
    if not session.history:
        return
    remember_session_id(model, session.session_id)
    note = history_store(ctx).save(session.session_id, session.history, session.transcript.segments())
    if note is None:
        log.warning("the conversation of session %s could not be stored", session.session_id)


def delete(ctx, session) -> None:
    """Forget the stored conversation of ``session``."""
    history_store(ctx).delete(session.session_id)
