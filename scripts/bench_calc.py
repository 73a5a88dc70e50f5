#!/usr/bin/env python3
"""Benchmark Calc's bulk write tool, and its pivot table and chart tools, in a real soffice.

Starts its own headless LibreOffice, opens a spreadsheet and writes 100 × 100 cells
(half numbers, half formulas that use the number beside them) three ways, each on a
fresh sheet:

* **tool**: one ``write_range`` call through the ``ToolRunner``, exactly as the chat runs
  it (JSON arguments, schema check, validation, English-to-Calc formula conversion, the
  undo-safe framing, the bulk write, the formula check) — about twenty UNO calls;
* **raw**: a single ``setFormulaArray`` of the same strings (the floor for any bulk write);
* **cell by cell**: ``getCellByPosition`` then ``setValue``/``setFormula`` per cell, the
  way a tool without batch operations works — 20,000 UNO calls.

Fairness: all three run in this process and reach the office over the same UNO socket
bridge, so each UNO call pays the same round trip. Inside the office (where the tool
runs in production) every call is far cheaper, which helps the cell loop more than the
tool; the ratio here shows what batching saves in calls, and the tool's absolute time
here is an upper bound of its time in the office. The script checks that all three
sheets end up with the same computed values.

Goals: the tool at least 50× faster than cell by cell, and under 0.5 s.

Then, over a table of 50,000 rows (region, month, product, units, revenue), ``create_pivot_table``
(revenue per region and month, on a new sheet) and ``create_chart`` (a line chart of units and
revenue) run through the ``ToolRunner``, and the same operations straight through the UNO API
(``createDataPilotDescriptor`` … ``insertNewByName`` on a new sheet; ``addNewByName`` then the type),
alternately, in the same run and over the same bridge; the pivot tables' results must be equal.
Goal: each tool within 1.5× of its direct operation (medians).

``--sheet-ops ROWS`` measures instead the sheet tools of issue 34 on a sheet of ROWS rows
× 5 columns (default 50,000), each against the LibreOffice operation it calls, on fresh
copies of the sheet: typed input (``write_range`` of ISO dates and percents against the same
tool writing the same cells as plain numbers: what reading strings as typed input adds to the
bulk write measured above), copy_range
(``copyRange``), fill_series (``fillAuto``), sheet_view hide and optimal width (the
rows'/columns' properties), data_validation (the ``Validation`` property), conditional_format
top_n (the ``ConditionalFormat`` property). Goal: each tool within 2× of its operation plus
0.3 s for its checks.

Usage::

    python3 scripts/bench_calc.py [--size 100] [--repeat 5] [--loop-repeat 1] [--rows 50000]
    python3 scripts/bench_calc.py --sheet-ops 50000
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Dict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import devpath  # noqa: E402

devpath.install()

from officectl import Office, office_available  # noqa: E402

GOAL_RATIO, GOAL_SECONDS = 50.0, 0.5
GOAL_OBJECTS = 1.5
REGIONS, MONTHS, PRODUCTS = ("North", "South", "East", "West"), ("Jan", "Feb", "Mar", "Apr"), ("Tea", "Coffee")


def table(size: int):
    """``size`` rows of JSON values: numbers in even columns, formulas using them in odd ones."""
    from marginalia.core.calc.cell_address import column_name
    rows = []
    for r in range(size):
        row = []
        for c in range(size):
            row.append("=%s%d*2+1" % (column_name(c - 1), r + 1) if c % 2 else float(r * size + c))
        rows.append(row)
    return rows


def fresh_sheet(document, name: str):
    sheets = document.getSheets()
    sheets.insertNewByName(name, sheets.getCount())
    sheet = sheets.getByName(name)
    document.getCurrentController().setActiveSheet(sheet)
    return sheet


def run_tool(document, ctx, rows, sheet_name: str) -> float:
    from marginalia.core.stream.message import ToolCall
    from marginalia.core.agent.tools import ToolContext, ToolRegistry, ToolRunner
    from marginalia.ui.calc import writing
    runner = ToolRunner(ToolRegistry(writing.TOOLS), ToolContext(document=document, app="calc", office=ctx))
    arguments = json.dumps({"range": "%s.A1" % sheet_name, "values": rows})
    started = time.perf_counter()
    outcome = runner.run(ToolCall("bench", "write_range", arguments, 0))
    elapsed = time.perf_counter() - started
    if not outcome.ok:
        raise SystemExit("the tool failed: %s" % outcome.content)
    return elapsed


def run_raw(sheet, rows) -> float:
    strings = tuple(tuple(v if isinstance(v, str) else repr(v) for v in row) for row in rows)
    block = sheet.getCellRangeByPosition(0, 0, len(rows[0]) - 1, len(rows) - 1)
    started = time.perf_counter()
    block.setFormulaArray(strings)
    return time.perf_counter() - started


def run_loop(sheet, rows) -> float:
    started = time.perf_counter()
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            cell = sheet.getCellByPosition(c, r)
            if isinstance(value, str):
                cell.setFormula(value)
            else:
                cell.setValue(value)
    return time.perf_counter() - started


def computed(sheet, size: int):
    return sheet.getCellRangeByPosition(0, 0, size - 1, size - 1).getDataArray()


@dataclass
class Measurement:
    """Median seconds of each way (``tool``, ``raw``, ``loop``) and the computed values each way left."""

    seconds: Dict[str, float]
    sheets: Dict[str, tuple]


def measure(office: Office, size: int, repeat: int, loop_repeat: int) -> Measurement:
    """Write the table every way on fresh sheets; exits when two ways left different values."""
    rows = table(size)
    document = office.new_document("scalc")
    times = {"tool": [], "raw": [], "loop": []}
    sheets = {}
    for index in range(repeat):
        sheet = fresh_sheet(document, "Tool%d" % index)
        times["tool"].append(run_tool(document, office.ctx, rows, "Tool%d" % index))
        sheets.setdefault("tool", []).append(computed(sheet, size))
        sheet = fresh_sheet(document, "Raw%d" % index)
        times["raw"].append(run_raw(sheet, rows))
        sheets.setdefault("raw", []).append(computed(sheet, size))
    for index in range(loop_repeat):
        sheet = fresh_sheet(document, "Loop%d" % index)
        times["loop"].append(run_loop(sheet, rows))
        sheets.setdefault("loop", []).append(computed(sheet, size))
    office.close_document(document)
    written = [grid for grids in sheets.values() for grid in grids]
    if any(grid != written[0] for grid in written):
        raise SystemExit("the sheets differ: the tool, the raw write and the loop did not write the same cells")
    return Measurement({key: statistics.median(values) for key, values in times.items()},
                       {key: grids[0] for key, grids in sheets.items()})


def sales_table(rows: int):
    """A header and ``rows`` rows of sales (fixed values)."""
    table = [("Region", "Month", "Product", "Units", "Revenue")]
    for n in range(rows):
        units = float(1 + n % 17)
        table.append((REGIONS[n % 4], MONTHS[n // 7 % 4], PRODUCTS[n // 3 % 2], units, units * (3 + n % 5)))
    return tuple(table)


def run_calls(document, ctx, calls) -> float:
    """Run tool calls through the ToolRunner, as the chat runs them; their time."""
    from marginalia.core.stream.message import ToolCall
    from marginalia.core.agent.tools import ToolContext, ToolRegistry, ToolRunner
    from marginalia.ui.calc import charts, pivot_tables
    runner = ToolRunner(ToolRegistry(charts.TOOLS + pivot_tables.TOOLS),
                        ToolContext(document=document, app="calc", office=ctx))
    started = time.perf_counter()
    for name, arguments in calls:
        outcome = runner.run(ToolCall("bench", name, json.dumps(arguments), 0))
        if not outcome.ok:
            raise SystemExit("the tool failed: %s" % outcome.content)
    return time.perf_counter() - started


def pivot_direct(document, source_range: str, sheet_name: str) -> float:
    """The pivot table made straight through the DataPilot API, on a new sheet."""
    import uno
    from com.sun.star.table import CellAddress
    orientation = "com.sun.star.sheet.DataPilotFieldOrientation"
    started = time.perf_counter()
    sheets = document.getSheets()
    sheets.insertNewByName(sheet_name, sheets.getCount())
    sheet = sheets.getByName(sheet_name)
    tables = sheet.getDataPilotTables()
    descriptor = tables.createDataPilotDescriptor()
    descriptor.setSourceRange(sheets.getByName("Data").getCellRangeByName(source_range).getRangeAddress())
    descriptor.ShowFilterButton = False
    fields = descriptor.getDataPilotFields()
    fields.getByName("Region").Orientation = uno.Enum(orientation, "ROW")
    fields.getByName("Month").Orientation = uno.Enum(orientation, "COLUMN")
    revenue = fields.getByName("Revenue")
    revenue.Orientation = uno.Enum(orientation, "DATA")
    revenue.Function2 = 2  # SUM
    tables.insertNewByName(sheet_name, CellAddress(sheet.getRangeAddress().Sheet, 0, 0), descriptor)
    return time.perf_counter() - started


def chart_direct(document, source_range: str, name: str, column: int) -> float:
    """The chart made straight through the chart API."""
    from com.sun.star.awt import Rectangle
    started = time.perf_counter()
    sheet = document.getSheets().getByName("Data")
    position = sheet.getCellByPosition(column, 0).Position
    charts = sheet.getCharts()
    charts.addNewByName(name, Rectangle(position.X, position.Y, 16000, 9000),
                        (sheet.getCellRangeByName(source_range).getRangeAddress(),), True, False)
    chart = charts.getByName(name).getEmbeddedObject()
    chart.setDiagram(chart.createInstance("com.sun.star.chart.LineDiagram"))
    chart.HasLegend = True
    return time.perf_counter() - started


def pivot_result(document, sheet_name: str):
    sheet = document.getSheets().getByName(sheet_name)
    table = sheet.getDataPilotTables().getByIndex(0)
    area = table.getOutputRange()
    return sheet.getCellRangeByPosition(area.StartColumn, area.StartRow, area.EndColumn, area.EndRow).getDataArray()


def measure_objects(office: Office, rows: int, repeat: int) -> dict:
    """Median seconds of the pivot table and chart tools and of the same operations done directly."""
    document = office.new_document("scalc")
    sheet = document.getSheets().getByIndex(0)
    sheet.setName("Data")
    table = sales_table(rows)
    sheet.getCellRangeByPosition(0, 0, 4, rows).setDataArray(table)
    pivot_source, chart_source = "A1:E%d" % (rows + 1), "D1:E%d" % (rows + 1)
    times = {"pivot tool": [], "pivot direct": [], "chart tool": [], "chart direct": []}
    for index in range(repeat):
        times["pivot tool"].append(run_calls(document, office.ctx, [("create_pivot_table", {
            "source": "Data." + pivot_source, "rows": ["Region"], "columns": ["Month"],
            "values": [{"field": "Revenue", "function": "sum"}], "new_sheet": "Tool%d" % index})]))
        times["pivot direct"].append(pivot_direct(document, pivot_source, "Direct%d" % index))
        if pivot_result(document, "Tool%d" % index) != pivot_result(document, "Direct%d" % index):
            raise SystemExit("the pivot tables differ: the tool and the API did not make the same table")
        times["chart tool"].append(run_calls(document, office.ctx, [("create_chart", {
            "data_range": "Data." + chart_source, "type": "line", "anchor": "Data.G%d" % (1 + 20 * index),
            "name": "Tool chart %d" % index})]))
        times["chart direct"].append(chart_direct(document, chart_source, "Direct chart %d" % index, 7 + index))
    office.close_document(document)
    return {key: statistics.median(values) for key, values in times.items()}


def report_objects(result: dict, rows: int) -> bool:
    """Print the pivot and chart lines; True when both tools are within :data:`GOAL_OBJECTS`."""
    print("Pivot table and chart over %d rows, LibreOffice over the UNO socket, median times:" % rows)
    met = True
    for what in ("pivot", "chart"):
        tool, direct = result["%s tool" % what], result["%s direct" % what]
        print("  create_%-12s tool : %7.3f s   direct UNO : %7.3f s   ratio %.2f×"
              % ("pivot_table" if what == "pivot" else "chart", tool, direct, tool / direct))
        met = met and tool <= GOAL_OBJECTS * direct
    print("goal (each tool ≤ %.1f× its direct operation): %s" % (GOAL_OBJECTS, "met" if met else "NOT met"))
    return met


SHEET_OPS_GOAL_RATIO, SHEET_OPS_GOAL_EXTRA = 2.0, 0.3


def sheet_rows(rows: int):
    """ROWS rows of an orders table: number, ISO date, percent, amount, status."""
    import datetime
    start = datetime.date(2020, 1, 1)
    return [[float(1000 + r), (start + datetime.timedelta(days=r % 2000)).isoformat(), "%d%%" % (r % 100),
             float(r % 997), ("Open", "Done", "Late")[r % 3]] for r in range(rows)]


def _timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def measure_sheet_ops(office: Office, rows: int) -> list:
    """``[(name, tool seconds, LibreOffice seconds)]`` for each sheet tool on ``rows`` rows."""
    from marginalia.core.stream.message import ToolCall
    from marginalia.core.agent.tools import ToolContext, ToolRegistry, ToolRunner
    from marginalia.ui.calc import (conditional, copy_range, fill_series, sheet_view, validation_rules, writing)
    table = sheet_rows(rows)
    document = office.new_document("scalc")
    tools = ToolRegistry(writing.TOOLS + copy_range.TOOLS + fill_series.TOOLS + sheet_view.TOOLS
                         + validation_rules.TOOLS + conditional.TOOLS)
    runner = ToolRunner(tools, ToolContext(document=document, app="calc", office=office.ctx))
    last = rows

    def tool(name, **arguments):
        def run():
            outcome = runner.run(ToolCall("bench", name, json.dumps(arguments), 0))
            if not outcome.ok:
                raise SystemExit("%s failed: %s" % (name, outcome.content))
        return run

    def sheet_with_data(name):
        sheet = fresh_sheet(document, name)
        strings = tuple(tuple(v if isinstance(v, str) else repr(v) for v in row) for row in table)
        sheet.getCellRangeByPosition(0, 0, 4, last - 1).setFormulaArray(strings)
        return sheet

    results = []
    plain = [[row[0], float(index % 2000), float(index % 100) / 100, row[3], row[4]] for index, row in enumerate(table)]
    results.append(("write_range, dates and % as input",
                    _timed(tool("write_range", range="%s.A1" % fresh_sheet(document, "Typed").getName(),
                                values=table)),
                    _timed(tool("write_range", range="%s.A1" % fresh_sheet(document, "Plain").getName(),
                                values=plain))))
    for name, arguments, operation in (
            ("copy_range", {"source": "Ops1.A1:E%d" % last, "destination": "Ops1.G1"},
             lambda s: s.copyRange(s.getCellRangeByName("G1").getCellAddress(),
                                   s.getCellRangeByName("A1:E%d" % last).getRangeAddress())),
            ("fill_series", {"range": "Ops2.G1:G%d" % last, "seed_cells": 1},
             lambda s: s.getCellRangeByName("G1:G%d" % last).fillAuto(_enum("FillDirection", "TO_BOTTOM"), 1)),
            ("sheet_view hide", {"action": "hide", "range": "Ops3.2:%d" % (last // 2)},
             lambda s: setattr(s.getCellRangeByName("A2:A%d" % (last // 2)).getRows(), "IsVisible", False)),
            ("sheet_view optimal_width", {"action": "optimal_width", "range": "Ops4.A:E"},
             lambda s: setattr(s.getCellRangeByName("A1:E1").getColumns(), "OptimalWidth", True)),
            ("data_validation", {"range": "Ops5.E1:E%d" % last, "allow": "list", "items": ["Open", "Done", "Late"]},
             lambda s: _validate(s.getCellRangeByName("E1:E%d" % last))),
            ("conditional_format top_n", {"range": "Ops6.D1:D%d" % last, "rule": "top_n", "value": 10},
             lambda s: _top_n(s.getCellRangeByName("D1:D%d" % last), last))):
        tool_name = name.split()[0]
        sheets = [sheet_with_data("%s%d" % (prefix, len(results))) for prefix in ("Ops", "Raw")]
        if tool_name == "fill_series":
            for sheet in sheets:
                sheet.getCellRangeByName("G1").setValue(1)
        results.append((name, _timed(tool(tool_name, **arguments)), _timed(lambda: operation(sheets[1]))))
    office.close_document(document)
    return results


def _enum(kind: str, value: str):
    import uno
    return uno.Enum("com.sun.star.sheet." + kind, value)


def _validate(cell_range) -> None:
    rule = cell_range.getPropertyValue("Validation")
    rule.setPropertyValue("Type", _enum("ValidationType", "LIST"))
    rule.setFormula1('"Open";"Done";"Late"')
    cell_range.setPropertyValue("Validation", rule)


def _top_n(cell_range, rows: int) -> None:
    from com.sun.star.beans import PropertyValue
    entries = cell_range.getPropertyValue("ConditionalFormat")
    properties = []
    for name, value in (("Operator", _enum("ConditionOperator", "FORMULA")),
                        ("Formula1", "D1>=LARGE($D$1:$D$%d;10)" % rows), ("StyleName", "Bad")):
        prop = PropertyValue()
        prop.Name, prop.Value = name, value
        properties.append(prop)
    entries.addNew(tuple(properties))
    cell_range.setPropertyValue("ConditionalFormat", entries)


def report_sheet_ops(results, rows: int) -> bool:
    """Print the sheet tools' times; True when every goal is met."""
    print("sheet tools on %d rows × 5 columns over the UNO socket (baseline: LibreOffice's own operation; for "
          "write_range the tool writing plain numbers):" % rows)
    met = True
    for name, tool_seconds, raw_seconds in results:
        ok = tool_seconds <= SHEET_OPS_GOAL_RATIO * raw_seconds + SHEET_OPS_GOAL_EXTRA
        met = met and ok
        print("  %-34s tool %7.3f s   baseline %7.3f s   %s" % (name, tool_seconds, raw_seconds,
                                                                 "ok" if ok else "SLOW"))
    print("goal (each within %g× + %.1f s): %s" % (SHEET_OPS_GOAL_RATIO, SHEET_OPS_GOAL_EXTRA,
                                                   "met" if met else "NOT met"))
    return met


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100, help="rows and columns (default 100: 10,000 cells)")
    parser.add_argument("--repeat", type=int, default=5, help="tool and raw runs (median shown)")
    parser.add_argument("--loop-repeat", type=int, default=1, help="cell-by-cell runs (slow; median shown)")
    parser.add_argument("--rows", type=int, default=50000, help="rows of the pivot table and chart source")
    parser.add_argument("--sheet-ops", type=int, nargs="?", const=50000, default=0, metavar="ROWS",
                        help="measure the sheet tools on ROWS rows instead (default 50,000)")
    args = parser.parse_args(argv)
    if not office_available():
        print("LibreOffice (soffice, python3-uno) is not installed.", file=sys.stderr)
        return 2
    office = Office([], workdir=tempfile.mkdtemp(prefix="bench-calc-"))
    office.start()
    if args.sheet_ops:
        try:
            return 0 if report_sheet_ops(measure_sheet_ops(office, args.sheet_ops), args.sheet_ops) else 1
        finally:
            office.stop()
    try:
        result = measure(office, args.size, args.repeat, args.loop_repeat).seconds
        objects = measure_objects(office, args.rows, args.repeat)
    finally:
        office.stop()
    cells = args.size * args.size
    ratio = result["loop"] / result["tool"]
    print("%d cells (%d × %d, half formulas), LibreOffice over the UNO socket, median times:"
          % (cells, args.size, args.size))
    print("  write_range tool, one call : %8.3f s" % result["tool"])
    print("  raw setFormulaArray        : %8.3f s" % result["raw"])
    print("  cell by cell (%d calls) : %8.3f s" % (2 * cells, result["loop"]))
    print("  ratio cell-by-cell / tool  : %8.1f×" % ratio)
    met = ratio >= GOAL_RATIO and result["tool"] < GOAL_SECONDS
    print("goals (≥ %d× and < %.1f s): %s" % (GOAL_RATIO, GOAL_SECONDS, "met" if met else "NOT met"))
    met = report_objects(objects, args.rows) and met
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
