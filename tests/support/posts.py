"""Record what a worker posts to the pump, as ``(message class name, main value)`` pairs.

``stream_round`` and ``stream_budgeted_round`` post typed messages; the tests that check
their order and content compare these pairs: ``("RoundDone", result)``,
``("RoundFailed", error)``, ``("ContentDelta", text)``, ``("Notice", text)``…
"""
from typing import List, Tuple

MAIN_FIELDS = ("result", "error", "text")


def pair(message) -> Tuple[str, object]:
    """The message's class name and its main value (the message itself when it has none)."""
    for name in MAIN_FIELDS:
        if name in message._fields:
            return type(message).__name__, getattr(message, name)
    return type(message).__name__, message


class Posts(list):
    """A ``post(message)`` function that keeps the pairs in order."""

    def __call__(self, message) -> None:
        self.append(pair(message))

    def kinds(self) -> List[str]:
        """The class names, in order."""
        return [kind for kind, _ in self]
