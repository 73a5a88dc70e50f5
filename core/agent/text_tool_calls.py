"""Recover tool calls that a model wrote as text in its answer.

Small and local models often write their tool calls into the content instead of the
``tool_calls`` field, when the server's chat template does not parse them. Every format
known is a small module of :mod:`.tool_formats` (Hermes/Qwen ``<tool_call>``, Qwen3-Coder,
Seed-OSS, GLM-4.5, Granite, Llama 3 JSON, pythonic lists of Llama 3.2/4 and LFM2, Phi-4's
``functools[…]``, Mistral, DeepSeek V3/R1/V3.1 and DSML (V3.2, V4), Kimi K2, gpt-oss harmony,
Jamba/Apriel, InternLM2, MiniMax-M2, Nemotron, Apertus, Command R/R7B, fenced JSON,
improvised tags and bare objects); :mod:`.tool_formats.registry` composes them.

:func:`parse_text_tool_calls` reads a finished message; :class:`TextToolCallFilter`
sits on the streaming path and keeps such blocks from flashing up in the answer.

The rules for partial and malformed calls (docs/tool-calls.md lists them with their tests):

1. A block is recovered only when every call in it names a tool offered: an unknown name is
   never guessed at, the whole block stays text.
2. A block whose closing tag never comes runs to the next opening tag or the end of the
   reply, and is read as if the tag were there: a complete call object at the very end of
   a finished reply is a call (``<tool_call>{"name": …, "arguments": {…}}`` with nothing
   after it), and so is one whose arguments are complete though what wraps them lacks its
   last ``}`` or ``]``. A reply that is nothing but one complete object naming a tool
   offered is a call even without an arguments key (``{"name": "get_time"}``: no
   arguments); inside prose such an object stays text.
3. A call that is visibly broken but names a tool offered (arguments that are not JSON,
   cut JSON, a pythonic call that is not Python or holds a value JSON cannot hold) is
   recovered with its arguments' text; it never runs, and the tool's result tells the
   model what was wrong (:attr:`..stream.message.ToolCall.arguments_error`). The other calls of
   the same block run.
4. Argument values written as text between tags are typed by the tool's JSON schema
   (:mod:`.tool_formats.xml_values`); a value that fits no allowed type stays text and the
   argument check reports it.
5. Nothing of a recovered call stays visible: its block, an end-of-turn token after it, and
   the ``</tool_call>`` that follows a ``<function=…>`` whose opening tag was left out.
   Mistral's control token ``[TOOL_CALLS]`` is not shown where it opens the reply, even
   when no call follows it; written inside prose it stays as written.
"""
from __future__ import annotations

import re
import uuid
from typing import Callable, Collection, Dict, FrozenSet, List, Mapping, NamedTuple, Optional, Tuple, Union

from ..stream.message import ToolCall
from ..stream.tool_arguments import unreadable_arguments
from .tool_formats.base import MessageEndScanner
from .tool_formats.json_calls import json_head_state
from .tool_formats.registry import (LONGEST_MARKER, MARKER, MARKER_FIRST_CHARS, MARKER_PREFIXES, MAYBE, NO,
                                    TRAILER_SPACE, YES, Draft, after_trailer, block_scanner, head_state, is_control,
                                    read_block, trailer, whole_message_drafts)
from .tool_formats.xml_values import typed_arguments

HEAD_WINDOW = 256
"""Characters after a marker every head check decides within (see :mod:`.tool_formats.base`)."""
_MAY_OPEN = re.compile("[%s]" % re.escape("".join(sorted(MARKER_FIRST_CHARS))))


KnownTools = Union[Collection[str], Mapping[str, dict]]
"""The tools offered: their names, or each name with its parameters' JSON schema."""


class OfferedTools(NamedTuple):
    """The tools offered in a turn, as the parser uses them."""

    names: FrozenSet[str]
    parameters: Dict[str, dict]
    """Each tool's parameters schema, where it was given (it types values written as text)."""


def offered_tools(known_tools: KnownTools) -> OfferedTools:
    """The names and schemas of ``known_tools``."""
    if isinstance(known_tools, Mapping):
        parameters = {name: schema for name, schema in known_tools.items() if isinstance(schema, dict)}
        return OfferedTools(frozenset(known_tools), parameters)
    return OfferedTools(frozenset(known_tools), {})


def new_call_id() -> str:
    """A fresh tool-call id: 9 letters and digits (Mistral's templates reject any other form)."""
    return uuid.uuid4().hex[:9]


def parse_text_tool_calls(content: str, known_tools: KnownTools,
                          make_id: Callable[[], str] = new_call_id) -> Tuple[str, List[ToolCall]]:
    """Find the tool calls written as text in a finished answer.

    Args:
        content: The assistant message's content (think blocks already removed).
        known_tools: The tools offered in the request: their names, or a mapping of each
            name to its parameters' JSON schema (which types values written as text).
        make_id: Creates the id of a recovered call the model gave no id for.

    Returns:
        ``(remaining_text, calls)``: the content without the recovered blocks (stripped
        when anything was removed, unchanged otherwise) and the calls in order, indexed 0, 1, ….
    """
    remaining, calls = _split_calls(content, offered_tools(known_tools), make_id, True)
    return (remaining.strip() if remaining != content else remaining), calls


def _split_calls(content: str, offered: OfferedTools, make_id: Callable[[], str],
                 opens_reply: bool) -> Tuple[str, List[ToolCall]]:
    """:func:`parse_text_tool_calls` without the final strip (the filter decides block by block).

    ``opens_reply``: ``content`` starts where the reply starts (a control token there is not shown).
    """
    known = offered.names
    if not known:
        return content, []
    whole = whole_message_drafts(content)
    if whole and _all_known(whole, known):
        return "", _tool_calls(whole, make_id, offered)
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
            if opens_reply and is_control(marker) and not content[:start].strip():
                kept.append(content[position:start])  # the control token that opens the reply is not shown
                position = match.end()
            search_from = match.end()
            continue
        if not _all_known(found, known):  # a call to a tool not offered: the whole block stays text
            search_from = end
            continue
        kept.append(content[position:start])
        drafts.extend(found)
        position = search_from = after_trailer(content, end, marker)
    if not drafts and not position:
        return content, []
    kept.append(content[position:])
    return "".join(kept), _tool_calls(drafts, make_id, offered)


def _all_known(drafts: List[Draft], known_tools: Collection[str]) -> bool:
    return all(draft.name in known_tools for draft in drafts)


def _tool_calls(drafts: List[Draft], make_id: Callable[[], str], offered: OfferedTools) -> List[ToolCall]:
    return [_tool_call(draft, index, make_id, offered) for index, draft in enumerate(drafts)]


def _tool_call(draft: Draft, index: int, make_id: Callable[[], str], offered: OfferedTools) -> ToolCall:
    """The call of ``draft``: values written as text typed by its tool's schema, a problem explained."""
    raw = draft.arguments_raw
    if draft.values is not None:
        raw = typed_arguments(draft.values, offered.parameters.get(draft.name))
    call = ToolCall(draft.call_id or make_id(), draft.name, raw, index)
    if draft.problem:  # never run, even when the text happens to be JSON
        call.arguments, call.arguments_error = None, unreadable_arguments(raw, draft.problem, draft.name)
    return call


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
    :meth:`flush`. After a dropped block with a trailer (the ``</tool_call>`` after a bare
    ``<function=…>``), the spaces that follow are held until the trailer comes or does not.
    What is shown equals the ``remaining_text`` of
    :func:`parse_text_tool_calls` on the whole content, up to surrounding whitespace.
    """

    def __init__(self, known_tools: KnownTools) -> None:
        self._offered = offered_tools(known_tools)
        self._known = self._offered.names
        self._held = ""                           # undecided text (possible marker start)
        self._block: Optional[List[str]] = None   # pieces of the block being held
        self._marker = ""                         # the marker that opened it
        self._scanner = None                      # finds where the block ends
        self._at_start = True                     # only whitespace released so far
        self._blank_so_far = True                 # only whitespace consumed before the text being read
        self._block_opens_reply = False           # the held block starts the reply
        self._trailer = ""                        # what may follow the call block just dropped
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
        if (self._block is None and not self._held and not self._at_start and not self._trailer
                and not _MAY_OPEN.search(text)):
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
                shown.append(_split_calls(block, self._offered, _no_id, self._block_opens_reply)[0])
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
            if self._trailer:
                past = self._past_trailer(text)
                if past is None:
                    self._held = text
                    break
                text = past
                continue
            if self._at_start and self._whole_message_starts(text, shown):
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
            self._open_block(marker, block_scanner(marker), marker, shown)
            text = rest[len(marker):]
        released = "".join(shown)
        if self._blank_so_far and released.strip():
            self._blank_so_far = False
        return released

    def _open_block(self, first: str, scanner, marker: str, shown: List[str]) -> None:
        """Hold a block from ``first`` (its marker, or the text of a whole-message block) on."""
        self._block_opens_reply = self._blank_so_far and not "".join(shown).strip()
        self._blank_so_far = False
        self._block, self._marker, self._scanner = [first], marker, scanner

    def _past_trailer(self, text: str) -> Optional[str]:
        """After a dropped call block: ``text`` past its trailer, or None while the trailer may still come."""
        stripped = text.lstrip()
        near = len(text) - len(stripped) <= TRAILER_SPACE
        if near and stripped.startswith(self._trailer):
            past = stripped[len(self._trailer):]
            self._trailer = ""
            return past
        if near and self._trailer.startswith(stripped) and not self._final:
            return None
        self._trailer = ""
        return text

    def _whole_message_starts(self, text: str, shown: List[str]) -> bool:
        """At the message start: hold a message that may be nothing but call objects."""
        stripped = text.lstrip()
        if stripped[:1] in ("{", "["):
            state = json_head_state(stripped)
            if state == MAYBE and not self._final:
                self._held = text
                return True
            if state == YES:
                self._open_block(text, MessageEndScanner(), "", shown)
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
        self._trailer = trailer(marker)
        return "", block[end:] + after
