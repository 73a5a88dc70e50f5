"""Cut a recorded stream at a byte offset, run one model round over the network, judge the outcome.

Used by the resilience suite's sweeps (every offset, or a sample of them). One run sends a
recording through :class:`~support.fault_server.FaultServer` with the connection cut after
``offset`` body bytes, reads it with the real client and :func:`~marginalia.core.llm.round.stream_round`
(the worker side of a model round), and :func:`judge` lists everything wrong with what was
posted. The rules, for every offset:

* ``stream_round`` returns (it never raises) and posts exactly one final message, last;
* a failure is one of our own errors (never ``InternalError``, a bug) with a message;
* the text and thinking posted are exactly the start of the complete ones (nothing lost,
  nothing invented), in the same order;
* a round may end normally only with everything the complete stream has: the whole text
  and the whole tool calls, arguments included (so no tool ever runs on half-received
  arguments); and once ``[DONE]`` has arrived it must end normally.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Optional

from marginalia.core.stream.assembler import StreamAssembler
from marginalia.core.net.cancel import CancelToken
from marginalia.core.llm.request import ChatRequest, EndpointConfig
from marginalia.core.errors import MarginaliaError
from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.llm.round import InternalError, stream_round
from marginalia.core.loop.task import Outcome

from support.fault_server import Fault
from support.posts import Posts

DONE = b"data: [DONE]"


@dataclass
class Reference:
    """What the complete recording assembles to."""

    body: bytes
    content: str
    reasoning: str
    tool_calls: list
    finish_reason: str
    error: Optional[str]
    """The error the provider reported inside the complete stream, if any."""
    error_from: Optional[int]
    """Where the event carrying that error starts (a cut before it cannot know of it)."""
    done_end: Optional[int]
    """Offset just after ``data: [DONE]`` (None when the recording has none)."""


def reference(body: bytes) -> Reference:
    """Assemble ``body`` in one piece, as the complete stream."""
    assembler = StreamAssembler(api="chat")
    assembler.feed(body)
    assembler.close()
    result = assembler.result()
    message = result.message
    position = body.find(DONE)
    return Reference(body, message.content, message.reasoning, _calls(message.tool_calls),
                     result.finish_reason, result.error, _error_start(body, result.error),
                     None if position < 0 else position + len(DONE))


def _error_start(body: bytes, error: Optional[str]) -> Optional[int]:
    """The start of the first event after which the stream reports ``error``."""
    if error is None:
        return None
    start = 0
    for match in re.finditer(b"\n\n", body):
        assembler = StreamAssembler(api="chat")
        assembler.feed(body[:match.end()])
        assembler.close()
        if assembler.result().error == error:
            return start
        start = match.end()
    return start


def _calls(calls) -> list:
    return [(call.call_id, call.name, call.arguments_raw) for call in calls]


def request_for(base_url: str) -> ChatRequest:
    return ChatRequest(EndpointConfig(base_url, "m"), {"model": "m", "stream": True, "messages": []})


def run_cut(server, client, body: bytes, offset: int, framing: str) -> List[tuple]:
    """One round over the network with the stream cut after ``offset`` body bytes."""
    server.enqueue(Fault(body=body, cut_at=offset, framing=framing))
    posts = Posts()
    stream_round(client, request_for(server.base_url), posts, CancelToken(), EndpointFacts())
    return posts


def outcome_of(posts: List[tuple]) -> str:
    """``ok`` (normal end), ``stream_error`` or ``result_error`` (the stream reported a problem)."""
    kind, payload = posts[-1]
    if kind == "RoundDone":
        return "result_error" if payload.error else "ok"
    return kind


def judge(ref: Reference, posts: List[tuple], offset: int) -> List[str]:
    """Everything wrong with the posts of a run cut at ``offset`` (empty: all good)."""
    problems = []
    finals = [i for i, (kind, _) in enumerate(posts) if kind in ("RoundDone", "RoundFailed")]
    if finals != [len(posts) - 1]:
        return ["final messages at %s of %d posts" % (finals, len(posts))]
    kind, payload = posts[-1]
    text = "".join(p for k, p in posts if k == "ContentDelta")
    thinking = "".join(p for k, p in posts if k == "ReasoningDelta")
    if not ref.content.startswith(text):
        problems.append("posted text is not the start of the answer: %r" % text[-80:])
    if not ref.reasoning.startswith(thinking):
        problems.append("posted thinking is not the start of the thinking: %r" % thinking[-80:])
    if kind == "RoundFailed":
        if not isinstance(payload, MarginaliaError) or isinstance(payload, InternalError):
            problems.append("failure is not one of our errors: %r" % (payload,))
        elif not payload.user_message.strip():
            problems.append("error without a message")
    elif payload.error:
        if not payload.error.strip():
            problems.append("stream error without a message")
    elif ref.error and offset > ref.error_from:
        problems.append("normal end of a stream whose provider reported %r" % ref.error)
    else:
        message = payload.message
        complete = (message.content, message.reasoning, _calls(message.tool_calls), payload.finish_reason)
        expected = (ref.content, ref.reasoning, ref.tool_calls, ref.finish_reason)
        if complete != expected:
            problems.append("normal end without the complete answer: %r" % (complete,))
        if (text, thinking) != (ref.content, ref.reasoning):
            problems.append("normal end, but the posted text differs from the answer")
    finished = "result_error" if ref.error else "ok"
    if ref.done_end is not None and offset >= ref.done_end and outcome_of(posts) != finished:
        problems.append("[DONE] had arrived, but the round ended with an error: %s"
                        % (getattr(payload, "error", None) or payload))
    return problems


# -- the same cut, through a whole turn (event loop, display, tools) -------------------------

class RecordingTools:
    """A tool runner that runs nothing but remembers every call it was asked to run."""

    def __init__(self):
        self.ran = []

    def is_async(self, name):
        return False

    def changes_document(self, name):
        return False

    def run(self, call):
        from marginalia.core.agent.tools import ToolOutcome
        self.ran.append((call.call_id, call.name, call.arguments_raw))
        return ToolOutcome.success("done")


def run_turn(server, client, body: bytes, offset: int, framing: str):
    """One turn (one model round, then its tools) over a stream cut after ``offset`` bytes.

    Returns:
        ``(session, tools, posted_text)``: the chat session (transcript, status, history),
        the tools that ran, and the answer text the turn showed.
    """
    import functools

    from marginalia.core.loop.pump import MessagePump
    from marginalia.core.chat.session import ChatSession
    from marginalia.core.agent.turn import Turn
    from marginalia.core.chat.display import TranscriptDisplay

    server.enqueue(Fault(body=body, cut_at=offset, framing=framing))
    session, tools = ChatSession(), RecordingTools()
    loop = MessagePump(pump_ui=lambda: None, batch_seconds=0.01, idle_wait=0.002)
    request = request_for(server.base_url)
    turn = Turn(history=session.history, user_text="go", build_request=lambda history, *mode: request,
                stream_fn=functools.partial(stream_round, client, facts=EndpointFacts()), tools=tools,
                display=TranscriptDisplay(session.transcript, session.set_status),
                new_cancel=CancelToken, max_rounds=1)
    session.begin_turn(turn)
    loop.run(turn)
    return session, tools


def judge_turn(ref: Reference, session, tools, offset: int) -> List[str]:
    """Everything wrong with a turn run over a cut stream (empty: all good)."""
    problems = []
    segments = session.transcript.segments()
    kinds = [kind for kind, _, _ in segments]
    shown = "".join(body for kind, _, body in segments if kind == "answer")
    errors = [body for kind, _, body in segments if kind == "error"]
    if session.busy:
        problems.append("the turn did not end")
    if not ref.content.startswith(shown):
        problems.append("shown answer is not the start of the answer: %r" % shown[-80:])
    if tools.ran and tools.ran != ref.tool_calls:
        problems.append("tools ran with other calls than the complete stream's: %r" % (tools.ran,))
    if errors and re.search(r"inside Marginalia|internal problem", errors[-1]):
        problems.append("the turn failed with an internal error: %s" % errors[-1][:200])
    if errors:
        if tools.ran:
            problems.append("tools ran although the stream failed")
        if session.status.rstrip(".") not in errors[-1]:
            problems.append("status %r does not show the error %r" % (session.status, errors[-1]))
        if session.turn.outcome is not Outcome.ERROR:
            problems.append("an error is shown but the turn ended %s" % session.turn.outcome)
    elif (ref.error is not None and offset > ref.error_from) or shown != ref.content:
        problems.append("no error shown for an incomplete or failed stream (kinds %s)" % kinds)
    history_text = "".join(m.get("content") or "" for m in session.history if m["role"] == "assistant")
    if shown and shown not in history_text:
        problems.append("the shown text is not kept in the history")
    return problems
