"""Data bars for ``conditional_format`` (rule=data_bar), and why colour scales and icon sets are refused.

A data bar goes through the sheet's ``ConditionalFormats`` (``XConditionalFormats.createByRange``, then an entry
of ``ConditionEntryType`` DATABAR). Calc does not record that API for undo, so the tool records its own step
(:mod:`..office.custom_undo`): undo removes the format, redo makes it again. A new bar's limits are set to the range's
smallest and largest values (LibreOffice gives it both at the number 0); a bar that clear removes is made again
with the look it had (colour, limits, gradient, axis, lengths, negative colour).

Colour scales and icon sets cannot be made through that API (measured on LibreOffice 7.4, 25.2 and 26.8): a new entry
of either kind has no limits. Setting ``ColorScaleEntries`` or ``IconSetEntries`` as pyuno passes a tuple is
refused with an IllegalArgumentException (condformatuno.cxx:921 and :1588); passed as the typed sequence the API
asks for, it aborts the whole office (it sets limits the new entry does not have). So that call is never made.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from ...core.calc.cell_format import FormatError
from ...core.colors import ColorError, color_hex, parse_color
from ...core.i18n import _
from ...core.agent.tools import ToolError, ToolOutcome
from ..office.custom_undo import record

DATA_BAR = 2  # com.sun.star.sheet.ConditionEntryType.DATABAR
SMALLEST, LARGEST = 1, 2  # com.sun.star.sheet.DataBarEntryType DATABAR_MIN, DATABAR_MAX
DEFAULT_BAR = 0x638EC6  # the blue LibreOffice gives a new data bar
SETTINGS = ("UseGradient", "ShowValue", "AxisPosition", "AxisColor", "MinimumLength", "MaximumLength",
            "UseNegativeColor", "NegativeColor")  # the DataBar service's properties besides Color and the limits
UNAVAILABLE = {
    "color_scale": "colour scales",
    "icon_set": "icon sets",
}


@dataclass(frozen=True)
class BarLook:
    """How a data bar looks: its colour, other settings ``(property, value)`` and limits ``(type, formula)``."""

    color: int
    settings: Tuple[Tuple[str, object], ...] = ()
    limits: Tuple[Tuple[int, str], ...] = ((SMALLEST, ""), (LARGEST, ""))


def refuse_unavailable(rule: str) -> None:
    """Refuse a colour scale or an icon set, saying why (nothing is changed)."""
    raise ToolError(
        "Nothing was changed: %s cannot be created through LibreOffice's API in this version (a new one has no "
        "limits and LibreOffice refuses to set them). Offer rule=data_bar, or value rules with colours (e.g. "
        "greater/less/between with background_color) to show high and low values." % UNAVAILABLE[rule])


def add_data_bar(document, target, color: Optional[str], ignored: List[str]) -> ToolOutcome:
    """Put a data bar of ``color`` (default LibreOffice's blue) on the target range, as one undo step;
    the answer names the ``ignored`` arguments."""
    try:
        bar_color = parse_color(color) if color is not None else DEFAULT_BAR
    except (FormatError, ColorError) as error:
        raise ToolError("Nothing was changed: %s." % error) from None
    formats = target.sheet.getPropertyValue("ConditionalFormats")
    ranges = document.createInstance("com.sun.star.sheet.SheetCellRanges")
    ranges.addRangeAddress(target.cell_range().getRangeAddress(), False)
    look = BarLook(bar_color)
    made = Bar(_create(formats, ranges, look), ranges.getRangeAddresses(), look)

    def undo():
        _remove(formats, made)

    def redo():
        made.format_id = _create(formats, ranges, look)
    record(document, "Data bar on " + target.label, undo, redo)
    text = ("Cells of %s now show a data bar in %s, its length from the range's smallest to its largest value."
            % (target.label, color_hex(bar_color)))
    if ignored:
        text += " Ignored (a data bar has no use for them): %s." % ", ".join(ignored)
    return ToolOutcome.success(text, _("Added a conditional format to %s") % target.label)


def remove_data_bars(document, target, overlaps) -> List[str]:
    """Remove every data bar whose range ``overlaps(address, target.ref)``, as undo steps; the ranges it covered.

    Calc's own clear (an empty ``ConditionalFormat``) drops a data bar too, but its undo does not bring it back."""
    formats = target.sheet.getPropertyValue("ConditionalFormats")
    removed = []
    for conditional in formats.getConditionalFormats():
        ranges = conditional.getPropertyValue("Range")
        if not any(_is_bar(conditional.getByIndex(i)) for i in range(conditional.getCount())):
            continue
        if not any(overlaps(address, target.ref) for address in ranges.getRangeAddresses()):
            continue
        bar = next(entry for entry in (conditional.getByIndex(i) for i in range(conditional.getCount()))
                   if _is_bar(entry))
        removed.append(ranges.getRangeAddressesAsString())
        _record_removal(document, formats, ranges, Bar(conditional.getPropertyValue("ID"),
                                                       ranges.getRangeAddresses(), _look_of(bar)))
    return removed


def _record_removal(document, formats, ranges, bar: "Bar") -> None:
    def remove():
        _remove(formats, bar)

    def restore():
        bar.format_id = _create(formats, ranges, bar.look)
    remove()
    record(document, "Remove data bar", restore, remove)


class Bar:
    """A data bar an undo step removes: the ID of its format now, its ranges and look when made."""

    def __init__(self, format_id: int, addresses, look: BarLook):
        self.format_id, self.addresses, self.look = format_id, addresses, look


def _remove(formats, bar: Bar) -> None:
    """Remove ``bar``: its format by ID, and every other format with a bar of its colour that lies inside its
    ranges (LibreOffice's undo of a cleared part of a bar puts that part back as a format of its own, and an
    undo of another step may have made the bar again under another ID)."""
    for conditional in formats.getConditionalFormats():
        if not _has_bar(conditional, bar.look.color):
            continue
        inside = all(any(_within(address, outer) for outer in bar.addresses)
                     for address in conditional.getPropertyValue("Range").getRangeAddresses())
        if inside or conditional.getPropertyValue("ID") == bar.format_id:
            formats.removeByID(conditional.getPropertyValue("ID"))


def _within(address, outer) -> bool:
    return (outer.StartColumn <= address.StartColumn and address.EndColumn <= outer.EndColumn
            and outer.StartRow <= address.StartRow and address.EndRow <= outer.EndRow)


def _has_bar(conditional, color: int) -> bool:
    return any(_is_bar(entry) and entry.getPropertyValue("Color") == color
               for entry in (conditional.getByIndex(i) for i in range(conditional.getCount())))


def _is_bar(entry) -> bool:
    return entry.getType() == DATA_BAR


def _look_of(bar) -> BarLook:
    settings = tuple((name, bar.getPropertyValue(name)) for name in SETTINGS)
    limits = tuple((limit.getType(), limit.getFormula()) for limit in bar.getPropertyValue("DataBarEntries"))
    return BarLook(bar.getPropertyValue("Color"), settings, limits)


def _create(formats, ranges, look: BarLook) -> int:
    """Make the data bar; its format's ID. A failure removes what was made (Calc records none of it)."""
    format_id = formats.createByRange(ranges)
    try:
        conditional = next(f for f in formats.getConditionalFormats() if f.getPropertyValue("ID") == format_id)
        conditional.createEntry(DATA_BAR, 0)
        bar = conditional.getByIndex(0)
        bar.setPropertyValue("Color", look.color)
        settings = dict(look.settings)
        for name, value in look.settings:
            if value is not None and (name != "NegativeColor" or settings.get("UseNegativeColor")):
                bar.setPropertyValue(name, value)
        for limit, (kind, formula) in zip(bar.getPropertyValue("DataBarEntries"), look.limits):
            limit.setType(kind)
            if formula:
                limit.setFormula(formula)
    except Exception:
        formats.removeByID(format_id)
        raise
    return format_id


def bar_words(entry) -> str:
    """How ``conditional_format`` lists a data bar."""
    return "data bar %s" % color_hex(entry.getPropertyValue("Color"))
