"""The pivot and chart tasks' results survive saving as xlsx and opening again, as far as LibreOffice can write them.

For each task of calc_pivot_chart_tasks.py: its reference plan runs as one turn (as in test_task_plans.py), the
document is saved as Office Open XML and opened again, and the task's checker must accept it. Where
LibreOffice itself cannot write a part to xlsx (``ROUND_TRIP``: grand totals switched off, a number format on a
pivot table's result, a pivot chart's link), the test says what is lost, checks that the full checker indeed
rejects the reopened file (so the note is dropped once LibreOffice keeps it) and that the rest still holds.
"""
import json
import os

import pytest
import uno

from inside import Inside
from tasks.calc_pivot_chart_tasks import ROUND_TRIP, TASKS
from tasks.documents import prepare
from tasks.test_task_plans import judged

XLSX = "Calc MS Excel 2007 XML"


@pytest.fixture(scope="module")
def inside(office):
    return Inside(office, "turns_inside.py")


def saved_as_xlsx_and_reopened(office, inside, task, folder):
    """The task's document after its plan, saved as xlsx, closed and opened again."""
    from com.sun.star.beans import PropertyValue
    os.makedirs(str(folder), exist_ok=True)
    doc = office.open_document(prepare(office, task.document, str(folder)))
    try:
        done = inside.call("turn", doc.RuntimeUID, json.dumps(list(task.plan)), task.instruction)
        assert all(ok for ok, _ in done["outcomes"]), done["outcomes"]
        path = os.path.join(str(folder), "result.xlsx")
        prop = PropertyValue()
        prop.Name, prop.Value = "FilterName", XLSX
        doc.storeToURL(uno.systemPathToFileUrl(path), (prop,))
    finally:
        office.close_document(doc)
    return office.open_document(path, hidden=True)


@pytest.mark.parametrize("task", TASKS, ids=[task.id for task in TASKS])
def test_the_result_survives_xlsx(office, inside, task, tmp_path):
    reopened = saved_as_xlsx_and_reopened(office, inside, task, tmp_path)
    try:
        kept = ROUND_TRIP.get(task.id)
        if kept is None:
            assert judged(task, reopened) is None, judged(task, reopened)
        else:
            assert judged(task, reopened) is not None, "LibreOffice now keeps this in xlsx: " + kept.lost
            problem = None
            try:
                kept.check(reopened)
            except AssertionError as error:
                problem = str(error)
            assert problem is None, "%s (known loss: %s)" % (problem, kept.lost)
    finally:
        office.close_document(reopened)
