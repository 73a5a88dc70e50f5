"""Running each tool call elsewhere (the office's main thread), one at a time, with a time limit.

The HTTP request thread calls :meth:`SerialDispatcher.run`; the call is handed to the
injected ``post`` function (in the office: the main-thread pump's ``call_soon``) and the
request thread waits for its result. Calls from every client go one at a time. A call
that cannot start within the limit (another call holds the office, or the office is
stuck in something) is withdrawn and reported as busy; a call that started but has not
finished within the limit is reported as timed out (it still completes in the office).
"""
from __future__ import annotations

import threading
from typing import Any, Callable, Optional

DEFAULT_TIME_LIMIT = 30.0
"""Seconds a tool call may wait for and take on the main thread."""
DEFAULT_BREATHER = 0.01
"""Seconds the main thread is left to the office (typing, other UNO clients) after each call."""


class DispatchError(Exception):
    """The call could not be run (busy) or did not finish in time; ``str()`` says so in plain words."""


class _Job:
    """One posted call and its fate, shared by the waiting thread and the running one."""

    def __init__(self, function: Callable[[], Any]):
        self._function = function
        self._lock = threading.Lock()
        self._state = "queued"  # queued → running → done, or queued → withdrawn
        self.done = threading.Event()
        self.value: Any = None
        self.error: Optional[BaseException] = None

    def execute(self) -> None:
        """Run the call (on the main thread) unless it was withdrawn meanwhile."""
        with self._lock:
            if self._state != "queued":
                return
            self._state = "running"
        try:
            self.value = self._function()
        except BaseException as error:  # handed to the waiting thread, which re-raises it
            self.error = error
        finally:
            with self._lock:
                self._state = "done"
            self.done.set()

    def withdraw(self) -> bool:
        """Stop a call that has not started; True when withdrawn, False when it is running or done."""
        with self._lock:
            if self._state == "queued":
                self._state = "withdrawn"
                return True
            return False


class SerialDispatcher:
    """Runs functions through ``post``, one at a time, waiting at most ``time_limit`` seconds."""

    def __init__(self, post: Callable[[Callable[[], None]], None], time_limit: float = DEFAULT_TIME_LIMIT,
                 breather: float = 0.0):
        """
        Args:
            post: hands a function to the thread that runs it (the office's main thread).
            time_limit: seconds a call may wait to start and then to finish.
            breather: seconds after each call before the next may be posted, so a stream of
                calls from many agents never holds the office back to back.
        """
        self._post = post
        self._time_limit = time_limit
        self._breather = breather
        self._turn = threading.Lock()

    @property
    def time_limit(self) -> float:
        """The seconds a call may wait and run."""
        return self._time_limit

    def run(self, function: Callable[[], Any], time_limit: Optional[float] = None) -> Any:
        """Run ``function`` through ``post`` and return its value (its exception is re-raised).

        Raises:
            DispatchError: busy (could not start in time) or timed out (started, not finished).
        """
        limit = self._time_limit if time_limit is None else time_limit
        if not self._turn.acquire(timeout=limit):
            raise DispatchError("The office is busy with another tool call; try again in a moment.")
        try:
            job = _Job(function)
            self._post(job.execute)
            if not job.done.wait(limit):
                if job.withdraw():
                    raise DispatchError("The office did not get to the call within %g seconds (a dialog may be "
                                        "open, or it is busy); nothing was done. Try again." % limit)
                raise DispatchError("The call did not finish within %g seconds; it may still complete in the "
                                    "office. Read the document again before changing it." % limit)
            if job.error is not None:
                raise job.error
            return job.value
        finally:
            if self._breather:
                threading.Event().wait(self._breather)
            self._turn.release()
