"""edit_shape_text: change the text of a slide's placeholder, text box, shape or speaker notes, keeping its look.

With ``old_text`` the words the model read are replaced where they stand, as Writer's replace_text
does (each changed word keeps the formatting of the word it replaces; see
:func:`.shape_text.replace_keeping_format`), and refused when the shape no longer holds them (the
edit-conflict guard). Without it the whole text is replaced: in a body placeholder, ``- bullet``
lines (indented for sub-levels) set the outline. The change is made on a copy of the slide (see
:mod:`.recorded`), so the turn's undo brings back the very original.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple, Union

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from ...core.slides.outline import BodyLine
from ...core.text.match import find_all, quote
from ..writer.spans import TextSpan
from .deck import kind_of, page_at, page_word
from .editing import check_writable, review_note
from .layout_report import layout_report
from .recorded import SlideCommands, rewritten
from .shape_text import replace_keeping_format, write_lines
from .targets import describe_target, find_shape, text_shape

_BULLET = re.compile(r"^([ \t]*)[-*+]\s+(.*)$")


@tool(apps=("impress", "draw"), changes_document=True)
def edit_shape_text(context,
                    slide: int = Arg("The slide (page) number from get_presentation.", minimum=1),
                    shape: Union[int, str] = Arg("The shape: its number [K] from get_presentation, or title, "
                                                 "subtitle, body, or notes (the speaker notes)."),
                    new_text: str = Arg("The new text. Without old_text it replaces the whole text; in a body, "
                                        "'- ' lines (indented two spaces per sub-level) are bullets."),
                    old_text: Optional[str] = Arg("The exact text to replace, as you read it; refused if the "
                                                  "shape no longer holds it.", min_length=1),
                    all: bool = Arg("Replace every occurrence of old_text in the shape (default: it must occur "
                                    "once).", default=False)) -> ToolOutcome:
    """Change the text of a shape on a slide: a placeholder (title, subtitle, body), a text box, a shape's text
    or the speaker notes (shape="notes"). With old_text, only those words are replaced and the formatting
    stays; without it, the whole text is replaced (bullets with '- ' in a body).
    """
    document = context.document
    where = "%s %d" % (page_word(document), slide)
    page = page_at(document, slide)
    target = text_shape(page, shape, where) if shape != "notes" else find_shape(page, shape, where)
    current = TextSpan.of_shape(target).text
    places = _places(current, old_text, all, describe_target(shape, where)) if old_text else [(0, len(current))]
    check_writable(context)
    commands = SlideCommands(context)
    with rewritten(commands, slide - 1) as copy:
        twin = find_shape(copy, shape, where)
        if old_text is None and kind_of(twin) == "body" and _has_bullets(new_text):
            write_lines(document, twin, _bullet_lines(new_text))
        else:
            for start, end in reversed(places):
                replace_keeping_format(twin, start, end, new_text)
    report = layout_report(document, page_at(document, slide), slide, page_word(document))
    what = describe_target(shape, where)
    if old_text is None:
        content = "Replaced the text of %s: it now reads %s." % (what, quote(new_text))
    else:
        content = "Replaced %s with %s in %s (%d place%s)." % (quote(old_text), quote(new_text), what, len(places),
                                                                 "" if len(places) == 1 else "s")
    summary = _("Changed text on slide %d") % slide if page_word(document) == "slide" else \
        _("Changed text on page %d") % slide
    return ToolOutcome.success(content + report + review_note(context), summary)


def _places(current: str, old_text: str, every: bool, what: str) -> List[Tuple[int, int]]:
    found = find_all(current, old_text)
    if not found:
        raise ToolError("%s does not hold %s; it reads %s. Read it again (get_presentation)." % (
            what[:1].upper() + what[1:], quote(old_text), quote(current)))
    if len(found) > 1 and not every:
        raise ToolError("%s occurs %d times in %s; give more of the words around it, or all=true." % (
            quote(old_text), len(found), what))
    return found


def _has_bullets(text: str) -> bool:
    return any(_BULLET.match(line) for line in text.splitlines())


def _bullet_lines(text: str) -> List[BodyLine]:
    lines = []
    for line in text.splitlines():
        if not line.strip():
            continue
        bullet = _BULLET.match(line)
        if bullet:
            lines.append(BodyLine(bullet.group(2).strip(), len(bullet.group(1).replace("\t", "  ")) // 2))
        else:
            lines.append(BodyLine(line.strip(), 0))
    return lines


TOOLS = [edit_shape_text]
