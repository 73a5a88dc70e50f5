"""Watch for machine stalls: a process that only sleeps 2 ms at a time, and notes when it woke late.

Used by bench_ui.py beside its UNO latency probe. This process touches nothing the office
uses, so when it wakes 10 ms or more late, the whole machine (a virtual machine's
CPUs descheduled by its host, say) stalled, not LibreOffice. On the 2-core virtual
machine these benchmarks were written on, this watcher alone, with nothing else
running, saw 20 such stalls in 60 seconds, of 10-119 ms.

Usage: python3 scripts/stall_watch.py  (stops at end of stdin; prints JSON [start, end]
pairs in seconds on time.monotonic()'s clock, one per late wake-up)
"""
from __future__ import annotations

import json
import sys
import threading
import time

NAP = 0.002
LATE = 0.010  # woke this much later than asked: a stall


def watch(done: threading.Event):
    """Nap until ``done`` is set; return the [start, end] of every nap that overslept by LATE or more."""
    stalls = []
    while not done.is_set():
        started = time.monotonic()
        time.sleep(NAP)
        woke = time.monotonic()
        if woke - started - NAP >= LATE:
            stalls.append((started + NAP, woke))
    return stalls


def main() -> int:
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    print("ready", flush=True)
    print(json.dumps(watch(done)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
