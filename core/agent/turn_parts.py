"""Small pieces shared by the turn state machine and the display: stop texts, error words."""
from __future__ import annotations

from typing import Tuple

from ..i18n import _

CANCELLED_RESULT = "Cancelled: the user stopped the assistant before this tool ran."
STOPPED_REPLY = "(Stopped by the user.)"


def user_message_of(error: BaseException) -> Tuple[str, str]:
    """Return ``(message, hint)`` to show for ``error``: our errors carry both."""
    message = getattr(error, "user_message", None)
    if message:
        return message, getattr(error, "hint", "") or ""
    text = str(error) or error.__class__.__name__
    return _("Something went wrong inside Marginalia: %s") % text, _("Details are in the Marginalia log file.")
