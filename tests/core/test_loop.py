"""The main-thread pump: coalescing text deltas, slicing bursts, pumping the UI, waking for calls."""
from __future__ import annotations

import threading
import time

import pytest

from marginalia.core.loop.messages import (ContentDelta, Message, Notice, ReasoningDelta, ToolCallArgumentsDelta,
                                           UsageReport)
from marginalia.core.loop.pump import MAX_COALESCED_CHARS, MessagePump, coalesce
from marginalia.core.loop.task import Outcome, Task


class Done(Message):
    """Ends a Recorder."""

    __slots__ = ()


class Recorder(Task):
    """A task that records what it is handed and finishes on ``Done``."""

    def __init__(self, log, slow_seconds=0.0):
        super().__init__()
        self.log = log
        self.slow_seconds = slow_seconds

    def handle(self, message):
        kind = "done" if type(message) is Done else type(message).__name__
        self.log.append(("handle", kind, getattr(message, "text", None)))
        time.sleep(self.slow_seconds)
        if type(message) is Done:
            self.finish(Outcome.DONE)


def run_with(messages, slow_seconds=0.0, batch_seconds=0.03, pump=None):
    """Queue ``messages`` before the pump's drive starts, run it, and return the log of handles and pumps."""
    log = []
    loop = MessagePump(pump_ui=pump or (lambda: log.append(("pump",))), batch_seconds=batch_seconds,
                       idle_wait=0.001)
    task = Recorder(log, slow_seconds)
    original_start = task.start

    def start():  # posted before the drive takes its first batch, as a fast worker would
        original_start()
        for message in messages:
            task.post(message)
    task.start = start
    loop.run(task)
    return log


def texts(merged):
    return [(owner, type(message).__name__, getattr(message, "text", None)) for owner, message in merged]


def test_consecutive_text_deltas_become_one_message():
    merged = coalesce([(1, ContentDelta("Hel")), (1, ContentDelta("lo")), (1, ReasoningDelta("hm")),
                       (1, ContentDelta("!"))])
    assert texts(merged) == [(1, "ContentDelta", "Hello"), (1, "ReasoningDelta", "hm"), (1, "ContentDelta", "!")]


def test_deltas_of_different_owners_or_other_kinds_are_not_merged():
    done = UsageReport(1, 2, 3)
    merged = coalesce([(1, ContentDelta("a")), (2, ContentDelta("b")), (2, done), (2, ContentDelta("c"))])
    assert merged == [(1, ContentDelta("a")), (2, ContentDelta("b")), (2, done), (2, ContentDelta("c"))]


def test_a_burst_of_text_is_sliced_and_loses_nothing():
    burst = [(1, ContentDelta("x" * 700)) for _ in range(10)] + [(1, ContentDelta("end"))]
    merged = coalesce(burst, limit=2000)
    assert [len(message.text) for _, message in merged] == [2000, 2000, 2000, 1003]
    assert "".join(message.text for _, message in merged) == "x" * 7000 + "end"


def test_one_huge_delta_is_sliced_too():
    merged = coalesce([(1, ReasoningDelta("y" * (MAX_COALESCED_CHARS * 2 + 5)))])
    assert [len(message.text) for _, message in merged] == [MAX_COALESCED_CHARS, MAX_COALESCED_CHARS, 5]
    assert {type(message) for _, message in merged} == {ReasoningDelta}


def test_an_empty_delta_still_reaches_the_task():
    assert coalesce([(1, ContentDelta(""))]) == [(1, ContentDelta(""))]


def test_tool_argument_fragments_merge_per_call():
    merged = coalesce([(1, ToolCallArgumentsDelta(0, '{"a"')), (1, ToolCallArgumentsDelta(0, ': 1}')),
                       (1, ToolCallArgumentsDelta(1, '{}'))])
    assert merged == [(1, ToolCallArgumentsDelta(0, '{"a": 1}')), (1, ToolCallArgumentsDelta(1, '{}'))]


def test_coalescing_is_a_property_of_the_class():
    assert ContentDelta.coalesces and ReasoningDelta.coalesces
    assert not Notice.coalesces and not UsageReport.coalesces
    with pytest.raises(TypeError):
        Notice.merged([Notice("a")], 10)


def test_handler_names_come_from_the_class_names():
    assert ContentDelta.handler_name == "on_content_delta"
    assert ToolCallArgumentsDelta.handler_name == "on_tool_call_arguments_delta"
    assert UsageReport.handler_name == "on_usage_report"


def test_the_loop_hands_a_burst_over_in_slices_in_order():
    burst = "".join("%05d " % n for n in range(834))[:5000]  # every slice's text is different
    log = run_with([ContentDelta(burst), Done()])
    handled = [entry for entry in log if entry[0] == "handle"]
    assert [text for _, kind, text in handled if kind == "ContentDelta"] == [burst[:2000], burst[2000:4000],
                                                                              burst[4000:]]
    assert handled[-1] == ("handle", "done", None)


def test_slow_dispatch_pumps_the_ui_between_slices():
    """Each slice takes longer than a batch may: the office is pumped after every one."""
    log = run_with([ContentDelta("z" * 6000), Done()], slow_seconds=0.02, batch_seconds=0.01)
    kinds = [entry[0] if entry[0] == "pump" else entry[1] for entry in log]
    assert kinds[:6] == ["ContentDelta", "pump", "ContentDelta", "pump", "ContentDelta", "pump"]


def test_fast_dispatch_pumps_once_per_batch():
    log = run_with([ContentDelta("a"), ContentDelta("b"), Done()])
    assert [entry for entry in log if entry[0] == "handle"] == [("handle", "ContentDelta", "ab"),
                                                                ("handle", "done", None)]
    assert log[-1] == ("pump",)
    assert log.count(("pump",)) == 1


def test_a_failing_pump_mid_batch_is_counted_and_ends_the_tasks_after_three():
    failures = []

    def broken_pump():
        failures.append(1)
        raise RuntimeError("office gone")

    log = []
    loop = MessagePump(pump_ui=broken_pump, batch_seconds=0.0, idle_wait=0.001)
    task = Recorder(log, slow_seconds=0.001)
    errors = []
    task.fail = lambda error: (errors.append(str(error)), task.finish(Outcome.ERROR))
    task.start = lambda: [task.post(ContentDelta("t" * (MAX_COALESCED_CHARS * 2))) for _ in range(5)]
    loop.run(task)
    assert len(failures) >= 3
    assert errors == ["the office stopped answering"]
    assert not loop.running and task.finished


# --- the wake: no drive running ----------------------------------------------------------------

class ManualWake:
    """Stands in for AsyncCallback: counts wake requests; the test calls the drain itself."""

    def __init__(self):
        self.requests = 0

    def __call__(self):
        self.requests += 1


def test_a_call_posted_from_a_worker_runs_when_the_main_thread_drains():
    wake = ManualWake()
    loop = MessagePump(pump_ui=lambda: None, wake=wake)
    ran = []
    worker = threading.Thread(target=lambda: loop.call_soon(ran.append, "from the worker"))
    worker.start()
    worker.join()
    assert ran == [] and wake.requests == 1
    loop.drain()
    assert ran == ["from the worker"]


def test_one_wake_is_pending_at_a_time():
    wake = ManualWake()
    loop = MessagePump(pump_ui=lambda: None, wake=wake)
    for number in range(5):
        loop.call_soon(lambda: None)
    assert wake.requests == 1
    loop.drain()
    loop.call_soon(lambda: None)
    assert wake.requests == 2


def test_a_closed_channel_drops_its_calls():
    wake = ManualWake()
    loop = MessagePump(pump_ui=lambda: None, wake=wake)
    channel = loop.channel()
    ran = []
    channel.call_soon(ran.append, 1)
    channel.close()
    channel.call_soon(ran.append, 2)
    loop.drain()
    assert ran == []


def test_a_started_task_is_driven_by_wakes_without_blocking():
    wake = ManualWake()
    loop = MessagePump(pump_ui=lambda: None, wake=wake)
    log = []
    task = Recorder(log)
    loop.start(task)
    task.post(ContentDelta("a"))
    task.post(ContentDelta("b"))
    assert wake.requests == 1 and log == []
    loop.drain()
    assert log == [("handle", "ContentDelta", "ab")]
    task.post(Done())
    loop.drain()
    assert task.finished


def test_a_drain_stops_after_its_batch_time_and_asks_to_be_woken_again():
    wake = ManualWake()
    loop = MessagePump(pump_ui=lambda: None, wake=wake, batch_seconds=0.01)
    log = []
    task = Recorder(log, slow_seconds=0.02)
    loop.start(task)
    task.post(ContentDelta("z" * 5000))
    loop.drain()
    assert [entry[2] for entry in log] == ["z" * 2000]
    assert wake.requests == 2  # the rest waits for the next wake, after the office's own events
    loop.drain()
    loop.drain()
    assert "".join(entry[2] for entry in log) == "z" * 5000


def test_a_drain_inside_a_handler_runs_calls_but_no_task_messages():
    wake = ManualWake()
    loop = MessagePump(pump_ui=lambda: None, wake=wake)
    order = []

    class Nested(Task):
        def on_content_delta(self, message):
            order.append("handler " + message.text)
            if message.text == "first":
                loop.call_soon(order.append, "call")
                self.post(ContentDelta("second"))
                loop.drain()  # a handler that pumps the office's events
                order.append("handler done")

    task = Nested()
    loop.start(task)
    task.post(ContentDelta("first"))
    loop.drain()
    loop.drain()
    assert order == ["handler first", "call", "handler done", "handler second"]


def test_messages_posted_during_a_drive_are_left_to_the_drive():
    wake = ManualWake()
    loop = MessagePump(pump_ui=lambda: None, wake=wake, idle_wait=0.001)
    log = []
    task = Recorder(log)
    task.start = lambda: threading.Thread(target=lambda: (task.post(ContentDelta("x")), task.post(Done()))).start()
    loop.run(task)
    assert wake.requests == 0 and [entry[1] for entry in log] == ["ContentDelta", "done"]


def test_a_finished_task_tells_its_observers_once():
    task = Task()
    seen = []
    task.observe(seen.append)
    task.finish(Outcome.CANCELLED)
    task.finish(Outcome.DONE)
    assert seen == [Outcome.CANCELLED]
    late = []
    task.observe(late.append)
    assert late == [Outcome.CANCELLED]


def test_a_tasks_own_next_step_runs_in_order_with_its_messages():
    """A task's next step is a call, not a message: it runs after what was posted before it."""
    log = []
    task = Recorder(log)

    def start():
        task.post(ContentDelta("first"))
        task.call_soon(log.append, ("step",))
        task.post(Done())
        task.call_soon(log.append, ("after the end",))  # the task has finished by then: dropped
    task.start = start
    MessagePump(pump_ui=lambda: None, idle_wait=0.001).run(task)
    assert log == [("handle", "ContentDelta", "first"), ("step",), ("handle", "done", None)]


def test_a_failing_next_step_ends_the_task_as_a_failing_handler_does():
    task, ran = Task(), []

    def step():
        ran.append("step")
        raise ValueError("a bug")
    task.start = lambda: task.call_soon(step)
    MessagePump(pump_ui=lambda: None, idle_wait=0.001).run(task)
    assert ran == ["step"] and task.outcome is Outcome.ERROR
