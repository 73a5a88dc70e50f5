"""Pixel layout of the chat panel for a given deck width and height.

Pure arithmetic, so it is tested without LibreOffice: the UNO view calls
:func:`layout` from ``getHeightForWidth`` and on every resize, and moves each
control to the rectangle returned for its name. Nothing is clipped from 250 px up.
"""
from __future__ import annotations

from typing import Dict, List, NamedTuple, Tuple

MARGIN = 6
GAP = 4
ROW = 26          # combobox, buttons
STATUS = 20
INPUT = 72
MIN_TRANSCRIPT = 160
MIN_WIDTH = 250

# Buttons in the bottom row, left to right.
BUTTONS: List[str] = ["send", "stop", "clear", "revert", "insert"]
# Buttons in the top row, right of the model picker (fixed width each).
TOP_BUTTONS: List[str] = ["settings"]
TOP_BUTTON_WIDTH = 30
# The control right of the status text, on the same row.
STATUS_SIDE = "show_thinking"
STATUS_SIDE_WIDTH = 80


class Metrics(NamedTuple):
    """Heights the office's controls need (their preferred sizes, measured by the view)."""

    row: int = ROW
    """Height of the button rows and the model picker."""
    status: int = STATUS
    """Height of the one-line status text (and the checkbox beside it)."""
    status_line: int = STATUS - 4
    """Height each further line of a wrapped status text adds."""
    top_button_width: int = TOP_BUTTON_WIDTH
    """Width of each button right of the model picker."""
    status_side_width: int = STATUS_SIDE_WIDTH
    """Width of the checkbox right of the status text."""
    button_widths: Tuple[Tuple[str, int], ...] = ()
    """Each bottom button's preferred width; buttons wrap onto a second row when they do not fit."""


class Rect(NamedTuple):
    """A control's position and size in pixels, relative to the panel window."""

    x: int
    y: int
    width: int
    height: int


MAX_STATUS_LINES = 2


def preferred_height(metrics: Metrics = Metrics(), width: int = MIN_WIDTH, status_lines: int = 1) -> int:
    """Return the height the panel needs to show every control with a usable transcript."""
    rows = len(_button_rows(BUTTONS, width - 2 * MARGIN, dict(metrics.button_widths)))
    return (MARGIN * 2 + metrics.row * (1 + rows) + MIN_TRANSCRIPT + _status_height(metrics, status_lines) + INPUT
            + GAP * (3 + rows))


def lines_for_status(text_width: int, panel_width: int, metrics: Metrics = Metrics()) -> int:
    """How many lines a status text ``text_width`` pixels wide takes in a panel ``panel_width`` wide.

    A status that does not fit beside the Thinking box wraps onto a second line rather than
    being cut off (longer ones are cut after two lines).
    """
    box = status_width(panel_width, metrics)
    return 1 if text_width <= box else MAX_STATUS_LINES


def status_width(panel_width: int, metrics: Metrics = Metrics()) -> int:
    """The width of the status text's box in a panel ``panel_width`` wide."""
    inner = max(panel_width, MIN_WIDTH) - 2 * MARGIN
    return inner - min(metrics.status_side_width, inner // 2) - GAP


def _status_height(metrics: Metrics, lines: int) -> int:
    return metrics.status + (min(max(lines, 1), MAX_STATUS_LINES) - 1) * metrics.status_line


def layout(width: int, height: int, buttons: List[str] = None, top_buttons: List[str] = None,
           metrics: Metrics = Metrics(), status_lines: int = 1) -> Dict[str, Rect]:
    """Compute every control's rectangle for a panel of ``width`` × ``height`` pixels.

    Args:
        width: panel width; values below 250 are laid out as 250 (the panel's minimum).
        height: panel height; the transcript takes whatever the fixed rows leave,
            but never less than its minimum.
        buttons: names of the bottom-row buttons (default :data:`BUTTONS`).
        top_buttons: names of small buttons right of the model picker.
        metrics: the row heights the controls need.
        status_lines: lines the status text takes (see :func:`lines_for_status`).

    Returns:
        A mapping from control name to :class:`Rect`.
    """
    buttons = BUTTONS if buttons is None else buttons
    top_buttons = TOP_BUTTONS if top_buttons is None else top_buttons
    width = max(width, MIN_WIDTH)
    height = max(height, preferred_height(metrics, width, status_lines))
    status = _status_height(metrics, status_lines)
    row = metrics.row
    inner = width - 2 * MARGIN
    button_rows = _button_rows(buttons, inner, dict(metrics.button_widths))
    rects: Dict[str, Rect] = {}
    y = MARGIN
    picker_width = inner - len(top_buttons) * (metrics.top_button_width + GAP)
    rects["model"] = Rect(MARGIN, y, picker_width, row)
    x = MARGIN + picker_width + GAP
    for name in top_buttons:
        rects[name] = Rect(x, y, metrics.top_button_width, row)
        x += metrics.top_button_width + GAP
    y += row + GAP
    fixed_below = status + GAP + INPUT + (GAP + row) * len(button_rows) + MARGIN
    transcript_height = height - y - GAP - fixed_below
    rects["transcript"] = Rect(MARGIN, y, inner, transcript_height)
    y += transcript_height + GAP
    side = min(metrics.status_side_width, inner // 2)
    rects["status"] = Rect(MARGIN, y, inner - side - GAP, status)
    rects[STATUS_SIDE] = Rect(MARGIN + inner - side, y, side, metrics.status)
    y += status + GAP
    rects["input"] = Rect(MARGIN, y, inner, INPUT)
    y += INPUT + GAP
    for names in button_rows:
        rects.update(_button_row(names, MARGIN, y, inner, row, dict(metrics.button_widths)))
        y += row + GAP
    return rects


def _button_rows(names: List[str], inner: int, widths: Dict[str, int]) -> List[List[str]]:
    """Split the buttons into rows whose preferred widths (and gaps) fit ``inner`` pixels."""
    rows: List[List[str]] = [[]]
    used = 0
    for name in names:
        need = widths.get(name, 0)
        extra = need + (GAP if rows[-1] else 0)
        if rows[-1] and used + extra > inner:
            rows.append([])
            used, extra = 0, need
        rows[-1].append(name)
        used += extra
    return rows if rows[0] else []


def _button_row(names: List[str], x: int, y: int, inner: int, row: int,
                widths: Dict[str, int] = None) -> Dict[str, Rect]:
    """Split ``inner`` pixels between the buttons, gaps included: evenly when every label fits
    an even share, otherwise each gets its preferred width plus an even share of the rest."""
    if not names:
        return {}
    widths = widths or {}
    room = inner - GAP * (len(names) - 1)
    even = room // len(names)
    needs = [widths.get(name, 0) for name in names]
    if all(need <= even for need in needs) or sum(needs) > room:
        sizes = [even] * len(names)
    else:
        share = (room - sum(needs)) // len(names)
        sizes = [need + share for need in needs]
    rects = {}
    for name, size in zip(names, sizes):
        rects[name] = Rect(x, y, size, row)
        x += size + GAP
    return rects
