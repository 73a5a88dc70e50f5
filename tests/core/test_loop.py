"""The main-thread event loop: coalescing text deltas, slicing bursts, pumping the UI."""
from __future__ import annotations

import time

from marginalia.core.loop.pump import MAX_COALESCED_CHARS, EventLoop, LoopTask, _coalesce


class Recorder(LoopTask):
    """A task that records what it is handed and finishes on ``done``."""

    def __init__(self, loop, log, slow_seconds=0.0):
        self.loop = loop
        self.log = log
        self.slow_seconds = slow_seconds

    def handle(self, kind, payload):
        self.log.append(("handle", kind, payload))
        time.sleep(self.slow_seconds)
        if kind == "done":
            self.finished = True


def run_with(messages, slow_seconds=0.0, batch_seconds=0.03, pump=None):
    """Queue ``messages`` before the loop starts, run it, and return the log of handles and pumps."""
    log = []
    loop = EventLoop(pump_ui=pump or (lambda: log.append(("pump",))), batch_seconds=batch_seconds, idle_wait=0.001)
    task_id = loop.new_task_id()
    for kind, payload in messages:
        loop.post(task_id, kind, payload)
    loop.run(task_id, Recorder(loop, log, slow_seconds))
    return log


def test_consecutive_text_deltas_become_one_message():
    merged = _coalesce([(1, "content", "Hel"), (1, "content", "lo"), (1, "thinking", "hm"), (1, "content", "!")])
    assert merged == [(1, "content", "Hello"), (1, "thinking", "hm"), (1, "content", "!")]


def test_deltas_of_different_owners_or_other_kinds_are_not_merged():
    merged = _coalesce([(1, "content", "a"), (2, "content", "b"), (2, "tool_done", {"x": 1}), (2, "content", "c")])
    assert merged == [(1, "content", "a"), (2, "content", "b"), (2, "tool_done", {"x": 1}), (2, "content", "c")]


def test_a_burst_of_text_is_sliced_and_loses_nothing():
    burst = [(1, "content", "x" * 700) for _ in range(10)] + [(1, "content", "end")]
    merged = _coalesce(burst, limit=2000)
    assert [len(text) for _, _, text in merged] == [2000, 2000, 2000, 1003]
    assert "".join(text for _, _, text in merged) == "x" * 7000 + "end"


def test_one_huge_delta_is_sliced_too():
    merged = _coalesce([(1, "thinking", "y" * (MAX_COALESCED_CHARS * 2 + 5))])
    assert [len(text) for _, _, text in merged] == [MAX_COALESCED_CHARS, MAX_COALESCED_CHARS, 5]
    assert {kind for _, kind, _ in merged} == {"thinking"}


def test_an_empty_delta_still_reaches_the_task():
    assert _coalesce([(1, "content", "")]) == [(1, "content", "")]


def test_the_loop_hands_a_burst_over_in_slices_in_order():
    log = run_with([("content", "z" * 5000), ("done", None)])
    handled = [entry for entry in log if entry[0] == "handle"]
    assert [len(payload) for _, kind, payload in handled if kind == "content"] == [2000, 2000, 1000]
    assert handled[-1] == ("handle", "done", None)


def test_slow_dispatch_pumps_the_ui_between_slices():
    """Each slice takes longer than a batch may: the office is pumped after every one."""
    log = run_with([("content", "z" * 6000), ("done", None)], slow_seconds=0.02, batch_seconds=0.01)
    kinds = [entry[0] if entry[0] == "pump" else entry[1] for entry in log]
    assert kinds[:6] == ["content", "pump", "content", "pump", "content", "pump"]


def test_fast_dispatch_pumps_once_per_batch():
    log = run_with([("content", "a"), ("content", "b"), ("done", None)])
    assert [entry for entry in log if entry[0] == "handle"] == [("handle", "content", "ab"), ("handle", "done", None)]
    assert log[-1] == ("pump",)
    assert log.count(("pump",)) == 1


def test_a_failing_pump_mid_batch_is_counted_and_ends_the_tasks_after_three():
    failures = []

    def broken_pump():
        failures.append(1)
        raise RuntimeError("office gone")

    log = []
    loop = EventLoop(pump_ui=broken_pump, batch_seconds=0.0, idle_wait=0.001)
    task_id = loop.new_task_id()
    for _ in range(5):
        loop.post(task_id, "content", "t" * (MAX_COALESCED_CHARS * 2))
    task = Recorder(loop, log, slow_seconds=0.001)
    errors = []
    task.fail = lambda error: (errors.append(str(error)), setattr(task, "finished", True))
    loop.run(task_id, task)
    assert len(failures) >= 3
    assert errors == ["the office stopped answering"]
    assert not loop.running and loop.active_tasks() == []
