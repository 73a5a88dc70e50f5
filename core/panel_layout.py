"""Pixel layout of the chat panel for a given deck width and height.

Pure arithmetic, so it is tested without LibreOffice: the UNO view calls
:func:`layout` from ``getHeightForWidth`` and on every resize, and moves each
control to the rectangle returned for its name. Nothing is clipped from 250 px up.
"""
from __future__ import annotations

from typing import Dict, List, NamedTuple

MARGIN = 6
GAP = 4
ROW = 26          # combobox, buttons
STATUS = 20
INPUT = 72
MIN_TRANSCRIPT = 160
MIN_WIDTH = 250

# Buttons in the bottom row, left to right.
BUTTONS: List[str] = ["send", "stop"]
# Buttons in the top row, right of the model picker (fixed width each).
TOP_BUTTONS: List[str] = []
TOP_BUTTON_WIDTH = 30


class Metrics(NamedTuple):
    """Heights the office's controls need (their preferred sizes, measured by the view)."""

    row: int = ROW
    """Height of the button rows and the model picker."""
    status: int = STATUS
    """Height of the one-line status text."""


class Rect(NamedTuple):
    """A control's position and size in pixels, relative to the panel window."""

    x: int
    y: int
    width: int
    height: int


def preferred_height(metrics: Metrics = Metrics()) -> int:
    """Return the height the panel needs to show every control with a usable transcript."""
    return MARGIN * 2 + metrics.row * 2 + MIN_TRANSCRIPT + metrics.status + INPUT + GAP * 4


def layout(width: int, height: int, buttons: List[str] = None, top_buttons: List[str] = None,
           metrics: Metrics = Metrics()) -> Dict[str, Rect]:
    """Compute every control's rectangle for a panel of ``width`` × ``height`` pixels.

    Args:
        width: panel width; values below 250 are laid out as 250 (the panel's minimum).
        height: panel height; the transcript takes whatever the fixed rows leave,
            but never less than its minimum.
        buttons: names of the bottom-row buttons (default :data:`BUTTONS`).
        top_buttons: names of small buttons right of the model picker.
        metrics: the row heights the controls need.

    Returns:
        A mapping from control name to :class:`Rect`.
    """
    buttons = BUTTONS if buttons is None else buttons
    top_buttons = TOP_BUTTONS if top_buttons is None else top_buttons
    width = max(width, MIN_WIDTH)
    height = max(height, preferred_height(metrics))
    row = metrics.row
    inner = width - 2 * MARGIN
    rects: Dict[str, Rect] = {}
    y = MARGIN
    picker_width = inner - len(top_buttons) * (TOP_BUTTON_WIDTH + GAP)
    rects["model"] = Rect(MARGIN, y, picker_width, row)
    x = MARGIN + picker_width + GAP
    for name in top_buttons:
        rects[name] = Rect(x, y, TOP_BUTTON_WIDTH, row)
        x += TOP_BUTTON_WIDTH + GAP
    y += row + GAP
    fixed_below = metrics.status + GAP + INPUT + GAP + row + MARGIN
    transcript_height = height - y - GAP - fixed_below
    rects["transcript"] = Rect(MARGIN, y, inner, transcript_height)
    y += transcript_height + GAP
    rects["status"] = Rect(MARGIN, y, inner, metrics.status)
    y += metrics.status + GAP
    rects["input"] = Rect(MARGIN, y, inner, INPUT)
    y += INPUT + GAP
    rects.update(_button_row(buttons, MARGIN, y, inner, row))
    return rects


def _button_row(names: List[str], x: int, y: int, inner: int, row: int) -> Dict[str, Rect]:
    """Split ``inner`` pixels evenly between the buttons, gaps included."""
    if not names:
        return {}
    each = (inner - GAP * (len(names) - 1)) // len(names)
    rects = {}
    for number, name in enumerate(names):
        rects[name] = Rect(x + number * (each + GAP), y, each, row)
    return rects
