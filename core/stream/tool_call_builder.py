"""One tool call being assembled from streamed fragments."""
from __future__ import annotations

from typing import List, Optional

from .message import ToolCall


class ToolCallBuilder:
    """Mutable state of one tool call while its deltas arrive.

    Attributes:
        position: Index of the call in the final message (0, 1, …).
        id: The provider's id, once known.
        name: The function name, once known.
        parts: The argument fragments received, joined only once at the end.
    """

    __slots__ = ("position", "id", "name", "parts", "final_arguments")

    def __init__(self, position: int, call_id: Optional[str], name: str) -> None:
        self.position = position
        self.id = call_id
        self.name = name
        self.parts: List[str] = []
        self.final_arguments: Optional[str] = None

    def merge_name(self, name: str) -> None:
        """Take a name from a later delta.

        ``""`` never overwrites; the same name again (llama-cpp-python repeats it on every
        delta) or a longer name starting with it replaces; anything else is a fragment and is
        appended, as in OpenAI's own delta merging.
        """
        if not name or name == self.name:
            return
        if not self.name or name.startswith(self.name):
            self.name = name
        else:
            self.name += name

    def arguments(self) -> str:
        """The arguments string: the final one when the stream gave it, else the fragments."""
        if self.final_arguments is not None:
            return self.final_arguments
        return "".join(self.parts)

    def build(self) -> ToolCall:
        """The finished :class:`~.message.ToolCall` (arguments parsed now)."""
        return ToolCall(self.id, self.name, self.arguments(), self.position)
