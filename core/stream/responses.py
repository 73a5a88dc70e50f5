"""Fold a Responses API stream (``POST /v1/responses``) into the same events and message.

Event names are OpenAI's (https://platform.openai.com/docs/api-reference/responses-streaming):
``response.output_text.delta``, ``response.refusal.delta``,
``response.reasoning_summary_text.delta`` / ``response.reasoning_text.delta``,
``response.output_item.added`` / ``.done``, ``response.function_call_arguments.delta`` /
``.done``, and the terminal ``response.completed`` / ``response.incomplete`` /
``response.failed``, plus ``error``. Unknown events are ignored, for forward compatibility.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional

from .accumulate import StreamState
from .chunk_fields import error_from_payload, usage_from_payload
from ..i18n import _
from ..loop.messages import ReasoningDelta, ToolCallArgumentsDelta, ToolCallStarted
from .tool_call_builder import ToolCallBuilder

#: ``incomplete_details.reason`` → Chat Completions finish reason.
_INCOMPLETE_REASONS = {"max_output_tokens": "length", "content_filter": "content_filter"}
#: Separator shown between two reasoning summary parts.
SUMMARY_PART_SEPARATOR = "\n\n"


class ResponsesStreamState(StreamState):
    """Accumulates one Responses API stream; same events and message as :class:`StreamState`.

    Feed the decoded event payloads (dicts carrying ``"type"``) to :meth:`handle_chunks`.

    Attributes:
        terminated: True once ``response.completed``, ``.incomplete`` or ``.failed`` arrived.
    """

    def __init__(self) -> None:
        super().__init__()
        self.terminated = False
        self._calls_by_item: Dict[Any, ToolCallBuilder] = {}
        self._handlers: Dict[str, Callable[[Dict[str, Any], List[Any]], None]] = {
            "response.output_text.delta": self._on_text_delta,
            "response.refusal.delta": self._on_refusal_delta,
            "response.reasoning_summary_text.delta": self._on_reasoning_delta,
            "response.reasoning_text.delta": self._on_reasoning_delta,
            "response.reasoning_summary_part.added": self._on_summary_part_added,
            "response.output_item.added": self._on_item_added,
            "response.output_item.done": self._on_item_done,
            "response.function_call_arguments.delta": self._on_arguments_delta,
            "response.function_call_arguments.done": self._on_arguments_done,
            "response.completed": self._on_completed,
            "response.incomplete": self._on_incomplete,
            "response.failed": self._on_failed,
            "error": self._on_error,
        }

    def handle_chunks(self, chunks: Iterable[Any], events: List[Any]) -> None:
        """Pipeline entry point (same contract as :meth:`StreamState.handle_chunks`)."""
        handlers = self._handlers
        for chunk in chunks:
            try:
                handler = handlers.get(chunk.get("type"))
                if handler is not None:
                    handler(chunk, events)
            except Exception as exc:
                self._report_malformed(exc)

    # -- text --------------------------------------------------------------------------------

    def _on_text_delta(self, event: Dict[str, Any], events: List[Any]) -> None:
        delta = event.get("delta")
        if isinstance(delta, str) and delta:
            self._add_content(delta, events)

    def _on_refusal_delta(self, event: Dict[str, Any], events: List[Any]) -> None:
        delta = event.get("delta")
        if isinstance(delta, str) and delta:
            self._add_refusal(delta, events)

    def _on_reasoning_delta(self, event: Dict[str, Any], events: List[Any]) -> None:
        delta = event.get("delta")
        if isinstance(delta, str) and delta:
            self._add_reasoning(delta, events)

    def _on_summary_part_added(self, event: Dict[str, Any], events: List[Any]) -> None:
        if self._reasoning:
            self._reasoning.append(SUMMARY_PART_SEPARATOR)
            events.append(ReasoningDelta(SUMMARY_PART_SEPARATOR))

    # -- tool calls --------------------------------------------------------------------------

    def _on_item_added(self, event: Dict[str, Any], events: List[Any]) -> None:
        item = event.get("item")
        if isinstance(item, dict) and item.get("type") == "function_call":
            call = self._call_for(event, item, events)
            arguments = item.get("arguments")
            if isinstance(arguments, str) and arguments and not call.parts:
                call.parts.append(arguments)
                events.append(ToolCallArgumentsDelta(call.position, arguments))

    def _on_item_done(self, event: Dict[str, Any], events: List[Any]) -> None:
        item = event.get("item")
        if not isinstance(item, dict):
            return
        if item.get("type") == "function_call":
            call = self._call_for(event, item, events)
            if isinstance(item.get("arguments"), str):
                call.final_arguments = item["arguments"]
        elif item.get("type") == "reasoning" and item.get("encrypted_content"):
            self._details.add({"type": "reasoning.encrypted", "id": item.get("id"),
                               "data": item["encrypted_content"], "format": "openai-responses-v1"})

    def _on_arguments_delta(self, event: Dict[str, Any], events: List[Any]) -> None:
        delta = event.get("delta")
        if isinstance(delta, str) and delta:
            call = self._call_for(event, None, events)
            call.parts.append(delta)
            events.append(ToolCallArgumentsDelta(call.position, delta))

    def _on_arguments_done(self, event: Dict[str, Any], events: List[Any]) -> None:
        if isinstance(event.get("arguments"), str):
            call = self._call_for(event, None, events)
            if call.final_arguments is None:
                call.final_arguments = event["arguments"]

    def _call_for(self, event: Dict[str, Any], item: Optional[Dict[str, Any]],
                  events: List[Any]) -> ToolCallBuilder:
        """The call an event refers to (by item id, else output index), created if new."""
        item = item or {}
        item_id = item.get("id") or event.get("item_id")
        keys = [("item", item_id)] if item_id else []
        keys.append(("output", event.get("output_index")))
        call = next((self._calls_by_item[k] for k in keys if k in self._calls_by_item), None)
        call_id = item.get("call_id") or None
        name = item.get("name") if isinstance(item.get("name"), str) else ""
        if call is None:
            call = ToolCallBuilder(len(self._calls), call_id, name)
            self._calls.append(call)
            events.append(ToolCallStarted(call.position, call_id, name))
        else:
            call.id = call.id or call_id
            call.merge_name(name)
        for key in keys:
            self._calls_by_item[key] = call
        return call

    # -- end of response ---------------------------------------------------------------------

    def _on_completed(self, event: Dict[str, Any], events: List[Any]) -> None:
        self._finish(event, "tool_calls" if self._calls else "stop", events)

    def _on_incomplete(self, event: Dict[str, Any], events: List[Any]) -> None:
        details = _response_of(event).get("incomplete_details")
        reason = details.get("reason") if isinstance(details, dict) else None
        self._finish(event, _INCOMPLETE_REASONS.get(reason, "length"), events)

    def _on_failed(self, event: Dict[str, Any], events: List[Any]) -> None:
        if not self.errors:
            error = _response_of(event).get("error")
            message, code = error_from_payload({"error": error or _("The response failed.")})
            self.report_error(message, code)
        self._finish(event, "error", events)

    def _on_error(self, event: Dict[str, Any], events: List[Any]) -> None:
        message, code = error_from_payload(event)
        self.report_error(message, code)

    def _finish(self, event: Dict[str, Any], reason: str, events: List[Any]) -> None:
        self.terminated = True
        usage = _response_of(event).get("usage")
        if usage:
            self._set_usage(usage, events)
        if self.finish_reason is None:
            self._set_finish_reason(reason, events)


def _response_of(event: Dict[str, Any]) -> Dict[str, Any]:
    response = event.get("response")
    return response if isinstance(response, dict) else {}
