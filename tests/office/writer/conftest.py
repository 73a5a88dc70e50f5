"""Fixtures of the Writer tool tests (helpers in writer_docs.py)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from writer_docs import Tools, make_sample


@pytest.fixture
def tools(office, writer):
    """Runs Writer tools on the ``writer`` document."""
    return Tools(office, writer)


@pytest.fixture
def sample(writer):
    """The sample document of writer_docs.py, formatted, undo history cleared."""
    return make_sample(writer)

