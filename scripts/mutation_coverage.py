"""A pytest plugin for ``make mutate``'s first run: which test runs which line of the mutated modules.

Loaded with ``-p mutation_coverage`` (scripts/ on PYTHONPATH). Environment: ``MUTATION_FILES``, the
modules' absolute paths separated by ``os.pathsep``; ``MUTATION_COVERAGE_OUT``, where the JSON goes:
``{"lines": {file: {line: [test ids]}}, "seconds": {test id: seconds}, "failed": [test ids]}``.
Lines run while modules are imported are listed under the test id "".
"""
from __future__ import annotations

import json
import os

import pytest

_state = {}


def pytest_configure(config):
    import coverage
    files = os.environ["MUTATION_FILES"].split(os.pathsep)
    measure = coverage.Coverage(data_file=None, include=files, config_file=False)
    measure.start()
    _trace_raw_threads()
    _state.update(coverage=measure, files=files, seconds={}, failed=[])


def _trace_raw_threads():
    """Threads started with ``_thread.start_new_thread`` (core/threads.py) are traced too: coverage only
    hooks those of ``threading``."""
    import _thread
    import sys
    import threading
    start = _thread.start_new_thread

    def traced(function, args, kwargs=None):
        hook = threading.gettrace()

        def run(*arguments, **keywords):
            if hook is not None:
                sys.settrace(hook)
            return function(*arguments, **keywords)
        return start(run, args, kwargs or {})
    _thread.start_new_thread = traced


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _state["coverage"].switch_context(item.nodeid)
    yield
    _state["coverage"].switch_context("")


def pytest_runtest_logreport(report):
    _state["seconds"][report.nodeid] = _state["seconds"].get(report.nodeid, 0.0) + report.duration
    if report.failed:
        _state["failed"].append(report.nodeid)


def pytest_unconfigure(config):
    measure = _state.pop("coverage", None)
    if measure is None:
        return
    measure.stop()
    data = measure.get_data()
    lines = {}
    for path in _state["files"]:
        by_line = data.contexts_by_lineno(path) if path in data.measured_files() else {}
        lines[path] = {str(line): sorted(set(ids)) for line, ids in by_line.items()}
    with open(os.environ["MUTATION_COVERAGE_OUT"], "w", encoding="utf-8") as handle:
        json.dump({"lines": lines, "seconds": _state["seconds"], "failed": _state["failed"]}, handle)
