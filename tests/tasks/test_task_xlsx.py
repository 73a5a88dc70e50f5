"""The tasks with an ``xlsx_check`` keep their result through xlsx: the reference plan runs as one turn (as in
test_task_plans.py), the document is saved as xlsx (Calc MS Excel 2007 XML) and opened again, and the
task's xlsx checker accepts what was read back. A task that LibreOffice cannot write to xlsx says why in
``xlsx_note`` instead."""
import json
import os

import pytest

from inside import Inside
from tasks.documents import prepare
from tasks.model import all_tasks

XLSX = "Calc MS Excel 2007 XML"
CHECKED = [task for task in all_tasks() if task.xlsx_check is not None]


@pytest.fixture(scope="module")
def inside(office):
    """Runs turns inside the office (scripts/turns_inside.py)."""
    return Inside(office, "turns_inside.py")


def _store(doc, path):
    import uno
    from com.sun.star.beans import PropertyValue
    prop = PropertyValue()
    prop.Name, prop.Value = "FilterName", XLSX
    doc.storeToURL(uno.systemPathToFileUrl(path), (prop,))


@pytest.mark.parametrize("task", CHECKED, ids=[task.id for task in CHECKED])
def test_the_result_survives_saving_as_xlsx(office, inside, task, tmp_path):
    doc = office.open_document(prepare(office, task.document, str(tmp_path)))
    try:
        done = inside.call("turn", doc.RuntimeUID, json.dumps(list(task.plan)), task.instruction)
        assert all(ok for ok, _text in done["outcomes"]), done["outcomes"]
        path = os.path.join(str(tmp_path), "result.xlsx")
        _store(doc, path)
    finally:
        office.close_document(doc)
    reopened = office.open_document(path)
    try:
        task.xlsx_check(reopened)
    finally:
        office.close_document(reopened)


def test_every_task_of_an_area_checked_in_xlsx_says_so_or_why_not():
    for task in all_tasks():
        if task.id.startswith("calc.sheet."):
            assert task.xlsx_check is not None or task.xlsx_note, task.id
