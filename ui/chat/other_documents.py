"""Reading another open document: the tool that lets a turn use a second document's content.

A turn changes only its own document (one undo step covers it), so the other document is
read, never written: its text reads as ``get_document`` shows it, its cells as ``read_range``
shows them, through those tools' own functions; a presentation or drawing reads in short
(each slide's title, text and notes: :mod:`marginalia.ui.slides.in_short`).
"""
from __future__ import annotations

from typing import List, Optional, Union

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolContext, ToolError, ToolOutcome
from ...core.i18n import _, ngettext
from ..calc.addresses import active_sheet, range_of_address, used_area
from ..calc.reading import read_range
from ..office.open_documents import OpenDocument, called, named, open_documents, open_ones
from ..slides.in_short import in_short
from ..writer.reading import get_document
from ..writer.tables import tables

LISTED_BY = "read_other_document without a title"
KINDS = {"writer": "text document", "calc": "spreadsheet", "impress": "presentation", "draw": "drawing"}
OWN_READER = {"writer": "get_document", "calc": "read_range", "impress": "get_presentation",
              "draw": "get_presentation"}


@tool(apps=("writer", "calc", "impress", "draw"))
def read_other_document(
        context,
        title: Optional[str] = Arg("The other document's title as listed (with or without its extension), or its "
                                   "path. Omit to list the other open documents."),
        range: Optional[str] = Arg("For a spreadsheet: a range such as Sheet2.A1:C10, a sheet's name (its used "
                                   "area) or a named range. Omit for the used area of its active sheet."),
        from_paragraph: int = Arg("For a text document: the first paragraph to show (long documents come in "
                                  "pages).", default=1, minimum=1),
        table: Union[str, int, None] = Arg("For a text document: read this table whole (its name, e.g. Table1, or "
                                           "its paragraph number), cell by cell as the tables tool reads it."),
        from_slide: int = Arg("For a presentation or drawing: the first slide (page) to show (long decks come "
                              "in parts).", default=1, minimum=1)
        ) -> ToolOutcome:
    """Read another open document (Writer, Calc, Impress or Draw), to use its content in this one. Without
    'title' it lists the other open documents with their titles. A text document reads as get_document shows
    it (numbered paragraphs, the first rows of its tables; 'table' reads one whole), a spreadsheet's cells as
    read_range shows them (values and formulas), a presentation or drawing slide by slide in short (title,
    text with list levels, speaker notes). Read-only: the other document cannot be changed from here (this
    turn's undo covers only this document); write what you read into this document with its own tools.
    """
    documents = open_documents(context.office)
    others = [document for document in documents if document.model != context.document and document.kind in KINDS]
    if not title or not title.strip():
        return _listing(others)
    if any(document.model == context.document for document in called(documents, title)) and \
            not called(others, title):
        raise ToolError("'%s' is this document: read it with %s. %s" % (
            title, OWN_READER.get(context.app, "get_document"), _others_sentence(others)))
    other = named(others, title, LISTED_BY)
    if other.kind in ("impress", "draw"):
        if from_paragraph != 1:
            raise ToolError("'%s' is a %s: it has slides, not paragraphs; use from_slide." % (
                other.title, KINDS[other.kind]))
        return _read_slides(other, from_slide, range, table)
    if from_slide != 1:
        raise ToolError("'%s' is a %s: from_slide is for presentations and drawings; omit it." % (
            other.title, KINDS[other.kind]))
    if other.kind == "calc":
        if table is not None:
            raise ToolError("'%s' is a spreadsheet: read its cells with 'range', not 'table'." % other.title)
        return _read_cells(context, other, range)
    if range:
        raise ToolError("'%s' is a text document: it has no cell ranges; omit 'range'." % other.title)
    if table is not None:
        return _read_table(context, other, table)
    return _read_text(context, other, from_paragraph)


def _listing(others: List[OpenDocument]) -> ToolOutcome:
    if not others:
        return ToolOutcome.success("No other Writer, Calc, Impress or Draw document is open; only this one.",
                                   _("No other document is open"))
    lines = ["%d other open document%s (read one with read_other_document title=…):" % (
        len(others), "" if len(others) == 1 else "s")]
    lines.extend("- '%s' (%s)%s" % (d.title, KINDS[d.kind], ", " + d.path if d.path else "") for d in others)
    return ToolOutcome.success("\n".join(lines), ngettext("Listed %d other open document",
                                                          "Listed %d other open documents", len(others)) % len(others))


def _others_sentence(others: List[OpenDocument]) -> str:
    return open_ones(others).replace("Open documents", "Other open documents") if others else \
        "No other document is open."


def _read_text(context, other: OpenDocument, from_paragraph: int) -> ToolOutcome:
    read = get_document.handler(_context_of(context, other), {"from_paragraph": from_paragraph})
    content = read.content.replace("Continue with get_document ", "Continue with read_other_document title='%s' "
                                   % other.title).replace("(read or edit its cells with the tables tool)",
                                                          "(read it whole with read_other_document table=…)")
    head = ("'%s' (a text document, read-only from here). Its paragraph numbers are its own: this document's "
            "tools do not reach it." % other.title)
    return ToolOutcome.success(head + "\n" + content, _("Read %s from %s") % (_paragraph_range(read.content),
                                                                              other.title))


def _read_slides(other: OpenDocument, from_slide: int, wanted_range: Optional[str],
                 table: Union[str, int, None]) -> ToolOutcome:
    kind = KINDS[other.kind]
    if wanted_range or table is not None:
        raise ToolError("'%s' is a %s: it has no %s; omit '%s' (read it slide by slide with from_slide)." % (
            other.title, kind, "cell ranges" if wanted_range else "tables to read whole",
            "range" if wanted_range else "table"))
    read = in_short(other.model, from_slide)
    word = "slide" if read.presentation else "page"
    if not read.lines:
        raise ToolError("'%s' has %d %ss; there is no %s %d." % (other.title, read.count, word, word, from_slide))
    head = "'%s' (a %s of %d %s%s, read-only from here; this document's tools do not reach it)." % (
        other.title, kind, read.count, word, "" if read.count == 1 else "s")
    lines = [head] + read.lines
    if read.last < read.count:
        lines.append("(%ss %d–%d of %d shown; continue with read_other_document title='%s' from_slide=%d.)" % (
            word.capitalize(), read.first, read.last, read.count, other.title, read.last + 1))
    summary = (_("Read slides %d–%d from %s") if read.presentation else _("Read pages %d–%d from %s")) % (
        read.first, read.last, other.title)
    return ToolOutcome.success("\n".join(lines), summary)


def _read_table(context, other: OpenDocument, table: Union[str, int]) -> ToolOutcome:
    read = tables.handler(_context_of(context, other), {"action": "read", "table": table})
    head = "'%s' (a text document, read-only from here)." % other.title
    return ToolOutcome.success(head + "\n" + read.content, _("Read a table from %s") % other.title)


def _paragraph_range(content: str) -> str:
    for line in content.splitlines():
        if line.startswith("Paragraphs ") and line.endswith(":"):
            return _("paragraphs %s") % line[len("Paragraphs "):-1]
    return _("the text")


def _read_cells(context, other: OpenDocument, wanted: Optional[str]) -> ToolOutcome:
    document = other.model
    address = _address(document, wanted)
    sheets = list(document.getSheets().getElementNames())
    head = ("'%s' (a spreadsheet, read-only from here; sheets: %s)." % (other.title, ", ".join(sheets)))
    if address is None:
        return ToolOutcome.success("%s %s is empty." % (head, "Its active sheet" if not wanted else wanted),
                                   _("Read %s from %s (empty)") % (wanted or _("the active sheet"), other.title))
    read = read_range.handler(_context_of(context, other), {"range": address})
    content = read.content.replace(" for the rest.", " for the rest (read_other_document title='%s' range=…)."
                                   % other.title)
    return ToolOutcome.success(head + "\n" + content, _("Read %s from %s") % (address, other.title))


def _address(document, wanted: Optional[str]) -> Optional[str]:
    """The address to read for ``wanted`` (None: the active sheet; a sheet's name; a named range; a range);
    None when the sheet asked for is empty."""
    if not wanted or not wanted.strip():
        used = used_area(active_sheet(document))
        return used.label() if used else None
    wanted = wanted.strip()
    sheets = document.getSheets()
    for name in sheets.getElementNames():
        if name.lower() == wanted.strip("'").lower():
            used = used_area(sheets.getByName(name))
            return used.label() if used else None
    names = document.getPropertyValue("NamedRanges")
    for name in names.getElementNames():
        if name.lower() == wanted.lower():
            return _named_range(document, names.getByName(name))
    return wanted


def _named_range(document, entry) -> str:
    cells = entry.getReferredCells()
    if cells is None:
        raise ToolError("The named range '%s' is not a cell range (it is %s)." % (entry.getName(), entry.getContent()))
    address = cells.getRangeAddress()
    return range_of_address(document.getSheets().getByIndex(address.Sheet), address).label()


def _context_of(context, other: OpenDocument) -> ToolContext:
    return ToolContext(document=other.model, app=other.kind, office=context.office, options=dict(context.options))


TOOLS = [read_other_document]
