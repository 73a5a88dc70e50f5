"""What a task is, and the list of all of them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, List, Optional, Sequence, Tuple

Call = Tuple[str, dict]
"""One tool call of a plan: the tool's name and its arguments."""
MAX_PLAN_CALLS = 8


@dataclass(frozen=True)
class Task:
    """One piece of everyday work, judged by the document it leaves.

    Attributes:
        id: unique, ``<app>.<short-name>``.
        kind: the kind of work (formatting, structure, tables, charts, pivot, …) for the summary.
        instruction: what a user would type.
        document: the input document: a corpus file name (tests/fixtures/documents/) or the name
            of a builder in ``documents.py``.
        check: ``check(doc)`` raises AssertionError (with what is wrong) unless the document
            shows the work done.
        plan: the calls a capable model would make (at most 8), in one turn.
        wrong: a plausible wrong outcome's calls; the checker must reject their result.
        history: notes on what the eval showed models stumbling on, and what changed.
        xlsx_check: ``xlsx_check(doc)`` on the plan's result saved as xlsx and opened again (tests/tasks/
            test_task_xlsx.py); None when the task is not checked there.
        xlsx_note: what LibreOffice cannot write to xlsx of the task's result, when ``xlsx_check`` checks less.
        also_open: a second document open during the task (a corpus file or builder name, of another file name
            than ``document``'s, which is its title): opened before the task's document, closed after, never
            changed; the plan reads it with ``read_other_document``. "" for a task of one document.
    """

    id: str
    kind: str
    instruction: str
    document: str
    check: Callable
    plan: Sequence[Call]
    wrong: Sequence[Call]
    history: Tuple[str, ...] = field(default=())
    xlsx_check: Optional[Callable] = None
    xlsx_note: str = ""
    also_open: str = ""

    @property
    def app(self) -> str:
        """``writer``, ``calc``, ``impress`` or ``draw``."""
        return self.id.split(".", 1)[0]


def all_tasks() -> List[Task]:
    """Every task of the ``*_tasks.py`` modules of this package (``TASKS`` in each), Writer's first, then
    Calc's, then the rest, each module in name order; ids unique, plans short."""
    import importlib
    import pkgutil
    from . import __path__ as folder, __name__ as package
    names = sorted(m.name for m in pkgutil.iter_modules(folder) if m.name.endswith("_tasks"))
    names.sort(key=lambda name: (0 if name.startswith("writer") else 1 if name.startswith("calc") else 2, name))
    tasks = [task for name in names for task in importlib.import_module("%s.%s" % (package, name)).TASKS]
    ids = [task.id for task in tasks]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError("task ids used twice: %s" % ", ".join(duplicates))
    for task in tasks:
        if task.also_open == task.document:
            raise ValueError("%s: also_open names the task's own document" % task.id)
        if not 1 <= len(task.plan) <= MAX_PLAN_CALLS:
            raise ValueError("%s: a reference plan makes 1 to %d calls" % (task.id, MAX_PLAN_CALLS))
    return tasks
