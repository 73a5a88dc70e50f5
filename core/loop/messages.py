"""Typed events emitted while a model's answer streams in.

The accumulators (:mod:`.accumulate`, :mod:`.responses_stream`) and the pipeline
(:mod:`.assembler`) return lists of these. Each class has a short dotted ``type`` tag, so a
consumer can dispatch on ``event.type`` or on the class. They are small ``__slots__`` classes
rather than dataclasses because one is built for nearly every network chunk, and that path is
kept cheap (see ``scripts/bench_stream.py``).

Ordering guarantees (for one stream):

* ``ToolCallStarted(index)`` comes before any ``ToolCallArgumentsDelta`` with that index;
* exactly one ``StreamFinished`` is emitted per stream (when the provider first states a
  finish reason, or at the end of the body otherwise). A ``UsageReport`` or a
  ``StreamError`` may still follow it, because providers send usage and some errors after
  their last choice chunk.
"""
from __future__ import annotations

from typing import Optional


class StreamEvent:
    """Base class: equality and ``repr`` from the slots, plus the ``type`` tag."""

    __slots__ = ()
    type = "event"

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._values() == self._values()  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join("%s=%r" % (n, getattr(self, n)) for n in self.__slots__)
        return "%s(%s)" % (type(self).__name__, fields)


class ContentDelta(StreamEvent):
    """A piece of the answer text (think blocks already removed)."""

    __slots__ = ("text",)
    type = "content.delta"

    def __init__(self, text: str) -> None:
        self.text = text


class ReasoningDelta(StreamEvent):
    """A piece of visible reasoning ("thinking") text."""

    __slots__ = ("text",)
    type = "reasoning.delta"

    def __init__(self, text: str) -> None:
        self.text = text


class RefusalDelta(StreamEvent):
    """A piece of a refusal (OpenAI's ``delta.refusal``), shown instead of an answer."""

    __slots__ = ("text",)
    type = "refusal.delta"

    def __init__(self, text: str) -> None:
        self.text = text


class ToolCallStarted(StreamEvent):
    """A new tool call appeared.

    ``index`` is the call's position in the final message (0, 1, …), whatever index the
    provider used. ``name`` may be ``""`` when the provider sends it later.
    """

    __slots__ = ("index", "id", "name")
    type = "tool_call.started"

    def __init__(self, index: int, id: Optional[str], name: str) -> None:
        self.index = index
        self.id = id
        self.name = name


class ToolCallArgumentsDelta(StreamEvent):
    """A fragment of the JSON arguments of the tool call at ``index``."""

    __slots__ = ("index", "delta")
    type = "tool_call.arguments.delta"

    def __init__(self, index: int, delta: str) -> None:
        self.index = index
        self.delta = delta


class UsageReport(StreamEvent):
    """Token counts reported by the provider (``None`` where it did not say)."""

    __slots__ = ("prompt_tokens", "completion_tokens", "total_tokens")
    type = "usage.report"

    def __init__(self, prompt_tokens: Optional[int], completion_tokens: Optional[int],
                 total_tokens: Optional[int]) -> None:
        self.prompt_tokens = prompt_tokens
        self.completion_tokens = completion_tokens
        self.total_tokens = total_tokens


class StreamFinished(StreamEvent):
    """The model stopped: ``stop``, ``length``, ``tool_calls``, ``content_filter`` or ``error``."""

    __slots__ = ("finish_reason",)
    type = "stream.finished"

    def __init__(self, finish_reason: Optional[str]) -> None:
        self.finish_reason = finish_reason


class StreamError(StreamEvent):
    """Something went wrong; ``message`` is plain words, ``code`` a short identifier."""

    __slots__ = ("message", "code")
    type = "stream.error"

    def __init__(self, message: str, code: Optional[str] = None) -> None:
        self.message = message
        self.code = code
