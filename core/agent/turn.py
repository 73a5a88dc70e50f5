"""One assistant turn: stream, run the requested tools, stream again, until an answer.

A :class:`Turn` is a :class:`~marginalia.core.loop.task.Task`: the pump hands it the
messages its workers post (:mod:`marginalia.core.loop.messages`), each to the handler named
after the message's class. The model stream runs on a worker thread (``stream_fn``); the
tools are run one at a time as the turn's own next step (its ``call_soon``): sync tools
(UNO) inline on the main thread, async tools (network) on threads that post
:class:`ToolProgress`; either way a :class:`ToolDone` brings the outcome. When no tool is
pending, the next round starts, up to ``max_rounds``.

Everything the turn touches is injected (stream function, tool runner, display
scope, thread starter), so the whole state machine runs deterministically in tests.
"""
from __future__ import annotations

import logging
from typing import Callable, List, Mapping, Optional

from ..i18n import _
from ..llm.round_end import RoundDone, RoundFailed
from ..loop.messages import (ContentDelta, Message, Notice, ReasoningDelta, RefusalDelta, StreamFinished,
                             ToolCallArgumentsDelta, ToolCallStarted, UsageReport)
from ..loop.task import Outcome, Task
from ..stream.message import ToolCall
from ..threads import start_worker
from .pictures import pictures_message, put_pictures_to_text
from .text_tool_calls import TextToolCallFilter, parse_text_tool_calls
from .tool_strategy import ROUTER, ToolPlan, forced_tool
from .tools import ToolOutcome
from .turn_parts import CANCELLED_RESULT, STOPPED_REPLY, user_message_of

log = logging.getLogger("marginalia.turn")

DEFAULT_MAX_ROUNDS = 15


class ToolProgress(Message):
    """Progress of a running async tool: ``phase`` is step, progress, complete or error."""

    __slots__ = ("call", "phase", "text")
    type = "tool.progress"

    def __init__(self, call: ToolCall, phase: str, text: str) -> None:
        self.call = call
        self.phase = phase
        self.text = text


class ToolDone(Message):
    """A tool call finished with ``outcome``."""

    __slots__ = ("call", "outcome")
    type = "tool.done"

    def __init__(self, call: ToolCall, outcome: ToolOutcome) -> None:
        self.call = call
        self.outcome = outcome


def start_daemon_thread(target: Callable, *args) -> None:
    """Run ``target(*args)`` on a worker thread without waiting for it (the default thread starter)."""
    start_worker(target, *args)


class Turn(Task):
    """The state machine of one user request and everything the assistant does for it."""

    def __init__(self, *, history: List[dict], user_text: str, build_request: Callable[[List[dict]], object],
                 stream_fn: Callable, tools, display, new_cancel: Callable[[], object],
                 max_rounds: int = DEFAULT_MAX_ROUNDS, spawn: Callable = start_daemon_thread,
                 model_note: str = "", known_tools=(), plan: Optional[ToolPlan] = None):
        """
        Args:
            history: the session's message list; the turn appends to it in place.
            user_text: what the user asked.
            build_request: ``(history, mode) -> request`` for one model round; the mode
                (see :mod:`.tool_strategy`) says which tools the round offers or forces.
            stream_fn: ``(request, post, cancel)``, run on a worker thread; posts the
                stream's events and finally :class:`RoundDone` or :class:`RoundFailed`.
            tools: the tool runner (``is_async(name)``, ``run(call)`` and
                ``run_async(call, progress, cancel)``, both returning a ToolOutcome); in the
                office, ``ui/office/document_tools.py``, which also groups the turn's edits into
                one undo step.
            display: receives what the user should see (see :mod:`marginalia.core.chat.display`).
            new_cancel: creates a cancel token (``cancel()``, ``cancelled``).
            max_rounds: model rounds allowed before the turn ends with a notice.
            spawn: starts a worker thread (injected for deterministic tests).
            model_note: told to the model before the user's text (not shown), e.g. that
                the user reverted the previous turn's changes.
            known_tools: the tools offered (names, or each name with its parameters' JSON
                schema); tool calls a local model writes as text in its answer
                (``<tool_call>…``, ``[TOOL_CALLS]…``) are recovered for these names and kept
                out of the displayed answer, values written as text typed by the schemas.
            plan: how tool calls are obtained (native, forced step by step, prompted, none);
                by default the model chooses among all tools itself.
        """
        super().__init__()
        self.history = history
        self.user_text = user_text
        self._model_note = model_note
        self._known_tools = known_tools if isinstance(known_tools, Mapping) else frozenset(known_tools)
        self._plan = plan or ToolPlan("native", known_tools)
        self._mode = self._plan.first_mode(user_text)
        self._text_calls = TextToolCallFilter(self._known_tools)
        self._build_request = build_request
        self._stream_fn = stream_fn
        self._tools = tools
        self._display = display
        self._new_cancel = new_cancel
        self._max_rounds = max_rounds
        self._spawn = spawn
        self.round = 0
        self._stream_cancel = None
        self._partial: List[str] = []
        self._pending: List = []
        self._running_call = None
        self._running_cancel = None
        self._open_calls: List = []
        self._pictures: List = []
        self._notices = set()

    # Task --------------------------------------------------------------------------
    def start(self) -> None:
        content = self._model_note + "\n\n" + self.user_text if self._model_note else self.user_text
        self.history.append({"role": "user", "content": content})
        self._display.begin_turn(self.user_text)
        self._start_round()

    def fail(self, error: BaseException) -> None:
        self._display.error(*user_message_of(error))
        self._close_open_calls("The tool did not run: %s" % user_message_of(error)[0])  # for the model
        self.finish(Outcome.ERROR)

    def on_finished(self, outcome: Outcome) -> None:
        put_pictures_to_text(self.history)
        try:
            self._display.finished(outcome)
        except Exception:
            log.exception("showing the end of the turn failed")

    # user actions ---------------------------------------------------------------
    def cancel(self) -> None:
        """Stop now: end the stream and tools, keep a valid history, finish the turn."""
        if self.finished:
            return
        for token in (self._stream_cancel, self._running_cancel):
            if token is not None:
                token.cancel()
        if self._stream_cancel is not None and self._partial:
            self.history.append({"role": "assistant", "content": "".join(self._partial)})
        self._close_open_calls(CANCELLED_RESULT)
        if self.history and self.history[-1].get("role") == "tool":
            self.history.append({"role": "assistant", "content": STOPPED_REPLY})
        self._display.notice(_("Stopped."))
        self.finish(Outcome.CANCELLED)

    def document_closed(self) -> None:
        """The document went away mid-turn: stop everything quietly (nothing left to show)."""
        if self.finished:
            return
        for token in (self._stream_cancel, self._running_cancel):
            if token is not None:
                token.cancel()
        self._pending = []
        self.finish(Outcome.CLOSED)

    # model rounds ---------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self._partial = []
        self._text_calls = TextToolCallFilter(self._known_tools)
        request = self._build_request(self.history, self._mode)
        self._stream_cancel = self._new_cancel()
        self._display.round_started(self.round)
        self._spawn(self._stream_fn, request, self.post, self._stream_cancel)

    def on_content_delta(self, message: ContentDelta) -> None:
        self._show_answer(self._text_calls.feed(message.text))

    def on_refusal_delta(self, message: RefusalDelta) -> None:
        self._show_answer(message.text)

    def _show_answer(self, text: str) -> None:
        if text:
            self._partial.append(text)
            self._display.answer(text)

    def on_reasoning_delta(self, message: ReasoningDelta) -> None:
        self._display.thinking(message.text)

    def on_tool_call_started(self, message: ToolCallStarted) -> None:
        self._display.tool_call_arriving(message.index, message.name)

    def on_tool_call_arguments_delta(self, message: ToolCallArgumentsDelta) -> None:
        self._display.tool_call_growing(message.index, len(message.delta))

    def on_usage_report(self, message: UsageReport) -> None:
        self._display.usage(message)

    def on_stream_finished(self, message: StreamFinished) -> None:
        if message.finish_reason == "content_filter":
            self._note(_("The server's content filter stopped the answer."))

    def on_notice(self, message: Notice) -> None:
        self._note(message.text)

    def _note(self, text: str) -> None:
        if text not in self._notices:
            self._notices.add(text)
            self._display.notice(text)

    def on_round_failed(self, message: RoundFailed) -> None:
        self._stream_cancel = None
        if self._partial:
            self.history.append({"role": "assistant", "content": "".join(self._partial)})
        self._display.error(*user_message_of(message.error))
        self.finish(Outcome.ERROR)

    def on_round_done(self, done: RoundDone) -> None:
        result = done.result
        self._stream_cancel = None
        self._show_answer(self._text_calls.flush())
        message = result.message
        if self._mode == ROUTER and not result.error:
            self._follow_route(message)
            return
        if not result.error and not message.tool_calls and message.content and self._known_tools:
            self._recover_text_calls(message)
        calls = [] if result.error else list(message.tool_calls)
        answer = message.content or message.refusal
        if answer or calls:
            self.history.append(message.to_api_dict() if calls else {"role": "assistant", "content": answer})
        if result.error:
            self._display.error(result.error, _("The text received before the problem is kept above."))
            self.finish(Outcome.ERROR)
            return
        if not calls:
            if result.finish_reason == "length":
                self._display.notice(_("The answer was cut at the length limit (max tokens)."))
            self.finish(Outcome.DONE)
            return
        self._pending = calls
        self._open_calls = list(calls)
        self.call_soon(self._run_next_tool)

    def _follow_route(self, message) -> None:
        """A router round named the next step: force that tool, or ask for the answer."""
        self._mode = self._plan.route(message)
        log.info("next step: %s", forced_tool(self._mode) or self._mode)
        self._next_round()

    def _next_round(self) -> None:
        if self.round >= self._max_rounds:
            self._display.notice(_("Stopped after %d model rounds (the limit in Settings).") % self._max_rounds)
            self.finish(Outcome.MAX_ROUNDS)
        else:
            self._start_round()

    def _recover_text_calls(self, message) -> None:
        """Turn tool calls written as text into real ones (and out of the shown answer)."""
        remaining, calls = parse_text_tool_calls(message.content, self._known_tools)
        if not calls:
            return
        log.info("recovered %d tool call(s) written as text", len(calls))
        message.content = remaining
        message.tool_calls = calls
        self._display.replace_answer(remaining)

    # tools ----------------------------------------------------------------------
    def _run_next_tool(self) -> None:
        """Run the next pending tool call, or start the next round when none is left."""
        if not self._pending:
            self._show_pictures()
            self._mode = self._plan.mode_after_tools()
            self._next_round()
            return
        call = self._pending.pop(0)
        self._display.tool_started(call)
        if call.arguments_error:
            self.post(ToolDone(call, ToolOutcome.failure(call.arguments_error)))
        elif self._tools.is_async(call.name):
            self._run_async(call)
        else:
            self._run_sync(call)

    def _run_sync(self, call) -> None:
        self.post(ToolDone(call, self._tools.run(call)))

    def _run_async(self, call) -> None:
        cancel = self._new_cancel()
        self._running_call, self._running_cancel = call, cancel
        post = self.post

        def progress(phase: str, text: str) -> None:
            post(ToolProgress(call, phase, text))

        def work() -> None:
            post(ToolDone(call, self._tools.run_async(call, progress, cancel)))

        self._spawn(work)

    def on_tool_progress(self, message: ToolProgress) -> None:
        self._display.tool_progress(message.call, message.phase, message.text)

    def on_tool_done(self, message: ToolDone) -> None:
        call = message.call
        if self._running_call is call:
            self._running_call = self._running_cancel = None
        self._record_tool_result(call, message.outcome.content)
        if message.outcome.picture is not None:
            self._pictures.append(message.outcome.picture)
        self._display.tool_finished(call, message.outcome)
        self.call_soon(self._run_next_tool)

    def _show_pictures(self) -> None:
        """After the round's tool results: the pictures its tools made, in one user message (earlier
        pictures of the turn become text, so only the latest travel as images)."""
        if self._pictures:
            put_pictures_to_text(self.history)
            self.history.append(pictures_message(self._pictures))
            self._pictures = []

    def _record_tool_result(self, call, content: str) -> None:
        self.history.append({"role": "tool", "tool_call_id": call.call_id, "name": call.name, "content": content})
        if call in self._open_calls:
            self._open_calls.remove(call)

    def _close_open_calls(self, content: str) -> None:
        """Give every requested tool call without a result one, so the history stays valid."""
        for call in list(self._open_calls):
            self._record_tool_result(call, content)
        self._pending = []
