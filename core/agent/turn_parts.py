"""Small value types shared by the turn state machine, the tool runner and the display."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Tuple

from ..i18n import _

CANCELLED_RESULT = "Cancelled: the user stopped the assistant before this tool ran."
STOPPED_REPLY = "(Stopped by the user.)"


@dataclass
class ToolOutcome:
    """The result of one tool call: text for the model, a line for the user."""

    ok: bool
    content: str
    """What goes back to the model as the tool message."""
    summary: str = ""
    """One line in plain words for the transcript ("Replaced 3 occurrences of 'Micheal'")."""
    data: Any = field(default=None, repr=False)
    unexpected: bool = False
    """The tool crashed (an exception other than a deliberate ToolError): it may have stopped
    halfway through a change, so the undo scope must not trust it to have cleaned up."""

    @classmethod
    def success(cls, content: str, summary: str = "", data: Any = None) -> "ToolOutcome":
        """A successful call."""
        return cls(True, content, summary, data)

    @classmethod
    def failure(cls, message: str, summary: str = "") -> "ToolOutcome":
        """A failed call; ``message`` tells the model, in plain words, what went wrong."""
        text = message if message.startswith("Error") else "Error: " + message
        return cls(False, text, summary or message)


class NullUndo:
    """An undo scope that groups nothing (for turns that never touch a document)."""

    def run(self, title: str, action):
        """Run ``action()`` and return its result."""
        return action()


def user_message_of(error: BaseException) -> Tuple[str, str]:
    """Return ``(message, hint)`` to show for ``error``: our errors carry both."""
    message = getattr(error, "user_message", None)
    if message:
        return message, getattr(error, "hint", "") or ""
    text = str(error) or error.__class__.__name__
    return _("Something went wrong inside Marginalia: %s") % text, _("Details are in the Marginalia log file.")
