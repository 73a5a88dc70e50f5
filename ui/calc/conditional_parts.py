"""Add a conditional-format rule without losing the rules cells already have.

Calc's ``ConditionalFormat`` property reads the rules of a range's first cell and,
when set, replaces every rule of the whole range. Adding a rule to A2:C5 when C2:C5
has its own rule would silently drop that rule. So the range is split into parts
that share the same existing rules (Calc's uniform-attribute ranges, grouped by the
formats covering them), and each group gets its own rules plus the new one.
Colour scales, data bars and icon sets cannot be carried over this way: a range
touching one is refused.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

from ...core.calc.cell_address import RangeRef
from ...core.agent.tools import ToolError
from ..office.enumeration import indexed

CONDITION_ENTRY = 0  # com.sun.star.sheet.ConditionEntryType.CONDITION


def _inside(address, column: int, row: int) -> bool:
    return address.StartColumn <= column <= address.EndColumn and address.StartRow <= row <= address.EndRow


def _overlaps(address, ref) -> bool:
    return not (address.EndColumn < ref.start_column or address.StartColumn > ref.end_column
                or address.EndRow < ref.start_row or address.StartRow > ref.end_row)


def _covering_formats(sheet, ref):
    """``[(id, [CellRangeAddress], only_plain_conditions)]`` of the formats touching ``ref``."""
    found = []
    for conditional in sheet.getPropertyValue("ConditionalFormats").getConditionalFormats():
        addresses = conditional.getPropertyValue("Range").getRangeAddresses()
        if any(_overlaps(address, ref) for address in addresses):
            plain = all(entry.getType() == CONDITION_ENTRY for entry in indexed(conditional))
            found.append((conditional.getPropertyValue("ID"), addresses, plain))
    return found


def rule_groups(document, target) -> List[object]:
    """Objects (ranges) whose ``ConditionalFormat`` can each safely be read, extended and set.

    Raises:
        ToolError: part of the target has a colour scale, data bar or icon set, or rules from
            two formats at once, which cannot be combined without losing some.
    """
    ref = target.ref
    existing = _covering_formats(target.sheet, ref)
    if not existing:
        return [target.cell_range()]
    for _, addresses, plain in existing:
        if not plain:
            where = ", ".join("%s" % target.sub(_ref_of(a)).ref.a1() for a in addresses)
            raise ToolError("%s overlaps a colour scale, data bar or icon set (on %s), which this tool cannot keep "
                            "when it adds a rule; use other cells, or remove that formatting first (rule=clear). "
                            "Nothing was changed." % (target.label, where))
    groups: Dict[Tuple[int, ...], List[object]] = {}
    parts = target.cell_range().getCellFormatRanges()
    for index in range(parts.getCount()):
        address = parts.getByIndex(index).getRangeAddress()
        key = tuple(fid for fid, addresses, _ in existing
                    if any(_inside(a, address.StartColumn, address.StartRow) for a in addresses))
        if len(key) > 1:
            raise ToolError("Some cells of %s already follow two different conditional formats, which this tool "
                            "cannot combine; remove them first (rule=clear) or choose other cells. Nothing was "
                            "changed." % target.label)
        groups.setdefault(key, []).append(address)
    return [_ranges_object(document, addresses) for addresses in groups.values()]


def _ref_of(address) -> RangeRef:
    return RangeRef(None, address.StartColumn, address.StartRow, address.EndColumn, address.EndRow)


def _ranges_object(document, addresses):
    ranges = document.createInstance("com.sun.star.sheet.SheetCellRanges")
    ranges.addRangeAddresses(tuple(addresses), False)
    return ranges
