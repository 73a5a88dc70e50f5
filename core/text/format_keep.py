"""Plan the smallest edits that turn old text into new text, so formatting survives.

When the model replaces a passage with plain text, rewriting the whole passage would
give all of it the formatting of its first character: a bold, highlighted name in the
middle would lose its bold and highlight. Instead, :func:`plan_edits` compares the
two texts word by word and returns only the spans that change. Unchanged words are
never touched, so they keep their formatting; a changed word is replaced in place
(LibreOffice gives replacement text the formatting of the first character it
replaces), and words spread over a run of changes take the formatting of the old
words at the same relative position.

Offsets are into the old text; edits are returned in order, without overlap, and are
meant to be applied from the last to the first so earlier offsets stay valid.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import List, Sequence, Tuple

from .match import fold

_TOKEN = re.compile(r"\n|[^\S\n]+|\w+|[^\w\s]", re.UNICODE)

MAX_DIFF_TOKENS = 20000
"""Above this many tokens on either side, one edit replaces everything (the diff would be slow)."""


@dataclass(frozen=True)
class Edit:
    """Replace ``old[start:end]`` with ``text`` (an insertion when ``start == end``)."""

    start: int
    end: int
    text: str


def tokenize(text: str) -> List[str]:
    """Split ``text`` into words, runs of spaces, line breaks and single punctuation marks.

    Args:
        text: any text.

    Returns:
        Tokens whose concatenation is exactly ``text``.
    """
    return _TOKEN.findall(text)


def plan_edits(old: str, new: str) -> List[Edit]:
    """Return the edits turning ``old`` into ``new`` while touching as little as possible.

    Tokens are compared after :func:`~marginalia.core.text.match.fold`, so a straight
    quote typed by the model does not overwrite the document's typographic quote.

    Args:
        old: the text currently in the document.
        new: the text it should become.

    Returns:
        Non-overlapping :class:`Edit` objects in ascending order (empty when the texts
        are equal up to folding).
    """
    edits = [Edit(a1, a2, new[b1:b2]) for same, a1, a2, b1, b2 in align(old, new) if not same]
    return [edit for edit in edits if fold(old[edit.start:edit.end]) != fold(edit.text)]


def align(old: str, new: str) -> List[Tuple[bool, int, int, int, int]]:
    """Pair the pieces of ``old`` with the pieces of ``new`` that take their place.

    Args:
        old: the original text.
        new: the new text.

    Returns:
        ``(same, old_start, old_end, new_start, new_end)`` tuples covering both texts
        in order; ``same`` is True where the words are unchanged. A changed run is
        split so new words take the place of old words proportionally.
    """
    old_tokens, new_tokens = tokenize(old), tokenize(new)
    if len(old_tokens) > MAX_DIFF_TOKENS or len(new_tokens) > MAX_DIFF_TOKENS:
        return [(fold(old) == fold(new), 0, len(old), 0, len(new))]
    old_offsets, new_offsets = _offsets(old_tokens), _offsets(new_tokens)
    matcher = difflib.SequenceMatcher(None, [fold(t) for t in old_tokens], [fold(t) for t in new_tokens],
                                      autojunk=False)
    result = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            result.append((True, old_offsets[i1], old_offsets[i2], new_offsets[j1], new_offsets[j2]))
            continue
        for (a1, a2), (b1, b2) in _pair_groups(i1, i2, j1, j2):
            result.append((False, old_offsets[a1], old_offsets[a2], new_offsets[b1], new_offsets[b2]))
    return result


def _offsets(tokens: Sequence[str]) -> List[int]:
    offsets = [0]
    for token in tokens:
        offsets.append(offsets[-1] + len(token))
    return offsets


def _pair_groups(i1: int, i2: int, j1: int, j2: int) -> List[Tuple[Tuple[int, int], Tuple[int, int]]]:
    """Split a changed run into groups so new tokens take the place of old ones proportionally."""
    old_count, new_count = i2 - i1, j2 - j1
    groups = min(old_count, new_count)
    if groups <= 1:
        return [((i1, i2), (j1, j2))]
    result = []
    for group in range(groups):
        a1 = i1 + group * old_count // groups
        a2 = i1 + (group + 1) * old_count // groups
        b1 = j1 + group * new_count // groups
        b2 = j1 + (group + 1) * new_count // groups
        result.append(((a1, a2), (b1, b2)))
    return result
