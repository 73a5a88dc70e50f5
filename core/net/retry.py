"""When to try a request again, and how long to wait first.

Only answers that say "not now" are retried: 429, 502, 503 and 504, and a connection
reset before the first byte of the reply. Nothing is retried once a reply has started
(the caller may already have shown part of it). ``Retry-After`` is honoured up to
``max_retry_after``; a longer wait is not slept through but reported
(:class:`~..errors.RateLimited` carries it) so the user is not left staring at nothing.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Optional

RETRY_STATUSES = frozenset({429, 502, 503, 504})


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Seconds to wait from a ``Retry-After`` value (delta-seconds or HTTP date).

    Args:
        value: The header value, or None.
        now: The current Unix time (for tests); defaults to ``time.time()``.

    Returns:
        Non-negative seconds, or None when absent or unreadable.
    """
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    current = time.time() if now is None else now
    return max(0.0, when.timestamp() - current)


@dataclass(frozen=True)
class RetryPolicy:
    """How many times and how patiently to retry.

    Attributes:
        max_attempts: Total attempts including the first (1 disables retries).
        base_delay: First backoff in seconds; doubles each attempt, with ±20 % jitter.
        max_delay: Upper bound of one backoff.
        max_retry_after: Longest ``Retry-After`` we wait for; longer ones are reported.
    """

    max_attempts: int = 3
    base_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 20.0

    def backoff(self, attempt: int) -> float:
        """Seconds to wait before attempt ``attempt + 1`` (``attempt`` counts from 0)."""
        delay = min(self.max_delay, self.base_delay * (2 ** attempt))
        return delay * random.uniform(0.8, 1.2)

    def delay_for_status(self, attempt: int, retry_after: Optional[float]) -> Optional[float]:
        """Seconds to wait before retrying a retryable status, or None to give up.

        Args:
            attempt: Attempts made so far minus one.
            retry_after: The server's ``Retry-After`` in seconds, if any.
        """
        if attempt + 1 >= self.max_attempts:
            return None
        if retry_after is not None:
            return retry_after if retry_after <= self.max_retry_after else None
        return self.backoff(attempt)
