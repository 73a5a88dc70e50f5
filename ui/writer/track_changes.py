"""track_changes: switch recording, list tracked changes, accept or reject them.

LibreOffice 7.x has no API call to accept one change, so a single change is
accepted or rejected the way a user does it: its range is selected and the
"Accept/Reject Change" command runs; the user's selection is restored afterwards.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Literal, Optional

from ...core.i18n import _, ngettext
from ...core.text.match import quote, same_text
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ..office.dispatch import dispatch
from ..office.enumeration import elements
from .block_info import change_count
from .body_walk import block_numbers
from .review import editing, require_writable, review_mode

KINDS = {"Insert": "inserted", "Delete": "deleted", "Format": "formatted", "ParagraphFormat": "paragraph format",
         "TextTable": "table", "Table": "table"}


@dataclass
class Change:
    """One tracked change, numbered in document order."""

    number: int
    redline: Any
    kind: str
    text: str
    paragraph: int


def all_changes(document) -> List[Change]:
    """The tracked changes of the document, numbered from 1."""
    redlines = list(elements(document.getRedlines().createEnumeration()))
    starts = [redline.getPropertyValue("RedlineStart") for redline in redlines]
    placed = [index for index, start in enumerate(starts) if start is not None]
    numbers = dict(zip(placed, block_numbers(document, [starts[index] for index in placed])))
    changes = []
    for index, (redline, start) in enumerate(zip(redlines, starts)):
        kind = redline.getPropertyValue("RedlineType")
        changes.append(Change(index + 1, redline, KINDS.get(kind, kind), _text_of(redline, start),
                              numbers.get(index) or 0))
    return changes


def _text_of(redline, start) -> str:
    try:
        cursor = start.getText().createTextCursorByRange(start)
        cursor.gotoRange(redline.getPropertyValue("RedlineEnd"), True)
        return cursor.getString()
    except Exception:
        return ""


@tool(apps=("writer",), changes_document=True)
def track_changes(context, action: Literal["status", "start", "stop", "list", "accept", "reject"],
                  number: Optional[int] = Arg("accept/reject: the change's number.", minimum=1),
                  text: Optional[str] = Arg("accept/reject: the change's text as listed."),
                  all: bool = Arg("accept/reject: every change.", default=False)) -> ToolOutcome:
    """Tracked changes (redlines). action "status": whether edits are recorded and how many changes wait.
    "start"/"stop": switch recording of edits. "list": every change with its number, kind (inserted, deleted,
    formatted), author and text. "accept"/"reject": change number=N (give its text as listed, to be sure) or
    all=true.
    """
    document = context.document
    if action in ("start", "stop"):
        require_writable(document)
        document.setPropertyValue("RecordChanges", action == "start")
        state = "now recorded as tracked changes" if action == "start" else "no longer recorded"
        return ToolOutcome.success("Edits are %s." % state, _("Change tracking on") if action == "start"
                                   else _("Change tracking off"))
    if action == "status":
        return _status(context)
    if action == "list":
        return _list(document)
    if all:
        return _decide_all(context, action)
    return _decide_numbered(context, action, number, text)


def _status(context) -> ToolOutcome:
    document = context.document
    recording = document.getPropertyValue("RecordChanges")
    count = change_count(document)
    text = "Recording changes: %s. Tracked changes in the document: %d. Review mode (your edits recorded for the " \
           "user to accept or reject): %s." % ("yes" if recording else "no", count,
                                               "on" if review_mode(context) else "off")
    return ToolOutcome.success(text, ngettext("%d tracked change", "%d tracked changes", count) % count)


def _list(document) -> ToolOutcome:
    changes = all_changes(document)
    if not changes:
        return ToolOutcome.success("The document has no tracked changes.", _("No tracked changes"))
    lines = ["%d tracked change%s:" % (len(changes), "" if len(changes) == 1 else "s")]
    for change in changes:
        redline = change.redline
        when = redline.getPropertyValue("RedlineDateTime")
        date = " %04d-%02d-%02d" % (when.Year, when.Month, when.Day) if when and when.Year else ""
        where = "paragraph %d" % change.paragraph if change.paragraph else "outside the body"
        comment = redline.getPropertyValue("RedlineComment")
        lines.append("#%d %s in %s by %s%s: %s%s" % (
            change.number, change.kind, where, redline.getPropertyValue("RedlineAuthor") or "unknown", date,
            quote(change.text, 200), " (note: %s)" % quote(comment, 100) if comment else ""))
    return ToolOutcome.success("\n".join(lines), ngettext("Listed %d tracked change", "Listed %d tracked changes",
                                                          len(changes)) % len(changes))


def _decide_all(context, action: str) -> ToolOutcome:
    document = context.document
    count = change_count(document)
    if not count:
        return ToolOutcome.success("There are no tracked changes to %s." % action, _("No tracked changes"))
    with editing(context):
        _dispatch(context, ".uno:%sAllTrackedChanges" % action.capitalize())
    left = change_count(document)
    return ToolOutcome.success("%s all %d tracked changes.%s" % (
        _verb(action), count, " %d could not be decided." % left if left else ""),
        _("Accepted all tracked changes") if action == "accept" else _("Rejected all tracked changes"))


def _decide_numbered(context, action: str, number: Optional[int], expected: Optional[str]) -> ToolOutcome:
    document = context.document
    changes = all_changes(document)
    change = _chosen(changes, number, expected)
    with editing(context):
        _decide_one(context, document, change, action)
    if change_count(document) >= len(changes):
        raise ToolError("LibreOffice did not %s change #%d." % (action, change.number))
    return ToolOutcome.success("%s change #%d (%s %s). The other changes are numbered again from 1." % (
        _verb(action), change.number, change.kind, quote(change.text, 80)),
        (_("Accepted change #%d") if action == "accept" else _("Rejected change #%d")) % change.number)


def _verb(action: str) -> str:
    return "Accepted" if action == "accept" else "Rejected"


def _chosen(changes: List[Change], number: Optional[int], expected: Optional[str]) -> Change:
    """The change ``number`` names, if it still reads ``expected`` (when given)."""
    if number is None:
        raise ToolError("Say which change: number=N from the list (with text=its text), or all=true.")
    if not 1 <= number <= len(changes):
        raise ToolError("There is no change #%d; the document has %d tracked change%s. List them again."
                        % (number, len(changes), "" if len(changes) == 1 else "s"))
    change = changes[number - 1]
    if expected is not None and not same_text(change.text, expected):
        raise ToolError("Change #%d is now %s %s, not %s. List the changes again." % (
            number, change.kind, quote(change.text, 120), quote(expected, 80)))
    return change


def _decide_one(context, document, change: Change, action: str) -> None:
    controller = document.getCurrentController()
    saved = controller.getSelection()
    start = change.redline.getPropertyValue("RedlineStart")
    cursor = start.getText().createTextCursorByRange(start)
    cursor.gotoRange(change.redline.getPropertyValue("RedlineEnd"), True)
    controller.select(cursor)
    try:
        _dispatch(context, ".uno:%sTrackedChange" % action.capitalize())
    finally:
        try:
            controller.select(saved)
        except Exception:
            pass  # the saved range went away with the change


def _dispatch(context, command: str) -> None:
    dispatch(context.document.getCurrentController().getFrame(), command, ctx=context.office)


TOOLS = [track_changes]
