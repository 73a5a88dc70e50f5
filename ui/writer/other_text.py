"""Text outside the numbered body: headers, footers, text frames, text boxes, and notes.

``get_document`` lists headers, footers, frames and text boxes after the first page of
paragraphs (footnotes and endnotes under their paragraph); ``other_text`` reads all of it
and replaces text inside one part, named as the list names it ("header of Default Page
Style", "frame Frame1", "text box Shape 1", "footnote 1", "endnote i"). Replacements go through the same
careful path as the body's (formatting kept word by word, fields and images never cut
into), so a footer's page number field or a header's logo survives an edit.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Literal, Optional

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from ...core.text.match import find_all, quote
from .blocks import body_blocks, containing_block
from .review import editing
from .spans import SpanTableError, TextSpan
from .text_ops import replace_keeping_format

PAGE_PARTS = (("Header", "", "header"), ("Header", "First", "first-page header"), ("Header", "Left", "left-page header"),
              ("Footer", "", "footer"), ("Footer", "First", "first-page footer"), ("Footer", "Left", "left-page footer"))
"""(header or footer, which page, name): the page style properties are ``<kind>IsOn``, ``<kind>Text<page>``."""
LIST_BUDGET = 6000
PART_PREVIEW = 400


@dataclass
class Part:
    """One place with text outside the body."""

    name: str
    """How the model names it: ``header of Default Page Style``, ``frame Frame1``…"""
    xtext: Any
    where: str = ""
    """Where it sits, e.g. ``anchored at paragraph 3``."""

    def span(self) -> Optional[TextSpan]:
        """Its text (None when it holds a table, or is a shape whose text cannot be walked, like some text art)."""
        try:
            return TextSpan.of_text(self.xtext)
        except SpanTableError:
            return None
        except AttributeError:  # a drawing shape's text without paragraphs to enumerate
            return None


def parts(document, notes: bool = False) -> List[Part]:
    """Every header, footer, frame and text box that holds text, in that order (then every note)."""
    found = _page_parts(document) + _frames(document) + _text_boxes(document)
    return found + note_parts(document) if notes else found


def note_parts(document) -> List[Part]:
    """Every footnote, then every endnote, named as the reading tools mark them ("footnote 1", "endnote i")."""
    found = []
    for kind, notes in (("footnote", document.getFootnotes()), ("endnote", document.getEndnotes())):
        for index in range(notes.getCount()):
            note = notes.getByIndex(index)
            label = note.getLabel() or note.getAnchor().getString().strip() or str(index + 1)
            found.append(Part("%s %s" % (kind, label), note))
    return found


def _page_parts(document) -> List[Part]:
    found: List[Part] = []
    styles = document.getStyleFamilies().getByName("PageStyles")
    for style_name in styles.getElementNames():
        style = styles.getByName(style_name)
        if not style.isInUse():
            continue
        for kind, page, label in PAGE_PARTS:
            if not style.getPropertyValue(kind + "IsOn") or not _distinct(style, kind, page):
                continue
            xtext = _property(style, kind + "Text" + page, None)
            if xtext is not None and xtext.getString().strip():
                found.append(Part("%s of %s" % (label, style.getPropertyValue("DisplayName")), xtext))
    return found


def _distinct(style, kind: str, page: str) -> bool:
    """A first-page or left-page header counts only when it is not shared with the normal one."""
    if page == "First":
        return not _property(style, "FirstIsShared", True)
    if page == "Left":
        return not _property(style, kind + "IsShared", True)
    return True


def _property(element, name: str, default):
    try:
        return element.getPropertyValue(name)
    except Exception:  # an office version without this property
        return default


def _frames(document) -> List[Part]:
    frames = document.getTextFrames()
    names = frames.getElementNames()
    blocks = body_blocks(document) if names else []
    found = []
    for name in names:
        frame = frames.getByName(name)
        if frame.getString().strip():
            found.append(Part("frame %s" % name, frame, _anchor(document, blocks, frame)))
    return found


def _text_boxes(document) -> List[Part]:
    found, blocks = [], None
    page = document.getDrawPage()
    for index in range(page.getCount()):
        shape = page.getByIndex(index)
        if shape.supportsService("com.sun.star.text.TextFrame") or not hasattr(shape, "getString"):
            continue
        try:
            text = shape.getString()
        except Exception:  # a shape without text
            continue
        if text.strip():
            name = _property(shape, "Name", "") or "Shape %d" % (index + 1)
            blocks = body_blocks(document) if blocks is None else blocks
            found.append(Part("text box %s" % name, shape, _anchor(document, blocks, shape)))
    return found


def _anchor(document, blocks, element) -> str:
    try:
        block = containing_block(document, blocks, element.getAnchor())
    except Exception:  # anchored to the page, or to nothing we can number
        return ""
    return "anchored at paragraph %d" % block.number if block else ""


def listing_lines(document, preview: int = PART_PREVIEW, budget: int = LIST_BUDGET, notes: bool = False) -> List[str]:
    """Lines naming each part with its text (cut to ``preview`` characters), within ``budget``."""
    lines, used = [], 0
    for part in parts(document, notes):
        span = part.span()
        text = " / ".join(line.strip() for line in (span.text if span else part.xtext.getString()).splitlines())
        text = text.replace("\ufffc", "")
        if len(text) > preview:
            text = text[:preview] + "…"
        fields = ", ".join("%s (%s)" % (quote(shown, 40), kind) for shown, kind in span.marks.fields) if span else ""
        line = "- %s%s: %s%s" % (part.name, " (%s)" % part.where if part.where else "", text,
                                 "; fields: " + fields if fields else "")
        if used + len(line) > budget:
            lines.append("- … more: read them all with other_text")
            break
        lines.append(line)
        used += len(line)
    return lines


@tool(apps=("writer",), changes_document=True)
def other_text(context, action: Literal["list", "replace"],
               where: Optional[str] = Arg("replace: the part's name as listed."),
               old_text: Optional[str] = Arg("replace: the text to change, as it reads now."),
               new_text: Optional[str] = Arg("replace: what it should read."),
               all: bool = Arg("replace: change every occurrence in that part.", default=False),
               match_case: bool = Arg("replace: capitals must match (default true).", default=True)) -> ToolOutcome:
    """Text outside the numbered body paragraphs: headers, footers, text frames, text boxes, and the text of
    footnotes and endnotes. action "list": each part with its name and text. "replace": in the part named
    `where` (exactly as listed, e.g. "footer of Default Page Style", "frame Frame1" or "footnote 3") replace
    old_text with new_text; fields such as page numbers and images stay.
    """
    document = context.document
    if action == "list":
        lines = listing_lines(document, preview=4000, budget=20000, notes=True)
        if not lines:
            return ToolOutcome.success("The document has no headers, footers, frames, text boxes or notes with text.",
                                       _("No text outside the body"))
        return ToolOutcome.success("Text outside the body:\n" + "\n".join(lines), _("Read headers, footers and frames"))
    return _replace(context, named_part(document, where or ""), old_text or "", new_text, match_case, all)


def _replace(context, part: Part, old_text: str, new_text: Optional[str], match_case: bool,
             every: bool) -> ToolOutcome:
    """Replace ``old_text`` (the only occurrence, or ``every`` one) with ``new_text`` in ``part``."""
    if not old_text or new_text is None:
        raise ToolError("Give old_text and new_text.")
    span = part.span()
    if span is None:
        raise ToolError("The %s holds a table; it cannot be edited here." % part.name)
    found = find_all(span.text, old_text, match_case)
    if not found:
        raise ToolError("The %s does not contain %s; it reads %s. Read it again with other_text."
                        % (part.name, quote(old_text, 80), quote(span.text, 300)))
    if len(found) > 1 and not every:
        raise ToolError("%s occurs %d times in the %s; pass all=true to change every one, or quote more text."
                        % (quote(old_text, 80), len(found), part.name))
    for start, end in found:
        field = span.cut_atomic(start, end)
        if field is not None:
            raise ToolError("%s is part of a field that shows %s (a page number, date or similar) and cannot be "
                            "changed in part; change the text around it." % (quote(old_text, 60), quote(field, 60)))
    with editing(context) as scope:
        for start, end in reversed(found):
            replace_keeping_format(span, start, end, new_text, scope.recording)
    return ToolOutcome.success("Replaced %s with %s in the %s." % (quote(old_text, 80), quote(new_text, 80), part.name),
                               _("Replaced %s with %s in a header, footer or frame") % (quote(old_text, 40),
                                                                                        quote(new_text, 40)))


def named_part(document, where: str) -> Part:
    """The part called ``where`` (as :func:`parts` names it, any capitals and spacing).

    Raises:
        ToolError: no part has that name (the message lists them).
    """
    wanted = " ".join(where.split()).lower()
    available = parts(document, notes=True)
    for part in available:
        if part.name.lower() == wanted:
            return part
    names = ", ".join(quote(part.name) for part in available) or "none"
    raise ToolError("There is no %s. The parts with text are: %s." % (quote(where), names))


TOOLS = [other_text]
