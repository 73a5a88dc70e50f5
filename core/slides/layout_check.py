"""What looks wrong on a slide, from its shapes' geometry and their text's measured height (no picture needed).

Three kinds of problem are found:

* text that does not fit its box: the text needs more height than the box has (with shrink on
  overflow LibreOffice makes it smaller to fit, which is said with the scale it takes);
* shapes that reach beyond the slide's edges, or lie wholly off it;
* shapes that overlap: more than a tenth of the smaller one is covered. Lines and connectors,
  empty placeholders (not shown in the slide show) and pictures covering most of the slide (a
  background) are left out.

Lengths are LibreOffice's 1/100 mm; the answers speak centimetres.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence

TOLERANCE = 100
"""1 mm: less than this beyond an edge or above the box is not a problem."""
OVERLAP_SHARE = 0.1
BACKGROUND_SHARE = 0.9
UNBOXED_KINDS = frozenset(("line", "connector", "polyline", "curve", "dimension line"))


@dataclass(frozen=True)
class Placed:
    """One shape as the check sees it (numbers as get_presentation gives them)."""

    number: int
    kind: str
    x: int
    y: int
    width: int
    height: int
    text_height: Optional[int] = None
    """The height its text needs (None: no text, or not measured)."""
    shrinks: bool = False
    """LibreOffice shrinks the text to fit the box (shrink on overflow)."""
    empty: bool = False
    """An empty placeholder (shown while editing, not in the slide show)."""

    @property
    def right(self) -> int:
        return self.x + self.width

    @property
    def bottom(self) -> int:
        return self.y + self.height

    def named(self) -> str:
        return "[%d] %s" % (self.number, self.kind)


def problems(shapes: Sequence[Placed], width: int, height: int) -> List[str]:
    """Every problem of a slide ``width`` x ``height`` holding ``shapes``, one sentence each."""
    shown = [shape for shape in shapes if not shape.empty]
    found = [line for shape in shown for line in (_overflow(shape), _off_slide(shape, width, height)) if line]
    boxed = [shape for shape in shown if shape.kind not in UNBOXED_KINDS
             and shape.width * shape.height < BACKGROUND_SHARE * width * height]
    for index, first in enumerate(boxed):
        for second in boxed[index + 1:]:
            line = _overlap(first, second)
            if line:
                found.append(line)
    return found


def _overflow(shape: Placed) -> str:
    need = shape.text_height
    if need is None or need <= shape.height + TOLERANCE:
        return ""
    head = "%s: its text needs %s cm of height, the box has %s cm" % (shape.named(), cm(need), cm(shape.height))
    if shape.shrinks:
        return head + "; LibreOffice shrinks the text to about %d%% to fit" % (100 * shape.height // need)
    return head + "; the text runs out of the box"


def _off_slide(shape: Placed, width: int, height: int) -> str:
    if shape.right <= 0 or shape.bottom <= 0 or shape.x >= width or shape.y >= height:
        return "%s is off the slide (%s)" % (shape.named(), _box(shape))
    beyond = [(amount, side) for amount, side in ((-shape.x, "left"), (-shape.y, "top"),
                                                   (shape.right - width, "right"), (shape.bottom - height, "bottom"))
              if amount > TOLERANCE]
    if not beyond:
        return ""
    return "%s reaches beyond the slide: %s" % (shape.named(), ", ".join(
        "%s cm past the %s edge" % (cm(amount), side) for amount, side in beyond))


def _overlap(first: Placed, second: Placed) -> str:
    across = min(first.right, second.right) - max(first.x, second.x)
    down = min(first.bottom, second.bottom) - max(first.y, second.y)
    if across <= TOLERANCE or down <= TOLERANCE:
        return ""
    smaller = min(first.width * first.height, second.width * second.height)
    if smaller <= 0 or across * down < OVERLAP_SHARE * smaller:
        return ""
    return "%s and %s overlap (%s x %s cm)" % (first.named(), second.named(), cm(across), cm(down))


def _box(shape: Placed) -> str:
    return "at %s, %s cm" % (cm(shape.x), cm(shape.y))


def cm(hundredths: int) -> str:
    """1/100 mm as centimetres in short."""
    return ("%.2f" % (hundredths / 1000)).rstrip("0").rstrip(".")
