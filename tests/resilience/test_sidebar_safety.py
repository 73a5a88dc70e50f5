"""Document safety through the real sidebar: Stop at every stage, closing mid-turn, Send twice, two documents.

The turn is scripted (fault server) with real Writer tools::

    round 1: thinking, "I will use digits.", replace_text one→1 (paragraph 1), replace_text two→2 (paragraph 2)
    round 2: replace_text three→3 (paragraph 3), insert_content "Epsilon five" at the end
    round 3: "All numbers are digits now."

The server stalls at the stage under test; Stop is pressed there. Whatever the stage, the
document must be one of the states the tools pass through (never half a tool), one undo must
bring back the original, nothing may leak into the logs, and the office must answer within
100 ms.
"""
import threading
import time

import pytest

from support.fault_server import Fault
from support.panel import Panel, endpoint_at, wait_until
from support.scripted_server import chat_chunk, sse_event
from support.scripted_turns import (CHAT, LogWatch, fill, offset_of, paragraphs, text_body, tool_round_body,
                                    uno_latency)

LINES = ["Alpha one", "Beta two", "Gamma three", "Delta four"]
ROUND_1 = [("replace_text", {"old_text": "one", "new_text": "1", "paragraph": 1}),
           ("replace_text", {"old_text": "two", "new_text": "2", "paragraph": 2})]
ROUND_2 = [("replace_text", {"old_text": "three", "new_text": "3", "paragraph": 3}),
           ("insert_content", {"content": "Epsilon five", "position": "end"})]
STATES = [LINES,
          ["Alpha 1", "Beta two", "Gamma three", "Delta four"],
          ["Alpha 1", "Beta 2", "Gamma three", "Delta four"],
          ["Alpha 1", "Beta 2", "Gamma 3", "Delta four"],
          ["Alpha 1", "Beta 2", "Gamma 3", "Delta four", "Epsilon five"]]
"""The document after 0, 1, 2, 3 and 4 tools."""
LATENCY_LIMIT = 0.1
LATENCIES = []
"""Every office reaction time measured after a test's turn (the README's figure is the largest)."""


@pytest.fixture(scope="module", autouse=True)
def report_latency(figures):
    yield
    if LATENCIES:
        figures("office_latency_after_safety_tests_ms", {"max": round(max(LATENCIES) * 1000, 1),
                                                          "checks": len(LATENCIES)})


def bodies():
    return [tool_round_body(ROUND_1, text="I will use digits.", reasoning="Let me check the numbers."),
            tool_round_body(ROUND_2, first_id=2),
            text_body("All numbers are digits now.")]


@pytest.fixture
def endpoint(office, fault_server):
    with endpoint_at(office.ctx, fault_server.base_url):
        yield fault_server


@pytest.fixture
def report(writer):
    fill(writer, LINES)
    assert paragraphs(writer) == LINES
    return writer


def assert_safe(office, doc, watch, states=STATES):
    """The document is one of ``states`` (no half tool), one undo restores it, no leak, quick office."""
    current = paragraphs(doc)
    assert current in states, "the document is in no state a sequence of whole tools leads to: %s" % current
    manager = doc.getUndoManager()
    titles = manager.getAllUndoActionTitles()
    assert len(titles) == (0 if current == states[0] else 1), titles
    if titles:
        manager.undo()
    assert paragraphs(doc) == states[0]
    assert watch.leaks() == []
    latency = uno_latency(office, doc)
    LATENCIES.append(latency)
    assert latency < LATENCY_LIMIT, "the office took %.0f ms to answer" % (latency * 1000)
    return current, latency


# -- Stop at every stage -------------------------------------------------------------------

def _after(body, marker, extra=0):
    return offset_of(body, marker, after=True) + extra


STAGES = {
    "before the first byte": (0, lambda b: 0, 0),
    "during the thinking": (0, lambda b: _after(b, b"Let me"), 0),
    "during the answer text": (0, lambda b: _after(b, b'"I "'), 0),
    "inside the first tool call's arguments": (0, lambda b: _after(b, b'"call_0"', 60), 0),
    "inside the second tool call's arguments": (0, lambda b: _after(b, b'"call_1"', 60), 0),
    "after finish_reason, before [DONE]": (0, lambda b: offset_of(b, b"data: [DONE]"), 0),
    "waiting for round 2": (1, lambda b: 0, 2),
    "inside round 2's arguments": (1, lambda b: _after(b, b'"call_3"', 40), 2),
    "during the final answer": (2, lambda b: _after(b, b'"numbers "'), 4),
}


@pytest.mark.parametrize("stage", list(STAGES))
def test_stop_at_every_stage_leaves_whole_tools_and_one_undo(office, endpoint, report, stage):
    round_index, where, tools_done = STAGES[stage]
    scripted = bodies()
    stalled = threading.Event()
    for number, body in enumerate(scripted):
        if number == round_index:
            endpoint.enqueue(Fault(body=body, stall_at=where(body), stall_seconds=30, stalled=stalled), path=CHAT)
        else:
            endpoint.enqueue(Fault(body=body), path=CHAT)
    watch = LogWatch(office)
    panel = Panel(report).open()
    panel.send("Use digits")
    assert stalled.wait(15), "the turn never reached the stage"
    time.sleep(0.3)   # let the bytes before the stall arrive and be shown
    assert paragraphs(report) == STATES[tools_done]
    started = time.monotonic()
    assert panel.press("stop")
    panel.wait_idle(timeout=5)
    stop_seconds = time.monotonic() - started
    assert panel.transcript().endswith("Stopped."), panel.transcript()[-200:]
    assert len(endpoint.chat_requests()) == round_index + 1, "a round started after Stop"
    assert_safe(office, report, watch, [STATES[0], STATES[tools_done]])
    assert stop_seconds < 0.5, "Stop took %.2f s" % stop_seconds


def test_stop_between_tools_leaves_whole_tools_and_one_undo(office, endpoint, writer):
    count = 60  # enough that Stop lands between them (each replacement takes a few milliseconds)
    lines = ["Line %d is old" % n for n in range(1, count + 1)]
    fill(writer, lines)
    calls = [("replace_text", {"old_text": "old", "new_text": "new", "paragraph": n}) for n in range(1, count + 1)]
    endpoint.enqueue(Fault(body=tool_round_body(calls)), Fault(body=text_body("Done.")), path=CHAT)
    states = [["Line %d is new" % n for n in range(1, k + 1)] + lines[k:] for k in range(count + 1)]
    watch = LogWatch(office)
    panel = Panel(writer).open()
    panel.send("Renew every line")
    wait_until(lambda: "Replaced" in panel.transcript(), message="the first tool to run")
    assert panel.press("stop")
    panel.wait_idle(timeout=5)
    current, _ = assert_safe(office, writer, watch, states)
    done = states.index(current)
    assert 1 <= done < count, "Stop came after %d tools" % done
    results = endpoint.chat_requests()
    assert len(results) == 1, "the model was asked again after Stop"


def test_stop_after_the_turn_changes_nothing(office, endpoint, report):
    for body in bodies():
        endpoint.enqueue(Fault(body=body), path=CHAT)
    watch = LogWatch(office)
    panel = Panel(report).open()
    panel.send("Use digits")
    panel.wait_idle(timeout=20)
    assert panel.transcript().endswith("All numbers are digits now.")
    panel.press("stop")
    time.sleep(0.3)
    assert paragraphs(report) == STATES[4]
    assert_safe(office, report, watch)


# -- closing, double Send, two documents --------------------------------------------------------

def test_closing_the_document_while_waiting_for_round_2(office, endpoint, report):
    scripted = bodies()
    stalled = threading.Event()
    endpoint.enqueue(Fault(body=scripted[0]), Fault(body=scripted[1], stall_at=0, stall_seconds=30, stalled=stalled),
                     path=CHAT)
    watch = LogWatch(office)
    Panel(report).open().send("Use digits")
    assert stalled.wait(15)
    office.close_document(report)
    wait_until(lambda: _closed(report), message="the document to close")
    _office_still_works(office, endpoint, watch)


def test_closing_the_document_while_its_tools_run(office, endpoint):
    writer = office.new_document("swriter")
    fill(writer, ["Line %d is old" % n for n in range(1, 41)])
    calls = [("replace_text", {"old_text": "old", "new_text": "new", "paragraph": n}) for n in range(1, 41)]
    endpoint.enqueue_for(b"Renew every line", Fault(body=tool_round_body(calls)), Fault(body=text_body("Done.")))
    watch = LogWatch(office)
    panel = Panel(writer).open()
    panel.send("Renew every line")
    wait_until(lambda: "Replaced" in panel.transcript(), message="the first tool to run")
    office.close_document(writer)   # from another thread: vetoed, then closed once the turn has stopped
    wait_until(lambda: _closed(writer), message="the document to close")
    _office_still_works(office, endpoint, watch)


def _closed(doc):
    try:
        doc.getCurrentController()
    except Exception:   # DisposedException: the document is gone
        return True
    return False


def _office_still_works(office, endpoint, watch):
    """After a document went away mid-turn: no leak, a quick office, and a new turn works."""
    time.sleep(0.5)
    assert watch.leaks() == []
    LATENCIES.append(uno_latency(office))
    assert LATENCIES[-1] < LATENCY_LIMIT
    other = office.new_document("swriter")
    try:
        endpoint.enqueue_for(b"Are you there?", Fault(body=text_body("Still here.")))
        panel = Panel(other).open()
        panel.send("Are you there?")
        panel.wait_idle()
        assert panel.transcript().endswith("Still here.")
    finally:
        office.close_document(other)
    assert watch.leaks() == []


def test_send_pressed_twice_starts_one_turn(office, endpoint, report):
    scripted = bodies()
    endpoint.enqueue(Fault(body=scripted[0], stall_at=0, stall_seconds=1.0), Fault(body=scripted[1]),
                     Fault(body=scripted[2]), path=CHAT)
    watch = LogWatch(office)
    panel = Panel(report).open()
    panel.type("Use digits")
    assert panel.press("send")
    panel.press("send")
    panel.wait_busy()
    panel.type("A second request while busy")
    panel.press("send")
    panel.wait_idle(timeout=20)
    assert panel.transcript().count("You\n") == 1
    assert panel.control("input").getText() == "A second request while busy"   # kept, not sent
    assert len(endpoint.chat_requests()) == 3
    assert_safe(office, report, watch)


def test_turns_with_tools_in_two_documents_at_once(office, endpoint, report):
    other = office.new_document("swriter")
    try:
        fill(other, ["Zeta one", "Eta two"])
        first, second = bodies(), [tool_round_body([ROUND_1[0]]), text_body("Other done.")]
        endpoint.enqueue_for(b"digits in the report", Fault(body=first[0]),
                             Fault(body=first[1], stall_at=0, stall_seconds=1.5), Fault(body=first[2]))
        endpoint.enqueue_for(b"digits in the other", *[Fault(body=b) for b in second])
        watch = LogWatch(office)
        panel_one, panel_two = Panel(report).open(), Panel(other).open()
        panel_one.send("Use digits in the report")
        wait_until(lambda: paragraphs(report) == STATES[2], message="the first document's round 1")
        panel_two.send("Use digits in the other")
        panel_two.wait_idle(timeout=20)
        assert panel_one.enabled("stop"), "the first turn must still be running"
        panel_one.wait_idle(timeout=20)
        assert panel_one.transcript().endswith("All numbers are digits now.")
        assert panel_two.transcript().endswith("Other done.")
        assert paragraphs(other) == ["Zeta 1", "Eta two"]
        assert_safe(office, other, watch, [["Zeta one", "Eta two"], ["Zeta 1", "Eta two"]])
        assert_safe(office, report, watch, [STATES[0], STATES[4]])
    finally:
        office.close_document(other)


def test_a_transcript_longer_than_32k_characters_stays_in_step(office, endpoint, report):
    """Text cursors move at most 32767 characters per call: edits further in failed and the panel drifted."""
    long_answer = "word " * 8000   # 40,000 characters in one delta
    first = sse_event(chat_chunk(content=long_answer)) + tool_round_body([ROUND_1[0]])
    endpoint.enqueue(Fault(body=first), Fault(body=text_body("Done.")), path=CHAT)
    watch = LogWatch(office)
    panel = Panel(report).open()
    panel.send("Write a lot, then fix one word")
    panel.wait_idle(timeout=30)
    shown = panel.transcript()
    assert len(shown) > 40000 and shown.endswith("Done.")
    assert "replace text\u2026" not in shown and "Replaced" in shown.rsplit("word", 1)[1]
    assert paragraphs(report) == STATES[1]
    assert watch.leaks() == []
