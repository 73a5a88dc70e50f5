"""The cost question: may PROMPT send this many new requests? Yes, No, or it could not be asked."""
from __future__ import annotations

import time

from ...core.i18n import _
from ..office.log import get_logger

log = get_logger("prompt")

YES_NO = 3
"""``com.sun.star.awt.MessageBoxButtons.BUTTONS_YES_NO``."""
YES, CANCEL = 2, 0
"""``com.sun.star.awt.MessageBoxResults``."""
AT_ONCE = 0.2
"""Seconds: a box closed sooner was never seen. Without a display (``--headless``) LibreOffice
cancels every dialog as it opens (measured: in under 1 ms); nobody answers that fast."""

SENT, REFUSED, NOT_SHOWN = "sent", "refused", "not shown"


def ask_to_send(ctx, document, count: int) -> str:
    """Ask whether ``count`` new requests may be sent (a Yes/No box over the document).

    Returns:
        :data:`SENT` (Yes), :data:`REFUSED` (No, or the box closed), or :data:`NOT_SHOWN`
        (LibreOffice could not show the question).
    """
    from com.sun.star.awt.MessageBoxType import QUERYBOX
    toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    text = _("These PROMPT cells would send %d requests to the model now. Send them?") % count
    box = toolkit.createMessageBox(_parent_window(document), QUERYBOX, YES_NO, _("Marginalia"), text)
    started = time.monotonic()
    answer = box.execute()
    if answer == CANCEL and time.monotonic() - started < AT_ONCE:
        log.info("PROMPT: %d new requests; the question could not be shown (no display): not sent", count)
        return NOT_SHOWN
    log.info("PROMPT: %d new requests; the user answered %s", count, answer)
    return SENT if answer == YES else REFUSED


def _parent_window(document):
    try:
        return document.getCurrentController().getFrame().getContainerWindow()
    except Exception:
        log.debug("no window for the PROMPT question", exc_info=True)
        return None


def refusal_reason(outcome: str, count: int) -> str:
    """Why ``count`` requests were not sent, for the cells' comments."""
    if outcome == NOT_SHOWN:
        return _("LibreOffice could not show the question whether to send these %d requests (it runs without "
                 "a display), so none was sent. With Calc/PromptConfirmAbove set to 0, PROMPT sends without "
                 "asking; Refresh AI Cells then asks these cells again.") % count
    return _("You chose not to send these requests.")
