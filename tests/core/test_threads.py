"""Workers start without the caller waiting for them, and their failures are logged."""
import logging
import threading

from marginalia.core.threads import start_worker


def test_worker_runs_on_another_thread_with_its_arguments():
    done, seen = threading.Event(), {}

    def work(a, b):
        seen["args"], seen["thread"] = (a, b), threading.get_ident()
        done.set()

    start_worker(work, 1, "two")
    assert done.wait(5)
    assert seen["args"] == (1, "two") and seen["thread"] != threading.get_ident()


def test_a_failing_worker_is_logged(caplog):
    done = threading.Event()

    def work():
        try:
            raise ValueError("bad input")
        finally:
            done.set()

    with caplog.at_level(logging.ERROR, logger="marginalia.threads"):
        start_worker(work, name="probe")
        assert done.wait(5)
        for _ in range(100):
            if "worker thread probe failed" in caplog.text:
                break
            threading.Event().wait(0.01)
    assert "worker thread probe failed" in caplog.text and "ValueError: bad input" in caplog.text
