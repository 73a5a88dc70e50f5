"""A scripted OpenAI-compatible HTTP server on 127.0.0.1 for tests.

Tests enqueue :class:`Reply` objects; each incoming request takes the next one
(per path prefix, falling back to the shared queue). Every request is recorded
(method, path, headers, body) so tests can assert what the client sent.

Streamed (``text/event-stream``) replies in the shared queue answer chat requests
only (``…/chat/completions``, ``…/responses``): a probe the panel makes on its own
(the model list, the context-window and server-kind probes) gets a default answer
instead of stealing the next chat reply; ``GET …/models`` then lists
:data:`DEFAULT_MODELS`, anything else is a 404.

The server speaks HTTP/1.1 with keep-alive, writes bodies in the chunks given
(optionally spaced by a delay), and can stall or cut the connection, so the
same fixture serves the streaming, transport and resilience tests.
"""
from __future__ import annotations

import collections
import json
import queue
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Dict, List, Optional

DEFAULT_MODELS = ["scripted-model"]


@dataclass
class Reply:
    """One scripted HTTP response."""

    status: int = 200
    headers: Dict[str, str] = field(default_factory=dict)
    chunks: List[bytes] = field(default_factory=list)
    delay: float = 0.0
    """Seconds to sleep before each chunk."""
    stall_after: Optional[int] = None
    """After this many chunks, sleep ``stall_seconds`` before the rest."""
    stall_seconds: float = 0.0
    cut_after: Optional[int] = None
    """After this many chunks, close the socket abruptly (no terminating chunk)."""
    close_before_headers: bool = False
    chunked: bool = True
    """Use chunked transfer encoding (else Content-Length, or close-delimited when cut)."""
    sent: List[float] = field(default_factory=list)
    """Filled by the server: ``[first chunk written, last chunk written]`` (time.monotonic)."""


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: Dict[str, str]
    body: bytes

    def json(self):
        return json.loads(self.body.decode("utf-8")) if self.body else None


def sse_event(payload) -> bytes:
    """Frame one JSON payload (or the literal ``[DONE]``) as an SSE event."""
    data = payload if isinstance(payload, str) else json.dumps(payload)
    return ("data: %s\n\n" % data).encode("utf-8")


def chat_chunk(content=None, reasoning=None, finish_reason=None, tool_calls=None, model="scripted"):
    """Build one chat.completion.chunk dict with the given delta fields."""
    delta = {}
    if content is not None:
        delta["content"] = content
    if reasoning is not None:
        delta["reasoning_content"] = reasoning
    if tool_calls is not None:
        delta["tool_calls"] = tool_calls
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion.chunk",
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    }


def sse_reply(payloads, done=True, delay=0.0, **kwargs) -> Reply:
    """A 200 ``text/event-stream`` reply carrying ``payloads`` as SSE events."""
    chunks = [sse_event(p) for p in payloads]
    if done:
        chunks.append(sse_event("[DONE]"))
    headers = {"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
    return Reply(status=200, headers=headers, chunks=chunks, delay=delay, **kwargs)


def text_stream_reply(text_pieces, reasoning_pieces=(), delay=0.0, **kwargs) -> Reply:
    """A streamed assistant reply: optional reasoning deltas, then content deltas, then stop."""
    payloads = [chat_chunk(reasoning=r) for r in reasoning_pieces]
    payloads += [chat_chunk(content=t) for t in text_pieces]
    payloads.append(chat_chunk(finish_reason="stop"))
    return sse_reply(payloads, delay=delay, **kwargs)


def json_reply(obj, status=200) -> Reply:
    body = json.dumps(obj).encode("utf-8")
    return Reply(status=status, headers={"Content-Type": "application/json"}, chunks=[body], chunked=False)


def raw_sse_reply(body: bytes, piece: int = 0, **kwargs) -> Reply:
    """Replay a recorded SSE body, optionally in ``piece``-byte chunks."""
    if piece:
        chunks = [body[i:i + piece] for i in range(0, len(body), piece)]
    else:
        chunks = [body] if body else []
    headers = {"Content-Type": "text/event-stream"}
    return Reply(status=200, headers=headers, chunks=chunks, **kwargs)


def _is_stream(reply: Reply) -> bool:
    return "event-stream" in reply.headers.get("Content-Type", "")


def _is_chat(path: str) -> bool:
    return path.split("?")[0].rstrip("/").endswith(("/chat/completions", "/responses", "/completions"))


def _default_probe_reply(path: str) -> Reply:
    """What a probe gets when no reply was scripted for it."""
    if path.rstrip("/").endswith("/models"):
        return json_reply({"object": "list", "data": [{"id": name, "object": "model"} for name in DEFAULT_MODELS]})
    return json_reply({"error": {"message": "not found: %s" % path}}, status=404)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "_Server"

    def log_message(self, fmt, *args):  # keep test output quiet
        pass

    def _handle(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        owner = self.server.owner
        request = RecordedRequest(self.command, self.path, dict(self.headers.items()), body)
        owner._record(request)
        owner.connections_seen.add(self.client_address)
        reply = owner.reply_for(request)
        self._send(reply)

    do_GET = do_POST = _handle

    def _send(self, reply: Reply):
        if reply.close_before_headers:
            self._abort()
            return
        cutting = reply.cut_after is not None
        chunked = reply.chunked and not cutting
        self.send_response(reply.status)
        for key, value in reply.headers.items():
            self.send_header(key, value)
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        elif cutting:
            self.send_header("Connection", "close")
        else:
            self.send_header("Content-Length", str(sum(len(c) for c in reply.chunks)))
        self.end_headers()
        self.wfile.flush()
        try:
            self._write_chunks(reply, chunked)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _write_chunks(self, reply: Reply, chunked: bool):
        for number, chunk in enumerate(reply.chunks):
            if reply.cut_after is not None and number >= reply.cut_after:
                self._abort()
                return
            if reply.stall_after is not None and number == reply.stall_after:
                if self.server.owner._sleep(reply.stall_seconds):
                    self._abort()
                    return
            if reply.delay and self.server.owner._sleep(reply.delay):
                self._abort()
                return
            if chunked:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            else:
                self.wfile.write(chunk)
            self.wfile.flush()
            reply.sent[1:] = [time.monotonic()] if reply.sent else []
            if not reply.sent:
                reply.sent.append(time.monotonic())
        if reply.cut_after is not None:
            self._abort()
            return
        if chunked:
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()

    def _abort(self):
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class ReplyScript:
    """The queue of scripted replies and the record of requests, whatever carries them.

    :class:`ScriptedServer` answers over real sockets; the in-memory transport of
    tests/support/memory_transport.py answers the same script without one.
    """

    def __init__(self):
        self._replies: "collections.deque[Reply]" = collections.deque()
        self._routes: Dict[str, "queue.Queue[Reply]"] = {}
        self._lock = threading.Lock()
        self.requests: List[RecordedRequest] = []
        self.default_reply: Optional[Reply] = None
        self.responder: Optional[Callable[[RecordedRequest], Reply]] = None
        """Answers chat requests no queued reply is left for, from the request itself."""

    def enqueue(self, *replies: Reply, path: Optional[str] = None) -> None:
        """Queue replies; with ``path``, only requests whose path starts with it take them."""
        with self._lock:
            for reply in replies:
                if path is None:
                    self._replies.append(reply)
                else:
                    self._routes.setdefault(path, queue.Queue()).put(reply)

    def chat_requests(self) -> List[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def wait_for_requests(self, count: int, timeout: float = 10.0) -> List[RecordedRequest]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if len(self.requests) >= count:
                    return list(self.requests)
            time.sleep(0.01)
        raise AssertionError("expected %d requests, got %d" % (count, len(self.requests)))

    def reply_for(self, request: RecordedRequest) -> Reply:
        """The reply to ``request``: the responder's for a chat request it answers, else the script's."""
        if self.responder is not None and _is_chat(request.path):
            with self._lock:
                queued = bool(self._replies)
            if not queued:
                return self.responder(request)
        return self._next_reply(request.path, request.method)

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _next_reply(self, path: str, method: str = "POST") -> Reply:
        for prefix, routed in list(self._routes.items()):
            if path.startswith(prefix):
                try:
                    return routed.get_nowait()
                except queue.Empty:
                    break
        with self._lock:
            if self._replies and (_is_chat(path) or not _is_stream(self._replies[0])):
                return self._replies.popleft()
        if self.default_reply is not None:
            return self.default_reply
        if not _is_chat(path):
            return _default_probe_reply(path)
        return json_reply({"error": {"message": "no scripted reply for %s" % path}}, status=500)


class ScriptedServer(ReplyScript):
    """A running scripted server; use as a context manager or call :meth:`close`."""

    handler_class = _Handler
    """The request handler (subclasses such as the fault server extend it)."""

    def __init__(self, host: str = "127.0.0.1"):
        super().__init__()
        self._server = _Server((host, 0), self.handler_class)
        self._server.owner = self
        self._closing = threading.Event()
        self.connections_seen = set()
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="scripted-server", daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def base_url(self) -> str:
        """Base URL as a user would configure it (with ``/v1``)."""
        return "http://127.0.0.1:%d/v1" % self.port

    def _sleep(self, seconds: float) -> bool:
        """Sleep, returning True when the server is closing (so writers give up)."""
        return self._closing.wait(seconds)

    def close(self) -> None:
        self._closing.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> "ScriptedServer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
