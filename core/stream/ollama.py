"""Ollama's native ``/api/chat`` stream (NDJSON) folded into the project's stream events.

Ollama answers ``POST /api/chat`` with one JSON object per line, not server-sent
events::

    {"message": {"role": "assistant", "content": "", "thinking": "Hmm"}, "done": false}
    {"message": {"role": "assistant", "content": "Hi"}, "done": false}
    {"message": {"role": "assistant", "content": "", "tool_calls": [{"function":
        {"name": "f", "arguments": {"x": 1}}}]}, "done": false}
    {"message": {...}, "done": true, "done_reason": "stop", "prompt_eval_count": 26,
     "eval_count": 290}

Each line is translated into the Chat Completions chunk it corresponds to and folded
by the same :class:`~.accumulate.StreamState` as the SSE path, so both paths produce
the same events and the same :class:`~.message.AssistantMessage`: ``thinking``
becomes reasoning, a complete tool call (arguments as an object) becomes one tool call
with its arguments as JSON text, and the final line gives the finish reason and usage.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from .accumulate import StreamState
from .assembler import StreamResult
from ..i18n import _
from .errors import CODE_EMPTY_BODY, CODE_MALFORMED_CHUNK, CODE_TRUNCATED

_DONE_REASONS = {"stop": "stop", "length": "length"}


class OllamaStreamAssembler:
    """Bytes of one ``/api/chat`` response in, events and a :class:`StreamResult` out.

    Same protocol as :class:`~.assembler.StreamAssembler`: :meth:`feed` each chunk,
    :meth:`close` at the end of the body, then read :meth:`result`.

    Attributes:
        prompt_tokens: ``prompt_eval_count`` of the final line, when it came.
    """

    def __init__(self) -> None:
        self._state = StreamState()
        self._buffer = b""
        self._next_index = 0
        self._calls_seen = False
        self._lines_seen = False
        self._done = False
        self._closed = False
        self.prompt_tokens: Optional[int] = None

    def feed(self, data: bytes) -> List[Any]:
        """Process the next piece of the body (cut anywhere); return the events it completed."""
        events: List[Any] = []
        lines = (self._buffer + bytes(data)).split(b"\n")
        self._buffer = lines.pop()
        for line in lines:
            self._line(line, events, at_end=False)
        return events

    def close(self) -> List[Any]:
        """End of body: handle a last unterminated line, report a cut or empty stream."""
        if self._closed:
            return []
        self._closed = True
        events: List[Any] = []
        if self._buffer.strip():
            self._line(self._buffer, events, at_end=True)
        self._buffer = b""
        state = self._state
        if not self._lines_seen:
            state.report_error(_("The server sent an empty response (no data at all)."),
                               CODE_EMPTY_BODY)
        elif not self._done and not state.errors:
            state.report_error(_("The stream was cut off before the model finished; the text "
                                 "received so far is kept."), CODE_TRUNCATED)
        events.extend(state.close())
        return events

    def result(self) -> StreamResult:
        """The assembled result (complete once :meth:`close` has been called)."""
        state = self._state
        return StreamResult(state.final_message(), state.usage, state.errors, self._done)

    @property
    def done_seen(self) -> bool:
        """True once the final ``"done": true`` line arrived."""
        return self._done

    def _line(self, line: bytes, events: List[Any], at_end: bool) -> None:
        text = line.decode("utf-8", "replace").strip()
        if not text:
            return
        self._lines_seen = True
        try:
            item = json.loads(text)
        except ValueError:
            if at_end:
                return  # the body ended inside this line: close() reports the cut
            self._state.report_error(_("A stream line was not valid JSON and was skipped: %r")
                                     % text[:200], CODE_MALFORMED_CHUNK)
            return
        if not isinstance(item, dict):
            return
        self._state.handle_chunks((self._as_chunk(item),), events)

    def _as_chunk(self, item: Dict[str, Any]) -> Dict[str, Any]:
        """The Chat Completions chunk equivalent to one Ollama line."""
        if item.get("error"):
            return {"error": item["error"]}
        message = item.get("message") if isinstance(item.get("message"), dict) else {}
        delta: Dict[str, Any] = {}
        if isinstance(message.get("thinking"), str) and message["thinking"]:
            delta["reasoning_content"] = message["thinking"]
        if isinstance(message.get("content"), str) and message["content"]:
            delta["content"] = message["content"]
        calls = self._tool_call_deltas(message.get("tool_calls"))
        if calls:
            delta["tool_calls"] = calls
        choice: Dict[str, Any] = {"index": 0, "delta": delta}
        chunk: Dict[str, Any] = {"choices": [choice]}
        if item.get("done"):
            self._done = True
            choice["finish_reason"] = self._finish_reason(item.get("done_reason"))
            chunk["usage"] = self._usage(item)
        return chunk

    def _tool_call_deltas(self, calls: Any) -> List[Dict[str, Any]]:
        deltas = []
        for call in calls if isinstance(calls, list) else []:
            function = call.get("function") if isinstance(call, dict) else None
            if not isinstance(function, dict):
                continue
            arguments = function.get("arguments")
            if not isinstance(arguments, str):
                arguments = json.dumps(arguments if arguments is not None else {},
                                       ensure_ascii=False)
            delta = {"index": self._next_index, "type": "function",
                     "function": {"name": function.get("name") or "", "arguments": arguments}}
            if call.get("id"):
                delta["id"] = call["id"]
            deltas.append(delta)
            self._next_index += 1
            self._calls_seen = True
        return deltas

    def _finish_reason(self, reason: Any) -> str:
        if self._calls_seen:
            return "tool_calls"
        return _DONE_REASONS.get(reason, reason if isinstance(reason, str) and reason else "stop")

    def _usage(self, item: Dict[str, Any]) -> Dict[str, Any]:
        prompt, completion = item.get("prompt_eval_count"), item.get("eval_count")
        if isinstance(prompt, int):
            self.prompt_tokens = prompt
        return {"prompt_tokens": prompt, "completion_tokens": completion}
