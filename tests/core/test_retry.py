"""Retry-After parsing and the retry policy's decisions."""
import pytest

from marginalia.core.net.retry import RetryPolicy, parse_retry_after

NOW = 1_700_000_000.0  # 2023-11-14T22:13:20Z


@pytest.mark.parametrize("value, seconds", [
    ("3", 3.0), (" 1.5 ", 1.5), ("-4", 0.0), ("0", 0.0),
    ("Tue, 14 Nov 2023 22:13:50 GMT", 30.0),
    ("Tue, 14 Nov 2023 22:00:00 GMT", 0.0),
    (None, None), ("", None), ("soon", None),
])
def test_parse_retry_after(value, seconds):
    assert parse_retry_after(value, now=NOW) == seconds


def test_retry_after_within_the_cap_is_honoured_exactly():
    policy = RetryPolicy(max_attempts=3, max_retry_after=10)
    assert policy.delay_for_status(0, 7.0) == 7.0


def test_retry_after_beyond_the_cap_gives_up():
    assert RetryPolicy(max_retry_after=10).delay_for_status(0, 60.0) is None


def test_no_delay_once_attempts_are_used_up():
    assert RetryPolicy(max_attempts=2).delay_for_status(1, None) is None


def test_backoff_doubles_with_jitter_and_is_capped():
    policy = RetryPolicy(base_delay=1.0, max_delay=3.0)
    assert 0.8 <= policy.backoff(0) <= 1.2
    assert 1.6 <= policy.backoff(1) <= 2.4
    assert 2.4 <= policy.backoff(5) <= 3.6
