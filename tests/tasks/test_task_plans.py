"""Every task's reference plan does the work in a real soffice, and its checker can tell.

For each task (tests/tasks/model.py), on a fresh copy of its input document (and of its ``also_open``
document, open beside it and left unchanged): the checker rejects
the untouched input, the reference plan's calls run as one assistant turn through the office-side
runner the sidebar and MCP use (inside the office, on its main thread), and the checker accepts
the result; on another fresh copy the plausible wrong plan runs and the checker rejects that.
"""
import json
import os

import pytest

from inside import Inside
from tasks.documents import task_documents
from tasks.model import all_tasks

TASKS = all_tasks()


@pytest.fixture(scope="module")
def inside(office):
    """Runs turns inside the office (scripts/turns_inside.py)."""
    return Inside(office, "turns_inside.py")


def outcome(office, inside, task, calls, folder):
    """On fresh copies of the task's documents, run ``calls`` as one turn in its document; return the checker's
    verdict (None when it accepts). A second open document (``also_open``) must be left unchanged."""
    os.makedirs(str(folder), exist_ok=True)
    with task_documents(office, task, str(folder)) as (doc, other):
        if calls:
            done = inside.call("turn", doc.RuntimeUID, json.dumps(list(calls)), task.instruction)
            refused = [text for ok, text in done["outcomes"] if not ok]
            assert not refused, "calls were refused: %s" % refused
        assert other is None or not other.isModified(), "the other open document was changed"
        return judged(task, doc)


def judged(task, doc):
    """The checker's verdict: None when it accepts the document, else what it found wrong."""
    try:
        task.check(doc)
    except AssertionError as problem:
        return str(problem) or "rejected"
    return None


@pytest.mark.parametrize("task", TASKS, ids=[task.id for task in TASKS])
def test_the_plan_does_the_task_and_the_checker_tells(office, inside, task, tmp_path):
    assert outcome(office, inside, task, (), tmp_path / "untouched") is not None, \
        "the checker accepts the untouched input"
    verdict = outcome(office, inside, task, task.plan, tmp_path / "plan")
    assert verdict is None, verdict
    assert outcome(office, inside, task, task.wrong, tmp_path / "wrong") is not None, \
        "the checker accepts the wrong plan's result"


def test_the_suite_is_well_formed():
    ids = [task.id for task in TASKS]
    assert len(ids) == len(set(ids))
    assert all(task.app in ("writer", "calc", "impress", "draw") and task.instruction and task.wrong for task in TASKS)
