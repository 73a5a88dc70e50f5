"""Data bars for ``conditional_format`` (rule=data_bar), and why colour scales and icon sets are refused.

A data bar goes through the sheet's ``ConditionalFormats`` (``XConditionalFormats.createByRange``, then an entry
of ``ConditionEntryType`` DATABAR). Calc does not record that API for undo, so the tool records its own step
(:mod:`.custom_undo`): undo removes the format (found by its range and colour), redo makes it again. The bar's limits
are set to the range's smallest and largest values (a new one has both at the number 0).

Colour scales and icon sets cannot be made through that API on LibreOffice 7.4: a new entry of either kind has
no limits, and setting ``ColorScaleEntries`` or ``IconSetEntries`` is refused with an IllegalArgumentException
(condformatuno.cxx:921 and :1588, measured), so the rule would do nothing.
"""
from __future__ import annotations

from typing import List, Optional

from ...core.calc.cell_format import FormatError
from ...core.colors import ColorError, color_hex, parse_color
from ...core.i18n import _
from ...core.agent.tools import ToolError, ToolOutcome
from .custom_undo import record

DATA_BAR = 2  # com.sun.star.sheet.ConditionEntryType.DATABAR
SMALLEST, LARGEST = 1, 2  # com.sun.star.sheet.DataBarEntryType DATABAR_MIN, DATABAR_MAX
DEFAULT_BAR = 0x638EC6  # the blue LibreOffice gives a new data bar
UNAVAILABLE = {
    "color_scale": "colour scales",
    "icon_set": "icon sets",
}


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
    _create(formats, ranges, bar_color)
    where = ranges.getRangeAddressesAsString()

    def undo():
        _remove(formats, where, bar_color)

    def redo():
        _create(formats, ranges, bar_color)
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
        bar_color = next(conditional.getByIndex(i).getPropertyValue("Color")
                         for i in range(conditional.getCount()) if _is_bar(conditional.getByIndex(i)))
        removed.append(ranges.getRangeAddressesAsString())
        _record_removal(document, formats, ranges, bar_color)
    return removed


def _record_removal(document, formats, ranges, bar_color: int) -> None:
    where = ranges.getRangeAddressesAsString()

    def remove():
        _remove(formats, where, bar_color)

    def restore():
        _create(formats, ranges, bar_color)
    remove()
    record(document, "Remove data bar", restore, remove)


def _remove(formats, where: str, bar_color: int) -> None:
    """Remove the data bar of ``bar_color`` on ``where``: found by its range and colour, not by its ID, which
    changes each time an undo or redo makes it again."""
    for conditional in formats.getConditionalFormats():
        if conditional.getPropertyValue("Range").getRangeAddressesAsString() != where:
            continue
        if any(_is_bar(entry) and entry.getPropertyValue("Color") == bar_color
               for entry in (conditional.getByIndex(i) for i in range(conditional.getCount()))):
            formats.removeByID(conditional.getPropertyValue("ID"))
            return


def _is_bar(entry) -> bool:
    return entry.getType() == DATA_BAR


def _create(formats, ranges, bar_color: int) -> None:
    """Make the data bar. A failure removes what was made (Calc records none of it)."""
    format_id = formats.createByRange(ranges)
    try:
        conditional = next(f for f in formats.getConditionalFormats() if f.getPropertyValue("ID") == format_id)
        conditional.createEntry(DATA_BAR, 0)
        bar = conditional.getByIndex(0)
        bar.setPropertyValue("Color", bar_color)
        for limit, kind in zip(bar.getPropertyValue("DataBarEntries"), (SMALLEST, LARGEST)):
            limit.setType(kind)
    except Exception:
        formats.removeByID(format_id)
        raise


def bar_words(entry) -> str:
    """How ``conditional_format`` lists a data bar."""
    return "data bar %s" % color_hex(entry.getPropertyValue("Color"))
