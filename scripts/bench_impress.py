#!/usr/bin/env python3
"""Benchmark the Impress tools on a long deck, in a real soffice with the freshly built extension.

A presentation of ``--slides`` title-and-content slides (three bullets, one a sub-bullet, and
speaker notes each) is built; then, inside the office on its main thread as the panel runs tools:

* **read**: ``get_presentation`` part after part until every slide was read (as a model reads a
  long deck), timed as a whole; goal: under 2 s for 200 slides;
* **add**: ``add_slides`` with an outline of ``--add`` slides of the same kind at the end, as one
  turn (one undo step, made with LibreOffice's Insert Slide command so undo takes it back), against
  **native**: the same slides through the UNO API directly (``insertNewByIndex``, texts, a list
  level, notes; nothing of it undoable in 7.4); goal: the tool within 3× of native.

Each is run ``--repeat`` times (the tool's slides undone, the native ones removed, between runs);
the median is reported.

Usage::

    python3 scripts/bench_impress.py [--slides 200] [--add 20] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import devpath  # noqa: E402

devpath.install()

import build_oxt  # noqa: E402
from inside import Inside  # noqa: E402
from officectl import Office, office_available  # noqa: E402

GOAL_READ_SECONDS, GOAL_ADD_RATIO = 2.0, 3.0


def measure(office: Office, slides: int, add: int, repeat: int) -> dict:
    """The medians of reading the whole deck, adding ``add`` slides with the tool and natively."""
    inside = Inside(office, "impress_bench_inside.py")
    doc = office.new_document("simpress")
    try:
        uid = doc.RuntimeUID
        inside.call("build", uid, slides)
        reads, tools, natives = [], [], []
        for _ in range(repeat):
            read = inside.call("read_whole", uid)
            reads.append(read["seconds"])
            tool = inside.call("add_tool", uid, add)
            if not tool["ok"] or tool["after"] != slides + add or tool["restored"] != slides:
                raise RuntimeError("add_slides did not add and undo as expected: %s" % tool)
            tools.append(tool["seconds"])
            native = inside.call("add_native", uid, add)
            if native["after"] != slides + add or native["restored"] != slides:
                raise RuntimeError("the native run did not add and remove as expected: %s" % native)
            natives.append(native["seconds"])
        return {"read": statistics.median(reads), "parts": read["parts"], "chars": read["chars"],
                "tool": statistics.median(tools), "native": statistics.median(natives)}
    finally:
        office.close_document(doc)


def profile(office: Office, slides: int, add: int) -> int:
    """Print the costliest functions of reading the whole deck and of adding ``add`` slides."""
    inside = Inside(office, "impress_bench_inside.py")
    doc = office.new_document("simpress")
    try:
        inside.call("build", doc.RuntimeUID, slides)
        print(inside.call("read_whole", doc.RuntimeUID, True)["profile"])
        print(inside.call("add_tool", doc.RuntimeUID, add, True)["profile"])
    finally:
        office.close_document(doc)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--slides", type=int, default=200)
    parser.add_argument("--add", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print where the read and the add spend their time")
    args = parser.parse_args(argv)
    if not office_available():
        print("LibreOffice is not installed (make deps installs it)")
        return 1
    workdir = tempfile.mkdtemp(prefix="marginalia-bench-impress-")
    oxt = build_oxt.build(os.path.join(workdir, "marginalia.oxt"))
    office = Office([oxt], workdir=os.path.join(workdir, "office")).start()
    try:
        if args.profile:
            return profile(office, args.slides, args.add)
        result = measure(office, args.slides, args.add, args.repeat)
    finally:
        office.stop()
    ratio = result["tool"] / result["native"]
    print("read %d slides whole: %.2f s in %d parts (%d characters); goal under %.1f s"
          % (args.slides, result["read"], result["parts"], result["chars"], GOAL_READ_SECONDS))
    print("add %d slides: add_slides %.2f s, UNO API directly %.2f s, ratio %.1f; goal within %.0fx"
          % (args.add, result["tool"], result["native"], ratio, GOAL_ADD_RATIO))
    return 0 if result["read"] < GOAL_READ_SECONDS and ratio <= GOAL_ADD_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
