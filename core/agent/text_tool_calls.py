"""Recover tool calls that a model wrote as text in its answer.

Small and local models often write their tool calls into the content instead of the
``tool_calls`` field, when the server's chat template does not parse them:

* Hermes / Qwen: ``<tool_call>{"name": …, "arguments": {…}}</tool_call>`` (one block per
  call; the last closing tag is often missing), or Qwen3-Coder's
  ``<tool_call><function=name><parameter=key>value</parameter></function></tool_call>``;
* Llama 3.x: ``<|python_tag|>{"name": …, "parameters": {…}}``, or the bare object
  ``{"name": …, "parameters": {…}}`` as the whole message;
* Phi-4-mini and Granite: ``<|tool_call|>[{"name": …, "arguments": {…}}]<|/tool_call|>``;
* Mistral: ``[TOOL_CALLS][{"name": …, "arguments": {…}}, …]`` and the newer
  ``[TOOL_CALLS]name[ARGS]{…}`` (optionally ``[CALL_ID]id`` before ``[ARGS]``);
* a fenced ```` ```json ```` block holding ``{"name": …, "arguments": …}``.

A block is recovered only when every call in it names a registered tool: an unknown
name is never guessed at, the block stays text. Arguments that are not valid JSON are
kept raw, so :attr:`.messages.ToolCall.arguments_error` tells the model what was wrong.

:func:`parse_text_tool_calls` reads a finished message; :class:`TextToolCallFilter`
sits on the streaming path and keeps such blocks from flashing up in the answer.
"""
from __future__ import annotations

import uuid
from typing import Callable, Collection, List, Optional, Tuple

from ..stream.message import ToolCall
from .text_tool_formats import (CLOSING, MARKER, MARKERS, MAYBE, NO, YES, Draft, fence_head_state, json_head_state,
    read_block, whole_message_drafts)

_LONGEST_MARKER = max(len(marker) for marker in MARKERS)


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
    remaining, calls = _split_calls(content, known_tools, make_id)
    return (remaining.strip() if calls else remaining), calls


def _split_calls(content: str, known_tools: Collection[str],
                 make_id: Callable[[], str]) -> Tuple[str, List[ToolCall]]:
    """:func:`parse_text_tool_calls` without the final strip (the filter decides block by block)."""
    whole = whole_message_drafts(content)
    if whole and _all_known(whole, known_tools):
        return "", _tool_calls(whole, make_id)
    kept: List[str] = []
    drafts: List[Draft] = []
    position = search_from = 0
    while True:
        match = MARKER.search(content, search_from)
        if match is None:
            break
        end, found = read_block(content, match.start(), match.group())
        if not found or not _all_known(found, known_tools):
            search_from = match.end()
            continue
        kept.append(content[position:match.start()])
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
    for start in range(max(0, len(text) - _LONGEST_MARKER + 1), len(text)):
        if text[start] in "<[`":
            tail = text[start:]
            if any(marker.startswith(tail) for marker in MARKERS):
                return len(text) - start
    return 0


class TextToolCallFilter:
    """Holds back text-written tool calls from streamed content, releasing everything else.

    Feed it the answer's content deltas; show what :meth:`feed` and :meth:`flush` return.
    A possible marker cut across deltas (``"<tool_"`` + ``"call>"``) is held until the next
    delta tells; plain text without ``<``, ``[`` or a backtick passes straight through.
    From a marker on, the block is held: a closed block (``</tool_call>``, ``</function>``,
    a closing fence) is then dropped if it is a call to a known tool, released otherwise;
    an unclosed one (``<|python_tag|>``, ``[TOOL_CALLS]``, a bare ``{"name":`` message) is
    decided by :meth:`flush`. What is shown equals the ``remaining_text`` of
    :func:`parse_text_tool_calls` on the whole content, up to surrounding whitespace.
    """

    def __init__(self, known_tools: Collection[str]) -> None:
        self._known = frozenset(known_tools)
        self._held = ""                           # undecided text (possible marker start)
        self._block: Optional[List[str]] = None   # pieces of the block being held
        self._closing: Optional[str] = None       # what ends the block; None: the message end
        self._tail = ""                           # end of the block, to find a cut closing tag
        self._at_start = True                     # only whitespace released so far

    def feed(self, text: str) -> str:
        """Take the next content delta.

        Args:
            text: The delta.

        Returns:
            The text to show now (possibly empty).
        """
        if self._block is not None:
            return self._feed_block(text)
        if not self._held and not self._at_start and "<" not in text and "[" not in text and "`" not in text:
            return text
        text, self._held = self._held + text, ""
        return self._scan(text)

    def flush(self) -> str:
        """End of content: decide a held block and release what is not a tool call.

        Returns:
            The last text to show.
        """
        held, self._held = self._held, ""
        if self._block is None:
            return held
        block, marker, closing = self._take_block()
        if closing is None:  # the block runs to the end of the message: the parser decides it all
            return _split_calls(block, self._known, _no_id)[0]
        return self._after_block(block, marker, "") + self.flush()

    # internals ------------------------------------------------------------------------
    def _scan(self, text: str) -> str:
        shown: List[str] = []
        while text:
            if self._at_start:
                stripped = text.lstrip()
                if stripped[:1] in ("{", "["):
                    state = json_head_state(stripped)
                    if state == MAYBE:
                        self._held = text
                        break
                    if state == YES:
                        self._open_block(text, None)
                        break
                if stripped:
                    self._at_start = False
            match = MARKER.search(text)
            if match is None:
                keep = _marker_prefix_length(text)
                shown.append(text[:len(text) - keep])
                self._held = text[len(text) - keep:]
                break
            shown.append(text[:match.start()])
            marker, rest = match.group(), text[match.start():]
            if marker == "```":
                state = fence_head_state(rest)
                if state == NO:
                    shown.append(marker)
                    text = rest[len(marker):]
                    continue
                if state == MAYBE:
                    self._held = rest
                    break
            shown.append(self._open_block(rest, CLOSING.get(marker), len(marker)))
            break
        return "".join(shown)

    def _open_block(self, text: str, closing: Optional[str], skip: int = 0) -> str:
        self._block, self._closing, self._tail = [text[:skip]], closing, ""
        return self._feed_block(text[skip:])

    def _feed_block(self, text: str) -> str:
        closing = self._closing
        if closing is None:
            self._block.append(text)
            return ""
        window = self._tail + text
        found = window.find(closing)
        if found < 0:
            self._block.append(text)
            self._tail = window[-(len(closing) - 1):]
            return ""
        cut = found - len(self._tail) + len(closing)  # end of the closing tag within text
        self._block.append(text[:cut])
        block, marker, _ = self._take_block()
        return self._after_block(block, marker, text[cut:])

    def _take_block(self) -> Tuple[str, str, Optional[str]]:
        block, marker, closing = "".join(self._block), self._block[0], self._closing
        self._block, self._closing, self._tail = None, None, ""
        return block, marker, closing

    def _after_block(self, block: str, marker: str, after: str) -> str:
        """Decide a closed (or cut) block step by step, exactly as the parser reads it."""
        end, drafts = read_block(block, 0, marker)
        if drafts and all(draft.name in self._known for draft in drafts):
            return self.feed(block[end:] + after)
        return marker + self.feed(block[len(marker):] + after)
