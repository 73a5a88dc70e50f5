"""The scripted model of ``make eval --scripted``: it answers each task with the task's reference plan.

A task's instruction gets one streamed round of tool calls (the plan's calls, their arguments split
into pieces as real servers stream them), then, once the tool results come back, a short answer.
Built on the tests' scripted OpenAI-compatible server (tests/support/scripted_server.py).
"""
from __future__ import annotations

from support.scripted_server import Reply, ScriptedServer, text_stream_reply
from support.scripted_turns import tool_round_body


class PlanModel(ScriptedServer):
    """A scripted server on 127.0.0.1; :meth:`answer_with` queues one task's answers."""

    def start(self) -> "PlanModel":
        """The server runs from construction; this returns it, for symmetry with the proxy."""
        return self

    def answer_with(self, plan) -> None:
        """The next turn's rounds: the plan's calls in one round, then a one-line answer."""
        round_body = tool_round_body([(name, dict(arguments)) for name, arguments in plan])
        self.enqueue(Reply(headers={"Content-Type": "text/event-stream"}, chunks=[round_body]),
                     text_stream_reply(["Done."]))
