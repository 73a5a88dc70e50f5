"""A scripted server that speaks only OpenAI's Responses API (``POST /v1/responses``), on 127.0.0.1.

Built on :class:`~support.scripted_server.ScriptedServer` (queued replies, every request
recorded). ``/v1/chat/completions`` answers 404 the way FastAPI-based servers do
(``{"detail": "Not Found"}``), ``/v1/models`` lists :data:`MODELS`, and a ``/v1/responses``
request with no scripted reply is answered by rule: a function call of the first tool
offered when tools are offered and not refused (``tool_choice`` not ``none``) and no tool
result is in the input yet, else a short text.

The reply builders write events the way the real recordings in
tests/fixtures/streams/responses/ have them (``event:`` lines, ``sequence_number``, item ids,
``response.created`` / ``in_progress`` first, ``output_item.added`` / ``.done`` around each
item, ``response.completed`` with usage last; ``response.failed`` after an ``error`` event as
in vercel-ai_1.sse; a reasoning item with summary parts as in mirascope_2.sse).
"""
from __future__ import annotations

import itertools
import json
import threading
from typing import Iterable, List, Optional

from support.scripted_server import RecordedRequest, Reply, ScriptedServer, json_reply

MODELS = ["resp-model"]
USAGE = {"input_tokens": 42, "output_tokens": 7, "total_tokens": 49,
         "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}


class _Events:
    """Builds one response's events with increasing sequence numbers."""

    def __init__(self, model: str = MODELS[0]):
        self._sequence = itertools.count()
        self.response = {"id": "resp_test0001", "object": "response", "created_at": 1763474589,
                         "status": "in_progress", "error": None, "incomplete_details": None, "model": model,
                         "output": [], "usage": None}
        self.events: List[dict] = []

    def add(self, kind: str, **fields) -> None:
        self.events.append(dict(type=kind, sequence_number=next(self._sequence), **fields))

    def start(self) -> None:
        self.add("response.created", response=dict(self.response))
        self.add("response.in_progress", response=dict(self.response))

    def end(self, kind: str = "response.completed", **response_fields) -> None:
        status = {"response.completed": "completed", "response.failed": "failed",
                  "response.incomplete": "incomplete"}[kind]
        self.add(kind, response=dict(self.response, status=status, **response_fields))

    def reply(self, delay: float = 0.0) -> Reply:
        chunks = [("event: %s\ndata: %s\n\n" % (e["type"], json.dumps(e))).encode("utf-8") for e in self.events]
        return Reply(200, {"Content-Type": "text/event-stream"}, chunks, delay=delay)


def _reasoning(events: _Events, index: int, parts: Iterable[Iterable[str]]) -> None:
    item = {"id": "rs_test%04d" % index, "type": "reasoning", "summary": []}
    events.add("response.output_item.added", output_index=index, item=item)
    summary = []
    for number, pieces in enumerate(parts):
        pieces = list(pieces)
        part = {"type": "summary_text", "text": ""}
        events.add("response.reasoning_summary_part.added", item_id=item["id"], output_index=index,
                   summary_index=number, part=part)
        for piece in pieces:
            events.add("response.reasoning_summary_text.delta", item_id=item["id"], output_index=index,
                       summary_index=number, delta=piece)
        text = "".join(pieces)
        events.add("response.reasoning_summary_text.done", item_id=item["id"], output_index=index,
                   summary_index=number, text=text)
        events.add("response.reasoning_summary_part.done", item_id=item["id"], output_index=index,
                   summary_index=number, part=dict(part, text=text))
        summary.append({"type": "summary_text", "text": text})
    events.add("response.output_item.done", output_index=index, item=dict(item, summary=summary))


def _message(events: _Events, index: int, pieces: Iterable[str], kind: str = "output_text") -> None:
    item = {"id": "msg_test%04d" % index, "type": "message", "status": "in_progress", "content": [],
            "role": "assistant"}
    events.add("response.output_item.added", output_index=index, item=item)
    empty = {"type": kind, "annotations": [], "text": ""} if kind == "output_text" else {"type": kind, "refusal": ""}
    events.add("response.content_part.added", item_id=item["id"], output_index=index, content_index=0, part=empty)
    delta_kind = "response.output_text.delta" if kind == "output_text" else "response.refusal.delta"
    pieces = list(pieces)
    for piece in pieces:
        events.add(delta_kind, item_id=item["id"], output_index=index, content_index=0, delta=piece)
    text = "".join(pieces)
    if kind == "output_text":
        events.add("response.output_text.done", item_id=item["id"], output_index=index, content_index=0, text=text)
        part = dict(empty, text=text)
    else:
        events.add("response.refusal.done", item_id=item["id"], output_index=index, content_index=0, refusal=text)
        part = dict(empty, refusal=text)
    events.add("response.content_part.done", item_id=item["id"], output_index=index, content_index=0, part=part)
    events.add("response.output_item.done", output_index=index,
               item=dict(item, status="completed", content=[part]))


def text_reply(pieces: Iterable[str], summary_parts: Iterable[Iterable[str]] = (), delay: float = 0.0) -> Reply:
    """A streamed answer, with reasoning summary parts first when given."""
    events = _Events()
    events.start()
    index = 0
    summary_parts = [list(p) for p in summary_parts]
    if summary_parts:
        _reasoning(events, 0, summary_parts)
        index = 1
    _message(events, index, pieces)
    events.end(usage=USAGE)
    return events.reply(delay)


def call_reply(name: str, arguments: dict, call_id: str = "call_resp_1", pieces: int = 3,
               summary_parts: Iterable[Iterable[str]] = ()) -> Reply:
    """A function call whose arguments stream in ``pieces`` deltas (as pydantic-ai_1.sse)."""
    events = _Events()
    events.start()
    index = 0
    summary_parts = [list(p) for p in summary_parts]
    if summary_parts:
        _reasoning(events, 0, summary_parts)
        index = 1
    text = json.dumps(arguments)
    size = max(1, -(-len(text) // pieces))
    item = {"type": "function_call", "id": "fc_test%04d" % index, "call_id": call_id, "name": name,
            "arguments": "", "status": "in_progress"}
    events.add("response.output_item.added", output_index=index, item=item)
    for start in range(0, len(text), size):
        events.add("response.function_call_arguments.delta", item_id=item["id"], output_index=index,
                   delta=text[start:start + size])
    events.add("response.function_call_arguments.done", item_id=item["id"], output_index=index, arguments=text)
    events.add("response.output_item.done", output_index=index,
               item=dict(item, arguments=text, status="completed"))
    events.end(usage=USAGE)
    return events.reply()


def refusal_reply(pieces: Iterable[str]) -> Reply:
    """A refusal content part instead of an answer."""
    events = _Events()
    events.start()
    _message(events, 0, pieces, kind="refusal")
    events.end(usage=USAGE)
    return events.reply()


def failed_reply(code: str, message: str, with_error_event: bool = True, text_before: str = "") -> Reply:
    """``response.failed`` (after an ``error`` event, as vercel-ai_1.sse), optionally after some text."""
    events = _Events()
    events.start()
    if text_before:
        item = {"id": "msg_test0000", "type": "message", "status": "in_progress", "content": [], "role": "assistant"}
        events.add("response.output_item.added", output_index=0, item=item)
        events.add("response.output_text.delta", item_id=item["id"], output_index=0, content_index=0,
                   delta=text_before)
    if with_error_event:
        events.add("error", error={"type": code, "code": code, "message": message, "param": None})
    events.end("response.failed", error={"code": code, "message": message})
    return events.reply()


class ResponsesServer(ScriptedServer):
    """A scripted server with the Responses API only (see the module docstring)."""

    def __init__(self, host: str = "127.0.0.1", models: Optional[List[str]] = None):
        self.models = list(models or MODELS)
        self.answer = "Done."
        self._current = threading.local()
        super().__init__(host)

    def _record(self, request: RecordedRequest) -> None:
        self._current.request = request
        super()._record(request)

    def _next_reply(self, path: str, method: str = "POST") -> Reply:
        bare = path.split("?", 1)[0].rstrip("/")
        if bare.endswith("/chat/completions"):
            return json_reply({"detail": "Not Found"}, status=404)
        if bare.endswith("/models") and method == "GET":
            return json_reply({"object": "list", "data": [{"id": m, "object": "model"} for m in self.models]})
        if not bare.endswith("/responses"):
            return json_reply({"detail": "Not Found"}, status=404)
        with self._lock:
            queued = bool(self._replies)
        if queued:
            return super()._next_reply(path, method)
        return self._by_rule(self._current.request.json() or {})

    def _by_rule(self, body: dict) -> Reply:
        if body.get("model") not in self.models:
            return json_reply({"error": {"message": "The model `%s` does not exist." % body.get("model"),
                                         "type": "invalid_request_error", "code": "model_not_found"}}, status=404)
        tools = body.get("tools") or []
        answered = any(item.get("type") == "function_call_output" for item in body.get("input") or [])
        if tools and body.get("tool_choice") != "none" and not answered:
            forced = body.get("tool_choice")
            name = forced.get("name") if isinstance(forced, dict) else tools[0]["name"]
            return call_reply(name, {"status": "ok"})
        return text_reply([self.answer])

    def responses_requests(self) -> List[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if r.path.split("?")[0].endswith("/responses")]
