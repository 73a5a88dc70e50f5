"""What every text-written tool-call format declares, and how a block's end is found.

A format (:class:`ToolFormat`) has openings (:class:`Opening`): a marker, what ends the
block it opens (a closing text, the bracket the marker opened, or the end of the
message) and, for markers that prose uses too, a *head* check of the text that follows
(:data:`YES`, :data:`MAYBE` while too little has arrived, :data:`NO`). Its reader takes the
whole text and the marker's position and returns where the block ends and the calls in
it as :class:`Draft` values; no drafts means the text is not a call of this format.
"""
from __future__ import annotations

import re
from typing import Callable, FrozenSet, List, NamedTuple, Optional, Tuple

YES, MAYBE, NO = "yes", "maybe", "no"
"""Answers of a head check: the marker opens a call block, cannot tell yet, does not."""


AS_WRITTEN, TEXT, JSON_TEXT = "as written", "text", "json"
"""Kinds of a :class:`WrittenValue`: the schema decides its type, it is a string, it is JSON."""


class WrittenValue(NamedTuple):
    """One argument written as text between tags, with what the format says of its type."""

    key: str
    text: str
    kind: str = AS_WRITTEN


class Draft(NamedTuple):
    """A call found in the text, before its name is checked against the tools offered.

    Attributes:
        name: The tool's name as written.
        arguments_raw: The arguments' JSON text (or the text that could not be read).
        call_id: The id the model gave, if any.
        values: Arguments written as text, typed by the tool's schema when the call is made
            (``arguments_raw`` is then unused).
        problem: Why the arguments could not be read, in words for the model (``None``: the
            JSON parser explains it).
    """

    name: str
    arguments_raw: str
    call_id: Optional[str]
    values: Optional[Tuple[WrittenValue, ...]] = None
    problem: Optional[str] = None


Reader = Callable[[str, int, str], Tuple[int, List[Draft]]]
"""``(text, start, marker) -> (end, drafts)``: read the block the marker at ``start`` opens."""
Head = Callable[[str, FrozenSet[str]], str]
"""``(text from the marker on, names of the tools offered) -> YES | MAYBE | NO``."""


class Opening(NamedTuple):
    """One marker of a format and how the block it opens ends.

    Attributes:
        marker: The text that opens a block.
        closing: The text that ends it (``None``: see ``balanced``, else the message end).
        closing_count: Which occurrence of ``closing`` ends it (2 when the first one
            opens something inside, like the fence after ``Action:``).
        balanced: The block ends where the bracket the marker opened closes.
        head: Decides whether the marker opens a block here; ``None`` for markers that
            only a tool call uses.
        trailer: Text that belongs to a call block when it follows it (spaces between), like
            the ``</tool_call>`` after a ``<function=…>`` whose opening tag the model left out.
        control: The marker is a control token: where it opens the reply it is never shown,
            even when no call follows it.
    """

    marker: str
    closing: Optional[str] = None
    closing_count: int = 1
    balanced: bool = False
    head: Optional[Head] = None
    trailer: str = ""
    control: bool = False


class ToolFormat(NamedTuple):
    """A way of writing tool calls as text.

    Attributes:
        name: Short name (for logs and tests).
        source: Where the format is documented (repository and path).
        openings: Its markers.
        read: Its block reader.
        whole: Reads a message made of nothing but calls, for formats without a marker.
    """

    name: str
    source: str
    openings: Tuple[Opening, ...]
    read: Reader
    whole: Optional[Callable[[str], List[Draft]]] = None


# --- finding a block's end while it streams in -------------------------------------------

class ClosingScanner:
    """Finds the ``count``-th ``closing`` in text fed piece by piece (a closing may be cut)."""

    runs_to_message_end = False

    def __init__(self, closing: str, count: int = 1) -> None:
        self._closing = closing
        self._left = count
        self._tail = ""

    def start(self, marker: str) -> None:
        """The marker itself is not searched (a fence closes with another fence)."""

    def feed(self, text: str) -> int:
        """Index in ``text`` just after the closing, or -1 while it has not come."""
        window = self._tail + text
        search_from = 0
        while True:
            found = window.find(self._closing, search_from)
            if found < 0:
                break
            self._left -= 1
            search_from = found + len(self._closing)
            if self._left == 0:
                return search_from - len(self._tail)
        keep = len(self._closing) - 1
        self._tail = window[max(search_from, len(window) - keep):] if keep else ""
        return -1


_BRACKETS = re.compile(r"[\[\]{}()\"'\\]")
_OPENERS, _CLOSERS = "[{(", "]})"


class BalancedScanner:
    """Finds where the first bracket opened closes, skipping quoted strings (either quote)."""

    runs_to_message_end = False

    def __init__(self) -> None:
        self._depth = 0
        self._started = False
        self._quote = ""
        self._escaped = False

    def start(self, marker: str) -> None:
        """The marker's own bracket (``{``, ``[``, ``functools[``) opens the block."""
        self.feed(marker)

    def feed(self, text: str, position: int = 0) -> int:
        """Index in ``text`` just after the closing bracket (looking from ``position``), or -1."""
        for match in _BRACKETS.finditer(text, position):
            char = match.group()
            if self._escaped:
                self._escaped = False
                continue
            if self._quote:
                if char == "\\":
                    self._escaped = True
                elif char == self._quote:
                    self._quote = ""
                continue
            if char in "\"'":
                if self._started:
                    self._quote = char
            elif char in _OPENERS:
                self._depth += 1
                self._started = True
            elif char in _CLOSERS and self._started:
                self._depth -= 1
                if self._depth == 0:
                    return match.end()
        return -1


class MessageEndScanner:
    """The block runs to the end of the message (``[TOOL_CALLS]``, ``<|python_tag|>``)."""

    runs_to_message_end = True

    def start(self, marker: str) -> None:
        """Nothing to remember."""

    def feed(self, text: str) -> int:
        """Never ends before the message does."""
        return -1


def new_scanner(opening: Opening):
    """The scanner that finds the end of a block ``opening`` opened."""
    if opening.closing is not None:
        return ClosingScanner(opening.closing, opening.closing_count)
    if opening.balanced:
        return BalancedScanner()
    return MessageEndScanner()


def balanced_end(text: str, start: int) -> Optional[int]:
    """Index after the bracket closing the first one at or after ``start``, or None."""
    found = BalancedScanner().feed(text, start)
    return found if found >= 0 else None


def block_end(text: str, start: int, opening: Opening) -> int:
    """Where the block ``opening`` opens at ``start`` ends in a finished text (as the scanners find it)."""
    if opening.closing is not None:
        position = start + len(opening.marker)
        for _ in range(opening.closing_count):
            found = text.find(opening.closing, position)
            if found < 0:
                return len(text)
            position = found + len(opening.closing)
        return position
    if opening.balanced:
        return balanced_end(text, start) or len(text)
    return len(text)


# --- small text helpers shared by the readers ------------------------------------------------

END_TOKENS = ("<|eom_id|>", "<|eot_id|>", "<|im_end|>", "<|end|>", "</s>", "<｜end▁of▁sentence｜>")
"""End-of-turn tokens a server may leave after a call."""


def strip_end_tokens(text: str) -> str:
    """``text`` without one end-of-turn token at its end."""
    stripped = text.rstrip()
    for token in END_TOKENS:
        if stripped.endswith(token):
            return stripped[:-len(token)]
    return text


def after_end_tokens(text: str, end: int, stop: int) -> int:
    """Move ``end`` past an end-of-turn token that follows a call (not beyond ``stop``)."""
    rest = text[end:stop]
    stripped = rest.lstrip()
    for token in END_TOKENS:
        if stripped.startswith(token):
            return end + len(rest) - len(stripped) + len(token)
    return end


def find_or_end(text: str, needle: str, start: int) -> int:
    """Index of ``needle`` from ``start``, or the length of ``text``."""
    found = text.find(needle, start)
    return found if found >= 0 else len(text)


def name_state(name: str, known: FrozenSet[str], complete: bool) -> str:
    """Whether ``name`` (``complete``: nothing more of it can come) is, may become, or is not a tool."""
    if complete:
        return YES if name in known else NO
    return MAYBE if any(tool.startswith(name) for tool in known) else NO
