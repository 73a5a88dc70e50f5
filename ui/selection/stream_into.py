"""Stream a model's reply straight into a place in a Writer document, as one undo step.

:class:`DocumentWriter` puts streamed text in place: the first piece replaces the old
passage (or is inserted at the cursor), later pieces are appended after it. Every
write runs in the same undo step (visible for the first, hidden and merged after),
so one Ctrl+Z removes the whole result; if the user types meanwhile, their typing
stays a step of its own. When the rewrite is complete, the old passage's formatting
is laid back on it word by word (see :mod:`.format_runs`).

:class:`StreamIntoDocument` is the :class:`~marginalia.core.loop.task.Task` that runs
one model round on a worker thread and hands the text to the writer on the main
thread. On an error, whatever was written is undone, so the document is as before.
"""
from __future__ import annotations

from typing import Callable, Optional

from ...core.i18n import _
from ...core.llm.round_end import RoundDone, RoundFailed
from ...core.loop.messages import ContentDelta, RefusalDelta
from ...core.loop.task import Outcome, Task
from ...core.agent.selection_prompts import StreamCleaner
from ...core.agent.tools import ToolContext, ToolOutcome
from ...core.agent.turn_parts import user_message_of
from ..office.log import get_logger
from ..office.undo import DocumentUndo
from ..writer import format_runs
from ..writer.review import editing
from ..writer.spans import TextSpan
from ..writer.text_ops import insert_plain, replace_in_place

log = get_logger("writer.stream")


class DocumentWriter:
    """Writes streamed text over ``span.text[start:end]`` (or at ``start`` when empty)."""

    def __init__(self, context: ToolContext, span: TextSpan, start: int, end: int, title: str):
        self._context = context
        self._span = span
        self._start, self._end = start, end
        self._title = title
        self._undo = DocumentUndo(context.document)
        self._cursor = None
        self._origin = None
        self._old_text = span.text[start:end]
        self._runs = format_runs.capture(span) if end > start else []
        self._recorded = False
        self.written = ""

    @property
    def document(self):
        """The document written into."""
        return self._context.document

    def write(self, text: str) -> None:
        """Write the next piece (the first replaces the old passage)."""
        if text:
            self._run(lambda: self._write(text))

    def _write(self, text: str) -> None:
        with editing(self._context) as scope:
            self._recorded = self._recorded or scope.recording
            if self._cursor is None:
                self._first(text, scope.recording)
            else:
                insert_plain(self._span.xtext, self._cursor, text)
        self.written += text

    def _first(self, text: str, recording: bool) -> None:
        origin = self._span.cursor(self._start, self._end if self._end > self._start else self._start)
        origin.collapseToStart()
        if self._end > self._start:
            self._cursor = replace_in_place(self._span, self._start, self._end, text, recording)
        else:
            self._cursor = self._span.cursor(self._start, self._start)
            insert_plain(self._span.xtext, self._cursor, text)
        self._origin = origin

    def finish(self) -> None:
        """Lay the old formatting back on the new text (skipped when changes were tracked); None: no problem."""
        if self._cursor is None or self._recorded or format_runs.is_uniform(self._runs):
            return
        new_range = self._span.xtext.createTextCursorByRange(self._origin)
        new_range.gotoRange(self._cursor, True)
        new_span = TextSpan.of_range(new_range)
        if new_span.text != self.written:
            log.info("the new text changed while streaming; formatting left as written")
            return
        self._run(lambda: format_runs.reapply(self._old_text, self._runs, new_span))

    def revert(self) -> bool:
        """Undo what was written, if it is still the newest undo step; return True when undone."""
        from ..office.undo import revert_turn
        return revert_turn(self._context.document, self._undo.step) if self._cursor is not None else False

    def _run(self, action: Callable[[], None]) -> None:
        def step():
            action()
            return ToolOutcome.success("")
        self._undo.run(self._title, step)


class StreamIntoDocument(Task):
    """One model round streamed into the document through a :class:`DocumentWriter`."""

    def __init__(self, *, writer, request, stream_fn: Callable, new_cancel: Callable,
                 spawn: Callable, text_before: str = "", report: Optional[Callable[[Outcome, str], None]] = None):
        """
        Args:
            writer: where the text goes (a :class:`DocumentWriter`, or any object with its ``write``,
                ``finish`` (None, or a message when the text could not be put in), ``revert`` and ``written``).
            request: the model request (a ChatRequest).
            stream_fn: ``(request, post, cancel)`` run on a worker thread (``stream_round``).
            new_cancel: creates a cancel token.
            spawn: starts a worker thread.
            text_before: document text before the insertion point (joining spaces).
            report: ``report(outcome, message)`` when the task ends (but not when the document closed).
        """
        super().__init__()
        self.writer = writer
        self._request = request
        self._stream_fn = stream_fn
        self._new_cancel = new_cancel
        self._spawn = spawn
        self._cleaner = StreamCleaner(text_before)
        self._report = report or (lambda outcome, message: None)
        self._refusal = []
        self._cancel = None
        self._message = ""

    def start(self) -> None:
        self._cancel = self._new_cancel()
        self._spawn(self._stream_fn, self._request, self.post, self._cancel)

    def on_content_delta(self, message: ContentDelta) -> None:
        self.writer.write(self._cleaner.feed(message.text))

    def on_refusal_delta(self, message: RefusalDelta) -> None:
        self._refusal.append(message.text)

    def on_round_done(self, done: RoundDone) -> None:
        result = done.result
        if getattr(result, "error", None):
            self._failed(result.error, "")
            return
        self.writer.write(self._cleaner.finish())
        if not self.writer.written.strip():
            refusal = "".join(self._refusal).strip()
            self._end(Outcome.ERROR, _("The model declined: %s") % refusal if refusal else _("The model sent no text."))
            return
        problem = self.writer.finish()
        if problem:
            self._end(Outcome.ERROR, problem)
            return
        self._end(Outcome.DONE, "")

    def on_round_failed(self, message: RoundFailed) -> None:
        self._failed(*user_message_of(message.error))

    def _failed(self, message: str, hint: str) -> None:
        undone = self.writer.revert()
        if undone or not self.writer.written:
            self._end(Outcome.ERROR, _("%s The document was left as it was.") % message.rstrip())
        else:  # the user edited meanwhile: what arrived stays, and the message says so
            self._end(Outcome.ERROR, _("%s The text received before the problem stays in the document "
                                       "(Ctrl+Z removes it).") % message.rstrip())

    def fail(self, error: BaseException) -> None:
        if self._cancel is not None:
            self._cancel.cancel()
        self._failed(*user_message_of(error))

    def cancel(self) -> None:
        """Stop the stream and undo what was written (the panel's Stop button)."""
        if self.finished:
            return
        if self._cancel is not None:
            self._cancel.cancel()
        undone = self.writer.revert()
        self._end(Outcome.CANCELLED, _("Stopped; the document was left as it was.")
                  if undone or not self.writer.written else _("Stopped; the text written so far stays (Ctrl+Z removes it)."))

    def document_closed(self) -> None:
        """The document went away: stop the stream, touch nothing."""
        if self._cancel is not None:
            self._cancel.cancel()
        self.finish(Outcome.CLOSED)

    def _end(self, outcome: Outcome, message: str) -> None:
        self._message = message
        self.finish(outcome)

    def on_finished(self, outcome: Outcome) -> None:
        if outcome is Outcome.CLOSED:
            return
        try:
            self._report(outcome, self._message)
        except Exception:
            log.exception("reporting the end of a selection action failed")
