"""get_presentation: a deck slide by slide (or a drawing page by page), in numbers the other tools take.

Per slide: its number, name, layout and master; each shape numbered, with its kind, whether it is
a placeholder, its text (list levels as indented bullets), position and size; tables with their
size and first row, charts, images, media, groups; the speaker notes. Draw shows its pages and
shapes, and which shapes each connector joins. Long decks come in parts: the answer names the
from_slide to continue with.
"""
from __future__ import annotations

from typing import List, Optional

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from ..office.enumeration import indexed
from .deck import Box, cm, is_presentation, kind_of, layout_name, shapes_of, transition_of, LAYOUTS, TEXT_KINDS
from .diagrams import diagram_part
from .shape_text import paragraphs

BUDGET = 14000
"""Characters of slides one answer holds (the rest is for the next call)."""
TEXT_LIMIT = 600
"""Characters of one shape's text shown (longer text is cut, with a note)."""
CELLS_SHOWN = 8
NUMBERING_NOTE = ("Numbers: slide=N and shape=K (as [K]) are what the other tools take; they shift when slides or "
                  "shapes are added or removed, so read again after such changes.")


@tool(apps=("impress", "draw"))
def get_presentation(context, from_slide: int = Arg("First slide (page) to show (default 1).", default=1, minimum=1),
                     to_slide: Optional[int] = Arg("Last slide (page) to show (default: as many as fit).",
                                                   minimum=1)) -> ToolOutcome:
    """Read the presentation (or drawing) slide by slide: each slide's number, name, layout and master; its
    shapes numbered [K] with kind (title, body, subtitle, text box, image, table, chart, media, group,
    connector…), placeholder or not, text with list levels as indented bullets, position and size in cm; the
    speaker notes; the masters and the layouts add_slides takes. In a drawing, connectors say which shapes
    they join. Long decks come in parts: the answer says which from_slide to continue with.
    """
    document = context.document
    pages = indexed(document.getDrawPages())
    first, last = from_slide, to_slide
    if first > len(pages):
        raise ToolError("There is no slide %d: the document has %d." % (first, len(pages)))
    if last is not None and last < first:
        raise ToolError("to_slide (%d) is before from_slide (%d)." % (last, first))
    end = len(pages) if last is None else min(last, len(pages))
    presentation = is_presentation(document)
    lines = _header(document, pages, presentation) if first == 1 else []
    shown, used = first - 1, sum(len(line) + 1 for line in lines)
    for number in range(first, end + 1):
        block = _page_lines(pages[number - 1], number, presentation)
        size = sum(len(line) + 1 for line in block)
        if used + size > BUDGET and number > first and last is None:
            break
        lines.extend(block)
        used += size
        shown = number
    word = "slide" if presentation else "page"
    if shown < len(pages):
        lines.append("(%ss %d–%d of %d shown; continue with from_slide=%d.)" % (word.capitalize(), first, shown,
                                                                             len(pages), shown + 1))
    summary = _("Read slides %d–%d of %d") % (first, shown, len(pages)) if presentation else \
        _("Read pages %d–%d of %d") % (first, shown, len(pages))
    return ToolOutcome.success("\n".join(lines), summary)


def _header(document, pages, presentation: bool) -> List[str]:
    first = pages[0]
    size = "%s x %s cm" % (cm(first.getPropertyValue("Width")), cm(first.getPropertyValue("Height")))
    word = "slide" if presentation else "page"
    lines = ["%s: %d %s%s, %s each." % ("Presentation" if presentation else "Drawing", len(pages), word,
                                         "" if len(pages) == 1 else "s", size)]
    current = _current_number(document, pages)
    if current:
        lines.append("The user is looking at %s %d%s." % (word, current, _selected(document, pages[current - 1])))
    masters = [master.getName() for master in indexed(document.getMasterPages())]
    lines.append("Masters: %s." % ", ".join("'%s'" % name for name in masters))
    if presentation:
        lines.append("Layouts add_slides and manage_slides take: %s." % ", ".join(LAYOUTS))
    lines.append(NUMBERING_NOTE)
    return lines


def _current_number(document, pages) -> int:
    try:
        current = document.getCurrentController().getCurrentPage()
    except Exception:  # no view, or a view without pages (the slide sorter shows no current one)
        return 0
    for number, page in enumerate(pages, 1):
        if page == current:
            return number
    return 0


def _selected(document, page) -> str:
    """``, shapes 2 and 3 selected`` when shapes of ``page`` are selected ("" otherwise)."""
    try:
        selection = document.getCurrentController().getSelection()
        chosen = indexed(selection) if selection is not None and hasattr(selection, "getCount") else []
    except Exception:  # a selection that is not shapes (text being edited, slides in the sorter)
        return ""
    shapes = shapes_of(page)
    numbers = [str(k) for k, shape in enumerate(shapes, 1) if any(shape == item for item in chosen)]
    if not numbers:
        return ""
    return ", shape%s %s selected" % ("" if len(numbers) == 1 else "s", " and ".join(numbers))


def _page_lines(page, number: int, presentation: bool) -> List[str]:
    name = page.getName()
    named = "" if name == "page%d" % number else " '%s'" % name
    if presentation:
        head = "Slide %d%s: layout %s, master '%s'%s%s." % (
            number, named, layout_name(page.getPropertyValue("Layout")), page.getMasterPage().getName(),
            _transition_words(page), "" if page.getPropertyValue("Visible") else ", hidden")
    else:
        head = "Page %d%s, master '%s'." % (number, named, page.getMasterPage().getName())
    lines = [head]
    shapes = shapes_of(page)
    if not shapes:
        lines.append("  (no shapes)")
    for index, shape in enumerate(shapes, 1):
        lines.extend(describe_shape(index, shape, shapes))
    if presentation:
        notes = notes_text(page)
        if notes:
            lines.append("  Notes: " + _cut(notes).replace("\n", "\n    "))
    return lines


def describe_shape(number: int, shape, shapes) -> List[str]:
    """The lines get_presentation shows for shape ``number`` of a page (``shapes``: all of them)."""
    kind = kind_of(shape)
    placeholder = _is_placeholder(shape)
    empty = placeholder and _property(shape, "IsEmptyPresentationObject", False)
    head = "  [%d] %s%s%s %s" % (number, kind, " placeholder" + (" (empty)" if empty else "") if placeholder else "",
                                _diagram_part(shape), Box.of(shape).words())
    detail = _detail(kind, shape, shapes)
    if kind in TEXT_KINDS and not empty:
        text = _text_lines(shape, bullets=kind == "body")
        if not any(line.strip() for line in text):
            text = []
        if len(text) == 1 and not detail:
            return [head + ": " + text[0].strip()]
        if text:
            return [head + (": " + detail if detail else ":")] + ["      " + line for line in text]
    return [head + (": " + detail if detail else "")]


def _transition_words(page) -> str:
    name = transition_of(page)
    return ", transition %s" % name if name else ""


def _diagram_part(shape) -> str:
    """`` (diagram node ceo)`` for a shape make_diagram drew ("" otherwise)."""
    part = diagram_part(shape.getName()) if hasattr(shape, "getName") else None
    if part is None:
        return ""
    return " (diagram %s %s)" % (part.role, " -> ".join(part.ids))


def _text_lines(shape, bullets: bool) -> List[str]:
    lines, used = [], 0
    for text, level in paragraphs(shape):
        if used > TEXT_LIMIT:
            lines.append("[… text cut]")
            break
        used += len(text)
        indent = "  " * level
        lines.append(indent + ("- " if bullets and text else "") + text if bullets or level else text)
    return lines


def _detail(kind: str, shape, shapes) -> str:
    try:
        if kind == "table":
            return _table(shape)
        if kind == "group":
            return _group(shape)
        if kind == "connector":
            return _connects(shape, shapes)
        if kind == "image":
            return _named(shape)
        if kind == "media":
            return str(_property(shape, "MediaURL", ""))
        if kind == "chart":
            return _named(shape)
    except Exception:  # an object that cannot describe itself is still listed with its kind and place
        return ""
    return ""


def _group(shape) -> str:
    inner = indexed(shape)
    texts = [" ".join(item.getString().split()) for item in inner if kind_of(item) in TEXT_KINDS]
    texts = [text[:80] for text in texts if text][:CELLS_SHOWN]
    return "%d shapes%s" % (len(inner), "; their text: " + " | ".join(texts) if texts else "")


def _table(shape) -> str:
    model = shape.getPropertyValue("Model")
    rows, columns = model.getRows().getCount(), model.getColumns().getCount()
    first = [model.getCellByPosition(column, 0).getString() for column in range(min(columns, CELLS_SHOWN))]
    return "%d rows x %d columns, first row: %s" % (rows, columns, " | ".join(first))


def _connects(shape, shapes) -> str:
    ends = []
    for name in ("StartShape", "EndShape"):
        other = _property(shape, name, None)
        found = [str(k) for k, candidate in enumerate(shapes, 1) if other is not None and candidate == other]
        ends.append("[%s]" % found[0] if found else "nothing")
    return "from %s to %s" % tuple(ends)


def _named(shape) -> str:
    words = [str(_property(shape, name, "")) for name in ("Name", "Title", "Description")]
    return "; ".join("'%s'" % word for word in words if word)


def notes_text(page) -> str:
    """The text of ``page``'s speaker notes ("" when none)."""
    notes = notes_shape(page)
    return notes.getString().strip() if notes is not None else ""


def notes_shape(page):
    """The notes placeholder of ``page``'s notes page, or None."""
    try:
        for shape in shapes_of(page.getNotesPage()):
            if kind_of(shape) == "notes":
                return shape
    except Exception:  # a page without a notes page (a drawing)
        return None
    return None


def _is_placeholder(shape) -> bool:
    return bool(_property(shape, "IsPresentationObject", False))


def _property(shape, name: str, default):
    try:
        info = shape.getPropertySetInfo()
        return shape.getPropertyValue(name) if info.hasPropertyByName(name) else default
    except Exception:
        return default


def _cut(text: str) -> str:
    return text if len(text) <= TEXT_LIMIT else text[:TEXT_LIMIT] + " [… cut]"


TOOLS = [get_presentation]
