"""Every text-written tool-call format, composed: markers, head checks, block ends, readers.

The order of :data:`FORMATS` is the order readers are tried for a marker several formats
share (``<tool_call>``: Qwen3-Coder's and GLM's strict bodies before Hermes's JSON, which
reads broken JSON leniently; ``[``: pythonic calls before a JSON list).
"""
from __future__ import annotations

import re
from typing import Dict, FrozenSet, List, Tuple

from . import (apertus, bare_json, command_r, deepseek, dsml, fenced, function_name_tag, glm, granite, harmony, hermes,
               improvised, internlm, jamba, kimi, lfm2, llama3, minimax, mistral, nemotron, phi4, pythonic, qwen3_coder,
               seed_oss)
from .base import MAYBE, NO, YES, Draft, Opening, ToolFormat, block_end, new_scanner

FORMATS: Tuple[ToolFormat, ...] = (
    qwen3_coder.FORMAT, glm.FORMAT, hermes.FORMAT, seed_oss.FORMAT, function_name_tag.FORMAT, granite.FORMAT,
    llama3.FORMAT, mistral.FORMAT, phi4.FORMAT, pythonic.FORMAT, deepseek.FORMAT, dsml.FORMAT, kimi.FORMAT,
    harmony.FORMAT, jamba.FORMAT, internlm.FORMAT, lfm2.FORMAT, minimax.FORMAT, nemotron.FORMAT, apertus.FORMAT,
    command_r.FORMAT, fenced.FORMAT, improvised.FORMAT, bare_json.FORMAT)


def _openings_by_marker() -> Dict[str, List[Tuple[ToolFormat, Opening]]]:
    found: Dict[str, List[Tuple[ToolFormat, Opening]]] = {}
    for tool_format in FORMATS:
        for opening in tool_format.openings:
            found.setdefault(opening.marker, []).append((tool_format, opening))
    for marker, entries in found.items():
        ends = {(o.closing, o.closing_count, o.balanced, o.trailer, o.control) for _, o in entries}
        if len(ends) != 1:
            raise ValueError("formats sharing %r disagree on where its block ends" % marker)
        opening = entries[0][1]
        if opening.control and (opening.closing is not None or opening.balanced):
            raise ValueError("the control token %r must run to the message end" % marker)
    return found


_BY_MARKER = _openings_by_marker()
MARKERS: Tuple[str, ...] = tuple(sorted(_BY_MARKER, key=len, reverse=True))
"""Every text that may open a tool-call block, longest first."""
MARKER = re.compile("|".join(re.escape(marker) for marker in MARKERS))
"""Finds the leftmost marker (the longest one at a position)."""
MARKER_PREFIXES = frozenset(marker[:length] for marker in MARKERS for length in range(1, len(marker)))
"""Every proper start of a marker: text ending so may be a marker cut across deltas."""
MARKER_FIRST_CHARS = frozenset(marker[0] for marker in MARKERS)
LONGEST_MARKER = len(MARKERS[0])
TRAILER_SPACE = 16
"""Most whitespace between a call block and its trailer (with more, the trailer is text of its own)."""


def head_state(marker: str, text: str, known: FrozenSet[str]) -> str:
    """Whether ``marker`` at the start of ``text`` opens a call block: YES, MAYBE (wait) or NO."""
    states = {opening.head(text, known) if opening.head else YES for _, opening in _BY_MARKER[marker]}
    return YES if YES in states else MAYBE if MAYBE in states else NO


def block_scanner(marker: str):
    """A scanner finding the end of the block ``marker`` opens, already past the marker."""
    scanner = new_scanner(_BY_MARKER[marker][0][1])
    scanner.start(marker)
    return scanner


def after_trailer(text: str, end: int, marker: str) -> int:
    """Move ``end`` (where a call block ``marker`` opened ends) past the trailer that follows it."""
    expected = trailer(marker)
    if not expected:
        return end
    rest = text[end:end + TRAILER_SPACE + len(expected)]
    stripped = rest.lstrip()
    return end + len(rest) - len(stripped) + len(expected) if stripped.startswith(expected) else end


def trailer(marker: str) -> str:
    """The text that belongs to a call block ``marker`` opens when it follows it (see :class:`.base.Opening`)."""
    return _BY_MARKER[marker][0][1].trailer


def is_control(marker: str) -> bool:
    """Whether ``marker`` is a control token, never shown where it opens the reply."""
    return _BY_MARKER[marker][0][1].control


def read_block(text: str, start: int, marker: str) -> Tuple[int, List[Draft]]:
    """Read the block ``marker`` opens at ``start``: ``(end, drafts)``; no drafts if none read it.

    The readers see the block only, up to where the streaming filter's scanner ends it, so
    the parser and the filter read every block alike.
    """
    entries = _BY_MARKER[marker]
    block = text[start:block_end(text, start, entries[0][1])]
    for tool_format, _ in entries:
        end, drafts = tool_format.read(block, 0, marker)
        if drafts:
            return start + end, drafts
    return start + len(marker), []


def whole_message_drafts(content: str) -> List[Draft]:
    """Calls of a message that is nothing but calls, in a format without a marker."""
    for tool_format in FORMATS:
        if tool_format.whole is not None:
            drafts = tool_format.whole(content)
            if drafts:
                return drafts
    return []


__all__ = ["FORMATS", "MARKERS", "MARKER", "MARKER_PREFIXES", "MARKER_FIRST_CHARS", "LONGEST_MARKER", "TRAILER_SPACE",
           "MAYBE", "NO", "YES", "Draft", "head_state", "block_scanner", "read_block", "after_trailer", "trailer",
           "is_control", "whole_message_drafts"]
