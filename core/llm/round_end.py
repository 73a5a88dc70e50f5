"""How a model round ends: exactly one :class:`RoundDone` or :class:`RoundFailed`.

:func:`~.round.collect_round` returns it; the chat's streaming round posts it to the pump
after the round's stream events (:mod:`marginalia.core.loop.messages`), so a turn receives
it like any other message, by ``on_round_done`` and ``on_round_failed``.
"""
from __future__ import annotations

from ..errors import MarginaliaError
from ..loop.messages import Message
from ..stream.assembler import StreamResult


class RoundDone(Message):
    """A model round ended; ``result`` is what the model sent (text, reasoning, tool calls, usage, errors)."""

    __slots__ = ("result",)
    type = "round.done"

    def __init__(self, result: StreamResult) -> None:
        self.result = result


class RoundFailed(Message):
    """A model round failed; ``error`` says why in plain words (network, HTTP, cancelled, internal)."""

    __slots__ = ("error",)
    type = "round.failed"

    def __init__(self, error: MarginaliaError) -> None:
        self.error = error
