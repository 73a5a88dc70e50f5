"""Responsiveness benchmark: does LibreOffice stay responsive while a reply streams in?

In a real headless soffice with Marginalia installed, a local scripted server streams
N tokens into the sidebar at a given rate while a second UNO client reads the
document's text every 10 ms. It prints the latency of those reads (p50/p99/max)
during the stream and, as a baseline measured in the same run, with no stream;
the tokens per second the panel actually rendered; and the same with a transcript
that already holds 100,000 characters.

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
from support.panel import Panel, wait_until  # noqa: E402
from support.scripted_server import ScriptedServer, text_stream_reply  # noqa: E402

PROBE_INTERVAL = 0.010


class LatencyProbe:
    """The second UNO client, in its own process (see uno_latency_probe.py)."""

    def __init__(self, port: int):
        self._process = subprocess.Popen([sys.executable, os.path.join(HERE, "uno_latency_probe.py"), str(port)],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                         env=officectl.clean_env({"PYTHONPATH": ""}))
        self.samples = []

    def start(self):
        assert self._process.stdout.readline().strip() == "ready"

    def finish(self):
        output, _ = self._process.communicate("", timeout=30)
        self.samples = json.loads(output.strip().splitlines()[-1])
        return self.samples


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


def measure(office, panel, server, tokens: int, rate: float, label: str):
    """Stream ``tokens`` at ``rate`` tokens/s (0: no stream) while probing; print the figures."""
    probe = LatencyProbe(office.port)
    probe.start()
    rendered = None
    served = None
    if rate:
        reply = stream_at(tokens, rate)
        server.enqueue(reply)
        panel.send("stream %d tokens" % tokens)
        panel.wait_idle(timeout=tokens / rate * 4 + 30)
        done = time.monotonic()
        sending = max(reply.sent[-1] - reply.sent[0], 1e-6)
        served = tokens / sending
        rendered = tokens / max(done - reply.sent[0], 1e-6)  # until the last token is shown and the turn ended
    else:
        time.sleep(3.0)
    p50, p99, worst = percentiles(probe.finish())
    shown = "served %5.0f, rendered %5.0f tok/s" % (served, rendered) if rendered else ""
    print("%-34s %5d calls  p50 %5.1f ms  p99 %5.1f ms  max %6.1f ms  %s"
          % (label, len(probe.samples), p50, p99, worst, shown), flush=True)
    return worst, rendered


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
        measure(office, panel, server, args.tokens, 0, "baseline (no stream)")
        for rate in rates:
            measure(office, panel, server, args.tokens, rate, "stream at %d tok/s" % rate)
        short = measure(office, panel, server, args.tokens, rates[0], "short transcript, %d tok/s" % rates[0])
        server.enqueue(text_stream_reply(["x" * 1000] * 100))
        panel.send("fill the transcript")
        panel.wait_idle(timeout=60)
        time.sleep(3.0)  # let the office finish laying out the big insert before measuring again
        print("transcript now holds %d characters" % len(panel.transcript()))
        long = measure(office, panel, server, args.tokens, rates[0], "100k-char transcript, %d tok/s" % rates[0])
        print("long transcript / short transcript: max latency %.2fx, rendering rate %.2fx"
              % (long[0] / max(short[0], 1e-6), short[1] / max(long[1], 1e-6)))
    finally:
        server.close()
        office.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
