"""Writing plain and formatted text into Writer ranges.

* :func:`replace_keeping_format` applies a plain-text replacement as the smallest
  word-level edits (see :mod:`marginalia.core.text.format_keep`), so bold, highlight,
  colour and size of the words that stay are untouched, and a corrected word keeps
  the formatting of the word it replaces.
* :func:`write_plain` replaces a range with text; ``\\n`` becomes a paragraph break.
* :func:`write_runs` replaces a range with formatted runs (from inline Markdown or
  HTML), on top of the formatting found at that position: bold, italic, underline,
  strikethrough, code, links, subscript and superscript, colour, highlight, size, font, capitals
  and small capitals, letter spacing, line breaks and pictures (as characters).
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional

from com.sun.star.awt.FontSlant import ITALIC
from com.sun.star.awt.FontStrikeout import SINGLE as STRIKE_SINGLE
from com.sun.star.awt.FontUnderline import SINGLE as UNDERLINE_SINGLE
from com.sun.star.awt.FontWeight import BOLD
from com.sun.star.text.ControlCharacter import LINE_BREAK as LINE_BREAK_CHAR, PARAGRAPH_BREAK

from ...core.text.format_keep import plan_edits
from ...core.text.runs import Run
from .pictures import PictureMaker
from .spans import TextSpan

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
CODE_STYLE = "Source Text"
RUN_PROPERTIES = ("CharBackColor", "CharBackTransparent", "CharCaseMap", "CharColor", "CharEscapement",
                  "CharEscapementHeight", "CharFontName", "CharHeight", "CharKerning", "CharPosture", "CharStrikeout",
                  "CharStyleName", "CharUnderline", "CharWeight", "HyperLinkURL")
"""Sorted by name, as XMultiPropertySet requires."""
DEFAULT_CHAR_STYLE = "Standard"
POINT = 2540 / 72
"""1/100 mm in a point (CharKerning's unit)."""
SUBSCRIPT, SUPERSCRIPT, SMALLER = -14000, 14000, 58
"""CharEscapement and CharEscapementHeight of sub- and superscript as Writer's Subscript and Superscript buttons
set them (automatic position, 58% size; measured through the dispatcher)."""


def clean(text: str) -> str:
    """Drop control characters Writer cannot hold (tabs and line feeds stay); unify line ends."""
    return _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def replace_keeping_format(span: TextSpan, start: int, end: int, new_text: str, recording: bool = False) -> int:
    """Turn ``span.text[start:end]`` into ``new_text`` with minimal edits; return how many edits were made.

    Args:
        span: the text holding the passage.
        start: where the passage starts in ``span.text``.
        end: where it ends.
        new_text: what it should read.
        recording: changes are being tracked (each changed word then becomes one
            deletion and one insertion, not three pieces).
    """
    old = span.text[start:end]
    edits = plan_edits(old, clean(new_text))
    for edit in reversed(edits):
        replace_in_place(span, start + edit.start, start + edit.end, edit.text, recording)
    return len(edits)


def replace_in_place(span: TextSpan, start: int, end: int, text: str, recording: bool = False):
    """Replace ``span.text[start:end]`` with ``text``, keeping the formatting of the replaced characters.

    Writer gives text typed over a selection the formatting of the character
    *before* it, which loses the formatting of a replaced bold word. So the new text
    is inserted inside the old formatting first and the old characters are deleted
    after: right after the first old character, or, while changes are recorded,
    right after the last one (one clean deletion next to one insertion). Inside a
    run of equally formatted text, with a character of it on both sides, plain
    typing over keeps the formatting and is used instead.

    Returns:
        A collapsed cursor right after the new text.
    """
    xtext = span.xtext
    if end <= start:
        cursor = span.cursor(start, start)
        insert_plain(xtext, cursor, text)
        return cursor
    if not text:
        cursor = span.cursor(start, end)
        cursor.setString("")
        cursor.collapseToEnd()
        return cursor
    if start > 0 and span.within_one_piece(start - 1, end + 1):
        # formatted alike on both sides: typing over it keeps the formatting (the quick way)
        cursor = span.cursor(start, end)
        if "\n" in text:
            cursor.setString("")
            insert_plain(xtext, cursor, text)
        else:
            cursor.setString(clean(text))  # one edit instead of a deletion and an insertion
            cursor.collapseToEnd()
        return cursor
    if recording:
        return _insert_then_delete_before(span, start, end, text)
    head = span.cursor(start, start + 1)
    rest = span.cursor(start + 1, end) if end > start + 1 else None
    cursor = span.cursor(start + 1, start + 1)
    insert_plain(xtext, cursor, text)
    if rest is not None:
        rest.setString("")  # its start moved behind the inserted text
    head.collapseToStart()
    head.goRight(1, True)
    head.setString("")
    return cursor


def _insert_then_delete_before(span: TextSpan, start: int, end: int, text: str):
    xtext = span.xtext
    origin = span.cursor(start, end)
    origin.collapseToStart()  # at the first old character, after any mark before it
    after = span.cursor(end, end)
    insert_plain(xtext, after, text)
    old = xtext.createTextCursorByRange(after)
    old.goLeft(len(clean(text)), False)
    old.gotoRange(origin, True)
    old.setString("")
    return after


def insert_plain(xtext, cursor, text: str) -> None:
    """Insert ``text`` at the collapsed ``cursor`` (formatting of the character before); ``\n`` = new paragraph."""
    for index, line in enumerate(clean(text).split("\n")):
        if index:
            xtext.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
        if line:
            xtext.insertString(cursor, line, False)


def write_runs(xtext, cursor, runs: List[Run], maker: Optional[PictureMaker] = None) -> None:
    """Replace the range of ``cursor`` with formatted ``runs``.

    Formats a run does not set are those found at the position (so a link inserted
    into a bold sentence stays bold); formats a run sets are switched on for it only.
    ``maker`` places the pictures among the runs (required when there are any).
    """
    cursor.setString("")
    cursor.collapseToEnd()  # while changes are recorded the deleted text stays, and the cursor over it
    base = _formats_at(cursor)
    inherited = base
    for run in runs:
        if run.is_break:
            xtext.insertControlCharacter(cursor, LINE_BREAK_CHAR, False)
            continue
        if run.picture is not None:
            maker.insert_as_character(xtext, cursor, run.picture)
            continue
        text = clean(run.text).replace("\n", " ")
        if not text:
            continue
        cursor.setString(text)  # the cursor then spans the new text (counting back from its end would
        wanted = dict(zip(RUN_PROPERTIES, _run_values(run, base)))  # reach into a tracked deletion)
        changed = {name: value for name, value in wanted.items() if not _same_format(name, value, inherited[name])}
        if changed:
            cursor.setPropertyValues(tuple(changed), tuple(changed.values()))
        inherited = wanted  # text typed next takes these formats
        cursor.collapseToEnd()


def _formats_at(cursor) -> Dict[str, object]:
    values = cursor.getPropertyValues(RUN_PROPERTIES)
    return dict(zip(RUN_PROPERTIES, values))


def _run_values(run: Run, base: Dict[str, object]) -> List[object]:
    escapement = SUBSCRIPT if run.subscript else SUPERSCRIPT if run.superscript else None
    values = {"CharWeight": BOLD if run.bold else base["CharWeight"],
              "CharPosture": ITALIC if run.italic else base["CharPosture"],
              "CharStrikeout": STRIKE_SINGLE if run.strike else base["CharStrikeout"],
              "CharUnderline": UNDERLINE_SINGLE if run.underline else base["CharUnderline"],
              "CharStyleName": CODE_STYLE if run.code else base["CharStyleName"] or DEFAULT_CHAR_STYLE,
              "HyperLinkURL": run.link if run.link else base["HyperLinkURL"] or "",
              "CharEscapement": base["CharEscapement"] if escapement is None else escapement,
              "CharEscapementHeight": base["CharEscapementHeight"] if escapement is None else SMALLER,
              "CharColor": base["CharColor"] if run.color is None else run.color,
              "CharBackColor": base["CharBackColor"] if run.background is None else run.background,
              "CharBackTransparent": base["CharBackTransparent"] if run.background is None else False,
              "CharHeight": base["CharHeight"] if run.size_pt is None else float(run.size_pt),
              "CharFontName": base["CharFontName"] if run.font is None else run.font,
              "CharCaseMap": base["CharCaseMap"] if run.case_map is None else run.case_map,
              "CharKerning": base["CharKerning"] if run.spacing_pt is None else int(round(run.spacing_pt * POINT))}
    return [values[name] for name in RUN_PROPERTIES]


def _same_format(name: str, wanted, current) -> bool:
    """True when text with the ``current`` format already has the ``wanted`` one (no need to set it)."""
    if not current and name in ("CharStyleName", "HyperLinkURL"):
        return wanted in ("", DEFAULT_CHAR_STYLE)  # no style, no link
    return wanted == current
