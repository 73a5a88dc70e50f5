"""A fault-injecting OpenAI-compatible server on 127.0.0.1, for the resilience tests.

It is the scripted server (:mod:`support.scripted_server`) with one more kind of reply,
:class:`Fault`: a body (a recording from tests/fixtures/streams, or anything) sent the way a
broken network or a broken server would send it. The plain :class:`~support.scripted_server.Reply`
objects still work, so one server serves a whole scripted conversation with faults in it::

    with FaultServer() as server:
        server.enqueue(replay("openai_9", cut_at=1234))            # cut after 1234 body bytes
        server.enqueue(replay("openai_1", stall_at=100, stall_seconds=2))
        server.enqueue(drip(body), status_reply(429), garbage(4096, seed=1))
        server.enqueue(huge_event(10 << 20), close_before_headers(), wrong_type(body))

Offsets count *body* bytes (the SSE text), whatever the framing on the wire:

* ``chunked`` (what uvicorn, llama.cpp and Ollama send): a cut leaves the last HTTP chunk
  open or the terminating chunk missing;
* ``length`` (``Content-Length``): a cut delivers fewer bytes than announced;
* ``close`` (no length, ``Connection: close``): a cut looks exactly like the end of the body,
  so only the stream's own end marker can tell the two apart.

A cut ends with a FIN by default, or a TCP reset with ``reset=True``.
"""
from __future__ import annotations

import json
import queue
import random
import socket
import struct
import threading
from dataclasses import dataclass, field
from typing import Dict, Optional

import pytest

from support import stream_recordings
from support.scripted_server import (RecordedRequest, ScriptedServer, _default_probe_reply, _Handler, _is_chat,
                                     chat_chunk, sse_event)

FRAMINGS = ("chunked", "length", "close")
SSE_TYPE = "text/event-stream"


@dataclass
class Fault:
    """One response sent with a fault (see the module docstring)."""

    body: bytes = b""
    status: int = 200
    content_type: Optional[str] = SSE_TYPE
    """``None`` sends no Content-Type at all."""
    headers: Dict[str, str] = field(default_factory=dict)
    framing: str = "chunked"
    piece: int = 0
    """Write the body in pieces of this many bytes (0: as few writes as possible)."""
    cut_at: Optional[int] = None
    """Cut the connection after this many body bytes."""
    reset: bool = False
    """Cut with a TCP reset (RST) rather than a FIN."""
    stall_at: Optional[int] = None
    """Stop sending after this many body bytes for ``stall_seconds``, then go on."""
    stall_seconds: float = 0.0
    stalled: Optional[threading.Event] = None
    """Set when the stall begins (tests wait for it to act at that exact stage)."""
    drip: bool = False
    """Send one byte per write (and per HTTP chunk), ``drip_delay`` apart."""
    drip_delay: float = 0.0
    close_before_headers: bool = False
    """Accept the request, then close without a status line."""

    def __post_init__(self) -> None:
        if self.framing not in FRAMINGS:
            raise ValueError("framing must be one of %s" % ", ".join(FRAMINGS))


# -- building faults -------------------------------------------------------------------

def replay(name: str, **kwargs) -> Fault:
    """A recording from tests/fixtures/streams, sent with the given faults."""
    return Fault(body=stream_recordings.body(name), **kwargs)


def drip(body: bytes, delay: float = 0.0, **kwargs) -> Fault:
    """``body`` one byte at a time."""
    return Fault(body=body, drip=True, drip_delay=delay, **kwargs)


def garbage(size: int, seed: int = 0, **kwargs) -> Fault:
    """``size`` random bytes announced as an event stream."""
    rng = random.Random(seed)
    return Fault(body=bytes(rng.getrandbits(8) for _ in range(size)), **kwargs)


def huge_event_body(size: int = 10 << 20, text: str = "x") -> bytes:
    """A stream whose first event alone is ``size`` bytes: one content delta of ``size``
    characters (before JSON framing), then a normal finish and ``[DONE]``."""
    delta = chat_chunk(content=text * (size // len(text)))
    return (sse_event(delta) + sse_event(chat_chunk(finish_reason="stop")) + sse_event("[DONE]"))


def huge_event(size: int = 10 << 20, **kwargs) -> Fault:
    """See :func:`huge_event_body`."""
    return Fault(body=huge_event_body(size), **kwargs)


def status_reply(status: int, body: Optional[bytes] = None, retry_after: Optional[str] = None,
                 content_type: Optional[str] = "application/json", **kwargs) -> Fault:
    """An error status, with a JSON error body unless ``body`` is ``b""``."""
    if body is None:
        body = json.dumps({"error": {"message": "scripted failure %d" % status,
                                     "type": "server_error"}}).encode()
    headers = {"Retry-After": retry_after} if retry_after is not None else {}
    return Fault(body=body, status=status, content_type=content_type if body else None,
                 headers=headers, framing="length", **kwargs)


def close_before_headers() -> Fault:
    """Read the request, then close the connection without answering."""
    return Fault(close_before_headers=True)


def wrong_type(body: bytes, content_type: str = "text/html", **kwargs) -> Fault:
    """``body`` sent as something other than an event stream."""
    return Fault(body=body, content_type=content_type, **kwargs)


# -- sending them ----------------------------------------------------------------------

class _FaultHandler(_Handler):
    """Sends :class:`Fault` replies; everything else goes the scripted server's way."""

    def _handle(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        owner = self.server.owner
        owner._record(RecordedRequest(self.command, self.path, dict(self.headers.items()), body))
        owner.connections_seen.add(self.client_address)
        self._send(owner._reply_for(self.path, self.command, body))

    do_GET = do_POST = _handle

    def _send(self, reply) -> None:
        if not isinstance(reply, Fault):
            super()._send(reply)
            return
        if reply.close_before_headers:
            self._cut(reply.reset)
            return
        self._send_head(reply)
        try:
            self._send_body(reply)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _send_head(self, fault: Fault) -> None:
        self.send_response(fault.status)
        if fault.content_type is not None:
            self.send_header("Content-Type", fault.content_type)
        for key, value in fault.headers.items():
            self.send_header(key, value)
        if fault.framing == "chunked":
            self.send_header("Transfer-Encoding", "chunked")
        elif fault.framing == "length":
            self.send_header("Content-Length", str(len(fault.body)))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.flush()

    def _send_body(self, fault: Fault) -> None:
        body = fault.body
        end = len(body) if fault.cut_at is None else max(0, min(fault.cut_at, len(body)))
        if fault.drip:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for start, stop in _pieces(fault, end):
            if fault.stall_at is not None and start == fault.stall_at:
                if fault.stalled is not None:
                    fault.stalled.set()
                if self.server.owner._sleep(fault.stall_seconds):
                    self._cut(fault.reset)
                    return
            if fault.drip and fault.drip_delay and self.server.owner._sleep(fault.drip_delay):
                self._cut(fault.reset)
                return
            self._write(body[start:stop], fault.framing)
        if fault.cut_at is not None:
            self._cut(fault.reset)
            return
        if fault.framing == "chunked":
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        elif fault.framing == "close":
            self._cut(False)

    def _write(self, data: bytes, framing: str) -> None:
        if not data:
            return
        if framing == "chunked":
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        else:
            self.wfile.write(data)
        self.wfile.flush()

    def _cut(self, reset: bool) -> None:
        """End the connection now: a FIN after what was sent, or a reset."""
        self.close_connection = True
        try:
            self.wfile.flush()
            if reset:
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.connection.close()
            else:
                self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def _pieces(fault: Fault, end: int):
    """``(start, stop)`` body ranges to write, split at the stall point and by drip/piece."""
    size = 1 if fault.drip else (fault.piece or end or 1)
    points = set(range(0, end, size))
    if fault.stall_at is not None and 0 <= fault.stall_at <= end:
        points.add(fault.stall_at)
    points = sorted(points)
    for index, start in enumerate(points):
        stop = points[index + 1] if index + 1 < len(points) else end
        if stop > start or start == fault.stall_at:
            yield start, stop


class FaultServer(ScriptedServer):
    """The scripted server, able to send :class:`Fault` replies too.

    :meth:`enqueue_for` routes by what the request says, so two conversations running at
    once (two documents) each get their own script whatever order their requests come in.
    """

    handler_class = _FaultHandler

    def __init__(self, host: str = "127.0.0.1"):
        self._by_marker: Dict[bytes, "queue.Queue"] = {}
        super().__init__(host)

    def enqueue_for(self, marker: bytes, *replies) -> None:
        """Queue replies for the requests whose body contains ``marker``."""
        target = self._by_marker.setdefault(marker, queue.Queue())
        for reply in replies:
            target.put(reply)

    def _reply_for(self, path: str, method: str, body: bytes):
        """The reply routed by the marker that comes last in the body (a conversation's
        request repeats the earlier messages, so the newest marker is the latest); a probe
        (model list, server kind) never takes a queued :class:`Fault`."""
        found = [(body.rfind(marker), marker) for marker in list(self._by_marker) if marker in body]
        if found:
            try:
                return self._by_marker[max(found)[1]].get_nowait()
            except queue.Empty:
                pass
        if not _is_chat(path):
            with self._lock:
                fault_next = bool(self._replies) and isinstance(self._replies[0], Fault)
            if fault_next:
                return self.default_reply or _default_probe_reply(path)
        return self._next_reply(path, method)


@pytest.fixture
def fault_server():
    """A fresh fault-injecting server on 127.0.0.1 (import this fixture into a conftest)."""
    with FaultServer() as server:
        yield server
