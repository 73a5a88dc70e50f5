"""bookmarks: mark words or a paragraph with a named bookmark, list the bookmarks, delete one.

A bookmark names a place of the text (a heading, a table's caption) so that a cross-reference
(the fields tool, kind "reference") can show its page number, its text or whether it is above or
below. Names are unique: LibreOffice renames a bookmark whose name is taken ("Results Copy 1"), so
such a call is refused before anything changes. Bookmarks whose names start with "_" are hidden
ones (Word's ``_GoBack`` and ``_Toc…``, LibreOffice's ``__RefHeading__…``) and are not listed.
Writer does not record bookmarks as tracked changes, which the answer says in review mode.
"""
from __future__ import annotations

import difflib
from typing import List, Literal, Optional

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _, ngettext
from ...core.text.match import quote
from .blocks import body_blocks, paragraph_at
from .body_walk import block_numbers
from .locate import MATCH_CASE, OCCURRENCE, Where, find_targets
from .review import require_writable, review_mode

NOT_TRACKED = (" Writer does not record bookmarks as tracked changes, so it was done directly (Ctrl+Z takes it "
               "back).")
LISTED = 200


@tool(apps=("writer",), changes_document=True)
def bookmarks(context, action: Literal["insert", "delete", "list"],
              name: Optional[str] = Arg("insert/delete: the bookmark's name (unique in the document).",
                                        min_length=1, max_length=100),
              text: Optional[str] = Arg("insert: the words the bookmark marks, as they read now."),
              paragraph: Optional[int] = Arg("insert: look for the words in this paragraph; without text, the "
                                             "bookmark marks the whole paragraph (e.g. a heading).", minimum=1),
              occurrence: Optional[int] = OCCURRENCE,
              match_case: bool = MATCH_CASE) -> ToolOutcome:
    """Bookmarks: named places a cross-reference can point at (fields kind "reference" shows their page number,
    text, or above/below). action "insert": mark words named like replace_text's old_text (in paragraph=N or
    unique in the document), or the whole of paragraph N, with a new name. "delete": remove the bookmark (the
    text stays). "list": the bookmarks with their paragraphs and the words they mark.
    """
    document = context.document
    if action == "list":
        return _list(document)
    if not name or not name.strip():
        raise ToolError("Give name: the bookmark's name.")
    name = name.strip()
    if action == "delete":
        return _delete(context, name)
    return _insert(context, name, text, paragraph, occurrence, match_case)


def _insert(context, name: str, text: Optional[str], paragraph: Optional[int], occurrence: Optional[int],
            match_case: bool) -> ToolOutcome:
    document = context.document
    marks = document.getBookmarks()
    if marks.hasByName(name):
        raise ToolError("There is a bookmark %s already (in %s); choose another name, or delete it first."
                        % (quote(name), _where(document, marks.getByName(name))))
    blocks = body_blocks(document)
    if text:
        match = find_targets(document, blocks, Where(paragraph, False, occurrence, False, match_case), text)[0]
        xtext, cursor = match.span.xtext, match.span.cursor(match.start, match.end)
        where = "%s in %s" % (quote(text, 80), match.where)
    elif paragraph is not None:
        block = paragraph_at(blocks, paragraph)
        xtext = block.obj.getText()
        cursor = xtext.createTextCursorByRange(block.obj)
        where = "paragraph %d (%s)" % (paragraph, quote(block.obj.getString(), 80))
    else:
        raise ToolError("Say what the bookmark marks: text (the words), or paragraph=N for a whole paragraph.")
    require_writable(document)
    mark = document.createInstance("com.sun.star.text.Bookmark")
    mark.setName(name)
    xtext.insertTextContent(cursor, mark, True)
    if mark.getName() != name:  # LibreOffice renamed it: take it out again rather than report another name
        xtext.removeTextContent(mark)
        raise ToolError("LibreOffice would not name the bookmark %s; choose another name." % quote(name))
    return ToolOutcome.success("Inserted the bookmark %s on %s. A cross-reference to it: fields with kind "
                               "\"reference\" and bookmark %s.%s" % (quote(name), where, quote(name), _note(context)),
                               _("Inserted the bookmark %s") % name)


def _delete(context, name: str) -> ToolOutcome:
    document = context.document
    mark = named_bookmark(document, name)
    marked, where = mark.getAnchor().getString(), _where(document, mark)
    require_writable(document)
    mark.getAnchor().getText().removeTextContent(mark)
    return ToolOutcome.success("Deleted the bookmark %s (in %s, on %s); the text stays. Cross-references to it now "
                               "show an error until they are deleted.%s" % (quote(name), where, quote(marked, 80),
                                                                            _note(context)),
                               _("Deleted the bookmark %s") % name)


def named_bookmark(document, name: str):
    """The bookmark called ``name`` (or a refusal naming the close ones)."""
    marks = document.getBookmarks()
    if marks.hasByName(name):
        return marks.getByName(name)
    visible = visible_names(document)
    close = difflib.get_close_matches(name, visible, n=4, cutoff=0.5)
    hint = (" Did you mean %s?" % ", ".join(quote(c) for c in close)) if close else (
        " The document's bookmarks: %s." % ", ".join(quote(n) for n in visible[:20]) if visible
        else " The document has no bookmarks; insert one with bookmarks action \"insert\".")
    raise ToolError("There is no bookmark %s.%s" % (quote(name), hint))


def visible_names(document) -> List[str]:
    """The names of the bookmarks a user sees (hidden ones start with "_")."""
    return [name for name in document.getBookmarks().getElementNames() if not name.startswith("_")]


def _list(document) -> ToolOutcome:
    names = visible_names(document)
    if not names:
        return ToolOutcome.success("The document has no bookmarks.", _("No bookmarks"))
    marks = [document.getBookmarks().getByName(name) for name in names[:LISTED]]
    numbers = block_numbers(document, [mark.getAnchor() for mark in marks])
    lines = ["%d bookmark%s:" % (len(names), "" if len(names) == 1 else "s")]
    for name, mark, number in zip(names, marks, numbers):
        where = "paragraph %d" % number if number else "outside the body"
        marked = mark.getAnchor().getString()
        lines.append("- %s (%s): %s" % (quote(name), where, quote(marked, 80) if marked else "a place, no words"))
    if len(names) > LISTED:
        lines.append("(%d more not shown)" % (len(names) - LISTED))
    return ToolOutcome.success("\n".join(lines),
                               ngettext("Listed %d bookmark", "Listed %d bookmarks", len(names)) % len(names))


def _where(document, mark) -> str:
    number = block_numbers(document, [mark.getAnchor()])[0]
    return "paragraph %d" % number if number else "a header, footer, frame or note"


def _note(context) -> str:
    return NOT_TRACKED if review_mode(context) or context.document.getPropertyValue("RecordChanges") else ""


TOOLS = [bookmarks]
