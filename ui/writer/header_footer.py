"""header_footer: write the header or footer of the pages, with fields (page number, page count, date…).

A header belongs to a page style (see :mod:`.page_styles`); every page style the document uses
gets the same text unless one is named. The text replaces the header's, or goes in as new lines
at its start or end; placeholders become fields (:mod:`.field_kinds`). A header that is off is
switched on, and ``pages`` "first", "left" or "right" give those pages their own header first
(:mod:`.page_undo` makes these switches undoable). Editing a few words of an existing header is
other_text's work.
"""
from __future__ import annotations

from typing import List, Literal, Optional

from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from ...core.text.match import quote
from ..office.enumeration import elements
from .field_kinds import described_pieces, make_field, pieces, read_with_placeholders, shows_nothing
from .page_styles import display_name, resolve_page_style, styles_in_use
from .page_undo import change_page_style
from .review import editing, review_mode
from .text_ops import insert_plain

PAGES = {"all": "", "first": "First", "left": "Left", "right": "Right"}
ALIGNMENTS = {"left": 0, "right": 1, "center": 3}  # ParaAdjust
ALIGNED = {"left": "aligned left", "center": "centred", "right": "aligned right"}
LEFT_RIGHT = ("Left and right pages of %s share one %s, and LibreOffice cannot undo giving them their own safely (it "
              "keeps the left one's text when they share again, which leaves an undo of earlier changes misplaced), "
              "so it is not done here. Write it with pages \"all\"; the user can untick \"Same content on left and "
              "right pages\" under Format ▸ Page Style, after which pages \"left\" and \"right\" write each.")


@tool(apps=("writer",), changes_document=True)
def header_footer(context, kind: Literal["header", "footer"],
                  content: str = Arg("The text. {page}, {pages}, {date}, {time}, {title}, {author} and {file_name} "
                                     "become fields that stay up to date, e.g. \"Page {page} of {pages}\". \"\" "
                                     "empties it. A line break starts a new line (paragraph)."),
                  pages: Literal["all", "first", "left", "right"] = Arg(
                      "all (default): the pages' header; first: the first page's own (made if needed); left/right: "
                      "left or right pages' own, where they already have their own.", default="all"),
                  position: Literal["replace", "start", "end"] = Arg(
                      "replace (default) the whole text, or add the lines at its start or end.", default="replace"),
                  alignment: Optional[Literal["left", "center", "right"]] = Arg("Alignment of the lines written."),
                  page_style: Optional[str] = Arg("Only this page style (default: every page style in use).")
                  ) -> ToolOutcome:
    """Write the header or footer of the pages: its whole text, or lines added at its start or end, with fields
    that stay up to date (page number, page count, date, time, title, author, file name), aligned left, centred
    or right. A header or footer that is off is switched on. pages "first" gives the first page its own
    (content "" leaves the first page without one), "left"/"right" write left or right pages' own header where the
    document has them. To change a few words of an existing header use other_text.
    """
    document = context.document
    parts = pieces(content)
    targets = [resolve_page_style(document, page_style)] if page_style else styles_in_use(document)
    plans = [(style, _switches(style, kind, pages)) for _name, style in targets]
    if position == "replace":
        for style, switches in plans:
            _check_replaceable(style, kind, pages, switches)
    suffix = kind.capitalize() + "Text" + PAGES[pages]
    with editing(context):
        for style, switches in plans:
            if switches:
                change_page_style(document, style, switches, "%s of %s" % (kind.capitalize(), display_name(style)))
            xtext = style.getPropertyValue(suffix)
            written = _write(document, xtext, parts, position)
            if alignment:
                for paragraph in written:
                    paragraph.setPropertyValue("ParaAdjust", ALIGNMENTS[alignment])
    return _answer(context, kind, pages, position, alignment, plans, parts, suffix)


def _switches(style, kind: str, pages: str) -> dict:
    """The page style changes the header needs first: switched on, and its own for first or left/right pages."""
    get = style.getPropertyValue
    result = {}
    if not get(kind.capitalize() + "IsOn"):
        result[kind.capitalize() + "IsOn"] = True
    if pages == "first" and get("FirstIsShared") is not False:
        result["FirstIsShared"] = False
    if pages in ("left", "right") and get(kind.capitalize() + "IsShared") is not False:
        raise ToolError(LEFT_RIGHT % (display_name(style), kind))
    return result


def _check_replaceable(style, kind: str, pages: str, switches: dict) -> None:
    """Refuse to replace a header holding a table, an image or a frame (it would be deleted with the text)."""
    if switches:
        return  # a header switched on now, or a copy made now for the first or left pages: nothing to lose
    xtext = style.getPropertyValue(kind.capitalize() + "Text" + PAGES[pages])
    if _holds_objects(xtext):
        raise ToolError("The %s of %s holds a table, an image or a frame, which replacing its text would delete. "
                        "Add the lines with position \"start\" or \"end\", or change its words with other_text."
                        % (kind, quote(display_name(style))))


def _holds_objects(xtext) -> bool:
    """True when ``xtext`` holds a table, or an image or frame (in a line, or anchored to a paragraph)."""
    for paragraph in elements(xtext.createEnumeration()):
        if not paragraph.supportsService("com.sun.star.text.Paragraph"):
            return True
        if paragraph.createContentEnumeration("com.sun.star.text.TextContent").hasMoreElements():
            return True
        if any(portion.getPropertyValue("TextPortionType") == "Frame"
               for portion in elements(paragraph.createEnumeration())):
            return True
    return False


def _write(document, xtext, parts, position: str) -> List:
    """Write ``parts`` into ``xtext`` at ``position``; return the paragraphs written."""
    before = [p for p in elements(xtext.createEnumeration())]
    empty = len(before) == 1 and not xtext.getString()
    cursor = xtext.createTextCursor()
    if position == "replace" or empty:
        cursor.gotoStart(False)
        cursor.gotoEnd(True)
        cursor.setString("")
        cursor.collapseToEnd()  # while changes are recorded the deleted text stays
    elif position == "start":
        cursor.gotoStart(False)
        xtext.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
        cursor.gotoStart(False)
    else:
        cursor.gotoEnd(False)
        xtext.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
    for part in parts:
        if isinstance(part, tuple):
            xtext.insertTextContent(cursor, make_field(document, part[0]), False)
        else:
            insert_plain(xtext, cursor, part)
    after = [p for p in elements(xtext.createEnumeration())]
    lines = sum(part.count("\n") for part in parts if isinstance(part, str)) + 1
    return after[:lines] if position == "start" and not empty else after[-lines:]


def _answer(context, kind: str, pages: str, position: str, alignment: Optional[str], plans, parts,
            suffix: str) -> ToolOutcome:
    which = {"all": "", "first": "first page's ", "left": "left pages' ", "right": "right pages' "}[pages]
    verb = {"replace": "Wrote", "start": "Added at the start of", "end": "Added at the end of"}[position]
    lines = []
    for style, switches in plans:
        notes = []
        if kind.capitalize() + "IsOn" in switches:
            notes.append("switched on")
        if "FirstIsShared" in switches:
            notes.append("the first page has its own header and footer now")
        shows = read_with_placeholders(style.getPropertyValue(suffix))
        lines.append("%s the %s%s of %s%s: it reads %s." % (
            verb, which, kind, quote(display_name(style)), " (%s)" % "; ".join(notes) if notes else "",
            quote(shows, 200) if shows.strip(" /") else "nothing"))
        lines.extend(_kept_apart(style, kind, pages))
    written = described_pieces(parts)
    extra = [" Written: %s%s." % (written, ", " + ALIGNED[alignment] if alignment else ""),
             shows_nothing(context.document, [part[0] for part in parts if isinstance(part, tuple)])]
    if review_mode(context) or context.document.getPropertyValue("RecordChanges"):
        extra.append(" The text is recorded as a tracked change; switching a header or footer on is not (Writer "
                     "does not track page styles).")
    return ToolOutcome.success(" ".join(lines) + "".join(extra),
                               (_("Wrote the header") if kind == "header" else _("Wrote the footer")) + ": " + written)


def _kept_apart(style, kind: str, pages: str) -> List[str]:
    """Notes on the pages of the style that keep a header of their own (not written by an "all" call)."""
    if pages != "all":
        return []
    get = style.getPropertyValue
    notes = []
    if get("FirstIsShared") is False:
        notes.append("The first page keeps its own %s (pages \"first\")." % kind)
    if get(kind.capitalize() + "IsShared") is False:
        notes.append("Left pages keep their own %s (pages \"left\")." % kind)
    return notes


TOOLS = [header_footer]
