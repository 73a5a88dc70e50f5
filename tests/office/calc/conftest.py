"""Fixtures for the Calc tool tests: run a tool call on a real sheet and read the sheet back.

Tools run in the test process over the UNO bridge, through the same ToolRunner the
chat uses (schema validation, ToolError → result), on documents the tests build.
"""
import os
import sys

import pytest

import support.office  # noqa: F401  (makes pyuno importable before the tool modules)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # calc_sheet.py, calc_driver.py, for the tests

from calc_driver import ToolDriver  # noqa: E402


@pytest.fixture
def tool(office, calc):
    """``tool(name, **args)`` runs a Calc tool on the test's fresh spreadsheet."""
    return ToolDriver(calc, office.ctx)


@pytest.fixture
def sheet(calc):
    """The first sheet of the test's spreadsheet."""
    return calc.getSheets().getByIndex(0)
