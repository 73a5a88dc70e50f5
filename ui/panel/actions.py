"""What the panel's buttons do: send, clear, revert, insert the answer, settings, and the first-run note."""
from __future__ import annotations

from ...core.agent.turn_parts import user_message_of
from ...core.chat.display import labels, not_configured_message
from ...core.i18n import _
from ...core.loop.task import Outcome
from ..chat.insert_answer import insert_markdown, is_text_document
from ..chat.turns import start_turn
from ..office.log import get_logger
from ..office.undo import revert_turn
from ..settings import store as settings_store

log = get_logger("actions")


def send(app, session, document, text: str) -> None:
    """Start a turn (see :func:`marginalia.ui.chat.turns.start_turn`); a failure is shown, never lost."""
    try:
        start_turn(app, session, document, text)
    except Exception as error:
        log.exception("starting the turn failed")
        message, hint = user_message_of(error)
        session.transcript.add("error", labels()["error"], "%s %s" % (message, hint))
        session.set_status(message)
        if session.turn is not None and not session.turn.finished:
            session.turn.finish(Outcome.ERROR)


def clear(app, session) -> None:
    """Start a new conversation in this document (and forget the stored one)."""
    if not session.busy:
        session.clear()
        app.conversations.delete(session)


def revert(document, session) -> None:
    """Undo every document change of the assistant's last turn, if it is still the newest step."""
    step = session.revertible
    if session.busy or not step:
        return
    session.revertible = None  # the views disable Revert
    if revert_turn(document, step):
        session.transcript.add("notice", labels()["notice"], _("Reverted every change of the last turn."))
        session.pending_note = "(The user reverted all document changes of your previous reply.)"  # for the model
    else:
        session.transcript.add("notice", labels()["notice"],
                               _("The last turn's changes are no longer the newest edit, so they were not "
                                 "reverted. Use Edit ▸ Undo to step back through the changes."))


def can_insert_answer(document, session) -> bool:
    """True when the document takes formatted text and the conversation has an answer to insert."""
    return is_text_document(document) and bool(session.last_answer().strip())


def insert_answer(ctx, document, session) -> None:
    """Insert the last answer at the document's cursor as formatted content, in one undo step."""
    answer = session.last_answer()
    if session.busy or not answer.strip() or not is_text_document(document):
        return
    problem = insert_markdown(ctx, document, answer, _("Insert answer"))
    if problem:
        session.transcript.add("notice", labels()["notice"], _("The answer could not be inserted: %s") % problem)


def open_settings(app, frame) -> None:
    """Open Marginalia's settings dialog (on the main thread, a moment later)."""
    app.settings.open(frame)


def first_run_check(ctx, session) -> None:
    """In an empty conversation: say when nothing is configured, or that the embedded model is in use."""
    if session.transcript.segment_ids():
        return
    endpoint = settings_store.read_settings(ctx).endpoint
    if not endpoint.url:
        session.transcript.add("notice", labels()["notice"], not_configured_message())
        session.set_status(_("Not configured"))
    elif endpoint.uses_embedded_model:
        session.set_status(_("Ready: embedded local model %s (tiny, for trying Marginalia out)") % endpoint.model)


def settings_changed(ctx, session) -> None:
    """After the endpoint settings changed: a status that said what was missing says Ready again."""
    if session.busy or session.status not in (_("Not configured"), _("No model")):
        return
    if settings_store.read_settings(ctx).endpoint.configured:
        session.set_status(_("Ready"))
