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

from ...core.agent.tools import ToolError
from ...core.slides.outline import BodyLine
from ...core.text.format_keep import plan_edits
from ...core.text.markdown import inline_runs
from ...core.text.match import quote
from ...core.text.runs import LINE_BREAK, Run
from ..office.enumeration import elements
from ..writer.spans import TextSpan
from ..writer.text_ops import clean, insert_plain

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


def replace_keeping_format(shape, start: int, end: int, new_text: str) -> int:
    """Turn ``text[start:end]`` of ``shape`` into ``new_text`` with the fewest word edits; return how many.

    Writer's own way (:func:`marginalia.ui.writer.text_ops.replace_keeping_format`) keeps cursors
    anchored to text, but a shape's cursors are plain positions that do not follow edits made
    through another cursor, so each edit here is made from fresh cursors: the new text goes in right
    after the first old character (it takes that character's formatting), then the old characters
    go, the later ones first. A field (a slide number, a date) is kept whole: an edit that would cut
    into one is refused.
    """
    span = TextSpan.of_shape(shape)
    cut = span.cut_atomic(start, end)
    if cut is not None:
        raise ToolError("The text to replace cuts into the field %s; replace the whole field or leave it out."
                        % quote(cut))
    steps = _steps(span)
    edits = plan_edits(span.text[start:end], clean(new_text))
    for edit in reversed(edits):
        _replace_at(shape, steps(start + edit.start), steps(start + edit.end), edit.text)
    return len(edits)


def _steps(span: TextSpan):
    """Text offset → cursor steps (a field shows several characters but is one step)."""
    shrink = []  # (offset where a field ends, characters it shows beyond its one step)
    previous = 0
    for piece in span.text_pieces():
        gap = span.text[previous:piece.start]
        if gap and gap != "\n" * len(gap):
            shrink.append((piece.start, len(gap) - 1))
        previous = piece.end
    tail = span.text[previous:]
    if tail and tail != "\n" * len(tail):
        shrink.append((len(span.text), len(tail) - 1))
    return lambda offset: offset - sum(extra for ends, extra in shrink if ends <= offset)


def _replace_at(shape, start: int, end: int, text: str) -> None:
    xtext = shape.getText()
    if end <= start:
        insert_plain(xtext, _cursor(xtext, start), text)
        return
    if not text:
        _cursor(xtext, start, end - start).setString("")
        return
    insert_plain(xtext, _cursor(xtext, start + 1), text)
    length = len(clean(text))
    if end - start > 1:
        _cursor(xtext, start + 1 + length, end - start - 1).setString("")
    _cursor(xtext, start, 1).setString("")


def _cursor(xtext, position: int, length: int = 0):
    cursor = xtext.createTextCursor()
    cursor.gotoStart(False)
    _go(cursor, position, False)
    if length:
        _go(cursor, length, True)
    return cursor


def _go(cursor, count: int, expand: bool) -> None:
    while count > 0:  # goRight takes a short
        step = min(count, 30000)
        cursor.goRight(step, expand)
        count -= step
