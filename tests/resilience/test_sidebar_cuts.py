"""A sampled cut sweep through the real sidebar: the stream of a turn with a Writer tool cut at many offsets.

The round streams thinking, an answer and a ``replace_text`` call whose arguments come in
pieces, then ``finish_reason: tool_calls`` and ``[DONE]``. For each sampled offset (evenly
spread, plus every offset around the tool call's end and ``[DONE]``), framings rotating, the
panel must end the turn with either the whole turn (the tool ran once, the answer after it
shown) or a plain problem, the answer shown so far a start of the real one, the document
untouched, no second round asked for, nothing leaked, Send enabled again.
"""
import pytest

from support import cut_sweep
from support.fault_server import FRAMINGS, Fault
from support.panel import Panel, set_settings
from support.scripted_turns import LogWatch, fill, offset_of, paragraphs, text_body, tool_round_body

LINES = ["Alpha one", "Beta two"]
CHANGED = ["Alpha 1", "Beta two"]
SPREAD = 48


def turn_body():
    return tool_round_body([("replace_text", {"old_text": "one", "new_text": "1", "paragraph": 1})],
                           text="I will change the word one into a digit now.",
                           reasoning="The user wants digits.", pieces=4)


def sample(body):
    step = max(1, len(body) // SPREAD)
    tool_end = offset_of(body, b'"finish_reason": "tool_calls"')
    offsets = set(range(0, len(body), step)) | set(range(tool_end - 8, tool_end + 8))
    offsets |= set(range(len(body) - 24, len(body) + 1))
    return sorted(o for o in offsets if 0 <= o <= len(body))


@pytest.mark.slow
def test_sampled_cuts_through_the_sidebar(office, fault_server, writer, figures):
    body = turn_body()
    ref = cut_sweep.reference(body)
    set_settings(office.ctx, "Endpoint", URL=fault_server.base_url, Model="m")
    problems, complete, runs = [], 0, 0
    try:
        panel = Panel(writer).open()
        watch = LogWatch(office)
        for number, offset in enumerate(sample(body)):
            framing = FRAMINGS[number % 3]
            marker = "Sweep run <%d>" % number
            fill(writer, LINES)
            fault_server.enqueue_for(marker.encode(), Fault(body=body, cut_at=offset, framing=framing),
                                     Fault(body=text_body("Done, run %d." % number)))
            panel.send(marker, timeout=20)
            panel.wait_idle(timeout=20)
            runs += 1
            found = judge(panel, fault_server, writer, ref, marker, offset, number)
            complete += found == "complete"
            if found not in ("complete", "problem"):
                problems.append("offset %d (%s): %s" % (offset, framing, found))
        assert watch.leaks() == []
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
    figures("cut_sweep_sidebar_runs", {"runs": runs, "complete": complete})
    assert not problems, "\n".join(problems[:10])
    assert complete and complete < runs


def judge(panel, server, doc, ref, marker, offset, number):
    """``complete``, ``problem``, or what is wrong with this run."""
    run = panel.transcript().rsplit("You\n" + marker, 1)[1]
    requests = [r for r in server.chat_requests()   # this run's: its marker is the request's latest one
                if r.body.rfind(b"Sweep run <") == r.body.rfind(marker.encode()) >= 0]
    answer = run.split("Marginalia\n", 1)[1].split("\n\n")[0] if "Marginalia\n" in run else ""
    if not ref.content.startswith(answer.rstrip()):
        return "the answer shown is not a start of the real one: %r" % answer[-60:]
    if not panel.enabled("send"):
        return "Send stayed disabled"
    if "Problem\n" in run:
        if paragraphs(doc) != LINES:
            return "a tool ran although the stream failed"
        if len(requests) != 1:
            return "the model was asked again after a failed stream"
        if ref.done_end is not None and offset >= ref.done_end:
            return "[DONE] had arrived but the turn failed: %s" % run.rsplit("Problem\n", 1)[1][:120]
        return "problem"
    if paragraphs(doc) != CHANGED or len(requests) != 2 or not run.rstrip().endswith("Done, run %d." % number):
        return "no problem shown, yet the turn is not whole: %s, %d requests" % (paragraphs(doc), len(requests))
    return "complete"
