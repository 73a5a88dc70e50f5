"""Fixtures for the tests on real documents written by others (tests/fixtures/documents/INDEX.md).

Each test opens a copy of one file in the shared office and runs the tools on it the way
the chat does (a ToolRunner over every tool module), or runs a whole turn in the real
sidebar.
"""
import os
import shutil
import sys

import pytest

import support.office  # noqa: F401  (makes pyuno importable before the tool modules)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # real_docs.py, for the tests

from real_docs import DOCUMENTS, Tools  # noqa: E402


@pytest.fixture
def open_copy(office, tmp_path):
    """``open_copy(name)`` opens a copy of a corpus file (closed after the test)."""
    opened = []

    def open_(name, hidden=True):
        copy = tmp_path / name
        shutil.copy(os.path.join(DOCUMENTS, name), copy)
        doc = office.open_document(str(copy), hidden=hidden)
        opened.append(doc)
        return doc

    yield open_
    for doc in opened:
        office.close_document(doc)


@pytest.fixture
def tools_for(office):
    """``tools_for(document)`` gives a :class:`~real_docs.Tools` for it."""
    return lambda document: Tools(document, office.ctx)
