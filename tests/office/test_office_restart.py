"""A crashed office is started again for the next test, so one crash fails one test, not the rest of the run."""
import os
import signal

from support.office import Office
from support.office_fixtures import ensure_alive


def test_a_killed_office_is_started_again_and_answers(tmp_path):
    instance = Office([], workdir=str(tmp_path)).start()
    try:
        assert instance.alive()
        os.killpg(instance.process.pid, signal.SIGKILL)  # as LibreOffice's own abort ends it
        instance.process.wait(timeout=10)
        assert not instance.alive()
        ensure_alive(instance)
        assert instance.alive() and instance.restarts == 1
        doc = instance.new_document("swriter", hidden=True)
        doc.getText().setString("after the restart")
        assert doc.getText().getString() == "after the restart"
    finally:
        instance.stop()
