"""The whole streaming pipeline: response body bytes → SSE events → JSON → state → events.

The network layer calls :meth:`StreamAssembler.feed` for each chunk it receives and
:meth:`StreamAssembler.close` at the end of the body; the UI consumes the returned events;
the agent loop reads :meth:`StreamAssembler.result`. Nothing here does I/O, and nothing raises
for malformed data: empty bodies, cut streams, broken JSON and provider errors all become a
:class:`~.errors.StreamError` in ``StreamResult.errors`` (the first in ``StreamResult.error``).
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from .accumulate import StreamState
from .chunk_fields import error_from_payload
from ..i18n import _
from .message import AssistantMessage
from .responses import ResponsesStreamState
from .sse import SSEDecoder
from .errors import CODE_EMPTY_BODY, CODE_MALFORMED_CHUNK, CODE_TRUNCATED, StreamError, StreamUsageError
from ..loop.messages import UsageReport
from .unstreamed_body import chunk_from_plain_body

_APIS = ("auto", "chat", "responses")
_BODY_SNIFF_LIMIT = 1 << 20   # keep up to 1 MiB of a body with no event, to read it as JSON


class StreamResult:
    """What one stream produced.

    Attributes:
        message: The assembled :class:`~.message.AssistantMessage`.
        finish_reason: Why the model stopped (``error`` when an error ended the stream).
        usage: The last :class:`~marginalia.core.loop.messages.UsageReport`, or ``None``.
        error: The first error's plain-words message, or ``None`` for a clean stream.
        error_code: That error's code (``empty_body``, ``truncated``, ``malformed_chunk``, or
            the provider's), or ``None``.
        errors: Every :class:`~.errors.StreamError` reported.
        done_seen: True when the stream's end marker arrived (``[DONE]`` for Chat
            Completions, a terminal ``response.*`` event for the Responses API).
    """

    def __init__(self, message: AssistantMessage, usage: Optional[UsageReport],
                 errors: List[StreamError], done_seen: bool) -> None:
        self.message = message
        self.finish_reason = message.finish_reason
        self.usage = usage
        self.errors = list(errors)
        self.error = errors[0].message if errors else None
        self.error_code = errors[0].code if errors else None
        self.done_seen = done_seen


class StreamAssembler:
    """Bytes of one streamed response in, events and a final result out.

    Args:
        api: ``"chat"`` (Chat Completions chunks), ``"responses"`` (Responses API events) or
            ``"auto"`` (decided from the first event).
    """

    def __init__(self, api: str = "auto") -> None:
        if api not in _APIS:
            raise StreamUsageError("api must be one of %s, not %r" % (", ".join(_APIS), api))
        self.api = api
        self._decoder = SSEDecoder()
        self._state: StreamState = ResponsesStreamState() if api == "responses" else StreamState()
        self._received = 0
        self._sniffed: Optional[List[bytes]] = []   # the body, kept while no event has come
        self._events_seen = False
        self._done = False
        self._cut_mid_event = False   # the body ended inside an event's JSON
        self._closed = False

    def feed(self, data: bytes) -> List[Any]:
        """Process the next piece of the body.

        Args:
            data: Bytes as received (any chunking).

        Returns:
            The events it completed.

        Raises:
            StreamUsageError: ``data`` is not bytes-like, or :meth:`close` was already called.
        """
        if self._closed:
            raise StreamUsageError("feed() called after close()")
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise StreamUsageError("feed() takes bytes, not %s" % type(data).__name__)
        self._received += len(data)
        if self._sniffed is not None and self._received <= _BODY_SNIFF_LIMIT:
            self._sniffed.append(bytes(data))
        events: List[Any] = []
        items = self._decoder.decode_payloads(data)
        if items:
            self._sniffed = None
            self._process(items, events, False)
        return events

    def close(self) -> List[Any]:
        """End of body: flush, then report an empty or cut stream, and finish.

        Returns:
            The last events, always ending with exactly one ``StreamFinished`` if none came.
        """
        if self._closed:
            return []
        self._closed = True
        events: List[Any] = []
        items = self._decoder.flush()
        if not items and self._decoder.ended_mid_line:
            self._cut_mid_event = True   # a partial line that is no event at all ("dat")
        self._process(items, events, True)
        state = self._state
        if not self._events_seen and not self._done:
            self._handle_plain_body(events)
        elif not self._done and not state.errors and (self._cut_mid_event
                                                       or not self._finished_properly()):
            state.report_error(_("The stream was cut off before the model finished; the text "
                                 "received so far is kept."), CODE_TRUNCATED)
        self._sniffed = None
        events.extend(state.close())
        return events

    def result(self) -> StreamResult:
        """The assembled result (complete once :meth:`close` has been called)."""
        state = self._state
        return StreamResult(state.final_message(), state.usage, state.errors, self.done_seen)

    @property
    def done_seen(self) -> bool:
        """True once the stream's end marker arrived (nothing after it matters)."""
        return self._done or getattr(self._state, "terminated", False)

    def _process(self, items: List[Any], events: List[Any], at_end: bool) -> None:
        """Parse and fold decoded events; ``items`` are data strings or ServerSentEvents."""
        position = 0
        while self.api == "auto" and position < len(items) and not self._done:
            self._process_one(items[position], events, at_end)
            position += 1
        if position:
            items = items[position:]
        if not items or self._done:
            return
        self._events_seen = True
        done_at_end = items[-1] == "[DONE]"
        if done_at_end:
            items = items[:-1]
        try:   # the hot path: every item is the JSON data of a plain event
            chunks = list(map(json.loads, items))
        except Exception:   # [DONE], an event object, broken JSON: go one by one
            for item in items:
                self._process_one(item, events, at_end)
                if self._done:
                    return
        else:
            self._state.handle_chunks(chunks, events)
        self._done = done_at_end

    def _process_one(self, item: Any, events: List[Any], at_end: bool) -> None:
        """Parse and fold one event (and detect the API while it is not known)."""
        data = item if item.__class__ is str else item.data
        if data == "[DONE]":
            self._done = True
            return
        try:
            chunk = json.loads(data)
        except (ValueError, RecursionError):
            self._unusable(data, at_end)
            return
        self._events_seen = True
        if self.api == "auto" and chunk.__class__ is dict:
            self._detect_api(chunk, "message" if item.__class__ is str else item.event)
        self._state.handle_chunks((chunk,), events)

    def _unusable(self, data: str, at_end: bool) -> None:
        """An event whose data is not JSON: ``[DONE]`` variants, blanks, or junk."""
        text = data.strip()
        if text == "[DONE]":
            self._done = True
        elif text:
            self._events_seen = True
            if at_end:   # the body ended inside this event: close() reports the cut
                self._cut_mid_event = True
            else:
                self._state.report_error(_("A stream event was not valid JSON and was skipped: %s")
                                         % _preview(text), CODE_MALFORMED_CHUNK)
        elif at_end and self._decoder.ended_mid_line:
            self._cut_mid_event = True   # the body ended right after "data:"

    def _detect_api(self, chunk: Dict[str, Any], event_name: str) -> None:
        kind = chunk.get("type")
        is_responses = (isinstance(kind, str) and (kind.startswith("response.") or kind == "error")
                        or event_name.startswith("response."))
        if is_responses:
            self.api = "responses"
            self._state = ResponsesStreamState()
        elif "choices" in chunk or "error" in chunk:
            self.api = "chat"

    def _finished_properly(self) -> bool:
        if isinstance(self._state, ResponsesStreamState):
            return self._state.terminated
        return self._state.finish_reason is not None

    def _handle_plain_body(self, events: List[Any]) -> None:
        """No event at all: an empty body, or a body that is not an event stream."""
        body = b"".join(self._sniffed or [])
        if self._received == 0 or not body.strip():
            self._state.report_error(_("The server sent an empty response (no data at all)."),
                                     CODE_EMPTY_BODY)
            return
        chunk = chunk_from_plain_body(body) if self._received <= _BODY_SNIFF_LIMIT else None
        if chunk is None:
            self._state.report_error(_("The server's response was not an event stream and could "
                                       "not be read: %s") % _preview(body.decode("utf-8", "replace")),
                                     CODE_EMPTY_BODY)
            return
        self._events_seen = True
        if "error" in chunk:
            message, code = error_from_payload(chunk)
            self._state.report_error(message, code)
        elif not isinstance(self._state, ResponsesStreamState):
            self._state.handle_chunks((chunk,), events)


def _preview(text: str, limit: int = 200) -> str:
    text = text.strip()
    return repr(text if len(text) <= limit else text[:limit] + "…")
