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

Usage::

    python3 scripts/bench_calc.py [--size 100] [--repeat 5] [--loop-repeat 1] [--rows 50000]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

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


def measure(office: Office, size: int, repeat: int, loop_repeat: int) -> dict:
    rows = table(size)
    document = office.new_document("scalc")
    times = {"tool": [], "raw": [], "loop": []}
    results = []
    for index in range(repeat):
        name = "Tool%d" % index
        sheet = fresh_sheet(document, name)
        times["tool"].append(run_tool(document, office.ctx, rows, name))
        results.append(computed(sheet, size))
        times["raw"].append(run_raw(fresh_sheet(document, "Raw%d" % index), rows))
    for index in range(loop_repeat):
        sheet = fresh_sheet(document, "Loop%d" % index)
        times["loop"].append(run_loop(sheet, rows))
        results.append(computed(sheet, size))
    if any(result != results[0] for result in results):
        raise SystemExit("the sheets differ: the tool and the loop did not write the same cells")
    office.close_document(document)
    return {key: statistics.median(values) for key, values in times.items()}


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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100, help="rows and columns (default 100: 10,000 cells)")
    parser.add_argument("--repeat", type=int, default=5, help="tool and raw runs (median shown)")
    parser.add_argument("--loop-repeat", type=int, default=1, help="cell-by-cell runs (slow; median shown)")
    parser.add_argument("--rows", type=int, default=50000, help="rows of the pivot table and chart source")
    args = parser.parse_args(argv)
    if not office_available():
        print("LibreOffice (soffice, python3-uno) is not installed.", file=sys.stderr)
        return 2
    office = Office([], workdir=tempfile.mkdtemp(prefix="bench-calc-"))
    office.start()
    try:
        result = measure(office, args.size, args.repeat, args.loop_repeat)
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
