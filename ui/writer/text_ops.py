"""Writing plain and formatted text into Writer ranges.

* :func:`replace_keeping_format` applies a plain-text replacement as the smallest
  word-level edits (see :mod:`marginalia.core.format_keep`), so bold, highlight,
  colour and size of the words that stay are untouched, and a corrected word keeps
  the formatting of the word it replaces.
* :func:`write_plain` replaces a range with text; ``\\n`` becomes a paragraph break.
* :func:`write_runs` replaces a range with formatted runs (from inline Markdown or
  HTML), on top of the formatting found at that position.
"""
from __future__ import annotations

import re
from typing import Dict, List

from com.sun.star.awt.FontSlant import ITALIC
from com.sun.star.awt.FontStrikeout import SINGLE as STRIKE_SINGLE
from com.sun.star.awt.FontUnderline import SINGLE as UNDERLINE_SINGLE
from com.sun.star.awt.FontWeight import BOLD
from com.sun.star.text.ControlCharacter import LINE_BREAK as LINE_BREAK_CHAR, PARAGRAPH_BREAK

from ...core.format_keep import plan_edits
from ...core.markdown_inline import LINE_BREAK, Run
from .spans import TextSpan

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
CODE_STYLE = "Source Text"
RUN_PROPERTIES = ("CharWeight", "CharPosture", "CharStrikeout", "CharUnderline", "CharStyleName", "HyperLinkURL")


def clean(text: str) -> str:
    """Drop control characters Writer cannot hold (tabs and line feeds stay); unify line ends."""
    return _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def replace_keeping_format(span: TextSpan, start: int, end: int, new_text: str) -> int:
    """Turn ``span.text[start:end]`` into ``new_text`` with minimal edits; return how many edits were made."""
    old = span.text[start:end]
    edits = plan_edits(old, clean(new_text))
    for edit in reversed(edits):
        write_plain(span.xtext, span.cursor(start + edit.start, start + edit.end), edit.text)
    return len(edits)


def write_plain(xtext, cursor, text: str) -> None:
    """Replace the range of ``cursor`` with ``text``; each ``\\n`` starts a new paragraph.

    The first line takes the formatting of the first replaced character (or of the
    character before an empty range); the cursor ends after the written text.
    """
    lines = clean(text).split("\n")
    cursor.setString(lines[0])
    cursor.collapseToEnd()
    for line in lines[1:]:
        xtext.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
        if line:
            xtext.insertString(cursor, line, False)


def write_runs(xtext, cursor, runs: List[Run]) -> None:
    """Replace the range of ``cursor`` with formatted ``runs``.

    Formats a run does not set are those found at the position (so a link inserted
    into a bold sentence stays bold); formats a run sets are switched on for it only.
    """
    cursor.setString("")
    base = _formats_at(cursor)
    for run in runs:
        if run.text == LINE_BREAK:
            xtext.insertControlCharacter(cursor, LINE_BREAK_CHAR, False)
            continue
        text = clean(run.text).replace("\n", " ")
        if not text:
            continue
        xtext.insertString(cursor, text, False)
        written = xtext.createTextCursorByRange(cursor.getEnd())
        written.goLeft(len(text), True)
        written.setPropertyValues(RUN_PROPERTIES, tuple(_run_values(run, base)))
        cursor.collapseToEnd()


def _formats_at(cursor) -> Dict[str, object]:
    values = cursor.getPropertyValues(RUN_PROPERTIES)
    return dict(zip(RUN_PROPERTIES, values))


def _run_values(run: Run, base: Dict[str, object]) -> List[object]:
    return [BOLD if run.bold else base["CharWeight"],
            ITALIC if run.italic else base["CharPosture"],
            STRIKE_SINGLE if run.strike else base["CharStrikeout"],
            UNDERLINE_SINGLE if run.underline else base["CharUnderline"],
            CODE_STYLE if run.code else base["CharStyleName"] or "",
            run.link if run.link else base["HyperLinkURL"] or ""]

