"""Separate inline ``<think>…</think>`` / ``<thought>…</thought>`` blocks from streamed content.

Several models (DeepSeek-R1 distills, QwQ, Qwen3 and Gemma templates on local servers) write
their reasoning into the answer text between such tags. Marginalia shows it as thinking, not as
the answer. Tags may be cut anywhere by the chunking, so a possible tag prefix at the end of a
piece (``"<thi"``) is held back until the next piece tells what it is.
"""
from __future__ import annotations

from typing import List, Optional, Tuple

#: Opening tag → closing tag.
TAGS = {"<think>": "</think>", "<thought>": "</thought>"}
_LONGEST_TAG = max(len(tag) for pair in TAGS.items() for tag in pair)

#: One piece of split text: (is_reasoning, text).
Segment = Tuple[bool, str]


def _held_suffix_length(text: str, tags: Tuple[str, ...]) -> int:
    """Length of the longest end of ``text`` that could be the start of one of ``tags``."""
    start = text.rfind("<", max(0, len(text) - _LONGEST_TAG + 1))
    if start < 0:
        return 0
    tail = text[start:]
    for tag in tags:
        if tag.startswith(tail):
            return len(tail)
    return 0


class ThinkTagSplitter:
    """Incrementally splits content into answer text and think-block text.

    Callers may skip :meth:`feed` while :attr:`idle` is true and the piece contains no ``"<"``:
    the piece is then plain answer text.

    Attributes:
        idle: True when no tag is open, nothing is held back and no whitespace is being trimmed.
    """

    def __init__(self) -> None:
        self._closing: Optional[str] = None   # closing tag awaited while inside a block
        self._held = ""                       # possible start of a tag, held back
        self._trim = False                    # drop whitespace that follows a closed block
        self.idle = True

    def feed(self, text: str) -> List[Segment]:
        """Split the next piece of content.

        Args:
            text: The next content delta.

        Returns:
            Segments in order; empty segments are omitted.
        """
        out: List[Segment] = []
        text = self._held + text
        self._held = ""
        while text:
            if self._closing is not None:
                text = self._inside(text, out)
            else:
                text = self._outside(text, out)
        self.idle = self._closing is None and not self._held and not self._trim
        return out

    def flush(self) -> List[Segment]:
        """End of content: release held-back text (an unclosed block stays reasoning).

        Returns:
            The remaining segment, if any.
        """
        held, self._held = self._held, ""
        self.idle = True
        if not held:
            return []
        return [(self._closing is not None, held)]

    def pending(self) -> List[Segment]:
        """What :meth:`flush` would return, without changing the state."""
        if not self._held:
            return []
        return [(self._closing is not None, self._held)]

    def _inside(self, text: str, out: List[Segment]) -> str:
        closing = self._closing
        assert closing is not None
        end = text.find(closing)
        if end >= 0:
            if end:
                out.append((True, text[:end]))
            self._closing = None
            self._trim = True
            return text[end + len(closing):]
        keep = _held_suffix_length(text, (closing,))
        if len(text) > keep:
            out.append((True, text[:len(text) - keep]))
        self._held = text[len(text) - keep:]
        return ""

    def _outside(self, text: str, out: List[Segment]) -> str:
        if self._trim:
            stripped = text.lstrip()
            if not stripped:
                return ""
            self._trim = False
            text = stripped
        found, opening = -1, ""
        for tag in TAGS:
            at = text.find(tag)
            if at >= 0 and (found < 0 or at < found):
                found, opening = at, tag
        if found >= 0:
            if found:
                out.append((False, text[:found]))
            self._closing = TAGS[opening]
            return text[found + len(opening):]
        keep = _held_suffix_length(text, tuple(TAGS))
        if len(text) > keep:
            out.append((False, text[:len(text) - keep]))
        self._held = text[len(text) - keep:]
        return ""
