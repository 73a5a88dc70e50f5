#!/usr/bin/env python3
"""Benchmark Calc's PROMPT(): how fast 500 cells fill, against the scripted server's own rate.

In a real headless soffice with Marginalia installed, a column of N ``=PROMPT("up";An)``
cells is entered at once; a local scripted server answers every request after a fixed
delay (a stand-in for the model's time). It prints:

* the server's own rate: the same N requests sent straight from this process by as many
  threads as PROMPT's concurrency setting (plain HTTP, keep-alive), the best the office
  could do;
* the fill rate: cells answered per second in the office, from entering the column to
  the last answer shown, and its ratio to the server's rate (goal: at most 1.2x slower);
* how long entering the formulas took (the office calculates them; PROMPT must not wait);
* a second UNO client's reads during the fill (every 10 ms, the document's title, in its
  own process): p50, p99 and the worst wait (goal: under 100 ms), also leaving out the
  reads that overlap a stall of the whole machine (stall_watch.py, as bench_ui.py does),
  and every read of 50 ms or more with when it happened.

Usage: python3 scripts/bench_prompt.py [--cells 500] [--delay 0.02] [--concurrency 4]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, os.path.join(ROOT, "tests")]

import build_oxt  # noqa: E402
import officectl  # noqa: E402
from bench_ui import Sidecar, overlaps, percentiles  # noqa: E402
from support.scripted_server import ScriptedServer, text_stream_reply  # noqa: E402

PENDING = "…"


def answering(delay: float):
    """The scripted model: the input in capitals, after ``delay`` seconds."""
    def respond(request):
        user = request.json()["messages"][-1]["content"]
        time.sleep(delay)
        return text_stream_reply([user.rsplit(": ", 1)[-1].upper()])
    return respond


def server_rate(server: ScriptedServer, cells: int, concurrency: int) -> float:
    """Requests per second the server answers to ``concurrency`` plain clients."""
    body = json.dumps({"model": "m", "stream": True,
                       "messages": [{"role": "user", "content": "Instruction: up\n\nInput 1: x"}]})
    left = list(range(cells))
    lock = threading.Lock()

    def client():
        connection = http.client.HTTPConnection("127.0.0.1", server.port)
        while True:
            with lock:
                if not left:
                    break
                left.pop()
            connection.request("POST", "/v1/chat/completions", body, {"Content-Type": "application/json"})
            connection.getresponse().read()
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return cells / (time.monotonic() - started)


def fill(office, server: ScriptedServer, cells: int, instruction: str) -> dict:
    """Enter the column, wait until every cell shows its answer; return the timings."""
    document = office.new_document("scalc", hidden=True)
    sheet = document.getSheets().getByIndex(0)
    sheet.getCellRangeByName("A1:A%d" % cells).setDataArray(tuple(("item %d" % n,) for n in range(1, cells + 1)))
    target = sheet.getCellRangeByName("B1:B%d" % cells)
    expected = [("ITEM %d" % n) for n in range(1, cells + 1)]
    probe = Sidecar("uno_latency_probe.py", str(office.port), "title")
    watch = Sidecar("stall_watch.py")  # notes when the whole machine stalled (shared CPUs)
    probe.wait_ready()
    watch.wait_ready()
    before = len(server.chat_requests())
    started = time.monotonic()
    target.setFormulaArray(tuple(('=PROMPT("%s";A%d)' % (instruction, n),) for n in range(1, cells + 1)))
    entered = time.monotonic()
    while [row[0] for row in target.getDataArray()] != expected:
        if time.monotonic() - started > 600:
            raise SystemExit("the column did not fill in 600 s: %s" % [row[0] for row in target.getDataArray()][:3])
        time.sleep(0.05)
    filled = time.monotonic()
    reads, stalls = probe.finish(), watch.finish()
    office.close_document(document)
    own = [latency for begun, latency in reads if not overlaps(begun, begun + latency, stalls)]
    slow = [(begun - started, latency) for begun, latency in reads if latency >= 0.05]
    after = [latency for begun, latency in reads if begun >= entered]
    return {"enter": entered - started, "fill": filled - started, "requests": len(server.chat_requests()) - before,
            "reads": [latency for _, latency in reads], "own": own, "slow": slow, "stalls": stalls,
            "after": after}


def report(label: str, cells: int, own: float, result: dict) -> None:
    """Print one fill's figures."""
    rate = cells / result["fill"]
    p50, p99, worst = percentiles(result["reads"])
    print("%s:" % label)
    print("  PROMPT fill of %d cells: %.2f s, %.1f cells/s, %d requests; %.2fx the server's time (goal <= 1.2x)"
          % (cells, result["fill"], rate, result["requests"], own / rate))
    print("  entering the %d formulas (one UNO call; Calc calculates them) took %.0f ms"
          % (cells, result["enter"] * 1000))
    print("  second UNO client: %d reads, p50 %.1f ms, p99 %.1f ms, worst %.1f ms (goal < 100 ms)"
          % (len(result["reads"]), p50, p99, worst))
    print("    worst outside machine stalls: %.1f ms (machine stalls seen: %d); worst after the column was entered: "
          "%.1f ms" % (max(result["own"] or [0]) * 1000, len(result["stalls"]), max(result["after"] or [0]) * 1000))
    for at, latency in result["slow"]:
        print("    read of %.0f ms at %.2f s after entering the column" % (latency * 1000, at))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=500)
    parser.add_argument("--delay", type=float, default=0.02, help="seconds the scripted model takes per answer")
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args(argv)
    workdir = tempfile.mkdtemp(prefix="bench-prompt-")
    oxt = build_oxt.build(os.path.join(workdir, "marginalia.oxt"))
    with ScriptedServer() as server:
        server.responder = answering(args.delay)
        own = server_rate(server, args.cells, args.concurrency)
        office = officectl.Office([oxt], workdir=workdir).start()
        try:
            officectl.write_settings(office.ctx, "Endpoint", URL=server.base_url, Model="m")
            officectl.write_settings(office.ctx, "Calc", PromptConcurrency=args.concurrency,
                                     PromptConfirmAbove=0)  # no cost question: nobody is there to answer
            results = [fill(office, server, args.cells, instruction) for instruction in ("up", "up again")]
        finally:
            office.stop()
    print("server's own rate (%d clients, %.0f ms per answer): %.1f requests/s" % (args.concurrency,
                                                                                  args.delay * 1000, own))
    for label, result in zip(("first fill (Marginalia starts on the first PROMPT)", "second fill"), results):
        report(label, args.cells, own, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
