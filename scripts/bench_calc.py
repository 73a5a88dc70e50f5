#!/usr/bin/env python3
"""Benchmark Calc's bulk write tool against writing the same cells one by one, in a real soffice.

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

Usage::

    python3 scripts/bench_calc.py [--size 100] [--repeat 5] [--loop-repeat 1]
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100, help="rows and columns (default 100: 10,000 cells)")
    parser.add_argument("--repeat", type=int, default=5, help="tool and raw runs (median shown)")
    parser.add_argument("--loop-repeat", type=int, default=1, help="cell-by-cell runs (slow; median shown)")
    args = parser.parse_args(argv)
    if not office_available():
        print("LibreOffice (soffice, python3-uno) is not installed.", file=sys.stderr)
        return 2
    office = Office([], workdir=tempfile.mkdtemp(prefix="bench-calc-"))
    office.start()
    try:
        result = measure(office, args.size, args.repeat, args.loop_repeat).seconds
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
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
