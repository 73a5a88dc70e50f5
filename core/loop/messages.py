"""Every message the main-thread loop carries: the list, the base class, the stream's events.

Workers post these to the :class:`~marginalia.core.loop.pump.MessagePump`; it hands each
to its task on the office's main thread, where the task's handler for the message's
class runs: a message class ``ToolDone`` is handled by ``on_tool_done``
(:attr:`Message.handler_name`, derived from the class name as Textual does). A task
without a handler for a class simply does not receive it. Messages whose class says
:attr:`~Message.coalesces` are merged when several arrive in a row for the same task.

A message says what happened, and is declared beside the types it carries (a package
below cannot name them): the stream's events here, a round's end in
:mod:`marginalia.core.llm.round_end`, a tool's progress and outcome in
:mod:`marginalia.core.agent.turn`. What a task does next is no message but a call it
asks for itself (``call_soon``, see :mod:`.task`). The table is the whole vocabulary
(tests/core/test_messages.py holds it to that):

======================  ===========================  =====================================
message                 posted by                    meaning
======================  ===========================  =====================================
ContentDelta            the stream (accumulators)    a piece of the answer
ReasoningDelta          the stream                   a piece of visible thinking
RefusalDelta            the stream                   a piece of a refusal (OpenAI)
ToolCallStarted         the stream                   a tool call began arriving
ToolCallArgumentsDelta  the stream                   a fragment of its JSON arguments
UsageReport             the stream                   token counts
StreamFinished          the stream                   the model said why it stopped
Notice                  the budgeted round           a note for the user (e.g. trimmed)
RoundDone               the model round              the round ended (a StreamResult)
RoundFailed             the model round              the round failed (a MarginaliaError)
ToolProgress            an async tool's worker       progress of a running tool
ToolDone                a tool (sync or async)       a tool call's outcome (a ToolOutcome)
======================  ===========================  =====================================

The stream's own events (the first seven) are also what the accumulators
(:mod:`marginalia.core.stream.accumulate`, :mod:`~marginalia.core.stream.responses`) and the
pipeline (:mod:`~marginalia.core.stream.assembler`) return; each has a short dotted
``type`` tag. Messages are small ``__slots__`` classes rather than dataclasses because one
is built for nearly every network chunk, and that path is kept cheap
(``scripts/bench_stream.py``).

Ordering guarantees (for one stream):

* ``ToolCallStarted(index)`` comes before any ``ToolCallArgumentsDelta`` with that index;
* exactly one ``StreamFinished`` is emitted per stream (when the provider first states a
  finish reason, or at the end of the body otherwise). A ``UsageReport`` may still follow
  it, because providers send usage after their last choice chunk;
* a model round posts exactly one ``RoundDone`` or ``RoundFailed``, after all its events.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

_WORD_START = re.compile(r"(?<!^)(?=[A-Z])")


class Message:
    """Base class: equality and ``repr`` from the slots, the handler name and coalescing rule."""

    __slots__ = ()
    type = "message"
    handler_name = "on_message"
    """The task method that handles this class (``on_`` + the class name in snake case)."""
    coalesces = False
    """Consecutive messages of this class for the same task may be merged (see :meth:`merged`)."""
    _fields: Tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.handler_name = "on_" + _WORD_START.sub("_", cls.__name__).lower()
        fields: List[str] = []
        for klass in reversed(cls.__mro__):
            fields.extend(name for name in klass.__dict__.get("__slots__", ()) if name not in fields)
        cls._fields = tuple(fields)

    @classmethod
    def merged(cls, messages: List["Message"], limit: int) -> List["Message"]:
        """Merge a run of messages of this class into as few as possible (coalescing classes only)."""
        raise TypeError("%s does not coalesce" % cls.__name__)

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._values() == self._values()  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join("%s=%r" % (n, getattr(self, n)) for n in self._fields)
        return "%s(%s)" % (type(self).__name__, fields)


class TextDelta(Message):
    """A piece of streamed text; consecutive pieces merge, in slices of at most ``limit`` characters."""

    __slots__ = ("text",)
    coalesces = True

    def __init__(self, text: str) -> None:
        self.text = text

    @classmethod
    def merged(cls, messages: List["Message"], limit: int) -> List["Message"]:
        text = "".join(message.text for message in messages)  # type: ignore[attr-defined]
        if not text:
            return [cls("")]
        return [cls(text[start:start + limit]) for start in range(0, len(text), limit)]


# --- the stream's events ------------------------------------------------------------

class ContentDelta(TextDelta):
    """A piece of the answer text (think blocks already removed)."""

    __slots__ = ()
    type = "content.delta"


class ReasoningDelta(TextDelta):
    """A piece of visible reasoning ("thinking") text."""

    __slots__ = ()
    type = "reasoning.delta"


class RefusalDelta(TextDelta):
    """A piece of a refusal (OpenAI's ``delta.refusal``), shown instead of an answer."""

    __slots__ = ()
    type = "refusal.delta"


class ToolCallStarted(Message):
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


class ToolCallArgumentsDelta(Message):
    """A fragment of the JSON arguments of the tool call at ``index``; fragments of one call merge."""

    __slots__ = ("index", "delta")
    type = "tool_call.arguments.delta"
    coalesces = True

    def __init__(self, index: int, delta: str) -> None:
        self.index = index
        self.delta = delta

    @classmethod
    def merged(cls, messages: List["Message"], limit: int) -> List["Message"]:
        runs: List[Tuple[int, List[str]]] = []
        for message in messages:
            if runs and runs[-1][0] == message.index:  # type: ignore[attr-defined]
                runs[-1][1].append(message.delta)  # type: ignore[attr-defined]
            else:
                runs.append((message.index, [message.delta]))  # type: ignore[attr-defined]
        return [cls(index, "".join(parts)) for index, parts in runs]


class UsageReport(Message):
    """Token counts reported by the provider (``None`` where it did not say)."""

    __slots__ = ("prompt_tokens", "completion_tokens", "total_tokens")
    type = "usage.report"

    def __init__(self, prompt_tokens: Optional[int], completion_tokens: Optional[int],
                 total_tokens: Optional[int]) -> None:
        self.prompt_tokens = prompt_tokens
        self.completion_tokens = completion_tokens
        self.total_tokens = total_tokens


class StreamFinished(Message):
    """The model stopped: ``stop``, ``length``, ``tool_calls``, ``content_filter`` or ``error``."""

    __slots__ = ("finish_reason",)
    type = "stream.finished"

    def __init__(self, finish_reason: Optional[str]) -> None:
        self.finish_reason = finish_reason


class Notice(Message):
    """A note the user should see once (e.g. that older exchanges were left out)."""

    __slots__ = ("text",)
    type = "notice"

    def __init__(self, text: str) -> None:
        self.text = text
