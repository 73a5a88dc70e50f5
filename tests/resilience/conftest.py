"""Fixtures of the resilience suite: the fault server, a client, and the figures it reports.

Each test that measures something (runs, fuzz cases, memory, times) records it with the
``figures`` fixture; the figures are printed at the end of the run and written to
``artifacts/resilience-figures.json`` (merged with the figures of earlier runs), which is
where the README's numbers come from.
"""
import json
import os

import pytest

from support.fault_server import fault_server  # noqa: F401  (the fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIGURES_PATH = os.path.join(ROOT, "artifacts", "resilience-figures.json")
_FIGURES = {}


@pytest.fixture(scope="session")
def figures():
    """``figures(name, value)`` records one figure of this run under ``name``."""
    def record(name, value):
        _FIGURES[name] = value
    return record


def pytest_terminal_summary(terminalreporter):
    if not _FIGURES:
        return
    terminalreporter.section("resilience figures")
    for name in sorted(_FIGURES):
        terminalreporter.write_line("%s: %s" % (name, json.dumps(_FIGURES[name])))
    stored = {}
    if os.path.exists(FIGURES_PATH):
        try:
            with open(FIGURES_PATH, encoding="utf-8") as handle:
                stored = json.load(handle)
        except ValueError:
            stored = {}
    stored.update(_FIGURES)
    os.makedirs(os.path.dirname(FIGURES_PATH), exist_ok=True)
    with open(FIGURES_PATH, "w", encoding="utf-8") as handle:
        json.dump(stored, handle, indent=1, sort_keys=True)
