"""table_of_contents: insert a table of contents built from the headings, update the indexes, remove one.

A table of contents is an index (a protected section) whose entries Writer makes from the
headings' outline levels, with their page numbers. It goes before a paragraph, so it takes whole
paragraphs of its own (its title and one per entry) and the paragraphs after it move down. Updating
rebuilds every index of the document. Writer does not record an index as a tracked change.
"""
from __future__ import annotations

from typing import List, Literal, Optional

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _, ngettext
from ...core.text.match import quote
from ..office.enumeration import elements, indexed
from .blocks import block_at, block_finder, body_blocks
from .review import require_writable, review_mode

CONTENTS = "com.sun.star.text.ContentIndex"
KINDS = (("com.sun.star.text.ContentIndex", "table of contents"), ("com.sun.star.text.DocumentIndex", "alphabetical index"),
         ("com.sun.star.text.UserIndex", "user index"), ("com.sun.star.text.IllustrationsIndex", "table of figures"),
         ("com.sun.star.text.TableIndex", "index of tables"), ("com.sun.star.text.ObjectIndex", "index of objects"),
         ("com.sun.star.text.Bibliography", "bibliography"))
NOT_TRACKED = " Writer does not record an index as a tracked change, so it was applied directly (Ctrl+Z takes it back)."


@tool(apps=("writer",), changes_document=True)
def table_of_contents(context, action: Literal["insert", "update", "remove", "list"],
                      position: Literal["before", "after", "start", "end"] = Arg(
                          "insert: before or after paragraph N, or at the start or end of the document.",
                          default="before"),
                      paragraph: Optional[int] = Arg("insert: the paragraph it goes before or after.", minimum=1),
                      title: Optional[str] = Arg("insert: its title (default Writer's, e.g. \"Table of Contents\")."),
                      levels: int = Arg("insert: heading levels it lists (1 = only Heading 1; default 3).", default=3,
                                        minimum=1, maximum=10),
                      index: Optional[int] = Arg("remove: which one, as listed (needed when there are several).",
                                                 minimum=1)) -> ToolOutcome:
    """A table of contents made from the document's headings, with page numbers. action "insert": add one
    before or after paragraph N (or at the start or end), listing headings down to levels; "update": rebuild
    every table of contents and index (after headings or pages changed); "remove": delete one with its
    entries; "list": the tables of contents and indexes with their paragraphs. Its entries take paragraph
    numbers of their own: read the document again after inserting or removing one.
    """
    document = context.document
    if action == "list":
        return _list(document)
    if action == "update":
        return _update(context)
    if action == "remove":
        return _remove(context, index)
    return _insert(context, position, paragraph, title, levels)


def _insert(context, position: str, number: Optional[int], title: Optional[str], levels: int) -> ToolOutcome:
    document = context.document
    blocks = body_blocks(document)
    place, before = _place(document, blocks, position, number)
    require_writable(document)
    contents = document.createInstance(CONTENTS)
    contents.setPropertyValue("CreateFromOutline", True)
    contents.setPropertyValue("Level", levels)
    if title is not None:
        contents.setPropertyValue("Title", title)
    document.getText().insertTextContent(place, contents, False)
    contents.update()
    first, last = _paragraphs(document, contents, before)
    entries = _entries(contents, first, last)
    lines = ["Inserted a table of contents titled %s as paragraphs %d–%d, with %d entr%s (headings of levels 1–%d); "
             "the paragraphs after it moved down by %d." % (quote(contents.getPropertyValue("Title")), first, last,
                                                           entries, "y" if entries == 1 else "ies", levels,
                                                           last - first + 1)]
    if not entries:
        lines.append(_no_headings_note(blocks, levels))
    if review_mode(context) or document.getPropertyValue("RecordChanges"):
        lines.append(NOT_TRACKED.strip())
    return ToolOutcome.success(" ".join(lines), _("Inserted a table of contents"))


def _place(document, blocks, position: str, number: Optional[int]):
    """``(a collapsed range the table of contents goes at, the number of the paragraph it goes before)``: it
    lands before the paragraph holding the range (at the document's end that number is not known: None)."""
    if position in ("before", "after") and number is None:
        raise ToolError("position \"%s\" needs paragraph=N." % position)
    if position == "start":
        number, position = 1, "before"
    if position == "end":
        return document.getText().getEnd(), None
    block = block_at(blocks, number)
    if position == "after":
        if number == len(blocks):
            return document.getText().getEnd(), None
        block = block_at(blocks, number + 1)
    if block.kind == "table":
        raise ToolError("Paragraph %d is a table; a table of contents goes before or after a paragraph." % block.number)
    return block.obj.getStart(), block.number


def _paragraphs(document, contents, first: Optional[int] = None):
    """The first and last paragraph numbers of an index (its title and entries), ``first`` if it is known.

    Otherwise found by comparing positions with the body's paragraphs (reading them all: 0.6 s at 500
    pages): walking the body numbered the first paragraph of an index as the one before it
    (``block_numbers``, measured).
    """
    anchor = contents.getAnchor()
    inside = list(elements(document.getText().createTextCursorByRange(anchor).createEnumeration()))
    if first is not None:
        return first, first + len(inside) - 1
    find = block_finder(document, body_blocks(document))
    first, last = find(inside[0]), find(inside[-1])
    return (first.number if first else 0), (last.number if last else 0)


def _entries(item, first: int, last: int) -> int:
    """How many entries an index of paragraphs ``first``..``last`` holds (its title takes one paragraph)."""
    return last - first + (0 if item.getPropertyValue("Title") else 1)


def _no_headings_note(blocks, levels: int) -> str:
    found = sorted({int(b.obj.getPropertyValue("OutlineLevel")) for b in blocks
                    if b.kind == "paragraph" and b.obj.getPropertyValue("OutlineLevel")})
    if not found:
        return ("The document has no headings, so it is empty: give the section titles heading styles (apply_style), "
                "then update it.")
    return ("No heading is at levels 1–%d (the document's headings are at level%s %s): insert it again with levels=%d, "
            "or remove it." % (levels, "" if len(found) == 1 else "s", ", ".join(str(n) for n in found), found[-1]))


def _update(context) -> ToolOutcome:
    document = context.document
    found = indexed(document.getDocumentIndexes())
    if not found:
        raise ToolError("The document has no table of contents or index to update; insert one with action \"insert\".")
    require_writable(document)
    for item in found:
        item.update()
    kinds = _counted([_kind(item) for item in found])
    note = NOT_TRACKED if review_mode(context) or document.getPropertyValue("RecordChanges") else ""
    return ToolOutcome.success("Updated %s from the headings and pages as they are now. Read the document again: its "
                               "entries may have changed in number.%s" % (kinds, note),
                               ngettext("Updated %d index", "Updated %d indexes", len(found)) % len(found))


def _remove(context, number: Optional[int]) -> ToolOutcome:
    document = context.document
    found = indexed(document.getDocumentIndexes())
    if not found:
        raise ToolError("The document has no table of contents or index.")
    if number is None and len(found) > 1:
        raise ToolError("The document has %d tables of contents and indexes; say which with index=N:\n%s"
                        % (len(found), "\n".join(_lines(document, found))))
    if number is not None and number > len(found):
        raise ToolError("There is no index %d; the document has %d." % (number, len(found)))
    chosen = found[(number or 1) - 1]
    first, last = _paragraphs(document, chosen)
    kind, title = _kind(chosen), quote(chosen.getPropertyValue("Title"))
    require_writable(document)
    chosen.dispose()
    note = NOT_TRACKED if review_mode(context) or document.getPropertyValue("RecordChanges") else ""
    return ToolOutcome.success("Removed the %s %s (paragraphs %d–%d); the paragraphs after it moved up by %d.%s"
                               % (kind, title, first, last, last - first + 1, note), _("Removed a table of contents"))


def _list(document) -> ToolOutcome:
    found = indexed(document.getDocumentIndexes())
    if not found:
        return ToolOutcome.success("The document has no table of contents or index.", _("No table of contents"))
    return ToolOutcome.success("\n".join(_lines(document, found)),
                               ngettext("Listed %d index", "Listed %d indexes", len(found)) % len(found))


def _lines(document, found) -> List[str]:
    lines = []
    for number, item in enumerate(found, 1):
        first, last = _paragraphs(document, item)
        entries = _entries(item, first, last)
        lines.append("%d. %s %s: paragraphs %d–%d, %d entr%s" % (
            number, _kind(item), quote(item.getPropertyValue("Title")), first, last, entries,
            "y" if entries == 1 else "ies"))
    return lines


def _kind(item) -> str:
    for service, name in KINDS:
        if item.supportsService(service):
            return name
    return "index"


def _counted(kinds: List[str]) -> str:
    names = []
    for kind in dict.fromkeys(kinds):
        count = kinds.count(kind)
        names.append("the %s" % kind if count == 1 else "%d %s" % (count, kind.replace("table of", "tables of")
                                                                       .replace("index", "indexes")))
    return " and ".join(names)


TOOLS = [table_of_contents]
