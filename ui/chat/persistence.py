"""Chat history that survives closing the document and restarting LibreOffice.

A session's id is stored in the document's user-defined properties
(``MarginaliaSession``), so it travels with the saved file; the conversation itself is
kept in ``<user profile>/marginalia/sessions/<id>.json`` (see
:class:`~marginalia.core.chat.history_store.HistoryStore`), never inside the document.
Writing the id does not mark a clean document as modified.
"""
from __future__ import annotations

import os
import threading

from ...core.chat.history_store import HistoryStore, is_valid_session_id
from ...core.threads import start_worker
from ..office.log import get_logger, profile_dir

log = get_logger("persistence")

PROPERTY = "MarginaliaSession"


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


class Conversations:
    """The conversations kept in the user profile, written in the background (one per process)."""

    def __init__(self, ctx):
        self._store = HistoryStore(os.path.join(profile_dir(ctx), "sessions"))
        self._writer = _BackgroundWriter(self._store)

    def restore(self, session) -> bool:
        """Load a stored conversation into ``session``; return True when there was one."""
        self.flush()  # a save of this conversation may still be on its way to the disk
        loaded = self._store.load(session.session_id)
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

    def save(self, session, model) -> None:
        """Make sure the document knows its id, and store the conversation in the background.

        The document property is set here, on the main thread; writing the file (redacting
        and encoding a conversation that may be long) happens on a worker, so the end of a
        turn never stalls the office. A newer save of the same session replaces an older
        one still waiting.
        """
        if not session.history:
            return
        remember_session_id(model, session.session_id)
        self._writer.put(session.session_id, list(session.history), session.transcript.segments())

    def delete(self, session) -> None:
        """Forget the stored conversation of ``session`` (after any save still waiting)."""
        self._writer.put(session.session_id, None, None)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every waiting save is written (for tests and shutdown); True when done."""
        return self._writer.flush(timeout)


class _BackgroundWriter:
    """One worker writing the latest snapshot of each session, oldest request first."""

    def __init__(self, store: HistoryStore):
        self._store = store
        self._pending = {}
        self._order = []
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._running = False

    def put(self, session_id: str, history, segments) -> None:
        with self._lock:
            if session_id not in self._pending:
                self._order.append(session_id)
            self._pending[session_id] = (history, segments)
            self._idle.clear()
            if not self._running:
                self._running = True
                start_worker(self._work, name="marginalia-history")

    def flush(self, timeout: float) -> bool:
        return self._idle.wait(timeout)

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._order:
                    self._running = False
                    self._idle.set()
                    return
                session_id = self._order.pop(0)
                history, segments = self._pending.pop(session_id)
            self._write(session_id, history, segments)

    def _write(self, session_id: str, history, segments) -> None:
        try:
            if history is None:
                self._store.delete(session_id)
            elif self._store.save(session_id, history, segments) is None:
                log.warning("the conversation of session %s could not be stored", session_id)
        except Exception:
            log.exception("storing the conversation of session %s failed", session_id)
