"""comments: add comments anchored to text, list them, resolve or remove them."""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any, List, Literal, Optional

import uno

from ...core.i18n import _, ngettext
from ...core.text.match import quote, same_text
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ..office.enumeration import elements
from .blocks import body_blocks
from .body_walk import block_numbers
from .locate import MATCH_CASE, OCCURRENCE, PARAGRAPH, SELECTION, Where, find_targets
from .review import AUTHOR, author_name, editing

ANNOTATION = "com.sun.star.text.textfield.Annotation"


@dataclass
class Comment:
    """One comment as the model sees it (numbered in document order)."""

    number: int
    field: Any
    paragraph: int


def all_comments(document) -> List[Comment]:
    """The comments of the document, numbered from 1 in the order of their paragraphs."""
    fields = []
    for field in elements(document.getTextFields().createEnumeration()):
        if field.supportsService(ANNOTATION):
            fields.append(field)
    numbers = block_numbers(document, [field.getAnchor() for field in fields])
    found = sorted(((number or 0, field) for number, field in zip(numbers, fields)), key=lambda item: item[0])
    return [Comment(index, field, paragraph) for index, (paragraph, field) in enumerate(found, 1)]


@tool(apps=("writer",), changes_document=True)
def comments(context, action: Literal["add", "list", "resolve", "remove"],
             text: Optional[str] = Arg("add: the words the comment is about.", min_length=1),
             content: Optional[str] = Arg("add: the comment. resolve/remove: the comment's text, to confirm."),
             number: Optional[int] = Arg("resolve/remove: the comment's number.", minimum=1),
             paragraph: Optional[int] = PARAGRAPH, selection: bool = SELECTION, occurrence: Optional[int] = OCCURRENCE,
             all: bool = Arg("add: comment every match of text; resolve/remove: every comment.", default=False),
             match_case: bool = MATCH_CASE) -> ToolOutcome:
    """Comments in the margin. action "add": attach content (the comment) to text, found like replace_text's
    old_text (paragraph=N, selection=true, or unique in the document). "list": every comment with its number,
    paragraph, author and the text it is attached to. "resolve" / "remove": comment number=N from the list
    (content may repeat its text to be sure), or all=true.
    """
    if action == "list":
        return _list(context.document)
    if action == "add":
        return _add(context, text, (content or "").strip(), Where(paragraph, selection, occurrence, all, match_case))
    return _change(context, action, number, content, all)


def _list(document) -> ToolOutcome:
    found = all_comments(document)
    if not found:
        return ToolOutcome.success("The document has no comments.", _("No comments"))
    lines = ["%d comment%s:" % (len(found), "" if len(found) == 1 else "s")]
    for comment in found:
        field = comment.field
        where = "paragraph %d" % comment.paragraph if comment.paragraph else "outside the body text"
        lines.append("#%d %s, by %s%s, on %s: %s" % (
            comment.number, where, field.Author or "unknown", _date(field), quote(field.getAnchor().getString(), 80),
            quote(field.Content, 600)) + (" [resolved]" if field.Resolved else ""))
    return ToolOutcome.success("\n".join(lines), ngettext("Listed %d comment", "Listed %d comments", len(found)) % len(found))


def _date(field) -> str:
    value = field.DateTimeValue
    if not value or not value.Year:
        return ""
    return " (%04d-%02d-%02d)" % (value.Year, value.Month, value.Day)


def _add(context, text: Optional[str], content: str, where: Where) -> ToolOutcome:
    document = context.document
    if not text or not content:
        raise ToolError("To add a comment, give text (the words it is about, as they read now) and content (the "
                        "comment).")
    matches = find_targets(document, body_blocks(document), where, text)
    author = author_name(context)
    with editing(context):
        for match in matches:
            field = document.createInstance(ANNOTATION)
            field.Author = author
            field.Initials = AUTHOR[0]
            field.Content = content
            field.DateTimeValue = _now()
            match.span.xtext.insertTextContent(match.span.cursor(match.start, match.end), field, True)
    places = ", ".join(m.where for m in matches[:8])
    return ToolOutcome.success("Added the comment to %s in %s." % (quote(text, 80), places),
                               _("Commented on %s") % quote(text, 40))


def _now():
    now = datetime.datetime.now()
    value = uno.createUnoStruct("com.sun.star.util.DateTime")
    value.Year, value.Month, value.Day = now.year, now.month, now.day
    value.Hours, value.Minutes, value.Seconds = now.hour, now.minute, now.second
    return value


def _change(context, action: str, number: Optional[int], expected: Optional[str], every: bool) -> ToolOutcome:
    found = all_comments(context.document)
    if every:
        chosen = found
    else:
        if number is None:
            raise ToolError("Say which comment: number=N from the list (or all=true).")
        if not 1 <= number <= len(found):
            raise ToolError("There is no comment #%d; the document has %d comment%s. List them again."
                            % (number, len(found), "" if len(found) == 1 else "s"))
        chosen = [found[number - 1]]
        if expected and not same_text(chosen[0].field.Content, expected):
            raise ToolError("Comment #%d now reads %s, not %s. List the comments again."
                            % (number, quote(chosen[0].field.Content, 200), quote(expected, 100)))
    if not chosen:
        return ToolOutcome.success("There are no comments to %s." % action, _("No comments"))
    with editing(context):
        for comment in chosen:
            if action == "resolve":
                comment.field.Resolved = True
            else:
                anchor = comment.field.getAnchor()
                anchor.getText().removeTextContent(comment.field)
    verb = "Resolved" if action == "resolve" else "Removed"
    which = "all %d comments" % len(chosen) if every else "comment #%d" % chosen[0].number
    note = " Remaining comments are numbered again from 1." if action == "remove" else ""
    return ToolOutcome.success("%s %s.%s" % (verb, which, note), _decided_summary(action, chosen, every))


def _decided_summary(action: str, chosen, every: bool) -> str:
    """The transcript line of resolving or removing comments."""
    if every:
        count = len(chosen)
        return (ngettext("Resolved all %d comment", "Resolved all %d comments", count) if action == "resolve"
                else ngettext("Removed all %d comment", "Removed all %d comments", count)) % count
    return (_("Resolved comment #%d") if action == "resolve" else _("Removed comment #%d")) % chosen[0].number


TOOLS = [comments]
