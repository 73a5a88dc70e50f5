"""manage_slides: delete, move or duplicate slides, change a slide's layout or transition, show or hide a slide.

Slides are named by their numbers from get_presentation; ``expected_titles`` (the titles as the model
read them) guards against numbers that shifted meanwhile. Deleting uses the API (LibreOffice records
a page's removal exactly), moving and duplicating the view's own commands, a layout its Layout command
on a copy of the slide, visibility and transitions the copy's properties (see :mod:`.recorded`).
"""
from __future__ import annotations

from typing import List, Literal, Optional

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import N_, _
from ...core.slides.reorder import move_plan
from .deck import (LAYOUTS, TRANSITIONS, is_presentation, kind_of, layout_name, layout_number, page_at, page_word,
                   shapes_of, transition_values)
from .editing import check_writable, review_note
from .layout_report import layout_report
from .recorded import SlideCommands, rewritten


SUMMARIES = {"delete": N_("Deleted slides %s"), "move": N_("Moved slides %s"), "duplicate": N_("Duplicated slides %s"),
             "layout": N_("Changed the layout of slides %s"), "hide": N_("Hid slides %s"),
             "show": N_("Showed slides %s"), "transition": N_("Set the transition of slides %s")}



@tool(apps=("impress", "draw"), changes_document=True)
def manage_slides(context,
                  action: Literal["delete", "move", "duplicate", "layout", "hide", "show", "transition"] = Arg(
                      "What to do with the slides."),
                  slides: List[int] = Arg("The slide (page) numbers from get_presentation.", min_items=1,
                                          max_items=200),
                  to: Optional[int] = Arg("move: the number the (first) slide has afterwards.", minimum=1),
                  layout: Optional[str] = Arg("layout: the new layout, one of: %s." % ", ".join(LAYOUTS)),
                  transition: Optional[Literal["none", "fade", "wipe", "push", "cover", "dissolve"]] = Arg(
                      "transition: how the slide show brings the slides in."),
                  transition_seconds: Optional[float] = Arg("transition: how long it takes (default 2).",
                                                            minimum=0.1, maximum=60),
                  expected_titles: Optional[List[str]] = Arg(
                      "The titles of those slides as you read them, in the same order; refused if a slide's title "
                      "differs now (its number shifted).")) -> ToolOutcome:
    """Delete, move or duplicate slides (pages), give slides a layout or a transition (Impress), or hide and
    show them in the slide show. Moving several slides keeps their order and puts the first at number `to`. A
    duplicate goes right after its slide.
    """
    document = context.document
    word = page_word(document)
    numbers = _checked(document, slides, expected_titles)
    if action in ("layout", "hide", "show", "transition") and not is_presentation(document):
        raise ToolError("A drawing's pages have no layout or transition and are not hidden from a slide show; "
                        "%s works in Impress." % action)
    if action == "transition" and transition is None:
        raise ToolError("Say which transition: transition=%s." % ", ".join(TRANSITIONS))
    check_writable(context)
    commands = SlideCommands(context)
    if action == "delete":
        content = _delete(commands, numbers, word)
    elif action == "move":
        content = _move(commands, numbers, to, word)
    elif action == "duplicate":
        content = _duplicate(commands, numbers, word)
    elif action == "layout":
        content = _layout(commands, numbers, layout)
    elif action == "transition":
        content = _transition(commands, numbers, transition, transition_seconds)
    else:
        content = _visibility(commands, numbers, action == "show")
    commands.show_again()
    listed = ", ".join(str(n) for n in numbers)
    summary = _(SUMMARIES[action]) % listed if word == "slide" else _("Changed pages %s") % listed
    return ToolOutcome.success(content + review_note(context), summary)


def _checked(document, slides: List[int], expected: Optional[List[str]]) -> List[int]:
    numbers = sorted(set(slides))
    for number in numbers:
        page_at(document, number)
    if expected is not None:
        if len(expected) != len(slides):
            raise ToolError("Give one expected title per slide (%d slides, %d titles)." % (len(slides),
                                                                                       len(expected)))
        for number, title in zip(slides, expected):
            actual = title_of(page_at(document, number))
            if " ".join(actual.split()).lower() != " ".join(title.split()).lower():
                raise ToolError("Slide %d is titled '%s' now, not '%s'; read the presentation again." % (
                    number, actual, title))
    return numbers


def title_of(page) -> str:
    """The text of the page's title placeholder ("" when it has none)."""
    for shape in shapes_of(page):
        if kind_of(shape) == "title":
            return shape.getString()
    return ""


def _delete(commands: SlideCommands, numbers: List[int], word: str) -> str:
    if len(numbers) >= commands.count():
        raise ToolError("That would delete every %s; a document keeps at least one." % word)
    for number in reversed(numbers):
        commands.remove(number - 1)
    return "Deleted %s %s; %d %ss remain." % (_plural(word, numbers), _listed(numbers), commands.count(), word)


def _move(commands: SlideCommands, numbers: List[int], to: Optional[int], word: str) -> str:
    count = commands.count()
    if to is None:
        raise ToolError("Say where to move: to=N (the number the first %s has afterwards)." % word)
    if to + len(numbers) - 1 > count:
        raise ToolError("The document has %d %ss; %d %s cannot start at %d." % (count, word, len(numbers),
                                                                                _plural(word, numbers), to))
    for start, end in move_plan(count, [n - 1 for n in numbers], to - 1):
        commands.move(start, end)
    return "Moved %s %s to %s %s." % (_plural(word, numbers), _listed(numbers), word,
                                       _listed(list(range(to, to + len(numbers)))))


def _duplicate(commands: SlideCommands, numbers: List[int], word: str) -> str:
    made = []
    for number in reversed(numbers):
        commands.duplicate(number - 1)
    for offset, number in enumerate(numbers):
        made.append(number + offset + 1)
    return "Duplicated %s %s; the copies are %s %s." % (_plural(word, numbers), _listed(numbers),
                                                         _plural(word, made), _listed(made))


def _layout(commands: SlideCommands, numbers: List[int], layout: Optional[str]) -> str:
    if not layout:
        raise ToolError("Say which layout: layout=NAME, one of: %s." % ", ".join(LAYOUTS))
    value = layout_number(layout)
    reports = []
    for number in numbers:
        with rewritten(commands, number - 1, quiet_changes=False) as copy:
            commands.assign_layout_to(copy, value)
        reports.append(layout_report(commands.document, copy, number))
    return "Gave %s %s the layout %s; filled placeholders keep their text and move to the layout's places.%s" % (
        _plural("slide", numbers), _listed(numbers), layout_name(value), "".join(reports))


def _visibility(commands: SlideCommands, numbers: List[int], show: bool) -> str:
    for number in numbers:
        with rewritten(commands, number - 1) as copy:
            copy.setPropertyValue("Visible", show)
    return "%s %s %s in the slide show." % ("Showed" if show else "Hid", _plural("slide", numbers), _listed(numbers))


def _transition(commands: SlideCommands, numbers: List[int], transition: str, seconds: Optional[float]) -> str:
    kind, subtype = transition_values(transition)
    values = {"TransitionType": kind, "TransitionSubtype": subtype}
    if seconds is not None:
        values["TransitionDuration"] = float(seconds)
    for number in numbers:
        with rewritten(commands, number - 1) as copy:
            for name, value in values.items():
                copy.setPropertyValue(name, value)
    if transition == "none":
        return "Removed the transition of %s %s." % (_plural("slide", numbers), _listed(numbers))
    return "Gave %s %s the transition %s%s." % (_plural("slide", numbers), _listed(numbers), transition,
                                                "" if seconds is None else " (%g s)" % seconds)


def _plural(word: str, numbers: List[int]) -> str:
    return word if len(numbers) == 1 else word + "s"


def _listed(numbers: List[int]) -> str:
    if len(numbers) == 1:
        return str(numbers[0])
    return ", ".join(str(n) for n in numbers[:-1]) + " and %d" % numbers[-1]


TOOLS = [manage_slides]
