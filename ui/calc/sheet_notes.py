"""Cell comments ("notes" in LibreOffice): where they are, and the ``cell_comments`` tool.

The summary says how many comments a sheet has and where; ``cell_comments`` lists them
with their author, date and text, adds one to a cell, or removes them.
"""
from __future__ import annotations

from typing import List, Literal, Optional

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.calc.cell_address import cell_name
from ...core.i18n import _, ngettext
from ...core.text.match import quote
from ..office.enumeration import indexed
from .addresses import resolve, sheet_by_name
from .guards import ensure_sheet_unprotected

MAX_WHERE = 12
MAX_LISTED = 100


class Note:
    """One comment as read from the sheet."""

    def __init__(self, sheet_name: str, annotation):
        position = annotation.getPosition()
        self.column, self.row = position.Column, position.Row
        self.sheet = sheet_name
        self.author = annotation.getAuthor()
        self.date = annotation.getDate()
        self.text = annotation.getString()

    @property
    def cell(self) -> str:
        """The cell's A1 name."""
        return cell_name(self.column, self.row)


def notes_on(sheet, within=None) -> List[Note]:
    """The comments of ``sheet`` in reading order (only those inside the RangeRef ``within``, if given)."""
    annotations = sheet.getAnnotations()
    notes = [Note(sheet.getName(), annotation) for annotation in indexed(annotations)]
    if within is not None:
        notes = [n for n in notes if within.start_column <= n.column <= within.end_column
                 and within.start_row <= n.row <= within.end_row]
    return sorted(notes, key=lambda note: (note.row, note.column))


def note_lines(sheet) -> List[str]:
    """The summary's line about comments (empty when the sheet has none)."""
    notes = notes_on(sheet)
    if not notes:
        return []
    where = ", ".join(note.cell for note in notes[:MAX_WHERE]) + (", …" if len(notes) > MAX_WHERE else "")
    return ["Cell comments: %d (%s); read them with cell_comments." % (len(notes), where)]


@tool(apps=("calc",), changes_document=True)
def cell_comments(context, action: Literal["list", "add", "remove"],
                  range: Optional[str] = Arg("list: optional range; add: one cell; remove: the range."),
                  sheet: Optional[str] = Arg("list without range: sheet name (default: the active one)."),
                  text: Optional[str] = Arg("add: the comment.")) -> ToolOutcome:
    """Cell comments. action "list": every comment with its cell, author, date and text (of a range, or of a
    whole sheet). "add": add text as a comment to one cell (range). "remove": remove every comment in range.
    """
    if action == "list":
        return _list(context.document, range, sheet)
    if action == "add":
        return _add(context.document, range, text)
    return _remove(context.document, range)


def _list(document, range_text: Optional[str], sheet_name: Optional[str]) -> ToolOutcome:
    if range_text:
        target = resolve(document, range_text)
        sheet, within, where = target.sheet, target.ref, target.label
    else:
        sheet = sheet_by_name(document, sheet_name)
        within, where = None, "sheet '%s'" % sheet.getName()
    notes = notes_on(sheet, within)
    if not notes:
        return ToolOutcome.success("No cell comments in %s." % where, _("No comments"))
    lines = ["%d cell comment(s) in %s:" % (len(notes), where)]
    for note in notes[:MAX_LISTED]:
        by = " (%s%s)" % (note.author or "unknown author", ", " + note.date if note.date else "")
        lines.append("- %s%s: %s" % (note.cell, by, note.text.replace("\n", " / ")))
    if len(notes) > MAX_LISTED:
        lines.append("… and %d more: list a smaller range." % (len(notes) - MAX_LISTED))
    return ToolOutcome.success("\n".join(lines), ngettext("Read %d comment", "Read %d comments", len(notes))
                               % len(notes))


def _single_cell(document, range_text: Optional[str]):
    if not range_text:
        raise ToolError("Give range: the cell the comment belongs to, such as B3.")
    target = resolve(document, range_text)
    if not target.ref.is_single_cell:
        raise ToolError("A comment belongs to one cell; give a single cell such as %s."
                        % cell_name(target.ref.start_column, target.ref.start_row))
    return target


def _add(document, range_text: Optional[str], text: Optional[str]) -> ToolOutcome:
    text = (text or "").strip()
    if not text:
        raise ToolError("Give text: the comment to add.")
    target = _single_cell(document, range_text)
    ensure_sheet_unprotected(target.sheet, "add a comment")
    cell = target.sheet.getCellByPosition(target.ref.start_column, target.ref.start_row)
    if cell.getAnnotation().getString():
        raise ToolError("%s already has a comment (%s); remove it first or choose another cell."
                        % (target.label, quote(cell.getAnnotation().getString(), 60)))
    target.sheet.getAnnotations().insertNew(cell.getCellAddress(), text)
    return ToolOutcome.success("Added a comment to %s." % target.label, _("Commented %s") % target.label)


def _remove(document, range_text: Optional[str]) -> ToolOutcome:
    if not range_text:
        raise ToolError("Give range: the cell or range whose comments to remove.")
    target = resolve(document, range_text)
    ensure_sheet_unprotected(target.sheet, "remove comments")
    annotations = target.sheet.getAnnotations()
    removed = 0
    for index in reversed(range(annotations.getCount())):
        position = annotations.getByIndex(index).getPosition()
        ref = target.ref
        if ref.start_column <= position.Column <= ref.end_column and ref.start_row <= position.Row <= ref.end_row:
            annotations.removeByIndex(index)
            removed += 1
    if not removed:
        return ToolOutcome.success("No comments in %s; nothing removed." % target.label, _("No comments"))
    return ToolOutcome.success("Removed %d comment(s) in %s." % (removed, target.label),
                               ngettext("Removed %d comment", "Removed %d comments", removed) % removed)


TOOLS = [cell_comments]
