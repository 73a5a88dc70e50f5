"""Calc tasks that take several steps: read, decide, then write or fix several places."""
from __future__ import annotations

from .checks import cell, expect, sheet
from .documents import REGIONS, sales_rows
from .model import Task

SALES, COSTS = "sales", "costs"


def best_region_named(doc):
    units = {region: sum(row[3] for row in sales_rows() if row[0] == region) for region in REGIONS}
    best = max(units, key=units.get)
    expect(cell(doc, "H1").getString() == best, "H1 reads %r, not %r" % (cell(doc, "H1").getString(), best))


def profit_column(doc):
    expect(cell(doc, "F1").getString().strip().lower() == "profit", "F1 reads %r" % cell(doc, "F1").getString())
    rows = sales_rows()
    for number, row in enumerate(rows, start=2):
        value = cell(doc, "F%d" % number).getValue()
        expect(abs(value - (row[4] - 2 * row[3])) < 1e-9, "F%d is %s, not revenue minus 2 per unit" % (number, value))
    total = sum(row[4] - 2 * row[3] for row in rows)
    expect(abs(cell(doc, "F26").getValue() - total) < 1e-6, "F26 is %s, not the total profit %s"
           % (cell(doc, "F26").getValue(), total))


def errors_fixed(doc):
    area = sheet(doc).getCellRangeByName("A1:D5")
    for row in range(5):
        for column in range(4):
            expect(area.getCellByPosition(column, row).getError() == 0, "a cell still shows an error (row %d)"
                   % (row + 1))
    expect(cell(doc, "D3").getValue() == 0, "the division by zero shows %s, not 0" % cell(doc, "D3").getValue())
    expect(abs(cell(doc, "B5").getValue() - 31) < 1e-9, "the total cost is %s, not 31" % cell(doc, "B5").getValue())
    expect(abs(cell(doc, "D2").getValue() - 3) < 1e-9, "the other divisions changed")


TASKS = [
    Task("calc.best-region", "read then write", "Which region sold the most units? Put its name in H1.", SALES,
         best_region_named,
         plan=[("read_range", {"range": "A1:E25"}), ("write_range", {"range": "H1", "values": [["West"]]})],
         wrong=[("read_range", {"range": "A1:E25"}), ("write_range", {"range": "H1", "values": [["North"]]})]),
    Task("calc.profit-column", "several places",
         "Add a Profit column: the revenue minus 2 per unit, with its total under it.", SALES, profit_column,
         plan=[("write_range", {"range": "F1", "values": [["Profit"]]}),
               ("write_range", {"range": "F2:F25", "fill": "=E2-2*D2"}),
               ("write_range", {"range": "F26", "values": [["=SUM(F2:F25)"]]})],
         wrong=[("write_range", {"range": "F1", "values": [["Profit"]]}),
                ("write_range", {"range": "F2:F25", "fill": "=E2-D2"}),
                ("write_range", {"range": "F26", "values": [["=SUM(F2:F25)"]]})]),
    Task("calc.fix-the-errors", "read then fix",
         "Fix the errors in this sheet: a cost per unit with no units should show 0, and the total should work.",
         COSTS, errors_fixed,
         plan=[("find_formula_errors", {}),
               ("write_range", {"range": "D3", "values": [["=IF(C3=0,0,B3/C3)"]]}),
               ("write_range", {"range": "B5", "values": [["=SUM(B2:B4)"]]})],
         wrong=[("find_formula_errors", {}),
                ("write_range", {"range": "D3", "values": [[0]]})]),
]
