"""add_slides: new slides from a Markdown outline, at a place in the deck, each with its layout.

``# Title`` starts a slide, bullets (sub-bullets by indent) become its body, a ``Notes:`` paragraph its
speaker notes, a ``Layout: NAME`` line under the title its layout (see
:mod:`marginalia.core.slides.outline`). Each slide is made by Impress's own Insert Slide command
(one recorded new page: the turn's undo takes it out whole) and filled with the undo manager locked.
A presentation whose only slide is empty (a new one) has it replaced by the new slides.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import ngettext
from ...core.slides.outline import BodyLine, OutlineError, SlideOutline, parse_outline
from .deck import LAYOUTS, kind_of, layout_number, shapes_of
from .editing import check_writable, review_note
from .layout_report import layout_reports
from .reading import notes_shape
from .recorded import SlideCommands, quiet
from .shape_text import write_lines, write_plain

MAX_SLIDES = 100
TITLE_KINDS = ("title",)
BODY_KINDS = ("body", "subtitle")
WITH_BODY, WITHOUT_BODY = "title_content", "title_only"


@dataclass(frozen=True)
class Planned:
    """One slide to add: its outline and the AutoLayout number it gets."""

    outline: SlideOutline
    layout: int


@tool(apps=("impress",), changes_document=True)
def add_slides(context,
               outline: str = Arg("The slides as Markdown: '# Title' starts a slide; '- bullet' lines (indent two "
                                  "spaces per sub-level) make its body; a line 'Layout: NAME' under the title gives "
                                  "it a layout; a paragraph 'Notes: …' (to the next title) its speaker notes. "
                                  "**bold**, *italic* and [links](url) are kept.", min_length=3),
               after_slide: Optional[int] = Arg("Insert after this slide (0: before the first; default: at the "
                                                "end).", minimum=0),
               layout: Optional[str] = Arg("The layout of slides without a 'Layout:' line (default: title_content "
                                           "for slides with a body, title_only without). One of: %s."
                                           % ", ".join(LAYOUTS))) -> ToolOutcome:
    """Add slides from a Markdown outline: '# Title' per slide, bullets and sub-bullets as the body, 'Notes:'
    as speaker notes, an optional 'Layout:' line per slide; inserted after after_slide (0 = at the start,
    default at the end). A presentation whose only slide is empty has it replaced.
    """
    document = context.document
    planned = _plan(outline, layout)
    pages = document.getDrawPages()
    count = pages.getCount()
    if after_slide is not None and after_slide > count:
        raise ToolError("The presentation has %d slides; after_slide must be 0 to %d." % (count, count))
    check_writable(context)
    replace_empty = after_slide is None and count == 1 and _is_empty(pages.getByIndex(0))
    after = count if after_slide is None else after_slide
    commands = SlideCommands(context)
    made = _insert(context, commands, planned, after)
    if replace_empty:
        commands.remove(0)
        after = 0
    commands.show(made[0])
    first = after + 1
    report = layout_reports(document, made, first)
    titles = ", ".join("'%s'" % p.outline.title for p in planned)
    where = "slide %d" % first if len(planned) == 1 else "slides %d–%d" % (first, first + len(planned) - 1)
    replaced = " The presentation's only slide was empty, so they replaced it." if replace_empty else ""
    return ToolOutcome.success(
        "Added %d slide%s (%s): %s.%s The presentation now has %d slides.%s%s" % (
            len(planned), "" if len(planned) == 1 else "s", where, titles, replaced, pages.getCount(), report,
            review_note(context)),
        ngettext("Added %d slide", "Added %d slides", len(planned)) % len(planned))


def _plan(markdown: str, default_layout: Optional[str]) -> List[Planned]:
    """Each slide with its layout, every problem refused before anything changes."""
    try:
        slides = parse_outline(markdown)
    except OutlineError as error:
        raise ToolError(str(error)) from None
    if len(slides) > MAX_SLIDES:
        raise ToolError("At most %d slides in one call (the outline has %d); add them in parts." % (MAX_SLIDES,
                                                                                                  len(slides)))
    planned = []
    for slide in slides:
        name = slide.layout or default_layout or (WITH_BODY if slide.body else WITHOUT_BODY)
        number = layout_number(name)
        if slide.body and number in (LAYOUTS["blank"], LAYOUTS["title_only"]):
            raise ToolError("Slide '%s' has body text, but the layout %s has no place for it; give it a layout "
                            "with a body (title_content) or leave the body out." % (slide.title, name))
        planned.append(Planned(slide, number))
    return planned


def _insert(context, commands: SlideCommands, planned: List[Planned], after: int) -> list:
    """Insert the slides after slide ``after`` (0: at the start) and fill them; return them."""
    document = context.document
    index = max(after - 1, 0)
    made = []
    for slide in planned:
        page = commands.insert_after(index, slide.layout)
        with quiet(document):
            _fill(document, page, slide.outline)
        made.append(page)
        index += 1
    if after == 0:
        commands.move(0, len(planned))  # the first slide goes behind the new ones
    return made


def _fill(document, page, slide: SlideOutline) -> None:
    shapes = shapes_of(page)
    titles = [shape for shape in shapes if kind_of(shape) in TITLE_KINDS]
    bodies = [shape for shape in shapes if kind_of(shape) in BODY_KINDS]
    body = list(slide.body)
    if titles:
        write_lines(document, titles[0], [BodyLine(slide.title)])
    else:
        body.insert(0, BodyLine(slide.title))
    if body and bodies:
        write_lines(document, bodies[0], body)
    if slide.notes:
        notes = notes_shape(page)
        if notes is not None:
            write_plain(notes, slide.notes)


def _is_empty(page) -> bool:
    """True for a slide holding only empty placeholders (a new presentation's first slide)."""
    for shape in shapes_of(page):
        info = shape.getPropertySetInfo()
        if not (info.hasPropertyByName("IsEmptyPresentationObject") and shape.getPropertyValue(
                "IsEmptyPresentationObject")):
            return False
    return True


TOOLS = [add_slides]
