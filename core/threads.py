"""Start worker threads without waiting for them, so the office can never deadlock on a start.

``threading.Thread.start()`` blocks until the new thread reports that it runs. Inside
LibreOffice the caller often holds the office's global lock (while a panel is created,
in a callback, in a dialog), and the new thread may need that lock before it reports
in: Python's garbage collector can run on it and release a UNO object, whose
destructor takes the lock. Both then wait forever (seen here: a panel creation hung).
:func:`start_worker` starts the thread with ``_thread.start_new_thread``, which does
not wait, and logs anything the target raises.
"""
from __future__ import annotations

import _thread
import logging
from typing import Callable

log = logging.getLogger("marginalia.threads")


def start_worker(target: Callable, *args, name: str = "marginalia-worker") -> None:
    """Run ``target(*args)`` on a new daemon thread; return at once, without waiting for it.

    Args:
        target: the function to run.
        *args: its arguments.
        name: used in the log when the target raises.
    """
    _thread.start_new_thread(_run, (target, args, name))


def _run(target: Callable, args: tuple, name: str) -> None:
    try:
        target(*args)
    except BaseException:  # a worker's failure must be seen, never vanish
        log.exception("worker thread %s failed", name)
