"""Block content (Markdown or HTML) into Writer through LibreOffice's HTML import filter.

The content is written to a temporary UTF-8 HTML file and inserted with
``XDocumentInsertable.insertDocumentFromURL`` into an empty paragraph opened for it,
so headings, lists, tables and links arrive as native Writer objects. The filter
leaves the host paragraph empty after the content; it is removed. The filter also drops the
own look (alignment, spacing, margins, breaks) of the first paragraph it puts into the host, so
a marker paragraph goes first and is removed after; not where objects are anchored in the host
(a text box at the end of the document): removing the marker there made LibreOffice 7.4's redo
of the step lose the text box (measured with the undo, redo, undo test of test_inserting.py). Paragraphs the
filter styles as plain HTML body text ("Text body") take the document's own body
style when that differs, so new text looks like the text around it, and headings take
the style that carries their outline level in this document (:mod:`.outline_styles`).
Pictures (embedded as ``data:`` URLs by :mod:`marginalia.core.text.html_import`) wider
than the text area are shrunk to its width, their proportions kept.
"""
from __future__ import annotations

import os
import re
import tempfile
from typing import List, Optional, Tuple

import uno
from com.sun.star.beans import PropertyValue

from ...core.agent.tools import ToolError
from ..office.enumeration import elements
from .blocks import Block, body_blocks, has_block, reread_around
from .outline_styles import fit_headings
from .pictures import text_width
from .placement import restyle
from .spans import TextSpan

HTML_FILTER = "HTML (StarWriter)"
HTML_BODY_STYLE = "Text body"
MARKER = "<p>&#8203;</p>"
"""The paragraph imported first, into the host, so that the content's first paragraph keeps its look."""
_BODY = re.compile(r"<body[^>]*>", re.IGNORECASE)


def import_html(document, paragraph_number: int, html: str, body_style: str,
                blocks: Optional[List[Block]] = None) -> Tuple[int, int]:
    """Import ``html`` into the empty paragraph ``paragraph_number``; return the new blocks' first and last numbers.

    Args:
        document: the Writer document.
        paragraph_number: the empty paragraph that receives the content.
        html: a complete HTML document.
        body_style: the paragraph style plain imported paragraphs take.
        blocks: the body's blocks as they are now, when the caller has them (else they are read).

    Raises:
        ToolError: the filter produced nothing (the content had no visible text).
    """
    blocks = body_blocks(document) if blocks is None else blocks
    host = blocks[paragraph_number - 1].obj
    has_block(blocks, paragraph_number + 2)  # read past the stretch reread_around reads again, before the change
    cursor = document.getText().createTextCursorByRange(host.getStart())
    pictures_before = set(document.getGraphicObjects().getElementNames()) if "<img" in html else None
    width = text_width(document, cursor) if pictures_before is not None else 0
    marked = not _holds_objects(host)
    path = _write_temporary(_with_marker(html) if marked else html)
    try:
        cursor.insertDocumentFromURL(uno.systemPathToFileUrl(path), (_property("FilterName", HTML_FILTER),))
    finally:
        os.unlink(path)
    if pictures_before is not None:
        _fit_new_pictures(document, pictures_before, width)
    blocks, added = reread_around(document, blocks, paragraph_number)  # the content went into the host paragraph
    if added <= int(marked):  # nothing, or the marker alone
        host.dispose()
        raise ToolError("The content produced no text to insert (is it empty or only markup?).")
    leftover = blocks[paragraph_number - 1 + added]
    if leftover.kind == "paragraph" and not leftover.obj.getString():
        _remove_empty(document, leftover.obj, after_table=blocks[paragraph_number - 2 + added].kind == "table")
    new_blocks = blocks[paragraph_number - 1 + int(marked):paragraph_number - 1 + added]  # the leftover went
    if marked:
        _remove_marker(document, blocks[paragraph_number - 1].obj)
        added -= 1
    first, last = paragraph_number, paragraph_number + added - 1
    _adopt_body_style(new_blocks, body_style)
    fit_headings(document, [block.obj for block in new_blocks if block.kind == "paragraph"])
    return first, last


def _with_marker(html: str) -> str:
    body = _BODY.search(html)
    return html[:body.end()] + MARKER + html[body.end():] if body else MARKER + html


def _remove_marker(document, marker) -> None:
    """Remove the marker paragraph (the paragraphs around it stay as they are).

    The marker is part of the content just inserted, so it goes without being recorded, even in
    review mode (recorded, its deletion would stay in the document for the user to review).
    """
    recording = bool(document.getPropertyValue("RecordChanges"))
    if recording:
        document.setPropertyValue("RecordChanges", False)
    try:
        marker.dispose()
    finally:
        if recording:
            document.setPropertyValue("RecordChanges", True)


def _holds_objects(paragraph) -> bool:
    """True when something is anchored in ``paragraph`` (to it, at a character of it, or as a character)."""
    if paragraph.createContentEnumeration("com.sun.star.text.TextContent").hasMoreElements():
        return True
    return any(portion.TextPortionType == "Frame" for portion in elements(paragraph.createEnumeration()))


def _fit_new_pictures(document, before, width: int) -> None:
    """Shrink the pictures the import added (those not named in ``before``) to ``width`` (1/100 mm)."""
    pictures = document.getGraphicObjects()
    for name in set(pictures.getElementNames()) - before:
        shape = pictures.getByName(name)
        size = shape.Size
        if width and size.Width > width:
            size.Height, size.Width = int(round(size.Height * width / size.Width)), width
            shape.Size = size


def _remove_empty(document, paragraph, after_table: bool) -> None:
    """Remove the empty ``paragraph`` the import left after the content.

    After a paragraph, by deleting the break before it (the paragraph before keeps its style):
    removing the paragraph object does the same, but after Ctrl+Z and Ctrl+Y of such a step
    LibreOffice 7.4's undo no longer takes it back whole (the last imported paragraph stayed;
    found by ``make test-crash``, also with LibreOffice's own undo manager). After a table the
    object is removed (a no-op where Writer needs the paragraph: at the end of the body).
    """
    if after_table:
        paragraph.dispose()
        return
    cursor = document.getText().createTextCursorByRange(paragraph.getStart())
    if cursor.goLeft(1, True):
        cursor.setString("")


def _adopt_body_style(blocks, body_style: str) -> None:
    if body_style == HTML_BODY_STYLE:
        return
    for block in blocks:
        if block.kind == "paragraph" and block.obj.getPropertyValue("ParaStyleName") == HTML_BODY_STYLE:
            restyle(block.obj, body_style)


def _write_temporary(html: str) -> str:
    handle, path = tempfile.mkstemp(prefix="marginalia-", suffix=".html")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(html)
    return path


def _property(name: str, value) -> PropertyValue:
    prop = PropertyValue()
    prop.Name, prop.Value = name, value
    return prop


def is_whole_paragraphs(blocks, first: int, last: int, text: str) -> bool:
    """True when ``text`` is exactly the text of paragraphs ``first``..``last`` (tables excluded)."""
    parts = [TextSpan.of_range(b.obj).text for b in blocks[first - 1:last] if b.kind == "paragraph"]
    return "\n".join(parts) == text

