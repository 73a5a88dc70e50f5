"""A shape's text as paragraphs with their list levels, and outline lines written into a shape.

Body placeholders hold a bulleted outline: each paragraph has a level (LibreOffice's
``NumberingLevel``: void or 0 for the first). Lines are written in one call (the whole text at
once), then only the paragraphs below the first level and the formatted runs are touched, so a
slide of many bullets costs a handful of calls.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

from com.sun.star.awt.FontSlant import ITALIC
from com.sun.star.awt.FontStrikeout import SINGLE as STRIKE_SINGLE
from com.sun.star.awt.FontUnderline import SINGLE as UNDERLINE_SINGLE
from com.sun.star.awt.FontWeight import BOLD

from ...core.slides.outline import BodyLine
from ...core.text.markdown import inline_runs
from ...core.text.runs import LINE_BREAK, Run
from ..office.enumeration import elements

CODE_FONT = "Liberation Mono"


def paragraphs(shape) -> List[Tuple[str, int]]:
    """``(text, level)`` of each paragraph of ``shape``'s text (level 0 is the first)."""
    found = []
    for paragraph in elements(shape.createEnumeration()):
        level = paragraph.getPropertyValue("NumberingLevel")
        found.append((paragraph.getString(), level if isinstance(level, int) and level > 0 else 0))
    return found


def write_lines(document, shape, lines: Sequence[BodyLine]) -> None:
    """Replace ``shape``'s text with ``lines`` (inline Markdown each, at its level)."""
    runs = [_runs(line.text) for line in lines]
    shape.setString("\n".join("".join(run.text for run in line) for line in runs))
    if not any(line.level for line in lines) and not any(_formatted(line) for line in runs):
        return
    text = shape.getText()
    for paragraph, line, line_runs in zip(elements(shape.createEnumeration()), lines, runs):
        if line.level:
            paragraph.setPropertyValue("NumberingLevel", line.level)
        if _formatted(line_runs):
            _format_runs(document, text, paragraph, line_runs)


def write_plain(shape, text: str) -> None:
    """Replace ``shape``'s text with ``text`` as it is (``\\n`` starts a paragraph)."""
    shape.setString(text.replace("\r\n", "\n").replace("\r", "\n"))


def _runs(markdown: str) -> List[Run]:
    """The runs of one line; a hard line break inside it becomes a space (a line is one paragraph)."""
    return [Run(" ") if run.text == LINE_BREAK else run for run in inline_runs(markdown)] or [Run("")]


def _formatted(runs: List[Run]) -> bool:
    return any(run.bold or run.italic or run.underline or run.strike or run.code or run.link for run in runs)


def _format_runs(document, text, paragraph, runs: List[Run]) -> None:
    cursor = text.createTextCursorByRange(paragraph.getStart())
    for run in runs:
        length = len(run.text)
        if not (run.bold or run.italic or run.underline or run.strike or run.code or run.link):
            cursor.goRight(length, False)
            continue
        cursor.collapseToEnd()
        cursor.goRight(length, True)
        for name, value in _properties(run):
            cursor.setPropertyValue(name, value)
        if run.link:
            _link(document, text, cursor, run)
        cursor.collapseToEnd()


def _properties(run: Run):
    if run.bold:
        yield "CharWeight", BOLD
    if run.italic:
        yield "CharPosture", ITALIC
    if run.underline:
        yield "CharUnderline", UNDERLINE_SINGLE
    if run.strike:
        yield "CharStrikeout", STRIKE_SINGLE
    if run.code:
        yield "CharFontName", CODE_FONT


def _link(document, text, cursor, run: Run) -> None:
    """Make the selected run a link (a URL field showing the run's text)."""
    field = document.createInstance("com.sun.star.text.TextField.URL")
    field.setPropertyValue("URL", run.link)
    field.setPropertyValue("Representation", run.text)
    text.insertTextContent(cursor, field, True)
