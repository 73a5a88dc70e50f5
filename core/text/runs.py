"""Formatted runs: pieces of text with one set of character formats, inside one paragraph.

Inline Markdown (:mod:`.markdown`) and inline HTML (:mod:`.html_inline`) both become
runs; the Writer side inserts them directly inside a paragraph.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import List, Optional

LINE_BREAK = "\n"
"""A run whose text is exactly this is a hard line break inside the paragraph."""


@dataclass(frozen=True)
class Run:
    """A piece of text with one set of character formats."""

    text: str
    bold: bool = False
    italic: bool = False
    strike: bool = False
    code: bool = False
    underline: bool = False
    link: Optional[str] = None

    def same_format(self, other: "Run") -> bool:
        """True when ``other`` has exactly the same formats."""
        return replace(self, text="") == replace(other, text="")


def merge_runs(runs: List[Run]) -> List[Run]:
    """Merge neighbouring runs that have the same formats; drop empty runs."""
    merged: List[Run] = []
    for run in runs:
        if not run.text:
            continue
        if merged and merged[-1].same_format(run) and LINE_BREAK not in (run.text, merged[-1].text):
            merged[-1] = replace(merged[-1], text=merged[-1].text + run.text)
        else:
            merged.append(run)
    return merged


def plain_text(runs: List[Run]) -> str:
    """Return the text of ``runs`` without formats (line breaks as ``\\n``)."""
    return "".join(run.text for run in runs)
