"""Chat sessions kept on disk, one JSON file per session, so a conversation survives restarts.

The office side stores a session id in the document's properties and passes a directory
(``<user profile>/marginalia/sessions``). Each file holds the API message history and the
transcript (its ``(kind, label, body)`` segments, or plain text)::

    {"format": "marginalia-session", "version": 1, "session_id": "…", "saved_at": "…",
     "history": [...], "transcript": [["user", "You", "…"], ...]}

Writes are atomic (a temporary file, then ``os.replace``). Every string passes through
:func:`~..redact.redact` (tool-call arguments are redacted inside their JSON, so they stay
valid); opaque ``reasoning_details`` are not stored. A session over ``max_bytes`` loses
its oldest exchanges, with a note; beyond ``max_sessions`` files the least recently saved
go. A file that cannot be read is ignored with a log entry.
"""
from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import time
from typing import Any, List, Optional, Sequence, Tuple, Union

from . import session_data
from ..i18n import _
from .session_data import FORMAT, TRIMMED_NOTE, VERSION

log = logging.getLogger("marginalia.history")

DEFAULT_MAX_BYTES = 2000000
DEFAULT_MAX_SESSIONS = 200
STALE_TEMP_SECONDS = 24 * 3600

_SESSION_ID = re.compile(r"[0-9a-f]{8,64}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

Segment = Tuple[str, str, str]
TranscriptData = Union[str, List[Segment]]


def is_valid_session_id(session_id: Any) -> bool:
    """True for 8–64 hex digits or a UUID (either case): the only ids used as file names."""
    return isinstance(session_id, str) and _SESSION_ID.fullmatch(session_id.lower()) is not None


class HistoryStore:
    """Saves, loads and deletes sessions in one directory."""

    def __init__(self, directory: str, max_bytes: int = DEFAULT_MAX_BYTES,
                 max_sessions: int = DEFAULT_MAX_SESSIONS) -> None:
        """
        Args:
            directory: Where the session files live (created on the first save).
            max_bytes: Largest size of one session file.
            max_sessions: Most session files kept; the least recently saved go first.
        """
        self.directory = directory
        self.max_bytes = max_bytes
        self.max_sessions = max_sessions

    def path_of(self, session_id: str) -> str:
        """The file of ``session_id`` (which must be valid)."""
        return os.path.join(self.directory, session_id.lower() + ".json")

    def save(self, session_id: str, history: Sequence[dict], transcript: Union[str, Sequence[Sequence[str]]]
             ) -> Optional[str]:
        """Write a session, replacing any earlier version atomically.

        Args:
            session_id: Hex digits or a UUID (see :func:`is_valid_session_id`).
            history: The API message list.
            transcript: The transcript's segments (``(kind, label, body)``) or its text.

        Returns:
            ``""`` when saved whole, the note shown to the user when older exchanges had to
            be left out, or None when the file could not be written (logged).

        Raises:
            ValueError: ``session_id`` is not a valid id.
        """
        if not is_valid_session_id(session_id):
            raise ValueError("invalid session id %r" % (session_id,))
        history = session_data.redacted(list(history))
        transcript = session_data.redacted(transcript if isinstance(transcript, str) else [list(s) for s in transcript])
        data, note = self._fitted(session_id, history, transcript)
        try:
            self._write(self.path_of(session_id), data)
        except OSError as error:
            log.warning("could not save chat session %s: %s", session_id, error)
            return None
        self._prune(session_id)
        return note

    def load(self, session_id: str) -> Optional[Tuple[List[dict], TranscriptData]]:
        """Read a session.

        Args:
            session_id: The id it was saved under.

        Returns:
            ``(history, transcript)`` (transcript as segments or text, as saved), or None
            when there is none, the id is invalid, or the file is unreadable (logged).
        """
        if not is_valid_session_id(session_id):
            log.warning("ignoring invalid chat session id %r", session_id)
            return None
        path = self.path_of(session_id)
        try:
            with open(path, "rb") as handle:
                document = json.loads(handle.read().decode("utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, RecursionError) as error:
            log.warning("ignoring unreadable chat session file %s: %s", path, error)
            return None
        problem = session_data.problem_with(document)
        if problem:
            log.warning("ignoring damaged chat session file %s: %s", path, problem)
            return None
        transcript = document["transcript"]
        segments = transcript if isinstance(transcript, str) else [tuple(segment) for segment in transcript]
        return session_data.consistent_history(document["history"]), segments

    def delete(self, session_id: str) -> bool:
        """Remove a session's file (the Clear action); True if there was one."""
        if not is_valid_session_id(session_id):
            return False
        try:
            os.remove(self.path_of(session_id))
        except FileNotFoundError:
            return False
        except OSError as error:
            log.warning("could not delete chat session %s: %s", session_id, error)
            return False
        return True

    # internals ----------------------------------------------------------------------------
    def _fitted(self, session_id: str, history: List[dict], transcript: Any) -> Tuple[bytes, str]:
        data = _encode(session_id, history, transcript)
        if len(data) <= self.max_bytes:
            return data, ""
        note = _(TRIMMED_NOTE) % _size_words(self.max_bytes)
        excess = len(data) - self.max_bytes
        while excess > 0:
            history, transcript, more = session_data.drop_oldest(history, transcript, excess, note)
            data = _encode(session_id, history, transcript)
            excess = len(data) - self.max_bytes if more else 0
        limit = 64000
        while len(data) > self.max_bytes and limit >= 1000:
            history = session_data.shorten_strings(history, limit)
            transcript = session_data.shorten_transcript(transcript, limit)
            data = _encode(session_id, history, transcript)
            limit //= 2
        if len(data) > self.max_bytes:
            log.warning("chat session %s stays over %d bytes (%d)", session_id, self.max_bytes, len(data))
        return data, note

    def _write(self, path: str, data: bytes) -> None:
        os.makedirs(self.directory, mode=0o700, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=self.directory)
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, path)
        except BaseException:
            try:
                os.remove(temporary)
            except OSError:
                pass
            raise

    def _prune(self, keep: str) -> None:
        """Remove the least recently saved sessions beyond the cap, and stale temporary files."""
        try:
            names = os.listdir(self.directory)
        except OSError:
            return
        now, sessions = time.time(), []
        for name in names:
            path = os.path.join(self.directory, name)
            try:
                modified = os.stat(path).st_mtime
            except OSError:
                continue
            if name.startswith(".tmp-") and now - modified > STALE_TEMP_SECONDS:
                _remove_quietly(path)
            elif name.endswith(".json") and is_valid_session_id(name[:-5]) and name[:-5] != keep.lower():
                sessions.append((modified, path))
        sessions.sort()
        for _modified, path in sessions[:max(0, len(sessions) - (self.max_sessions - 1))]:
            _remove_quietly(path)


def _encode(session_id: str, history: List[dict], transcript: Any) -> bytes:
    document = {"format": FORMAT, "version": VERSION, "session_id": session_id.lower(),
                "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "history": history, "transcript": transcript}
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")


def _size_words(size: int) -> str:
    return _("%g MB") % (size / 1e6) if size >= 1000000 else _("%d kB") % (size // 1000)


def _remove_quietly(path: str) -> None:
    try:
        os.remove(path)
    except OSError as error:
        log.warning("could not remove %s: %s", path, error)
