"""A scripted research turn in a real Writer document: search, read two pages, write a summary.

The model (scripted) searches the fake DuckDuckGo page, reads two pages on two new
hosts (the user is asked about each host in the panel), and writes a summary into the
document. The slow variant (``-m slow``) runs the same turn while a second UNO client calls
the office every 10 ms, which must always be answered within 100 ms: a latency limit, so
it stays out of the functional run (it failed under a loaded machine).
"""
import pytest

from bench_ui import Sidecar, overlaps, percentiles
from support.panel import Panel, set_settings, wait_until
from support.research_panel import Approval, StatusRecorder, reset_research, tool_results
from support.scripted_server import text_stream_reply
from support.scripted_turns import CHAT, tool_round
from support.web_pages import PageServer, duckduckgo_page

QUERY = "solar output 2024"
FILLER = "<p>%s</p>" % ("Background paragraph. " * 90)  # about 2 KB per chunk


def slow_page(title, body):
    head = ("<html><head><title>%s</title><script>track()</script></head><body><nav>Menu</nav><h1>%s</h1>"
            % (title, title)).encode("utf-8")
    return [head, body.encode("utf-8")] + [FILLER.encode("utf-8")] * 6 + [b"</body></html>"]


SUMMARY = ("## Solar output in 2024\n\n"
           "- Installations grew by **24%** (news.example).\n"
           "- China added 277 GW (agency report).")


def in_order(lines, expected):
    """True when ``expected`` occur in ``lines`` in this order (other lines may come between)."""
    remaining = iter(lines)
    return all(any(line == wanted for line in remaining) for wanted in expected)


@pytest.fixture
def sites(office):
    with PageServer("127.0.0.4") as search, PageServer("127.0.0.2") as news, PageServer("127.0.0.3") as agency:
        set_settings(office.ctx, "Research", DuckDuckGoUrl=search.url("/html/"),
                     AllowedLocalHosts="127.0.0.2, 127.0.0.3")
        yield search, news, agency
    reset_research(office.ctx)


def run_research_turn(endpoint, sites, writer, office, measure_latency=False):
    """The scripted turn of this module, checked; returns the second client's read latencies (ms) when measured."""
    search, news, agency = sites
    first = news.add("/solar", chunks=slow_page("Solar record", "<p>Installations grew by 24% in 2024.</p>"),
                     delay=0.12, chunked=True)
    second = agency.add("/report", chunks=slow_page("Agency report", "<table><tr><th>Country</th><th>GW</th></tr>"
                                                    "<tr><td>China</td><td>277</td></tr></table>"),
                        delay=0.12, chunked=True)
    search.add("/html/", duckduckgo_page([("Solar record", first, "Installations grew"),
                                          ("Agency report", second, "Country tables"),
                                          ("Other", "https://other.example/x", "Not read")],
                                         ads=[("Panels for sale", "https://shop.example/")]), delay=0.3)
    endpoint.enqueue(tool_round(("web_search", {"query": QUERY, "count": 3})), path=CHAT)
    endpoint.enqueue(tool_round(("fetch_page", {"url": first}), ("fetch_page", {"url": second})), path=CHAT)
    endpoint.enqueue(tool_round(("insert_content", {"content": SUMMARY, "position": "end"})), path=CHAT)
    endpoint.enqueue(text_stream_reply(["I added a summary of both sources at the end of the document."]), path=CHAT)
    writer.getText().setString("Notes on renewables.")
    undo_steps = len(writer.getUndoManager().getAllUndoActionTitles())
    panel = Panel(writer).open()
    approval = Approval(panel)
    status = StatusRecorder(panel)
    probe = watch = None
    if measure_latency:
        probe = Sidecar("uno_latency_probe.py", str(office.port))
        watch = Sidecar("stall_watch.py")  # the machine's own stalls are not the office's
        probe.wait_ready()
        watch.wait_ready()
    status.start()
    try:
        panel.send("Check the current solar figures and add a short summary to my notes")
        assert search.url("/html/?q=solar+output+2024") in approval.wait_question("127.0.0.4")
        status.wait_seen("Waiting for your approval: %s" % search.url("/html/?q=solar+output+2024"))
        approval.answer("host")
        assert first in approval.wait_question(first)
        status.wait_seen("Waiting for your approval: %s" % first)
        wait_until(lambda: "fetch page: Waiting for your approval: %s" % first in panel.transcript(),
                   message="the tool line to say what it waits for")
        approval.answer("host")
        approval.wait_question(second)
        status.wait_seen("Waiting for your approval: %s" % second)
        approval.answer("once")
        panel.wait_idle(timeout=60)
    finally:
        seen = status.finish()
        reads, stalls = (probe.finish(), watch.finish()) if measure_latency else ([], [])
    text = writer.getText().getString()
    assert text.startswith("Notes on renewables.")
    assert "Solar output in 2024" in text and "Installations grew by 24% (news.example)." in text
    assert "China added 277 GW (agency report)." in text
    found = tool_results(endpoint, 1)[0]
    assert "1. Solar record\n   %s" % first in found and "Panels for sale" not in found
    pages = tool_results(endpoint, 2)[1:]
    assert "Title: Solar record" in pages[0] and "Installations grew by 24% in 2024." in pages[0]
    assert "| China | 277 |" in pages[1] and "track()" not in pages[1] and "Menu" not in pages[1]
    assert [hit.path for hit in search.hits] == ["/html/?q=solar+output+2024"]
    assert news.paths() == ["/solar"] and agency.paths() == ["/report"]

    shown = [line for line in seen if line.startswith(("Waiting for your", "Contacting", "Reading"))]
    assert in_order(shown, ["Waiting for your approval: %s" % search.url("/html/?q=solar+output+2024"),
                            "Contacting 127.0.0.4…", "Waiting for your approval: %s" % first, "Contacting 127.0.0.2…",
                            "Waiting for your approval: %s" % second, "Contacting 127.0.0.3…"]), seen
    for host in ("127.0.0.2", "127.0.0.3"):  # the bytes read so far, updated in place while the page arrives
        assert len([line for line in shown if line.startswith("Reading %s (" % host)]) >= 2, seen
    transcript = panel.transcript()
    assert "Found 3 results for \u201csolar output 2024\u201d" in transcript
    assert "Read \u201cSolar record\u201d" in transcript and "Read \u201cAgency report\u201d" in transcript
    assert len(writer.getUndoManager().getAllUndoActionTitles()) == undo_steps + 1  # the whole turn: one step
    return [latency for started, latency in reads if not overlaps(started, started + latency, stalls)]


def test_search_read_two_pages_with_approval_and_write_a_summary(endpoint, sites, writer, office):
    run_research_turn(endpoint, sites, writer, office)


@pytest.mark.slow
def test_the_office_answers_a_second_client_within_100_ms_during_the_research_turn(endpoint, sites, writer, office):
    samples = run_research_turn(endpoint, sites, writer, office, measure_latency=True)
    p50, p99, worst = percentiles(samples)
    print("\nsecond UNO client during the research turn: %d calls, p50 %.1f ms, p99 %.1f ms, max %.1f ms"
          % (len(samples), p50, p99, worst))
    assert len(samples) > 100 and worst < 100.0, (len(samples), worst)
