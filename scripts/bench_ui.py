"""Responsiveness benchmark: does LibreOffice stay responsive while a reply streams in?

In a real headless soffice with Marginalia installed, a local scripted server streams
N tokens into the sidebar at a given rate while a second UNO client reads the
document's text every 10 ms. It prints the latency of those reads (p50/p99/max)
during the stream and, as a baseline measured in the same run, with no stream;
the tokens per second the panel actually rendered; the same while a server flushes a
100,000-character answer at once; and the same with a transcript that already holds
100,000 characters. A third process that only sleeps (stall_watch.py)
notes when the whole machine stalled; the reads that overlap such a stall are counted
in "max" but left out of "max outside machine stalls", and every read of 30 ms or more
is listed with where it fell in the run.

Usage: python3 scripts/bench_ui.py [--tokens 5000] [--rates 500,2000]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, os.path.join(ROOT, "tests")]

import build_oxt  # noqa: E402
import officectl  # noqa: E402
from support.panel import Panel  # noqa: E402
from support.scripted_server import ScriptedServer, text_stream_reply  # noqa: E402

SLOW_READ_MS = 30  # reads at least this slow are listed with where they fell in the run


class Sidecar:
    """A helper process of this benchmark: runs until its stdin closes, then prints JSON."""

    def __init__(self, script: str, *args: str):
        self._process = subprocess.Popen([sys.executable, os.path.join(HERE, script)] + list(args),
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                         env=officectl.clean_env({"PYTHONPATH": ""}))

    def wait_ready(self):
        assert self._process.stdout.readline().strip() == "ready"

    def finish(self):
        output, _ = self._process.communicate("", timeout=30)
        return [tuple(pair) for pair in json.loads(output.strip().splitlines()[-1])]


def stream_at(tokens: int, rate: float):
    """A reply streaming ``tokens`` one-token events at ``rate`` per second.

    Above 250 tokens/s several events share one network write (as fast servers' writes
    do), since a Python server cannot sleep less than about half a millisecond per write.
    """
    per_write = max(1, int(rate // 250))
    reply = text_stream_reply(["tok "] * tokens)
    events, tail = reply.chunks[:tokens], reply.chunks[tokens:]
    reply.chunks = [b"".join(events[i:i + per_write]) for i in range(0, tokens, per_write)] + tail
    reply.delay = per_write / rate
    return reply


def percentiles(samples):
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000  # noqa: E731
    return pick(0.50), pick(0.99), ordered[-1] * 1000


class Probes:
    """The second UNO client and the stall watcher, running for one row of the benchmark."""

    def __init__(self, office):
        self.probe = Sidecar("uno_latency_probe.py", str(office.port))  # [start, latency] per read
        self.watch = Sidecar("stall_watch.py")  # [start, end] per machine stall
        self.probe.wait_ready()
        self.watch.wait_ready()
        self.marks = [("probe start", time.monotonic())]

    def report(self, label: str, shown: str = "") -> float:
        """Stop probing and print the row; return the worst read outside machine stalls (ms)."""
        reads, stalls = self.probe.finish(), self.watch.finish()
        p50, p99, worst = percentiles([latency for _, latency in reads])
        own = max(latency for started, latency in reads if not overlaps(started, started + latency, stalls)) * 1000
        print("%-34s %5d calls  p50 %5.1f ms  p99 %5.1f ms  max %6.1f ms  max outside machine stalls %5.1f ms  %s"
              % (label, len(reads), p50, p99, worst, own, shown), flush=True)
        print("    machine stalls: %d, longest %.0f ms"
              % (len(stalls), max([end - start for start, end in stalls] or [0]) * 1000), flush=True)
        for started, latency in reads:
            if latency * 1000 >= SLOW_READ_MS:
                during = ", during a machine stall" if overlaps(started, started + latency, stalls) else ""
                print("    read of %.0f ms %s%s" % (latency * 1000, place(started, self.marks), during), flush=True)
        return own


def idle_row(office, label: str) -> float:
    """Probe for 3 s with no turn running."""
    probes = Probes(office)
    time.sleep(3.0)
    return probes.report(label)


def reply_row(office, panel, server, reply, label: str, tokens: int = 0):
    """Send one message answered by ``reply`` (of ``tokens`` tokens) while probing.

    Returns (the worst read outside machine stalls in ms, the tokens per second rendered).
    """
    probes = Probes(office)
    server.enqueue(reply)
    probes.marks.append(("Send pressed", time.monotonic()))
    panel.send(label)
    panel.wait_idle(timeout=60 + tokens / 100)
    done = time.monotonic()
    probes.marks += [("first token served", reply.sent[0]), ("last token served", reply.sent[-1]), ("turn ended", done)]
    serving, showing = reply.sent[-1] - reply.sent[0], done - reply.sent[0]  # shown: the turn has ended
    if not tokens:
        return probes.report(label, "served in %.2f s, shown in %.2f s" % (serving, showing)), None
    served, rendered = tokens / max(serving, 1e-6), tokens / max(showing, 1e-6)
    return probes.report(label, "served %5.0f, rendered %5.0f tok/s" % (served, rendered)), rendered


def burst_reply(characters: int):
    """A whole answer flushed at once, no pause between writes: one long paragraph of ordinary words.

    One paragraph is the hard case: the office lays a paragraph out again on every insert.
    """
    words = ("the quick brown fox jumps over the lazy dog while the panel keeps up " * 15)[:1000]
    return text_stream_reply([words] * (characters // len(words)))


def overlaps(start: float, end: float, stalls) -> bool:
    """True when [start, end] overlaps one of the machine's stalls."""
    return any(stall_start < end and start < stall_end for stall_start, stall_end in stalls)


def place(moment: float, marks) -> str:
    """Where ``moment`` falls among the run's marks, e.g. "1.20 s after first token served"."""
    passed = [(name, at) for name, at in sorted(marks, key=lambda mark: mark[1]) if at <= moment]
    name, at = passed[-1] if passed else marks[0]
    return "%.2f s after %s" % (moment - at, name)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=5000)
    parser.add_argument("--rates", default="500,2000")
    parser.add_argument("--debug", action="store_true", help="log slow loop iterations and GC pauses in the office")
    args = parser.parse_args(argv)
    rates = [float(r) for r in args.rates.split(",")]
    workdir = tempfile.mkdtemp(prefix="marginalia-bench-ui-")
    oxt = build_oxt.build(os.path.join(workdir, "marginalia.oxt"))
    office = officectl.Office([oxt], workdir=workdir, env={"MARGINALIA_DEBUG": "1", "MARGINALIA_SLOW_MS": "25"} if args.debug else None)
    server = ScriptedServer()
    try:
        office.start()
        officectl.write_settings(office.ctx, "Endpoint", URL=server.base_url, Model="bench")
        doc = office.new_document("swriter")
        doc.getText().setString("A short document the second client reads every 10 ms.")
        panel = Panel(doc).open()
        print("soffice %s; %d tokens per stream; second client reads the document text every 10 ms"
              % ("7.4", args.tokens))
        idle_row(office, "baseline (no stream)")
        for rate in rates:
            reply_row(office, panel, server, stream_at(args.tokens, rate), "stream at %d tok/s" % rate, args.tokens)
        short = reply_row(office, panel, server, stream_at(args.tokens, rates[0]),
                          "short transcript, %d tok/s" % rates[0], args.tokens)
        reply_row(office, panel, server, burst_reply(100000), "burst: 100,000 characters at once")
        time.sleep(1.0)
        print("transcript now holds %d characters" % len(panel.transcript()))
        long = reply_row(office, panel, server, stream_at(args.tokens, rates[0]),
                         "100k-char transcript, %d tok/s" % rates[0], args.tokens)
        print("long transcript / short transcript: max latency outside machine stalls %.2fx, rendering rate %.2fx"
              % (long[0] / max(short[0], 1e-6), short[1] / max(long[1], 1e-6)))
    finally:
        server.close()
        office.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
