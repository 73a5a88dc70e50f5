"""format_paragraphs: alignment, line spacing, spacing, indents, keeping and page breaks of whole paragraphs.

The paragraphs are named by number (one or a range: tables inside it are left as they are), by
the user's selection, by their paragraph style ("every Heading 1"), or all of the document's text
(tables' text included, as Select All then Format ▸ Paragraph does). Consecutive paragraphs take
each property in one call on a text cursor spanning them, so formatting a 500-page document costs
one call, not one per paragraph. Units are the ones people say: points for spacing and line
height, centimetres for indents.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import List, Literal, Optional, Tuple

import uno
from com.sun.star.style.BreakType import NONE as NO_BREAK, PAGE_AFTER, PAGE_BEFORE

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _, ngettext
from .blocks import Block, body_blocks
from .review import editing, review_mode
from .styles import check_start, resolve_style, selected_paragraphs

ALIGNMENTS = {"left": 0, "right": 1, "justify": 2, "center": 3}  # ParaAdjust: com.sun.star.style.ParagraphAdjust
POINT = 2540 / 72  # 1/100 mm in a point
CENTIMETRE = 1000  # 1/100 mm in a centimetre
PROPORTIONAL, AT_LEAST, FIXED = 0, 1, 3  # com.sun.star.style.LineSpacingMode
WHOLE = "whole"
"""The target "all of the document's text": one cursor from its start to its end."""
ALIGNED = {"left": "aligned left", "center": "centred", "right": "aligned right", "justify": "justified"}


@dataclass(frozen=True)
class Layout:
    """What a call changes (None: left as it is), in the call's own units."""

    alignment: Optional[str] = None
    line_spacing: Optional[float] = None
    line_height_pt: Optional[float] = None
    min_line_height_pt: Optional[float] = None
    space_before_pt: Optional[float] = None
    space_after_pt: Optional[float] = None
    indent_left_cm: Optional[float] = None
    indent_right_cm: Optional[float] = None
    first_line_indent_cm: Optional[float] = None
    keep_with_next: Optional[bool] = None
    page_break_before: Optional[bool] = None
    page_break_after: Optional[bool] = None

    def given(self) -> List[Tuple[str, object]]:
        """``(name, value)`` of every change asked for."""
        return [(f.name, getattr(self, f.name)) for f in fields(self) if getattr(self, f.name) is not None]


@tool(apps=("writer",), changes_document=True)
def format_paragraphs(context,
                      alignment: Optional[Literal["left", "center", "right", "justify"]] = Arg(
                          "Text alignment."),
                      line_spacing: Optional[float] = Arg("Line spacing as a multiple: 1 single, 1.15, 1.5, 2 double.",
                                                          minimum=0.5, maximum=5),
                      line_height_pt: Optional[float] = Arg("An exact line height in points (instead of a multiple).",
                                                            minimum=1, maximum=200),
                      min_line_height_pt: Optional[float] = Arg("A line height of at least this many points.",
                                                                minimum=1, maximum=200),
                      space_before_pt: Optional[float] = Arg("Space above each paragraph, in points.", minimum=0,
                                                             maximum=500),
                      space_after_pt: Optional[float] = Arg("Space below each paragraph, in points.", minimum=0,
                                                            maximum=500),
                      indent_left_cm: Optional[float] = Arg("Left indent in cm.", minimum=-10, maximum=30),
                      indent_right_cm: Optional[float] = Arg("Right indent in cm.", minimum=-10, maximum=30),
                      first_line_indent_cm: Optional[float] = Arg(
                          "First-line indent in cm; negative for a hanging indent (give indent_left_cm too).",
                          minimum=-30, maximum=30),
                      keep_with_next: Optional[bool] = Arg("Keep each paragraph on the same page as the next."),
                      page_break_before: Optional[bool] = Arg("Start each paragraph on a new page (false removes "
                                                              "such a break)."),
                      page_break_after: Optional[bool] = Arg("Start a new page after each paragraph (false removes "
                                                             "such a break)."),
                      paragraph: Optional[int] = Arg("The (first) paragraph (a number from get_document).", minimum=1),
                      to_paragraph: Optional[int] = Arg("The last paragraph of a range.", minimum=1),
                      expected_start: Optional[str] = Arg("The first words of paragraph N as you read them; refused "
                                                          "if it now starts differently."),
                      selection: bool = Arg("The paragraphs of the user's selection.", default=False),
                      style: Optional[str] = Arg("Every paragraph of this paragraph style (e.g. Heading 1).",
                                                 min_length=1),
                      all: bool = Arg("The whole document's text, tables included.", default=False)
                      ) -> ToolOutcome:
    """Format whole paragraphs: alignment (left, center, right, justify), line spacing (a multiple such as 1.5
    or 2, or a height in points), space above and below, indents, keep with next, page break before or
    after. Which paragraphs: paragraph=N (to_paragraph=M for a range), selection=true, style="Heading 1" (every
    paragraph of that style), or all=true (the whole document). Only the properties given change.
    """
    document = context.document
    layout = Layout(alignment, line_spacing, line_height_pt, min_line_height_pt, space_before_pt, space_after_pt,
                    indent_left_cm, indent_right_cm, first_line_indent_cm, keep_with_next, page_break_before,
                    page_break_after)
    properties = _properties(layout)
    runs, where = _targets(document, paragraph, to_paragraph, expected_start, selection, style, all)
    names = tuple(sorted(properties))
    values = tuple(properties[name] for name in names)
    recorded = review_mode(context) or bool(document.RecordChanges)
    with editing(context):
        for span in _spans(document, runs):
            span.setPropertyValues(names, values)
    changes = ", ".join(_described(layout))
    note = (" Writer does not record paragraph formatting as a tracked change, so it was applied directly (Revert "
            "or Ctrl+Z takes it back)." if recorded else "")
    if runs is WHOLE:
        return ToolOutcome.success("Formatted the whole document's text (tables included): %s.%s" % (changes, note),
                                   _("Formatted the whole document") + ": " + changes, in_place=True)
    count = sum(len(run) for run in runs)
    return ToolOutcome.success(
        "Formatted %s (%d paragraph%s): %s.%s" % (where, count, "" if count == 1 else "s", changes, note),
        ngettext("Formatted %d paragraph", "Formatted %d paragraphs", count) % count + ": " + changes,
        in_place=True)


def _properties(layout: Layout) -> dict:
    """The UNO paragraph properties to set, checked before anything changes."""
    spacing = [value for value in (layout.line_spacing, layout.line_height_pt, layout.min_line_height_pt)
               if value is not None]
    if len(spacing) > 1:
        raise ToolError("Give one of line_spacing, line_height_pt or min_line_height_pt, not several.")
    result = {}
    if layout.alignment is not None:
        result["ParaAdjust"] = ALIGNMENTS[layout.alignment]
    if spacing:
        result["ParaLineSpacing"] = _line_spacing(layout)
    for name, prop, unit in (("space_before_pt", "ParaTopMargin", POINT), ("space_after_pt", "ParaBottomMargin", POINT),
                             ("indent_left_cm", "ParaLeftMargin", CENTIMETRE),
                             ("indent_right_cm", "ParaRightMargin", CENTIMETRE),
                             ("first_line_indent_cm", "ParaFirstLineIndent", CENTIMETRE)):
        value = getattr(layout, name)
        if value is not None:
            result[prop] = int(round(value * unit))
    if layout.keep_with_next is not None:
        result["ParaKeepTogether"] = layout.keep_with_next
    breaks = _break(layout)
    if breaks is not None:
        result["BreakType"] = breaks
    if not result:
        raise ToolError("Say what to change: alignment, line_spacing (or line_height_pt, min_line_height_pt), "
                        "space_before_pt, space_after_pt, indent_left_cm, indent_right_cm, first_line_indent_cm, "
                        "keep_with_next, page_break_before or page_break_after.")
    return result


def _line_spacing(layout: Layout):
    spacing = uno.createUnoStruct("com.sun.star.style.LineSpacing")
    if layout.line_spacing is not None:
        spacing.Mode, spacing.Height = PROPORTIONAL, int(round(layout.line_spacing * 100))
    elif layout.line_height_pt is not None:
        spacing.Mode, spacing.Height = FIXED, int(round(layout.line_height_pt * POINT))
    else:
        spacing.Mode, spacing.Height = AT_LEAST, int(round(layout.min_line_height_pt * POINT))
    return spacing


def _break(layout: Layout):
    if layout.page_break_before and layout.page_break_after:
        raise ToolError("A paragraph takes a page break before or after it, not both; make two calls on different "
                        "paragraphs.")
    if layout.page_break_before:
        return PAGE_BEFORE
    if layout.page_break_after:
        return PAGE_AFTER
    if layout.page_break_before is False or layout.page_break_after is False:
        return NO_BREAK
    return None


def _targets(document, first, last, expected, selection: bool, style, every: bool):
    """``(runs of consecutive paragraph blocks, where in words)``; refused unless exactly one target is named."""
    named = [first is not None, selection, style is not None, every]
    if sum(named) != 1:
        raise ToolError("Say which paragraphs, one way: paragraph=N (to_paragraph=M for a range), selection=true, "
                        "style=NAME or all=true.")
    blocks = body_blocks(document)
    if selection:
        paragraphs, where = selected_paragraphs(document, blocks)
        return [[paragraph for _where, paragraph in paragraphs]], where
    if style is not None:
        name = resolve_style(document, "paragraph", style)
        chosen = [b for b in blocks if b.kind == "paragraph" and b.obj.getPropertyValue("ParaStyleName") == name]
        if not chosen:
            raise ToolError("No paragraph of the body has the style %s." % name)
        return _runs(chosen), "every paragraph of the style %s" % name
    if every:
        return WHOLE, "the whole document"
    return _numbered(blocks, first, last, expected)


def _numbered(blocks, first: int, last: Optional[int], expected: Optional[str]):
    last = first if last is None else last
    if last < first:
        raise ToolError("to_paragraph (%d) is before paragraph (%d)." % (last, first))
    chosen = list(blocks[first - 1:last])
    if len(chosen) < last - first + 1:
        raise ToolError("The document has %d paragraphs and tables; there is no paragraph %d."
                        % (len(blocks), last))
    if expected:
        check_start(chosen[0], first, expected)
    chosen = [b for b in chosen if b.kind == "paragraph"]
    if not chosen:
        raise ToolError("Paragraph %d is a table; format its text with format_text." % first)
    return _runs(chosen), "paragraph %d" % first if first == last else "paragraphs %d–%d" % (first, last)


def _runs(chosen: List[Block]) -> List[List]:
    """The paragraphs grouped into runs of consecutive numbers (each run is one cursor)."""
    runs: List[List] = []
    previous = None
    for block in chosen:
        if previous is not None and block.number == previous + 1:
            runs[-1].append(block.obj)
        else:
            runs.append([block.obj])
        previous = block.number
    return runs


def _spans(document, runs):
    """A text cursor over each run of paragraphs (over the whole text for :data:`WHOLE`)."""
    if runs is WHOLE:
        cursor = document.getText().createTextCursor()
        cursor.gotoStart(False)
        cursor.gotoEnd(True)
        return [cursor]
    spans = []
    for run in runs:
        cursor = run[0].getText().createTextCursorByRange(run[0].getStart())
        cursor.gotoRange(run[-1].getEnd(), True)
        spans.append(cursor)
    return spans


def _described(layout: Layout) -> List[str]:
    words = {"alignment": lambda v: ALIGNED[v],
             "line_spacing": lambda v: "line spacing %s" % _number(v),
             "line_height_pt": lambda v: "line height exactly %s pt" % _number(v),
             "min_line_height_pt": lambda v: "line height at least %s pt" % _number(v),
             "space_before_pt": lambda v: "%s pt above" % _number(v),
             "space_after_pt": lambda v: "%s pt below" % _number(v),
             "indent_left_cm": lambda v: "left indent %s cm" % _number(v),
             "indent_right_cm": lambda v: "right indent %s cm" % _number(v),
             "first_line_indent_cm": lambda v: ("hanging indent %s cm" % _number(-v) if v < 0
                                                else "first-line indent %s cm" % _number(v)),
             "keep_with_next": lambda v: "kept with the next paragraph" if v else "not kept with the next",
             "page_break_before": lambda v: "a page break before" if v else "no page break before",
             "page_break_after": lambda v: "a page break after" if v else "no page break after"}
    return [words[name](value) for name, value in layout.given()]


def _number(value: float) -> str:
    return ("%.2f" % value).rstrip("0").rstrip(".")


TOOLS = [format_paragraphs]
