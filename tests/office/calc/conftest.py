"""Fixtures for the Calc tool tests: run a tool call on a real sheet and read the sheet back.

Tools run in the test process over the UNO bridge, through the same ToolRunner the
chat uses (schema validation, ToolError → result), on documents the tests build.
"""
import importlib
import json
import os
import pkgutil
import sys

import pytest

import support.office  # noqa: F401  (makes pyuno importable before the tool modules)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # calc_sheet.py, for the tests


def calc_tools():
    """Every Tool declared by a module of marginalia.ui.calc."""
    import marginalia.ui.calc as package
    tools = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module("marginalia.ui.calc." + info.name)
        tools.extend(getattr(module, "TOOLS", ()))
    return tools


class ToolDriver:
    """Runs tool calls on one document, as the chat would."""

    def __init__(self, document, ctx):
        from marginalia.core.agent.tools import ToolContext, ToolRegistry, ToolRunner
        self.document = document
        self.runner = ToolRunner(ToolRegistry(calc_tools()), ToolContext(document=document, app="calc", office=ctx))

    def __call__(self, tool_name, /, **args):
        from marginalia.core.stream.message import ToolCall
        return self.runner.run(ToolCall("c1", tool_name, json.dumps(args), 0))

    def ok(self, tool_name, /, **args):
        """Run a call that must succeed; return its outcome."""
        outcome = self(tool_name, **args)
        assert outcome.ok, outcome.content
        return outcome

    def fails(self, tool_name, /, **args):
        """Run a call that must fail; return its message."""
        outcome = self(tool_name, **args)
        assert not outcome.ok, outcome.content
        return outcome.content


@pytest.fixture
def tool(office, calc):
    """``tool(name, **args)`` runs a Calc tool on the test's fresh spreadsheet."""
    return ToolDriver(calc, office.ctx)


@pytest.fixture
def sheet(calc):
    """The first sheet of the test's spreadsheet."""
    return calc.getSheets().getByIndex(0)
