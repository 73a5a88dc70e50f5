"""The frame of every Impress and Draw change: read-only refusal, review mode said plainly, nothing half-recorded.

Impress and Draw have no tracked changes, so in review mode (the setting, or the ``review_mode``
option a turn passes) a changing tool still changes the document and says so in its answer; the
system prompt has the model ask the user first (``core/agent/system_prompt.py``).
"""
from __future__ import annotations

from ..writer.review import require_writable, review_mode
from .deck import is_presentation

NOT_TRACKED = (" %s has no tracked changes, so this was applied directly, not recorded for review (Revert or "
               "Ctrl+Z takes it back).")


def check_writable(context) -> None:
    """Refuse (a ToolError) when the document is open read-only."""
    require_writable(context.document)


def review_note(context) -> str:
    """What an answer adds in review mode: the change was not recorded for review ("" otherwise)."""
    if not review_mode(context):
        return ""
    return NOT_TRACKED % ("Impress" if is_presentation(context.document) else "Draw")
