"""What a stored chat session holds, and the pure steps around storing it.

Used by :mod:`.history_store`: strings are redacted before they are written, an
oversized session loses its oldest exchanges (history and transcript together, with a
note) or has its longest texts shortened, and a file read back is checked and its history
cut to what a chat server accepts. Nothing here touches the file system.
"""
from __future__ import annotations

import json
from typing import Any, List, Tuple

from ..llm.context_budget import split_turns
from ..i18n import N_, _
from ..redact import MARK, redact

FORMAT = "marginalia-session"
VERSION = 1
TRIMMED_NOTE = N_("Older messages of this conversation were not kept (a saved conversation keeps at most %s).")
"""Told to the user, in a first transcript segment of kind :data:`TRIMMED_KIND`."""
TRIMMED_KIND = "trimmed"
SHORTENED_MARK = "\n[shortened to keep the saved conversation small]"
_KEPT_AS_IS = frozenset(("role", "id", "tool_call_id", "type", "name"))
_NOT_STORED = frozenset(("reasoning_details",))
_ROLES = frozenset(("user", "assistant", "tool", "system"))


# --- what is written ---------------------------------------------------------------------------

def redacted(value: Any, key: str = "") -> Any:
    """Copy ``value`` with every string passed through :func:`~.redact.redact`.

    Args:
        value: Messages, transcript segments or text (JSON-like data).
        key: The dict key ``value`` was found under (ids, roles and names stay as they are;
            tool-call ``arguments`` are redacted inside their JSON).

    Returns:
        The redacted copy, without ``reasoning_details`` (opaque, not needed once a turn ended).
    """
    if isinstance(value, str):
        if key in _KEPT_AS_IS:
            return value
        return _redacted_arguments(value) if key == "arguments" else redact_text(value)
    if isinstance(value, dict):
        return {k: redacted(v, k) for k, v in value.items() if k not in _NOT_STORED}
    if isinstance(value, (list, tuple)):
        return [redacted(item, key) for item in value]
    return value


def _redacted_arguments(raw: str) -> str:
    """Redact inside a tool call's JSON arguments so they stay valid JSON."""
    try:
        parsed = json.loads(raw)
    except (ValueError, RecursionError):
        return redact_text(raw)
    return json.dumps(redacted(parsed), ensure_ascii=False)


def redact_text(text: str) -> str:
    """:func:`~.redact.redact` for conversation text: secrets go, ordinary words come back.

    ``redact`` is tuned for logs, so in prose it also hides words after "Basic",
    "Bearer" or "cookie:" ("Basic [redacted] is a policy"). A hidden span made only of
    ordinary words (letters, at most 20 a word, no random capitals) is put back, except
    where it is a URL password (before ``@``) or a parameter value (after ``=``).

    Args:
        text: A message, tool result or transcript body.

    Returns:
        The text as stored.
    """
    cleaned = redact(text)
    if cleaned == text or MARK in text:
        return cleaned
    chunks = cleaned.split(MARK)
    if not text.startswith(chunks[0]):
        return cleaned
    pieces, position = [chunks[0]], len(chunks[0])
    for number, chunk in enumerate(chunks[1:], 1):
        last = number == len(chunks) - 1
        end = len(text) - len(chunk) if last else text.find(chunk, position + 1)
        if end <= position or (last and not text.endswith(chunk)):
            return cleaned
        hidden = text[position:end]
        keep = _ordinary_words(hidden) and not pieces[-1].endswith("=") and not chunk.startswith("@")
        pieces.extend((hidden if keep else MARK, chunk))
        position = end + len(chunk)
    return "".join(pieces)


def _ordinary_words(span: str) -> bool:
    words = span.split()
    return bool(words) and all(_ordinary_word(word.strip(".,;:!?()\"'")) for word in words)


def _ordinary_word(word: str) -> bool:
    letters = word.replace("'", "").replace("-", "")
    if not 0 < len(letters) <= 20 or not letters.isalpha():
        return False
    return letters.islower() or letters[1:].islower() or (letters.isupper() and len(letters) <= 12)


def drop_oldest(history: List[dict], transcript: Any, excess: int, note: str) -> Tuple[List[dict], Any, bool]:
    """Leave out the oldest turns of the history and the transcript until about ``excess`` bytes go.

    The last turn of each always stays; ``note`` is put first in the transcript (once).

    Args:
        history: The messages.
        transcript: Segments (lists of kind, label, body) or text.
        excess: Bytes of JSON to remove.
        note: What the user is told.

    Returns:
        ``(history, transcript, more)``: ``more`` is False once nothing more can go.
    """
    turns = split_turns(history)
    parts = _transcript_turns(transcript)
    while excess > 0 and (len(turns) > 1 or len(parts) > 1):
        if len(turns) > 1:
            excess -= _json_size(turns.pop(0))
        if len(parts) > 1:
            excess -= _json_size(parts.pop(0))
    more = len(turns) > 1 or len(parts) > 1
    history = [message for turn in turns for message in turn]
    if isinstance(transcript, str):
        return history, note + "\n\n" + "\n\n".join(parts), more
    first = [TRIMMED_KIND, _("Note"), note]
    return history, [first] + [segment for part in parts for segment in part], more


def _transcript_turns(transcript: Any) -> List[Any]:
    """The transcript cut where the user speaks; an earlier trimming note is dropped."""
    if isinstance(transcript, str):
        paragraphs = transcript.split("\n\n")
        if paragraphs and paragraphs[0].startswith(_(TRIMMED_NOTE).split("%")[0]):
            paragraphs = paragraphs[1:]
        return paragraphs
    segments = [segment for segment in transcript if segment[0] != TRIMMED_KIND]
    turns: List[List[list]] = []
    for segment in segments:
        if segment[0] == "user" or not turns:
            turns.append([segment])
        else:
            turns[-1].append(segment)
    return turns


def _json_size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")) + 1


def shorten_strings(value: Any, limit: int, key: str = "") -> Any:
    """Cut message contents and transcript bodies longer than ``limit`` characters, with a mark.

    Ids, roles, names and tool-call arguments (which must stay valid JSON) are never cut.
    """
    if isinstance(value, str):
        if len(value) > limit and key not in _KEPT_AS_IS and key != "arguments":
            return value[:limit] + SHORTENED_MARK
        return value
    if isinstance(value, dict):
        return {k: shorten_strings(v, limit, k) for k, v in value.items()}
    if isinstance(value, list):
        return [shorten_strings(item, limit, key) for item in value]
    return value


def shorten_transcript(transcript: Any, limit: int) -> Any:
    """Cut long segment bodies; a text transcript keeps its end (the latest exchange)."""
    if isinstance(transcript, str):
        return SHORTENED_MARK.strip() + "\n" + transcript[-limit:] if len(transcript) > limit else transcript
    return shorten_strings(transcript, limit)


# --- what is read ---------------------------------------------------------------------------------

def problem_with(document: Any) -> str:
    """Say why a decoded session file cannot be used.

    Args:
        document: The file's decoded JSON.

    Returns:
        The problem in a few words, or ``""`` when the document is usable.
    """
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return "not a Marginalia session"
    if not isinstance(document.get("version"), int) or document["version"] > VERSION:
        return "unknown version %r" % (document.get("version"),)
    history = document.get("history")
    if not isinstance(history, list) or not all(_is_message(message) for message in history):
        return "the history is not a list of messages"
    transcript = document.get("transcript")
    if isinstance(transcript, str):
        return ""
    if not isinstance(transcript, list) or not all(
            isinstance(s, list) and len(s) == 3 and all(isinstance(p, str) for p in s) for s in transcript):
        return "the transcript is neither text nor segments"
    return ""


def _is_message(message: Any) -> bool:
    if not isinstance(message, dict) or message.get("role") not in _ROLES:
        return False
    calls = message.get("tool_calls")
    return calls is None or (isinstance(calls, list) and all(isinstance(call, dict) for call in calls))


def consistent_history(history: List[dict]) -> List[dict]:
    """The longest start of ``history`` that a server accepts: every tool call answered.

    A leading part before the first user message is dropped; the history is cut before
    a tool call left without a result or a tool result without its call.
    """
    start = next((i for i, m in enumerate(history) if m["role"] == "user"), len(history))
    history = history[start:]
    open_calls: List[str] = []
    cut = len(history)
    opened_at = 0
    for index, message in enumerate(history):
        if message["role"] == "tool":
            if message.get("tool_call_id") not in open_calls:
                cut = index
                break
            open_calls.remove(message["tool_call_id"])
            continue
        if open_calls:
            cut = opened_at
            break
        calls = message.get("tool_calls") if message["role"] == "assistant" else None
        if calls:
            open_calls = [call.get("id") for call in calls if isinstance(call, dict)]
            opened_at = index
    else:
        if open_calls:
            cut = opened_at
    return history[:cut]
