"""Incremental Server-Sent Events decoder: bytes in any chunking → events.

Follows the WHATWG "event stream interpretation" rules
(https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
UTF-8 decoding that survives characters split across chunks, LF / CRLF / CR line ends (a CR
ending one chunk and an LF starting the next are one line end), ``:`` comment lines,
multi-line ``data:``, ``event:``, ``id:`` and ``retry:`` fields.

Speed matters because this runs for every token of every answer: the body is normalised to LF
line ends with ``str.replace`` (only when it contains a CR), cut into events on blank lines with
``str.split``, and the common one-line ``data: …`` event takes a fast path.
"""
from __future__ import annotations

import codecs
from typing import Any, List, Optional

_DATA_PREFIX = "data: "
_BOUNDARY_THEN_DATA = "\n\ndata: "
_DIGITS = frozenset("0123456789")


class ServerSentEvent:
    """One dispatched event.

    Attributes:
        event: The event type (``"message"`` unless an ``event:`` field said otherwise).
        data: The data lines joined with ``"\\n"``.
        id: The last event ID seen so far in the stream, or ``None`` if none was ever set.
        retry: The reconnection time in milliseconds from a ``retry:`` field of this event.
    """

    __slots__ = ("data", "event", "id", "retry")

    def __init__(self, data: str = "", event: str = "message", id: Optional[str] = None,
                 retry: Optional[int] = None) -> None:
        self.data = data
        self.event = event
        self.id = id
        self.retry = retry

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ServerSentEvent):
            return NotImplemented
        return (self.data, self.event, self.id, self.retry) == (
            other.data, other.event, other.id, other.retry)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "ServerSentEvent(event=%r, data=%r, id=%r, retry=%r)" % (
            self.event, self.data, self.id, self.retry)


class SSEDecoder:
    """Turns the raw bytes of an event stream, fed in any chunking, into events.

    Use :meth:`decode` for each chunk received and :meth:`flush` once at the end of the body.
    The decoder never raises on malformed input: undecodable bytes become U+FFFD, unknown
    fields and malformed ``retry`` values are ignored.

    Attributes:
        comment_count: Number of comment lines (``:``…) seen, for diagnostics.
    """

    def __init__(self) -> None:
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._utf8_clean = True        # the incremental decoder holds no partial character
        self._pieces: List[str] = []   # text of the event block not yet terminated
        self._tail_lf = False          # the pending text ends with "\n"
        self._skip_lf = False          # the last chunk ended with "\r": drop a leading "\n"
        self._at_start = True          # a byte order mark is only stripped at the very start
        self._last_id: Optional[str] = None
        self.comment_count = 0
        self.ended_mid_line = False
        """Set by :meth:`flush`: the body's last line had no line end (the body was cut)."""

    def decode(self, data: bytes) -> List[ServerSentEvent]:
        """Decode one chunk of the body.

        Args:
            data: The next bytes of the stream, cut anywhere.

        Returns:
            The events completed by this chunk (possibly none).
        """
        return self._split(self._text(data), ServerSentEvent)

    def decode_payloads(self, data: bytes) -> List[Any]:
        """Like :meth:`decode`, but cheaper for the pipeline's hot path.

        A plain one-line ``data: …`` event (type ``message``) usually comes back as just its
        data string, without building an object; every other event (and a plain one next to
        it) as a :class:`ServerSentEvent`.

        Args:
            data: The next bytes of the stream, cut anywhere.

        Returns:
            Data strings and events, in stream order.
        """
        return self._split(self._text(data), None)

    def _text(self, data: bytes) -> str:
        """Decode UTF-8; characters cut between chunks and invalid bytes go the slow way."""
        if self._utf8_clean:
            try:
                return str(data, "utf-8")
            except UnicodeDecodeError:
                pass
        text = self._utf8.decode(data)
        self._utf8_clean = not self._utf8.getstate()[0]
        return text

    def flush(self) -> List[ServerSentEvent]:
        """End of body: dispatch what is left.

        # NOTE: the spec discards an event not followed by a blank line; real servers often end
        # the body right after the last ``data:`` line, so that event is dispatched here.

        Returns:
            The last event(s), if the body did not end with a blank line.
        """
        events = self._split(self._utf8.decode(b"", True), ServerSentEvent)
        rest = "".join(self._pieces)
        self._pieces = []
        self._tail_lf = False
        self.ended_mid_line = rest[-1:] not in ("", "\n")
        if rest:
            self._parse_blocks(rest, events)
        return events

    def _normalize(self, text: str) -> str:
        """Strip a leading byte order mark and turn CRLF and CR line ends into LF."""
        if self._at_start:
            self._at_start = False
            if text[0] == "\ufeff":
                text = text[1:]
        if self._skip_lf and text:
            self._skip_lf = False
            if text[0] == "\n":
                text = text[1:]
        if "\r" in text:
            self._skip_lf = text[-1] == "\r"
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        return text

    def _split(self, text: str, make: Any) -> List[Any]:
        """Add decoded text; return the events it completes (data strings if ``make`` is None)."""
        events: List[Any] = []
        if not text:
            return events
        text = self._normalize(text)
        if not text:
            return events
        if "\n\n" not in text and not (self._tail_lf and text[0] == "\n"):
            self._pieces.append(text)
            self._tail_lf = text[-1] == "\n"
            return events
        if self._pieces:
            self._pieces.append(text)
            text = "".join(self._pieces)
        cut = text.rfind("\n\n")
        rest = text[cut + 2:]
        self._pieces = [rest] if rest else []
        self._tail_lf = rest[-1:] == "\n"
        # Splitting on "\n\ndata: " cuts the common one-line events and drops their prefix in
        # one pass; a part holding any other newline is re-parsed the general way.
        parts = text[:cut].split(_BOUNDARY_THEN_DATA)
        first = parts[0]
        if first.startswith(_DATA_PREFIX) and "\n" not in first:
            events.append(first[6:] if make is None else make(first[6:], "message", self._last_id))
        elif first:
            self._parse_blocks(first, events)
        del parts[0]
        if make is None:
            for part in parts:
                if "\n" in part:
                    self._parse_blocks(_DATA_PREFIX + part, events)
                else:
                    events.append(part)
        else:
            for part in parts:
                if "\n" in part:
                    self._parse_blocks(_DATA_PREFIX + part, events)
                else:
                    events.append(make(part, "message", self._last_id))
        return events

    def _parse_blocks(self, text: str, events: List[Any]) -> None:
        """Interpret complete blocks separated by blank lines."""
        for block in text.split("\n\n"):
            if block:
                self._parse_block(block, events)

    def _parse_block(self, block: str, events: List[ServerSentEvent]) -> None:
        """Interpret the lines of one block; an empty line dispatches the event so far."""
        data: List[str] = []
        event_type = ""
        retry: Optional[int] = None
        for line in block.split("\n"):
            if not line:
                self._dispatch(data, event_type, retry, events)
                data, event_type, retry = [], "", None
                continue
            if line[0] == ":":
                self.comment_count += 1
                continue
            name, colon, value = line.partition(":")
            if colon and value[:1] == " ":
                value = value[1:]
            if name == "data":
                data.append(value)
            elif name == "event":
                event_type = value
            elif name == "id":
                if "\0" not in value:
                    self._last_id = value
            elif name == "retry":
                if value and _DIGITS.issuperset(value):
                    retry = int(value)
            # NOTE: any other field name is ignored, as the spec requires.
        self._dispatch(data, event_type, retry, events)

    def _dispatch(self, data: List[str], event_type: str, retry: Optional[int],
                  events: List[ServerSentEvent]) -> None:
        if data:
            events.append(ServerSentEvent("\n".join(data), event_type or "message",
                                          self._last_id, retry))
