"""Edit Selection (Ctrl+Alt+Shift+W) and Extend Selection (Ctrl+Alt+Shift+M): the model's text streamed into
the document.

* Edit Selection asks for an instruction (the box in EditSelection.xdl, or the
  ``Instruction`` argument of the dispatch) and streams the rewritten text over the
  selection; with nothing selected it writes new text at the cursor.
* Extend Selection streams a continuation right after the selection (or after the
  cursor, continuing the text before it).

Each action is one undo step, authored "Marginalia (model)" when changes are
recorded (review mode), and reports problems in the document's Marginalia panel.
Commands arrive on any thread (menu, shortcut, or a dispatch over the UNO bridge),
so the work is handed to the office's main thread first.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Optional

from ...core.net.cancel import CancelToken
from ...core.llm.request import ChatRequest, build_chat_body
from ...core.errors import InvalidUrlError
from ...core.i18n import N_, _
from ...core.llm.round import stream_round
from ...core.loop.task import Outcome
from ...core.threads import start_worker
from ...core.agent.selection_prompts import CONTEXT_LIMIT, TEXT_LIMIT, edit_messages, extend_messages
from ...core.agent.tools import ToolContext
from ...core.chat.display import labels
from ..settings import request_settings, store as settings_store
from ..office.log import get_logger, logged
from . import instruction_dialog
from ..writer.spans import SpanTableError, TextSpan
from ..office.open_documents import app_of
from ..slides.selection_edit import ShapeWriter, selected_shape
from .stream_into import DocumentWriter, StreamIntoDocument

log = get_logger("writer.selection")

EDIT = N_("Edit Selection")
EXTEND = N_("Extend Selection")
"""The actions' names (English; shown through ``_()``)."""
MAX_CONTEXT_PARAGRAPHS = 30

class ActionRefused(Exception):
    """The action cannot run; the message says why, in words for the user."""


@dataclass
class Target:
    """Where the text goes: ``span.text[start:end]`` (empty: insert at ``start``)."""

    span: TextSpan
    start: int
    end: int
    before: str
    """Document text just before the target (context for the model)."""
    after: str

    @property
    def text(self) -> str:
        """The text the action works on."""
        return self.span.text[self.start:self.end]


def edit_selection(app, frame, args) -> None:
    """The ``org.marginalia:EditSelection`` command (runs on the main thread, a moment later)."""
    app.pump.call_soon(logged(_edit), app, frame, _argument(args, "Instruction"))


def extend_selection(app, frame, args) -> None:
    """The ``org.marginalia:ExtendSelection`` command (runs on the main thread, a moment later)."""
    app.pump.call_soon(logged(_extend), app, frame)


def _argument(args, name: str) -> Optional[str]:
    for arg in args or ():
        if getattr(arg, "Name", "") == name:
            return str(arg.Value)
    return None


def _edit(app, frame, instruction: Optional[str]) -> None:
    document = frame.getController().getModel()
    try:
        if _is_slides(document):
            _edit_shape(app, frame, document, instruction)
            return
        _check_ready(app, document)
        target = _target(document, extend=False)
        if instruction is None:
            instruction = instruction_dialog.ask(app.ctx, frame, target.text, app.last_instruction)
            if instruction is None:
                return
            app.last_instruction = instruction
        messages = edit_messages(instruction, target.text, target.before, target.after)
        joining = target.before if target.start == target.end else ""
        _stream(app, document, target, messages, "%s: %s" % (_(EDIT), instruction), joining)
    except ActionRefused as refusal:
        _tell(app, document, _(EDIT), str(refusal))


def _extend(app, frame) -> None:
    document = frame.getController().getModel()
    try:
        _check_ready(app, document)
        target = _target(document, extend=True)
        text = target.before + target.text
        if not text.strip():
            raise ActionRefused(_("There is no text before the cursor to continue. Select the text to continue."))
        end = len(target.span.text) if target.end > target.start else target.start
        continuation = Target(target.span, end, end, text, "")
        _stream(app, document, continuation, extend_messages(text), _(EXTEND), text)
    except ActionRefused as refusal:
        _tell(app, document, _(EXTEND), str(refusal))


def _edit_shape(app, frame, document, instruction: Optional[str]) -> None:
    """Edit Selection on the one text shape selected in Impress or Draw (see :mod:`..slides.selection_edit`)."""
    _check_ready(app, document, slides=True)
    target = selected_shape(document)
    if target is None:
        raise ActionRefused(_("Select one shape with text first (a title, a text box or a shape)."))
    if len(target.text) > TEXT_LIMIT:
        raise ActionRefused(_("The selection is too long (%d characters; at most %d).") % (len(target.text),
                                                                                         TEXT_LIMIT))
    if instruction is None:
        instruction = instruction_dialog.ask(app.ctx, frame, target.text, app.last_instruction)
        if instruction is None:
            return
        app.last_instruction = instruction
    title = "%s: %s" % (_(EDIT), instruction)
    _stream(app, document, None, edit_messages(instruction, target.text, "", ""), title, "",
            make_writer=lambda context: ShapeWriter(context, target, title))


def _is_slides(document) -> bool:
    return document is not None and document.supportsService("com.sun.star.drawing.GenericDrawingDocument")


def _check_ready(app, document, slides: bool = False) -> None:
    ctx = app.ctx
    if document is None or not (document.supportsService("com.sun.star.text.TextDocument") or
                                (slides and _is_slides(document))):
        raise ActionRefused(_("This works in Writer documents."))
    if app.sessions.session_for(document).busy:
        raise ActionRefused(_("Marginalia is still working in this document; try again when it has finished."))
    if document.isReadonly():
        raise ActionRefused(_("The document is read-only."))
    if not settings_store.read_settings(ctx).endpoint.configured:
        raise ActionRefused(_("No endpoint or model is set up yet: open Marginalia \u25b8 Settings."))


def _target(document, extend: bool) -> Target:
    selection = document.getCurrentController().getSelection()
    if selection is None or not selection.supportsService("com.sun.star.text.TextRanges"):
        raise ActionRefused(_("Select text first (an object or table cells are selected now)."))
    text_range = selection.getByIndex(0)
    try:
        span = TextSpan.of_range(text_range)
    except SpanTableError:
        raise ActionRefused(_("The selection contains a table; select text only.")) from None
    if len(span.text) > TEXT_LIMIT:
        raise ActionRefused(_("The selection is too long (%d characters; at most %d).") % (len(span.text), TEXT_LIMIT))
    text = span.text
    start = len(text) - len(text.lstrip())
    end = max(start, len(text.rstrip()))
    return Target(span, start, end, _around(text_range, backwards=True), "" if extend else _around(text_range, False))


def _around(text_range, backwards: bool) -> str:
    """Up to CONTEXT_LIMIT characters of the text before (or after) ``text_range``, whole paragraphs."""
    xtext = text_range.getText()
    cursor = xtext.createTextCursorByRange(text_range.getStart() if backwards else text_range.getEnd())
    for _paragraph in range(MAX_CONTEXT_PARAGRAPHS):
        moved = cursor.gotoPreviousParagraph(True) if backwards else cursor.gotoNextParagraph(True)
        if not moved or len(cursor.getString()) > CONTEXT_LIMIT:
            break
    if backwards:
        cursor.gotoStartOfParagraph(True)
    else:
        cursor.gotoEndOfParagraph(True)
    text = cursor.getString()
    return text[-CONTEXT_LIMIT:] if backwards else text[:CONTEXT_LIMIT]


def _stream(app, document, target: Optional[Target], messages, title: str, text_before: str,
            make_writer=None) -> None:
    ctx = app.ctx
    settings = settings_store.read_settings(ctx)
    try:
        config = request_settings.endpoint_config(ctx, settings.endpoint)
    except InvalidUrlError as error:
        raise ActionRefused("%s %s" % (error.user_message, error.hint)) from None
    request = ChatRequest(config, build_chat_body(messages[1:], config.model, messages[0]["content"],
                                                  options=settings.chat.options))
    context = ToolContext(document=document, app=app_of(document), office=ctx,
                          options={"model": config.model, "review_mode": settings.writer.review_mode})
    writer = make_writer(context) if make_writer else DocumentWriter(context, target.span, target.start, target.end,
                                                                      title)
    app.undo_keys.cover(document)
    session = app.sessions.session_for(document)
    client = request_settings.http_client(ctx, app.http, settings.endpoint)
    task = StreamIntoDocument(writer=writer, request=request,
                              stream_fn=functools.partial(stream_round, client, facts=app.facts),
                              new_cancel=CancelToken, spawn=start_worker, text_before=text_before,
                              report=functools.partial(_report, session, title))
    session.begin_turn(task)  # the panel shows it as busy, and its Stop button stops it
    session.set_status("%s…" % title.split(":")[0])
    app.pump.start(task)  # never blocks: a command holds the office's lock


def _report(session, title: str, outcome: Outcome, message: str) -> None:
    action = title.split(":")[0]
    if outcome is Outcome.DONE:
        session.transcript.add("notice", labels()["notice"], _("%s done (Ctrl+Z undoes it): %s") % (action, title))
        session.set_status(_("%s done") % action)
    elif outcome is Outcome.CANCELLED:
        session.transcript.add("notice", labels()["notice"], "%s: %s" % (action, message))
        session.set_status(message)
    else:
        _show_problem(session, action, message)


def _tell(app, document, action: str, message: str) -> None:
    _show_problem(app.sessions.session_for(document), action, message)


def _show_problem(session, action: str, message: str) -> None:
    log.info("%s: %s", action, message)
    session.transcript.add("error", labels()["error"], "%s: %s" % (action, message))
    session.set_status(message)
