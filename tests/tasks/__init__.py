"""The task suite: everyday work people ask for, judged by the outcome (issue 32).

Each task (tests/tasks/model.py) is an input document, an instruction in the words a user
writes, a checker that judges the document afterwards (never the calls made), a reference
plan (the tool calls a capable model would make, at most 8) and a plausible wrong plan.
``tests/tasks/test_task_plans.py`` runs every plan through the real tools in a real soffice
and checks the checker both ways; ``scripts/eval.py`` runs the instructions through the real
agent loop against a model. Tasks live in modules named ``<app>_<area>_tasks.py`` (``TASKS`` in
each, collected by ``model.all_tasks``; writer_tasks.py and calc_tasks.py hold the first ones);
their input documents come from the corpus of documents written by others
(tests/fixtures/documents/) or are built by ``documents.py``. A task across two documents names
the second in ``also_open``: it is open beside the task's document, read with ``read_other_document``,
and left unchanged (cross_document_tasks.py).
"""
