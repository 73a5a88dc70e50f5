"""``fill_series``: fill a range from its first cells, like dragging the fill handle or Sheet ▸ Fill Cells ▸ Series.

Calc's own ``XCellSeries.fillAuto`` (the fill handle: continues 1, 2 → 3, 4…; Mon → Tue…;
Jan → Feb…; Q1 → Q2…; a date by days; text with a number at its end; formulas adjusted) and
``fillSeries`` (a start value and a step: linear, growth, or dates by day, weekday, month or
year), both recorded by Calc for undo. The edit-conflict guard: the cells to be filled must be
empty unless the call says ``overwrite``.
"""
from __future__ import annotations

from typing import Literal, Optional

import uno

from ...core.calc.cell_address import RangeRef, cell_name
from ...core.i18n import _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, resolve
from .cell_views import filled_cells
from .copy_range import MAX_SHOWN
from .guards import ensure_cells_editable, ensure_no_partial_array

DIRECTIONS = {"down": "TO_BOTTOM", "right": "TO_RIGHT", "up": "TO_TOP", "left": "TO_LEFT"}
MODES = {"auto": "AUTO", "linear": "LINEAR", "growth": "GROWTH", "date": "DATE"}
DATE_UNITS = {"day": "FILL_DATE_DAY", "weekday": "FILL_DATE_WEEKDAY", "month": "FILL_DATE_MONTH",
              "year": "FILL_DATE_YEAR"}
NO_END = 1e300


@tool(apps=("calc",), changes_document=True)
def fill_series(context, range: str = Arg("The whole range to fill, seed cells included: %s." % RANGE_HELP),
                kind: Literal["auto", "linear", "growth", "date"] = Arg(
                    "auto (default) continues the first cells as the fill handle does (1, 2 → 3…; Mon → Tue; Jan → "
                    "Feb; Q1 → Q2; dates; text ending in a number). linear/growth/date start from the first cell "
                    "and use 'step'.", default="auto"),
                direction: Literal["down", "right", "up", "left"] = Arg("Default down.", default="down"),
                seed_cells: int = Arg("For auto: how many first cells hold the pattern (default 1 unless the next "
                                      "cells are filled too: all filled cells at the start).", default=0, minimum=0),
                step: float = Arg("For linear (added), growth (multiplied) and date (units per cell). Default 1.",
                                  default=1.0),
                date_unit: Literal["day", "weekday", "month", "year"] = Arg("For date: the unit (default day; "
                                                                            "weekday skips weekends).",
                                                                            default="day"),
                end_value: Optional[float] = Arg("Stop before passing this value (linear, growth)."),
                overwrite: bool = Arg("Replace cells of the range that hold something (default false: refused).",
                                      default=False)) -> ToolOutcome:
    """Fill a series into a range like dragging the fill handle (kind=auto) or Sheet > Fill Cells > Series
    (linear, growth, date with a step). Put the first value(s) in the range's first cell(s) first.
    """
    target = resolve(context.document, range)
    ensure_cells_editable(target)
    ensure_no_partial_array(target)
    seeds = _seeds(target, direction, seed_cells if kind == "auto" else 1)
    length = _length(target.ref, direction)
    if seeds >= length:
        raise ToolError("%s has only %d cell(s) %s and all are seed cells; give a longer range to fill. Nothing "
                        "was changed." % (target.label, length, "down" if direction in ("down", "up") else "across"))
    if not overwrite:
        _refuse_filled(target, direction, seeds)
    cell_range = target.cell_range()
    fill_direction = uno.Enum("com.sun.star.sheet.FillDirection", DIRECTIONS[direction])
    if kind == "auto":
        cell_range.fillAuto(fill_direction, seeds)
        how = "continuing the pattern of the first %d cell(s), as the fill handle does" % seeds
    else:
        cell_range.fillSeries(fill_direction, uno.Enum("com.sun.star.sheet.FillMode", MODES[kind]),
                              uno.Enum("com.sun.star.sheet.FillDateMode", DATE_UNITS[date_unit]), step,
                              NO_END if end_value is None else end_value)
        how = ("%s series, step %g%s" % (kind, step, " %s(s)" % date_unit if kind == "date" else "")
               + ("" if end_value is None else ", up to %g" % end_value))
    text = "Filled %s %s (%s)." % (target.label, direction, how)
    return ToolOutcome.success(text, _("Filled a series in %s") % target.label)


def _length(ref: RangeRef, direction: str) -> int:
    return ref.rows if direction in ("down", "up") else ref.columns


def _seeds(target, direction: str, asked: int) -> int:
    """The number of seed cells: as asked, or the filled cells at the start of the first line."""
    if asked:
        return asked
    ref = target.ref
    length = _length(ref, direction)
    line = [_cell_of(ref, direction, index) for index in range(length)]
    values = [target.sheet.getCellByPosition(c, r).getType().value != "EMPTY" for c, r in line[:min(length, 20)]]
    count = 0
    for filled in values:
        if not filled:
            break
        count += 1
    if count == 0:
        first = line[0]
        raise ToolError("The first cell of %s (%s) is empty; write the start value there first (write_range). "
                        "Nothing was changed." % (target.label, target.sheet.getCellByPosition(*first)
                                                  .AbsoluteName.split(".")[-1].replace("$", "")))
    return count


def _cell_of(ref: RangeRef, direction: str, index: int):
    if direction == "down":
        return ref.start_column, ref.start_row + index
    if direction == "up":
        return ref.start_column, ref.end_row - index
    if direction == "right":
        return ref.start_column + index, ref.start_row
    return ref.end_column - index, ref.start_row


def _refuse_filled(target, direction: str, seeds: int) -> None:
    """The edit-conflict guard: the cells after the seeds must be empty."""
    ref = target.ref
    if direction == "down":
        rest = RangeRef(None, ref.start_column, ref.start_row + seeds, ref.end_column, ref.end_row)
    elif direction == "up":
        rest = RangeRef(None, ref.start_column, ref.start_row, ref.end_column, ref.end_row - seeds)
    elif direction == "right":
        rest = RangeRef(None, ref.start_column + seeds, ref.start_row, ref.end_column, ref.end_row)
    else:
        rest = RangeRef(None, ref.start_column, ref.start_row, ref.end_column - seeds, ref.end_row)
    filled = filled_cells(target.sub(rest))
    if filled:
        shown = ", ".join(cell_name(column, row) for column, row in filled[:MAX_SHOWN])
        raise ToolError("Cells to be filled in %s already hold data (%s). Read them first; to replace them, call "
                        "again with overwrite=true. Nothing was changed." % (target.label, shown))


TOOLS = [fill_series]
