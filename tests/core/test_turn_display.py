"""The status line of a turn: state, tokens per second while streaming, token usage after it."""
from marginalia.core.loop.messages import UsageReport
from marginalia.core.chat.transcript import Transcript
from marginalia.core.chat.display import TranscriptDisplay
from marginalia.core.loop.task import Outcome


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def display():
    statuses, clock = [], Clock()
    return TranscriptDisplay(Transcript(), statuses.append, clock=clock), statuses, clock


def test_streaming_shows_an_estimated_rate_after_half_a_second():
    shown, statuses, clock = display()
    shown.begin_turn("hi")
    shown.round_started(1)
    shown.answer("abcd" * 10)
    assert statuses[-1] == "Answering…"
    clock.now += 1.0
    shown.answer("abcd" * 40)  # 200 characters in 1 s: about 50 tokens
    assert statuses[-1] == "Answering… ≈50 tokens/s"


def test_usage_after_a_turn_adds_up_its_rounds_and_counts_repeated_reports_once():
    shown, statuses, _ = display()
    shown.begin_turn("hi")
    shown.round_started(1)
    shown.usage(UsageReport(prompt_tokens=100, completion_tokens=5, total_tokens=105))
    shown.usage(UsageReport(prompt_tokens=100, completion_tokens=12, total_tokens=112))  # cumulative repeat
    shown.round_started(2)
    shown.usage(UsageReport(prompt_tokens=150, completion_tokens=30, total_tokens=180))
    shown.finished(Outcome.DONE)
    assert statuses[-1] == "Ready. Tokens: 250 in, 42 out"


def test_usage_with_unknown_counts_says_so_and_no_usage_says_nothing():
    shown, statuses, _ = display()
    shown.round_started(1)
    shown.usage({"prompt_tokens": 7, "completion_tokens": "many"})
    shown.finished(Outcome.DONE)
    assert statuses[-1] == "Ready. Tokens: 7 in, ? out"

    shown, statuses, _ = display()
    shown.round_started(1)
    shown.finished(Outcome.CANCELLED)
    assert statuses[-1] == "Stopped"


def test_a_new_turn_starts_counting_from_zero():
    first, statuses, _ = display()
    first.round_started(1)
    first.usage(UsageReport(prompt_tokens=10, completion_tokens=2, total_tokens=12))
    first.finished(Outcome.DONE)
    second = TranscriptDisplay(Transcript(), statuses.append)
    second.round_started(1)
    second.usage(UsageReport(prompt_tokens=20, completion_tokens=3, total_tokens=23))
    second.finished(Outcome.DONE)
    assert statuses[-1] == "Ready. Tokens: 20 in, 3 out"
