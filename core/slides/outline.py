"""A Markdown outline as slides: ``# Title`` starts a slide, bullets become its body, ``Notes:`` its notes.

::

    # Results
    Layout: title_content
    - Revenue up
      - by 12% in March
    - Costs down
    Notes: Mention the new office.

A line ``Layout: NAME`` right under the title gives that slide a layout; plain lines are body
paragraphs at the first level; a bullet (``-``, ``*``, ``+`` or ``1.``) indented by two or more
spaces (or a tab) per level is a sub-bullet. Everything from a paragraph starting ``Notes:`` to the
next title is the slide's speaker notes. Text before the first title is refused rather than
guessed at (it belongs to no slide).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import List, Optional

MAX_LEVEL = 8
"""Outline levels a body holds below the first (LibreOffice's outline has nine)."""

_TITLE = re.compile(r"^#\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^([ \t]*)(?:[-*+]|\d{1,3}[.)])\s+(.*)$")
_LAYOUT = re.compile(r"^layout\s*:\s*(\S.*?)\s*$", re.IGNORECASE)
_NOTES = re.compile(r"^notes?\s*:\s*(.*)$", re.IGNORECASE)


class OutlineError(ValueError):
    """The outline cannot be read as slides; the message says why, for the model."""


@dataclass(frozen=True)
class BodyLine:
    """One paragraph of a slide's body: its inline Markdown and its outline level (0 = first)."""

    text: str
    level: int = 0


@dataclass
class SlideOutline:
    """One slide of an outline."""

    title: str
    body: List[BodyLine] = field(default_factory=list)
    notes: str = ""
    layout: Optional[str] = None
    """The layout named on the slide's ``Layout:`` line, as written (None: the call's default)."""


def parse_outline(markdown: str) -> List[SlideOutline]:
    """The slides of ``markdown`` (see the module docstring).

    Raises:
        OutlineError: no ``# Title`` line, or text before the first one.
    """
    slides: List[SlideOutline] = []
    notes: Optional[List[str]] = None
    for raw in markdown.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = raw.rstrip()
        title = _TITLE.match(line)
        if title:
            _close_notes(slides, notes)
            slides.append(SlideOutline(title.group(1)))
            notes = None
            continue
        if not line.strip():
            if notes is not None and notes and notes[-1]:
                notes.append("")
            continue
        if not slides:
            raise OutlineError("The outline must start with a slide title: a line '# Title' (found %r first)."
                               % line.strip()[:60])
        slide = slides[-1]
        if notes is not None:
            notes.append(line.strip())
            continue
        found = _NOTES.match(line.strip())
        if found:
            notes = [found.group(1).strip()] if found.group(1).strip() else []
            continue
        layout = _LAYOUT.match(line.strip())
        if layout and not slide.body and slide.layout is None:
            slide.layout = layout.group(1)
            continue
        slide.body.append(_body_line(line))
    _close_notes(slides, notes)
    if not slides:
        raise OutlineError("The outline has no slide: start each slide with a line '# Title'.")
    return slides


def _body_line(line: str) -> BodyLine:
    bullet = _BULLET.match(line)
    if not bullet:
        return BodyLine(line.strip(), 0)
    indent = bullet.group(1).replace("\t", "    ")
    return BodyLine(bullet.group(2).strip(), min(len(indent) // 2, MAX_LEVEL))


def _close_notes(slides: List[SlideOutline], notes: Optional[List[str]]) -> None:
    if slides and notes is not None:
        while notes and not notes[-1]:
            notes.pop()
        slides[-1].notes = "\n".join(notes)
