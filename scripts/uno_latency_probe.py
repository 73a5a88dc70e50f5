"""A second UNO client in its own process: reads the document text every 10 ms and reports latencies.

Used by bench_ui.py. Running in a separate process keeps the measurement free of the
benchmark's own threads (its scripted server and polling compete for one Python lock).

Usage: python3 scripts/uno_latency_probe.py PORT [text|title|frames]  (the call: the document's whole text, the
default; its title, a call that costs the office nothing, to see only the wait for the office; or the number of
the desktop's frames, which costs nothing either and holds no document; stops at end of stdin; prints JSON
[start, latency] pairs in s, starts on time.monotonic()'s clock so the benchmark can place them among its own
events)

"frames" is for a benchmark that closes and reopens documents: asking a document's title
while LibreOffice 7.4 closes or opens documents crashed it (the UNO bridge releasing a freed
object) in 5 of 20 and 5 of 9 runs of bench_writer.py at 29 pages under glibc's malloc
checker, also without Marginalia installed; asking for the frames, 0 of 11.
"""
from __future__ import annotations

import json
import sys
import threading
import time

sys.path.append("/usr/lib/python3/dist-packages")


def _any_document(desktop):
    try:
        components = desktop.getComponents().createEnumeration()
        return components.nextElement() if components.hasMoreElements() else None
    except Exception:
        return None


def main() -> int:
    import uno
    port = int(sys.argv[1])
    call = sys.argv[2] if len(sys.argv) > 2 else "text"
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    ctx = resolver.resolve("uno:socket,host=127.0.0.1,port=%d;urp;StarOffice.ComponentContext" % port)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    doc = desktop.getComponents().createEnumeration().nextElement()
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    samples = []
    print("ready", flush=True)
    while not done.is_set():
        started = time.monotonic()
        try:
            if call == "frames":
                desktop.getFrames().getCount()
            elif call == "title":
                doc.getTitle()
            else:
                doc.getText().getString()
        except Exception:  # the document was closed (a benchmark opens documents afresh): ask another
            doc = _any_document(desktop) or doc
            continue
        samples.append((started, time.monotonic() - started))
        done.wait(0.010)
    print(json.dumps(samples), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
