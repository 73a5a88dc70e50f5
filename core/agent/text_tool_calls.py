"""Recover tool calls that a model wrote as text in its answer.

Small and local models often write their tool calls into the content instead of the
``tool_calls`` field, when the server's chat template does not parse them. Every format
known is a small module of :mod:`.tool_formats` (Hermes/Qwen ``<tool_call>``, Qwen3-Coder,
GLM-4.5, Granite, Llama 3 JSON, pythonic lists of Llama 3.2/4 and LFM2, Phi-4's
``functools[…]``, Mistral, DeepSeek, Kimi K2, gpt-oss harmony, Jamba/Apriel, InternLM2,
MiniMax-M2, Nemotron, Command R/R7B, fenced JSON, improvised tags and bare objects);
:mod:`.tool_formats.registry` composes them.

A block is recovered only when every call in it names a registered tool: an unknown
name is never guessed at, the whole block stays text. Arguments that are not valid JSON are
kept raw, so :attr:`.messages.ToolCall.arguments_error` tells the model what was wrong.

:func:`parse_text_tool_calls` reads a finished message; :class:`TextToolCallFilter`
sits on the streaming path and keeps such blocks from flashing up in the answer.
"""
from __future__ import annotations

import re
import uuid
from typing import Callable, Collection, FrozenSet, List, Optional, Tuple

from ..stream.message import ToolCall
from .tool_formats.base import MessageEndScanner
from .tool_formats.json_calls import json_head_state
from .tool_formats.registry import (LONGEST_MARKER, MARKER, MARKER_FIRST_CHARS, MARKER_PREFIXES, MAYBE, NO, YES, Draft,
                                    block_scanner, head_state, read_block, whole_message_drafts)

HEAD_WINDOW = 256
"""Characters after a marker every head check decides within (see :mod:`.tool_formats.base`)."""
_MAY_OPEN = re.compile("[%s]" % re.escape("".join(sorted(MARKER_FIRST_CHARS))))


def new_call_id() -> str:
    """A fresh tool-call id: 9 letters and digits (Mistral's templates reject any other form)."""
    return uuid.uuid4().hex[:9]


def parse_text_tool_calls(content: str, known_tools: Collection[str],
                          make_id: Callable[[], str] = new_call_id) -> Tuple[str, List[ToolCall]]:
    """Find the tool calls written as text in a finished answer.

    Args:
        content: The assistant message's content (think blocks already removed).
        known_tools: Names of the tools offered in the request.
        make_id: Creates the id of a recovered call the model gave no id for.

    Returns:
        ``(remaining_text, calls)``: the content without the recovered blocks (stripped
        when any was removed, unchanged otherwise) and the calls in order, indexed 0, 1, ….
    """
    remaining, calls = _split_calls(content, frozenset(known_tools), make_id)
    return (remaining.strip() if calls else remaining), calls


def _split_calls(content: str, known: FrozenSet[str], make_id: Callable[[], str]) -> Tuple[str, List[ToolCall]]:
    """:func:`parse_text_tool_calls` without the final strip (the filter decides block by block)."""
    if not known:
        return content, []
    whole = whole_message_drafts(content)
    if whole and _all_known(whole, known):
        return "", _tool_calls(whole, make_id)
    kept: List[str] = []
    drafts: List[Draft] = []
    position = search_from = 0
    while True:
        match = MARKER.search(content, search_from)
        if match is None:
            break
        marker, start = match.group(), match.start()
        if head_state(marker, content[start:start + HEAD_WINDOW], known) != YES:
            search_from = match.end()
            continue
        end, found = read_block(content, start, marker)
        if not found:
            search_from = match.end()
            continue
        if not _all_known(found, known):  # a call to a tool not offered: the whole block stays text
            search_from = end
            continue
        kept.append(content[position:start])
        drafts.extend(found)
        position = search_from = end
    if not drafts:
        return content, []
    kept.append(content[position:])
    return "".join(kept), _tool_calls(drafts, make_id)


def _all_known(drafts: List[Draft], known_tools: Collection[str]) -> bool:
    return all(draft.name in known_tools for draft in drafts)


def _tool_calls(drafts: List[Draft], make_id: Callable[[], str]) -> List[ToolCall]:
    return [ToolCall(draft.call_id or make_id(), draft.name, draft.arguments_raw, index)
            for index, draft in enumerate(drafts)]


# --- the streaming filter ---------------------------------------------------------------

def _no_id() -> str:
    return ""


def _marker_prefix_length(text: str) -> int:
    """Length of the longest end of ``text`` that could be the start of a marker."""
    for start in range(max(0, len(text) - LONGEST_MARKER + 1), len(text)):
        if text[start] in MARKER_FIRST_CHARS and text[start:] in MARKER_PREFIXES:
            return len(text) - start
    return 0


class TextToolCallFilter:
    """Holds back text-written tool calls from streamed content, releasing everything else.

    Feed it the answer's content deltas; show what :meth:`feed` and :meth:`flush` return.
    A possible marker cut across deltas (``"<tool_"`` + ``"call>"``) is held until the next
    delta tells; plain text without a marker's first character passes straight through. A
    marker that prose uses too (``[``, ``{``, a fence, ``Action:``) is held only while the
    text after it may still turn out to start a call. From a marker on, the block is held:
    once it ends (its closing tag, its closing bracket) it is dropped if it is a call to a
    known tool and released otherwise; a block that runs to the message end
    (``<|python_tag|>``, ``[TOOL_CALLS]``, a bare ``{"name":`` message) is decided by
    :meth:`flush`. What is shown equals the ``remaining_text`` of
    :func:`parse_text_tool_calls` on the whole content, up to surrounding whitespace.
    """

    def __init__(self, known_tools: Collection[str]) -> None:
        self._known = frozenset(known_tools)
        self._held = ""                           # undecided text (possible marker start)
        self._block: Optional[List[str]] = None   # pieces of the block being held
        self._marker = ""                         # the marker that opened it
        self._scanner = None                      # finds where the block ends
        self._at_start = True                     # only whitespace released so far
        self._final = False                       # flush(): nothing more will come

    def feed(self, text: str) -> str:
        """Take the next content delta.

        Args:
            text: The delta.

        Returns:
            The text to show now (possibly empty).
        """
        if not self._known:
            return text
        if self._block is None and not self._held and not self._at_start and not _MAY_OPEN.search(text):
            return text
        text, self._held = self._held + text, ""
        return self._run(text)

    def flush(self) -> str:
        """End of content: decide a held block and release what is not a tool call.

        Returns:
            The last text to show.
        """
        self._final = True
        held, self._held = self._held, ""
        shown = [self._run(held)] if held else []
        while self._block is not None:
            block, marker, scanner = self._take_block()
            if scanner.runs_to_message_end:  # the parser decides the rest of the message at once
                shown.append(_split_calls(block, self._known, _no_id)[0])
            else:
                prefix, rest = self._decide(block, marker, "")
                shown.append(prefix + self._run(rest))
        return "".join(shown)

    # internals ------------------------------------------------------------------------
    def _run(self, text: str) -> str:
        shown: List[str] = []
        while text:
            if self._block is not None:
                end = self._scanner.feed(text)
                if end < 0:
                    self._block.append(text)
                    break
                self._block.append(text[:end])
                block, marker, _ = self._take_block()
                prefix, text = self._decide(block, marker, text[end:])
                shown.append(prefix)
                continue
            if self._at_start and self._whole_message_starts(text):
                break
            match = MARKER.search(text)
            if match is None:
                keep = 0 if self._final else _marker_prefix_length(text)
                shown.append(text[:len(text) - keep])
                self._held = text[len(text) - keep:]
                break
            shown.append(text[:match.start()])
            marker, rest = match.group(), text[match.start():]
            if not self._final and rest in MARKER_PREFIXES:  # "[" that may become "[TOOL_CALLS]"
                self._held = rest
                break
            state = head_state(marker, rest[:HEAD_WINDOW], self._known)
            if state == MAYBE and self._final:
                state = NO
            if state == MAYBE:
                self._held = rest
                break
            if state == NO:
                shown.append(marker)
                text = rest[len(marker):]
                continue
            self._block, self._marker, self._scanner = [marker], marker, block_scanner(marker)
            text = rest[len(marker):]
        return "".join(shown)

    def _whole_message_starts(self, text: str) -> bool:
        """At the message start: hold a message that may be nothing but call objects."""
        stripped = text.lstrip()
        if stripped[:1] in ("{", "["):
            state = json_head_state(stripped)
            if state == MAYBE and not self._final:
                self._held = text
                return True
            if state == YES:
                self._block, self._marker, self._scanner = [text], "", MessageEndScanner()
                return True
        if stripped:
            self._at_start = False
        return False

    def _take_block(self):
        block, marker, scanner = "".join(self._block), self._marker, self._scanner
        self._block, self._marker, self._scanner = None, "", None
        return block, marker, scanner

    def _decide(self, block: str, marker: str, after: str) -> Tuple[str, str]:
        """A closed (or cut) block, read exactly as the parser reads it: what to show, what to scan next."""
        end, drafts = read_block(block, 0, marker)
        if not drafts:
            return marker, block[len(marker):] + after
        if not _all_known(drafts, self._known):  # the whole block stays text, as the parser keeps it
            return block[:end], block[end:] + after
        return "", block[end:] + after
