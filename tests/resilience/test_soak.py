"""Soak: 200 consecutive scripted turns with tools in one soffice, one conversation, one document.

Each turn is three model rounds through the real sidebar: ``insert_content`` adds a
paragraph at the end, ``replace_text`` rewrites it, then a short answer. The memory of
soffice.bin (VmRSS) is read before the first turn and after the last; the time of each turn
(Send to the panel idle again) is kept. The office must grow by less than 50 MB, and the last
20 turns must take no longer than the first 20 (with a margin for a shared machine); both
figures are printed. At the end the document holds every turn's paragraph, rewritten, and one
undo still takes back exactly the last turn.
"""
import statistics
import time

import pytest

from support.fault_server import Fault
from support.panel import Panel, set_settings
from support.scripted_turns import CHAT, LogWatch, fill, paragraphs, text_body, tool_round_body, uno_latency

import proc_memory

TURNS = 200
WINDOW = 20
GROWTH_LIMIT_MB = 50
SLOWDOWN_MARGIN = 1.25


def script_turn(server, number):
    line = "Paragraph %d of the soak." % number
    server.enqueue(
        Fault(body=tool_round_body([("insert_content", {"content": line, "position": "end", "format": "plain"})],
                                   first_id=number * 10)),
        Fault(body=tool_round_body([("replace_text", {"old_text": line, "new_text": line.replace("soak", "long soak")})],
                                   first_id=number * 10 + 1)),
        Fault(body=text_body("Turn %d done." % number)), path=CHAT)


@pytest.mark.slow
def test_200_turns_with_tools_keep_memory_and_speed(office, fault_server, figures):
    set_settings(office.ctx, "Endpoint", URL=fault_server.base_url, Model="m")
    doc = office.new_document("swriter")
    try:
        fill(doc, ["Soak document"])
        panel = Panel(doc).open()
        watch = LogWatch(office)
        pid = proc_memory.soffice_bin(office.process.pid)
        assert pid, "soffice.bin not found under the launcher"
        before = proc_memory.rss_mb(pid)
        seconds = []
        for number in range(1, TURNS + 1):
            script_turn(fault_server, number)
            started = time.monotonic()
            panel.send("Soak turn %d" % number, timeout=20)
            panel.wait_idle(timeout=30)
            seconds.append(time.monotonic() - started)
            assert panel.transcript().endswith("Turn %d done." % number), panel.transcript()[-300:]
        after = proc_memory.rss_mb(pid)
        latency = uno_latency(office, doc)
        expected = ["Soak document"] + ["Paragraph %d of the long soak." % n for n in range(1, TURNS + 1)]
        assert paragraphs(doc) == expected
        manager = doc.getUndoManager()
        assert manager.getCurrentUndoActionTitle() == "Marginalia: Soak turn %d" % TURNS
        manager.undo()
        assert paragraphs(doc) == expected[:-1]
        leaks = watch.leaks()
        assert leaks == [], "\n\n".join(leaks[:2])
    finally:
        office.close_document(doc)
        set_settings(office.ctx, "Endpoint", URL="", Model="")
    first, last = seconds[:WINDOW], seconds[-WINDOW:]
    result = {"turns": TURNS, "rss_before_mb": round(before, 1), "rss_after_mb": round(after, 1),
              "growth_mb": round(after - before, 1),
              "first_%d_turns_s" % WINDOW: round(sum(first), 2), "last_%d_turns_s" % WINDOW: round(sum(last), 2),
              "median_turn_first_s": round(statistics.median(first), 3),
              "median_turn_last_s": round(statistics.median(last), 3),
              "uno_latency_after_ms": round(latency * 1000, 1)}
    figures("soak", result)
    print("\nsoak: soffice.bin RSS %.1f MB before, %.1f MB after (%+.1f MB); first %d turns %.2f s, last %d %.2f s"
          % (before, after, after - before, WINDOW, sum(first), WINDOW, sum(last)))
    assert after - before < GROWTH_LIMIT_MB, result
    assert sum(last) <= sum(first) * SLOWDOWN_MARGIN, result
    assert latency < 0.1, result
