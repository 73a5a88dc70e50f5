"""Fold Chat Completions stream chunks into events and one final assistant message.

:class:`StreamState` is a pure state object: feed it the decoded chunks (dicts) with
:meth:`StreamState.handle_chunks`, call :meth:`StreamState.close` at the end of the stream, then
read :meth:`StreamState.final_message`. It never raises on a malformed chunk; it reports a
:class:`~.errors.StreamError` instead (in :attr:`StreamState.errors`) and keeps what it could use.

Text is gathered in lists and joined once at the end, so the cost per chunk stays constant
however long the answer grows.

A stream with several choices (a request with ``n`` > 1, which some servers send anyway)
follows choice 0 only; the other choices' deltas are counted and said in the log. A stream
whose only choice is not numbered 0 is still read (its choice is replayed at the end).
"""
from __future__ import annotations

import json
import logging
from typing import Any, Dict, Iterable, List, Optional

from .chunk_fields import error_from_payload, usage_from_payload
from .content_parts import REASONING, REFUSAL, split_content_parts
from ..i18n import _
from .message import AssistantMessage, ToolCall
from .reasoning_details import ReasoningDetailsMerger
from .errors import CODE_MALFORMED_CHUNK, StreamError
from ..loop.messages import (ContentDelta, ReasoningDelta, RefusalDelta, StreamFinished, ToolCallArgumentsDelta,
    ToolCallStarted)
from .think_tags import ThinkTagSplitter
from .tool_call_builder import ToolCallBuilder

log = logging.getLogger("marginalia.stream")

_CHOICE_ZERO = (0, None)
"""``index`` values of the choice a stream follows (no index means the only choice)."""


class StreamState:
    """Accumulates one Chat Completions stream (choice 0).

    Example::

        state, events = StreamState(), []
        state.handle_chunks(chunks, events)  # dicts decoded from the SSE data lines
        events += state.close()
        show(events)
        message = state.final_message()

    Attributes:
        finish_reason: The finish reason the provider stated (``function_call`` is reported
            as ``tool_calls``), or ``None``.
        usage: The last :class:`~marginalia.core.loop.messages.UsageReport`, or ``None``.
        errors: Every :class:`~.errors.StreamError` reported so far.
    """

    def __init__(self) -> None:
        self._content: List[str] = []
        self._reasoning: List[str] = []
        self._refusal: List[str] = []
        self._think = ThinkTagSplitter()
        self._details = ReasoningDetailsMerger()
        self._calls: List[ToolCallBuilder] = []
        self._by_index: Dict[Any, ToolCallBuilder] = {}
        self._by_id: Dict[str, ToolCallBuilder] = {}
        self._saw_tool_calls = False
        self._finish_emitted = False
        self.finish_reason: Optional[str] = None
        self.usage = None
        self.errors: List[StreamError] = []
        self.other_choices: Dict[Any, int] = {}
        """Deltas ignored per index of the choices other than 0."""
        self._choice_zero_seen = False
        self._unfollowed: List[Dict[str, Any]] = []   # other choices, kept while choice 0 has not come

    # -- feeding ---------------------------------------------------------------------------

    def handle_chunks(self, chunks: Iterable[Any], events: List[Any]) -> None:
        """Fold several chunks, appending their events to ``events`` (the pipeline's path).

        Consecutive chunks that carry only a plain piece of answer text are handled inline and
        reported as one :class:`~marginalia.core.loop.messages.ContentDelta` (the UI would merge them anyway);
        everything else goes through :meth:`_handle_delta` in order.

        Args:
            chunks: Decoded chunks, in stream order; anything not a usable object is reported.
            events: The list the produced events are appended to.
        """
        add_text = self._content.append
        think = self._think
        run: List[str] = []   # plain answer text not yet reported
        zero_seen = False
        for chunk in chunks:
            try:
                choices = chunk.get("choices")
                if choices:
                    choice = choices[0]
                    if len(choices) > 1 or choice.get("index") not in _CHOICE_ZERO:
                        choice = self._choice_zero(choices)
                    else:
                        zero_seen = True
                    delta = choice.get("delta")
                    if delta:
                        content = delta.get("content")
                        if (content.__class__ is str and len(delta) == 1 and think.idle
                                and "<" not in content):
                            add_text(content)
                            run.append(content)
                        elif content != "" or len(delta) > 1:
                            _flush_run(run, events)
                            self._handle_delta(delta, content, events)
                    if choice.get("finish_reason"):
                        _flush_run(run, events)
                        self._set_finish_reason(choice["finish_reason"], events)
                if chunk.get("usage"):
                    _flush_run(run, events)
                    self._set_usage(chunk["usage"], events)
                if "error" in chunk and chunk["error"]:
                    _flush_run(run, events)
                    message, code = error_from_payload(chunk)
                    self.report_error(message, code)
            except Exception as exc:  # any shape we cannot use: report it, keep the rest
                _flush_run(run, events)
                self._report_malformed(exc)
        if run:
            _flush_run(run, events)
        if zero_seen and not self._choice_zero_seen:
            self._choice_zero_seen = True
            self._unfollowed = []

    def _report_malformed(self, exc: Exception) -> None:
        self.report_error(_("A stream chunk had an unexpected shape and was skipped (%s: %s).")
                          % (type(exc).__name__, exc), CODE_MALFORMED_CHUNK)

    def report_error(self, message: str, code: Optional[str]) -> None:
        """Record an error of this stream (the round's end reports it; it is no event).

        Args:
            message: Plain-words description.
            code: Short identifier (provider code or one of ``errors.CODE_*``).
        """
        self.errors.append(StreamError(message, code))

    def close(self) -> List[Any]:
        """End of stream: release held-back text and state the finish reason if not yet done.

        Returns:
            The last events (content held back while a tag was possible, ``StreamFinished``).
        """
        events: List[Any] = []
        self._replay_if_no_choice_zero(events)
        for is_reasoning, text in self._think.flush():
            self._add_split_text(is_reasoning, text, events)
        if self.other_choices:
            log.info("the stream had %d other choice(s) (n > 1): %d delta(s) ignored, choice 0 followed",
                     len(self.other_choices), sum(self.other_choices.values()))
        if not self._finish_emitted:
            self._finish_emitted = True
            events.append(StreamFinished(self.effective_finish_reason()))
        return events

    # -- reading ---------------------------------------------------------------------------

    def effective_finish_reason(self) -> str:
        """The stated finish reason, else ``error`` after an error, ``tool_calls`` when there
        are tool calls, else ``stop``."""
        if self.finish_reason:
            return self.finish_reason
        if self.errors:
            return "error"
        return "tool_calls" if self._calls else "stop"

    def final_message(self) -> AssistantMessage:
        """Build the assistant message from everything received so far."""
        content, reasoning = list(self._content), list(self._reasoning)
        for is_reasoning, text in self._think.pending():
            (reasoning if is_reasoning else content).append(text)
        refusal = "".join(self._refusal)
        return AssistantMessage(
            content="".join(content), reasoning="".join(reasoning), refusal=refusal or None,
            tool_calls=[call.build() for call in self._calls],
            finish_reason=self.effective_finish_reason(), reasoning_details=self._details.items())

    # -- tool calls ------------------------------------------------------------------------

    def starts_new_call(self, current: ToolCallBuilder, call_id: Optional[str]) -> bool:
        """Whether a delta at ``current``'s index begins a different call.

        This is the one place for Ollama's quirk (ollama/ollama#15457): every call arrives at
        index 0, each with its own id. OpenAI sends the id only on a call's first delta and
        llama-cpp-python repeats the same id, so "a new non-empty id" is safe to treat as a new
        call for them too. Override to return ``False`` for strict index-only merging.

        Args:
            current: The call already at that index.
            call_id: The delta's id (``None`` when absent or empty).
        """
        return call_id is not None and current.id is not None and call_id != current.id

    def _merge_tool_call(self, delta: Any, events: List[Any]) -> None:
        if not isinstance(delta, dict):
            raise TypeError("tool call delta is %s, not an object" % type(delta).__name__)
        index = delta.get("index")
        call_id = _text_or(delta.get("id"), None)
        function = delta.get("function") or {}
        name = _text_or(function.get("name"), "")
        call = self._find_call(index, call_id)
        if call is None:
            call = ToolCallBuilder(len(self._calls), call_id, name)
            self._calls.append(call)
            events.append(ToolCallStarted(call.position, call_id, call.name))
        else:
            call.merge_name(name)
        if index is not None:
            self._by_index[index] = call
        if call_id is not None:
            call.id = call.id or call_id
            self._by_id[call_id] = call
        arguments = function.get("arguments")
        if arguments is not None and not isinstance(arguments, str):
            arguments = json.dumps(arguments)   # some servers send an object, not a string
        if arguments:
            call.parts.append(arguments)
            events.append(ToolCallArgumentsDelta(call.position, arguments))

    def _find_call(self, index: Any, call_id: Optional[str]) -> Optional[ToolCallBuilder]:
        if index is not None:
            call = self._by_index.get(index)
            if call is not None:
                return None if self.starts_new_call(call, call_id) else call
        if call_id is not None:
            return self._by_id.get(call_id)
        if index is None and self._calls:
            return self._calls[-1]   # no index and no id: a continuation of the last call
        return None

    # -- the less frequent fields -----------------------------------------------------------

    def _handle_delta(self, delta: Dict[str, Any], content: Any, events: List[Any]) -> None:
        if content:
            self._add_content(content, events)
        if content is None or len(delta) > 1:
            self._handle_other_fields(delta, events)

    def _handle_other_fields(self, delta: Dict[str, Any], events: List[Any]) -> None:
        reasoning = delta.get("reasoning_content") or delta.get("reasoning")
        details = delta.get("reasoning_details")
        detail_text = self._details.add(details) if details else ""
        # NOTE: OpenRouter sends the same text in `reasoning` and `reasoning_details`: use one.
        if isinstance(reasoning, str) and reasoning:
            self._add_reasoning(reasoning, events)
        elif detail_text:
            self._add_reasoning(detail_text, events)
        refusal = delta.get("refusal")
        if isinstance(refusal, str) and refusal:
            self._add_refusal(refusal, events)
        tool_calls = delta.get("tool_calls")
        if tool_calls:
            self._saw_tool_calls = True
            for call_delta in (tool_calls if isinstance(tool_calls, list) else [tool_calls]):
                self._merge_tool_call(call_delta, events)
        elif not self._saw_tool_calls and delta.get("function_call"):
            # NOTE: legacy field; llama-cpp-python sends it beside an identical tool_calls.
            self._merge_tool_call({"function": delta["function_call"]}, events)

    def _add_content(self, content: Any, events: List[Any]) -> None:
        if isinstance(content, str):
            for is_reasoning, text in self._think.feed(content):
                self._add_split_text(is_reasoning, text, events)
            return
        for kind, text in split_content_parts(content):
            if kind == REASONING:
                self._add_reasoning(text, events)
            elif kind == REFUSAL:
                self._add_refusal(text, events)
            else:
                self._add_content(text, events)

    def _add_refusal(self, text: str, events: List[Any]) -> None:
        self._refusal.append(text)
        events.append(RefusalDelta(text))

    def _add_split_text(self, is_reasoning: bool, text: str, events: List[Any]) -> None:
        if is_reasoning:
            self._add_reasoning(text, events)
        else:
            self._content.append(text)
            events.append(ContentDelta(text))

    def _add_reasoning(self, text: str, events: List[Any]) -> None:
        self._reasoning.append(text)
        events.append(ReasoningDelta(text))

    def _set_finish_reason(self, reason: Any, events: List[Any]) -> None:
        if not isinstance(reason, str):
            raise TypeError("finish_reason is %s, not text" % type(reason).__name__)
        self.finish_reason = "tool_calls" if reason == "function_call" else reason
        if not self._finish_emitted:
            self._finish_emitted = True
            events.append(StreamFinished(self.finish_reason))

    def _set_usage(self, payload: Any, events: List[Any]) -> None:
        report = usage_from_payload(payload)
        if report is not None and report != self.usage:
            self.usage = report
            events.append(report)

    def _choice_zero(self, choices: List[Any]) -> Dict[str, Any]:
        """Choice 0 of a chunk (``{}`` if absent); the others are counted, and kept until choice 0 shows."""
        followed: Dict[str, Any] = {}
        for choice in choices:
            if not isinstance(choice, dict):
                continue
            index = choice.get("index")
            if index in _CHOICE_ZERO and not followed:
                followed = choice
                continue
            key = index if isinstance(index, (int, str)) else repr(index)
            self.other_choices[key] = self.other_choices.get(key, 0) + 1
            if not self._choice_zero_seen:
                self._unfollowed.append(choice)
        if followed:
            self._choice_zero_seen = True
            self._unfollowed = []
        return followed

    def _replay_if_no_choice_zero(self, events: List[Any]) -> None:
        """No choice 0 at all: follow the lowest-numbered choice that came instead."""
        if self._choice_zero_seen or not self._unfollowed:
            return
        indexes = [c.get("index") for c in self._unfollowed if isinstance(c.get("index"), int)]
        lowest = min(indexes) if indexes else self._unfollowed[0].get("index")
        replayed = [dict(c, index=0) for c in self._unfollowed if c.get("index") == lowest]
        self._unfollowed = []
        self.other_choices.pop(lowest, None)
        log.info("the stream had no choice 0; following choice %r", lowest)
        self.handle_chunks([{"choices": [choice]} for choice in replayed], events)


def _text_or(value: Any, default: Any) -> Any:
    """``value`` when it is non-empty text, else ``default`` (ids and names must be text)."""
    return value if isinstance(value, str) and value else default


def _flush_run(run: List[str], events: List[Any]) -> None:
    """Report the pending plain answer text as one event."""
    if run:
        events.append(ContentDelta(run[0] if len(run) == 1 else "".join(run)))
        del run[:]
