"""Named ranges: the names a workbook gives to cells and formulas, as the summary lists them."""
from __future__ import annotations

from typing import List

MAX_LISTED = 20


def named_range_lines(document, sheet) -> List[str]:
    """The workbook's names and those of ``sheet`` (empty when there are none)."""
    entries = _names(document.getPropertyValue("NamedRanges"), "")
    try:
        entries += _names(sheet.getPropertyValue("NamedRanges"), " (this sheet only)")
    except Exception:  # sheet-local names are not offered by this office version
        pass
    if not entries:
        return []
    shown = entries[:MAX_LISTED]
    more = " … and %d more" % (len(entries) - MAX_LISTED) if len(entries) > MAX_LISTED else ""
    return ["Named ranges: %s%s." % ("; ".join(shown), more)]


def _names(container, note: str) -> List[str]:
    return ["%s = %s%s" % (name, container.getByName(name).getContent(), note)
            for name in container.getElementNames()]
