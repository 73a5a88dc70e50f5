"""What a page_setup call changes in a page style: sizes, margins, columns, header and footer switches.

:func:`style_changes` turns a call's values (in cm) into the page style's properties (in 1/100 mm)
and refuses, before anything changes, what cannot be done or undone safely: margins that leave no
room for the text, and switching off a header or footer that is on (see :mod:`.page_undo`).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import List, Optional, Tuple

from ...core.agent.tools import ToolError
from .page_styles import CENTIMETRE, PAPERS, cm

NOT_TRACKED = (" Writer does not record page set-up as a tracked change, so it was applied directly (Ctrl+Z takes "
               "it back).")
DEFAULT_GAP_CM = 1.0
MIN_TEXT_AREA = 2 * CENTIMETRE  # what the margins must leave for the text, across and down
SWITCH_OFF = ("LibreOffice cannot undo switching off a header or footer that is on (its text would be lost or "
              "damaged by undo and redo), so it is not done here. To leave the %s empty, write an empty text with "
              "header_footer (content \"\"); the user can switch it off under Format ▸ Page Style.")


@dataclass(frozen=True)
class PageChanges:
    """What a "set" call changes (None: left as it is), in the call's units."""

    paper: Optional[str] = None
    width_cm: Optional[float] = None
    height_cm: Optional[float] = None
    orientation: Optional[str] = None
    margin_cm: Optional[float] = None
    margin_top_cm: Optional[float] = None
    margin_bottom_cm: Optional[float] = None
    margin_left_cm: Optional[float] = None
    margin_right_cm: Optional[float] = None
    columns: Optional[int] = None
    column_gap_cm: Optional[float] = None
    header: Optional[bool] = None
    footer: Optional[bool] = None
    different_first_page: Optional[bool] = None

    def any(self) -> bool:
        """True when the call asks for a change."""
        return any(getattr(self, f.name) is not None for f in fields(self))


def style_changes(get, changes: PageChanges) -> dict:
    """The page style properties to set for ``changes``, in the order to set them; refuses what cannot be done.

    ``get(name)`` reads the style's current value of a property (``style.getPropertyValue``).
    """
    result = {}
    width, height, landscape = _size(get("Width"), get("Height"), bool(get("IsLandscape")), changes)
    if (width, height, landscape) != (get("Width"), get("Height"), bool(get("IsLandscape"))):
        result.update(Width=width, Height=height, IsLandscape=landscape)
    margins = _margins(changes)
    result.update(margins)
    _check_text_area(width, height, {name: margins.get(name, get(name)) for name in MARGINS.values()})
    result.update(_headers(get, changes))
    if changes.columns is not None or changes.column_gap_cm is not None:
        result["TextColumns"] = _columns(get("TextColumns"), changes)
    return result


MARGINS = {"margin_top_cm": "TopMargin", "margin_bottom_cm": "BottomMargin", "margin_left_cm": "LeftMargin",
           "margin_right_cm": "RightMargin"}


def _size(width: int, height: int, landscape: bool, changes: PageChanges) -> Tuple[int, int, bool]:
    if changes.paper is not None and (changes.width_cm is not None or changes.height_cm is not None):
        raise ToolError("Give paper or width_cm/height_cm, not both.")
    if changes.orientation is not None:
        landscape = changes.orientation == "landscape"
    if changes.paper is not None:
        short, long_ = PAPERS[changes.paper]
        return (long_, short, landscape) if landscape else (short, long_, landscape)
    if changes.width_cm is not None or changes.height_cm is not None:
        width = int(round(changes.width_cm * CENTIMETRE)) if changes.width_cm is not None else width
        height = int(round(changes.height_cm * CENTIMETRE)) if changes.height_cm is not None else height
        if changes.orientation is not None and (width > height) != landscape and width != height:
            raise ToolError("A page of %s × %s cm is not %s; leave orientation out or give the sizes the other way "
                            "round." % (cm(width), cm(height), changes.orientation))
        return width, height, width > height
    if changes.orientation is not None and (width > height) != landscape and width != height:
        width, height = height, width
    return width, height, landscape


def _margins(changes: PageChanges) -> dict:
    result = {}
    for name, prop in MARGINS.items():
        value = getattr(changes, name)
        value = changes.margin_cm if value is None else value
        if value is not None:
            result[prop] = int(round(value * CENTIMETRE))
    return result


def _check_text_area(width: int, height: int, margins: dict) -> None:
    across = width - margins["LeftMargin"] - margins["RightMargin"]
    down = height - margins["TopMargin"] - margins["BottomMargin"]
    if across < MIN_TEXT_AREA or down < MIN_TEXT_AREA:
        raise ToolError("Those margins leave %s × %s cm for the text on a %s × %s cm page; leave at least 2 cm each "
                        "way." % (cm(max(across, 0)), cm(max(down, 0)), cm(width), cm(height)))


def _headers(get, changes: PageChanges) -> dict:
    """Header and footer switches and their sharing flags, refusing the changes an undo would damage."""
    result = {}
    for kind, wanted in (("Header", changes.header), ("Footer", changes.footer)):
        if wanted is False and get(kind + "IsOn"):
            raise ToolError(SWITCH_OFF % kind.lower())
        if wanted and not get(kind + "IsOn"):
            result[kind + "IsOn"] = True
    parts_on = [kind for kind in ("Header", "Footer") if get(kind + "IsOn") or result.get(kind + "IsOn")]
    if changes.different_first_page is not None and _shared(get, "FirstIsShared") == changes.different_first_page:
        if not changes.different_first_page and parts_on:
            raise ToolError("LibreOffice cannot undo making the first page share the header and footer again (the "
                            "first page's own text would be damaged by undo and redo), so it is not done here. Write "
                            "the same text into the first page's header with header_footer instead.")
        result["FirstIsShared"] = not changes.different_first_page
    return result


def _shared(get, name: str) -> bool:
    """A sharing flag (Writer reads it as void while no header or footer is on: shared)."""
    return get(name) is not False


def _columns(columns, changes: PageChanges):
    count = changes.columns if changes.columns is not None else max(columns.getColumnCount(), 1)
    if count == 1 and changes.column_gap_cm is not None and changes.columns is None:
        raise ToolError("The page has one column; give columns too.")
    gap = changes.column_gap_cm
    if gap is None:
        gap = columns.AutomaticDistance / CENTIMETRE if columns.getColumnCount() > 1 else DEFAULT_GAP_CM
    columns.AutomaticDistance = int(round(gap * CENTIMETRE))
    columns.setColumnCount(count)
    return columns


def described(changes: PageChanges) -> List[str]:
    """The changes of a call in words."""
    words = []
    if changes.paper:
        words.append(changes.paper)
    if changes.width_cm is not None or changes.height_cm is not None:
        words.append("size %s × %s cm" % (_number(changes.width_cm), _number(changes.height_cm)))
    if changes.orientation:
        words.append(changes.orientation)
    if changes.margin_cm is not None:
        words.append("margins %s cm all round" % _number(changes.margin_cm))
    for name in MARGINS:
        if getattr(changes, name) is not None:
            words.append("%s margin %s cm" % (name.split("_")[1], _number(getattr(changes, name))))
    if changes.columns is not None:
        gap = changes.column_gap_cm if changes.column_gap_cm is not None else DEFAULT_GAP_CM
        words.append("1 column" if changes.columns == 1 else "%d columns %s cm apart" % (changes.columns, _number(gap)))
    elif changes.column_gap_cm is not None:
        words.append("columns %s cm apart" % _number(changes.column_gap_cm))
    for name, label in (("header", "header"), ("footer", "footer")):
        if getattr(changes, name):
            words.append("%s on" % label)
    if changes.different_first_page is not None:
        words.append("a different first page" if changes.different_first_page else "the same first page")
    return words


def _number(value: Optional[float]) -> str:
    return "?" if value is None else ("%.2f" % value).rstrip("0").rstrip(".")
