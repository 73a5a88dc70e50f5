"""fields: insert a field (page number, page count, date, time, title, author, file name) into the text, or
list the document's fields.

A field goes next to words the call names, found as replace_text finds them (in paragraph N, in
the selection, or unique in the document), or in a header, footer or frame named as other_text
lists it; without words it goes at the end of paragraph N, at the end of that part, or at the
user's cursor. Writer records an inserted field as a tracked change in review mode.
"""
from __future__ import annotations

from typing import Literal, Optional, Union

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _, ngettext
from ...core.text.match import find_all, quote
from ..office.enumeration import elements
from .blocks import body_blocks, paragraph_at
from .body_walk import block_numbers
from .bookmarks import named_bookmark
from .field_kinds import KIND_TITLES, KIND_WORDS, make_field, make_reference, shows_nothing, with_article
from .heading_refs import find_heading, heading_mark, paragraph_label
from .locate import MATCH_CASE, OCCURRENCE, Where, find_targets
from .other_text import named_part, parts
from .review import editing
from .spans import FIELD_KINDS

LISTED = 200


@tool(apps=("writer",), changes_document=True)
def fields(context, action: Literal["insert", "list"],
           kind: Optional[Literal["page", "pages", "date", "time", "title", "author", "file_name", "reference"]] = Arg(
               "insert: page (number), pages (count), date, time, title, author, file_name, or reference (a "
               "cross-reference to a bookmark or a heading)."),
           text: Optional[str] = Arg("insert: the words the field goes next to, as they read now."),
           placement: Literal["after", "before", "replace"] = Arg(
               "insert: after (default) or before those words, or replace them.", default="after"),
           paragraph: Optional[int] = Arg("insert: look for the words in this paragraph; without text, the field "
                                          "goes at its end.", minimum=1),
           part: Optional[str] = Arg("insert: a header, footer or frame as other_text lists it (e.g. \"footer of "
                                     "Default Page Style\"); without text, the field goes at its end."),
           occurrence: Optional[int] = OCCURRENCE,
           match_case: bool = MATCH_CASE,
           fixed: bool = Arg("insert: a date or time that keeps today's value instead of updating.", default=False),
           date_format: Optional[str] = Arg("insert: a date or time format such as DD.MM.YYYY, D MMMM YYYY or HH:MM "
                                            "(default: the document language's).", min_length=1),
           bookmark: Optional[str] = Arg("kind reference: the bookmark it refers to (see the bookmarks tool)."),
           heading: Union[str, int, None] = Arg(
               "kind reference: a heading it refers to instead of a bookmark: its text (\"Results\"), its number "
               "(\"2.1\") or its paragraph number."),
           shows: Literal["page", "text", "above_below", "number"] = Arg(
               "kind reference: the page number (default), the text, the word above or below, or the number "
               "(2.1) of the bookmark's paragraph or the heading.", default="page")) -> ToolOutcome:
    """Fields that stay up to date: page number, page count, date, time, document title, author, file name.
    action "insert": put one after (or before, or instead of) words named like replace_text's old_text, in
    paragraph=N or unique in the document; or in a header, footer or frame named as other_text lists it
    (part); without text at the end of paragraph N or of the part, else at the user's cursor. kind "reference"
    with bookmark or heading: a cross-reference showing its page, text, above/below or number ("see page 4"). "list":
    every field with its kind, what it shows and where. For whole headers and footers use header_footer.
    """
    if action == "list":
        return _list(context.document)
    if kind is None:
        raise ToolError("Say which field: kind page, pages, date, time, title, author or file_name.")
    if (fixed or date_format) and kind not in ("date", "time"):
        raise ToolError("fixed and date_format apply to date and time fields only.")
    if (bookmark is not None or heading is not None or shows != "page") and kind != "reference":
        raise ToolError("bookmark, heading and shows apply to kind \"reference\" only.")
    document = context.document
    if kind == "reference":  # checks the bookmark or heading and the format before anything changes
        target = _target(document, bookmark, heading, shows)
    else:
        field = make_field(document, kind, fixed, date_format)
    xtext, cursor, where = _place(document, text, placement, paragraph, part, occurrence, match_case)
    with editing(context) as scope:
        if kind == "reference":
            name = heading_mark(document, target) if heading is not None else target.getName()
            field = make_reference(document, name, shows)
        if placement == "replace" and text:
            cursor.setString("")
            cursor.collapseToEnd()  # while changes are recorded the deleted words stay, the field goes after them
        xtext.insertTextContent(cursor, field, False)
    if kind == "reference":
        named = target.words if heading is not None else "the bookmark " + quote(bookmark.strip())
        return _referred(document, field, named, shows, where, scope.recording)
    words = KIND_WORDS[kind] + (" (fixed)" if fixed else "")
    tracked = " It is recorded as a tracked change." if scope.recording else ""
    return ToolOutcome.success("Inserted %s field %s.%s%s" % (with_article(words), where, tracked,
                                                             shows_nothing(document, [kind])),
                               _(KIND_TITLES[kind]))


def _needed_bookmark(bookmark: Optional[str]) -> str:
    if not bookmark or not bookmark.strip():
        raise ToolError("kind \"reference\" needs bookmark (the name of a bookmark: bookmarks action \"list\" names "
                        "them) or heading (a heading's text, number or paragraph number).")
    return bookmark.strip()


def _target(document, bookmark: Optional[str], heading: Union[str, int, None], shows: str):
    """The bookmark or the :class:`~.heading_refs.Heading` a cross-reference refers to, checked."""
    if bookmark is not None and heading is not None:
        raise ToolError("Give bookmark or heading, not both.")
    if heading is not None:
        target = find_heading(body_blocks(document), heading)
        if shows == "number" and not target.label:
            raise ToolError("%s has no number (headings are numbered with Tools ▸ Heading Numbering), so a "
                            "reference to its number would show nothing; use shows page or text."
                            % (target.words[:1].upper() + target.words[1:]))
        return target
    target = named_bookmark(document, _needed_bookmark(bookmark))
    if shows == "number" and not paragraph_label(target.getAnchor()):
        raise ToolError("The paragraph of the bookmark %s has no number, so a reference to its number would show "
                        "nothing; use shows page or text." % quote(bookmark.strip()))
    return target


def _referred(document, field, named: str, shows: str, where: str, recording: bool) -> ToolOutcome:
    """The answer for a cross-reference: what it shows once Writer brought the document's fields up to date."""
    document.getTextFields().refresh()
    shown = field.getPresentation(False)
    what = {"page": "the page number", "text": "the text", "above_below": "\"above\" or \"below\"",
            "number": "the number"}[shows]
    tracked = " It is recorded as a tracked change." if recording else ""
    return ToolOutcome.success("Inserted a cross-reference to %s of %s %s; it shows %s.%s"
                               % (what, named, where, quote(shown, 80) if shown else "nothing yet", tracked),
                               _("Inserted a cross-reference"))


def _place(document, text: Optional[str], placement: str, paragraph: Optional[int], part: Optional[str],
           occurrence: Optional[int], match_case: bool):
    """``(xtext, cursor, where in words)`` of the place the field goes."""
    if part is not None:
        if paragraph is not None:
            raise ToolError("Give paragraph or part, not both.")
        return _in_part(named_part(document, part), text, placement, occurrence, match_case)
    if placement == "replace" and not text:
        raise ToolError("placement \"replace\" needs text (the words the field replaces).")
    blocks = body_blocks(document)
    if text:
        match = find_targets(document, blocks, Where(paragraph, False, occurrence, False, match_case), text)[0]
        start, end = match.start, match.end
        offsets = (start, end) if placement == "replace" else ((end, end) if placement == "after" else (start, start))
        side = {"after": "after", "before": "before", "replace": "in place of"}[placement]
        return match.span.xtext, match.span.cursor(*offsets), "%s %s in %s" % (side, quote(text, 60), match.where)
    if paragraph is not None:
        block = paragraph_at(blocks, paragraph)
        return block.obj.getText(), block.obj.getText().createTextCursorByRange(block.obj.getEnd()), \
            "at the end of paragraph %d" % paragraph
    selection = document.getCurrentController().getSelection()
    if selection is None or not selection.supportsService("com.sun.star.text.TextRanges"):
        raise ToolError("There is no text cursor (an object or table cells are selected). Name the words the field "
                        "goes next to, or a paragraph.")
    place = selection.getByIndex(0)
    return place.getText(), place.getText().createTextCursorByRange(place.getEnd()), "at the user's cursor"


def _in_part(found, text: Optional[str], placement: str, occurrence: Optional[int], match_case: bool):
    xtext = found.xtext
    if not text:
        if placement == "replace":
            raise ToolError("placement \"replace\" needs text (the words the field replaces).")
        return xtext, xtext.createTextCursorByRange(xtext.getEnd()), "at the end of the %s" % found.name
    span = found.span()
    if span is None:
        raise ToolError("The %s holds a table; place the field in a paragraph of the body instead." % found.name)
    matches = find_all(span.text, text, match_case)
    if not matches:
        raise ToolError("The %s does not contain %s; it reads %s." % (found.name, quote(text, 80),
                                                                     quote(span.text, 300)))
    if len(matches) > 1 and occurrence is None:
        raise ToolError("%s occurs %d times in the %s; pass occurrence=K." % (quote(text, 80), len(matches),
                                                                              found.name))
    if occurrence is not None and occurrence > len(matches):
        raise ToolError("occurrence %d does not exist: %s occurs %d times in the %s."
                        % (occurrence, quote(text, 80), len(matches), found.name))
    start, end = matches[(occurrence or 1) - 1]
    if span.cut_atomic(start, end) is not None:
        raise ToolError("%s is part of a field; name words around it." % quote(text, 60))
    offsets = (start, end) if placement == "replace" else ((end, end) if placement == "after" else (start, start))
    side = {"after": "after", "before": "before", "replace": "in place of"}[placement]
    return xtext, span.cursor(*offsets), "%s %s in the %s" % (side, quote(text, 60), found.name)


def _list(document) -> ToolOutcome:
    found = [field for field in elements(document.getTextFields().createEnumeration())
             if not field.supportsService("com.sun.star.text.textfield.Annotation")]
    if not found:
        return ToolOutcome.success("The document has no fields.", _("No fields"))
    anchors = [field.getAnchor() for field in found]
    numbers = block_numbers(document, anchors)
    named = [(part.name, part.xtext) for part in parts(document, notes=True)]
    lines = []
    for field, anchor, number in sorted(zip(found, anchors, numbers), key=lambda item: item[2] or 0)[:LISTED]:
        where = "paragraph %d" % number if number else _part_of(anchor, named)
        lines.append("- %s: %s, shows %s" % (where, _kind(field), quote(field.getPresentation(False), 80)))
    more = "\n… and %d more" % (len(found) - LISTED) if len(found) > LISTED else ""
    return ToolOutcome.success("%d field%s:\n%s%s" % (len(found), "" if len(found) == 1 else "s", "\n".join(lines),
                                                      more),
                               ngettext("Listed %d field", "Listed %d fields", len(found)) % len(found))


def _part_of(anchor, named) -> str:
    xtext = anchor.getText()
    for name, candidate in named:
        if candidate == xtext:
            return name
    return "outside the body (a header, footer, frame or note)"


def _kind(field) -> str:
    for service in field.getSupportedServiceNames():
        if service.startswith("com.sun.star.text.textfield."):
            name = service[len("com.sun.star.text.textfield."):]
            if name == "DateTime":
                return "date" if field.getPropertyValue("IsDate") else "time"
            if name.startswith("docinfo."):
                return "document " + name[len("docinfo."):].lower()
            return FIELD_KINDS.get(name.split(".")[0], name)
    return "field"


TOOLS = [fields]
