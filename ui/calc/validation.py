"""Data validation on a sheet: which cells accept only some values, and which."""
from __future__ import annotations

from typing import List

from .addresses import range_of_address

MAX_FORMAT_RANGES = 2000
MAX_LISTED = 12
KINDS = {"WHOLE": "whole numbers", "DECIMAL": "numbers", "DATE": "dates", "TIME": "times",
         "TEXT_LEN": "text whose length is", "LIST": "one of", "CUSTOM": "values where"}
OPERATORS = {"EQUAL": "= %s", "NOT_EQUAL": "≠ %s", "GREATER": "> %s", "GREATER_EQUAL": "≥ %s", "LESS": "< %s",
             "LESS_EQUAL": "≤ %s", "BETWEEN": "between %s and %s", "NOT_BETWEEN": "not between %s and %s"}


def validation_lines(sheet, used) -> List[str]:
    """One line per validated area inside the used area ``used`` (a RangeRef; empty when none)."""
    if used is None:
        return []
    block = sheet.getCellRangeByPosition(used.start_column, used.start_row, used.end_column, used.end_row)
    groups = block.getUniqueCellFormatRanges()
    if groups.getCount() > MAX_FORMAT_RANGES:
        return ["Data validation: not checked (too many differently formatted areas)."]
    found = []
    for index in range(groups.getCount()):
        ranges = groups.getByIndex(index)
        rule = _rule(ranges.getPropertyValue("Validation"))
        if rule:
            where = ", ".join(range_of_address(sheet, a).a1() for a in ranges.getRangeAddresses()[:4])
            found.append("Data validation on %s: %s." % (where, rule))
    if len(found) > MAX_LISTED:
        found = found[:MAX_LISTED] + ["… and %d more validated areas." % (len(found) - MAX_LISTED)]
    return found


def _rule(validation) -> str:
    kind = validation.getPropertyValue("Type").value
    if kind not in KINDS:
        return ""
    first, second = validation.getFormula1() or "", validation.getFormula2() or ""  # XSheetCondition
    if kind == "LIST":
        return "%s %s" % (KINDS[kind], first.replace('";"', ", ").replace('","', ", ").strip('"'))
    if kind == "CUSTOM":
        return "%s %s is true" % (KINDS[kind], first)
    operator = validation.getOperator().value
    condition = OPERATORS.get(operator, "%s")
    values = (first, second) if condition.count("%s") == 2 else (first,)
    return "%s %s" % (KINDS[kind], condition % values)
