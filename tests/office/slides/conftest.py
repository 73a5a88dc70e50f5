"""Fixtures of the Impress and Draw tool tests (helpers in slides_docs.py)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from slides_docs import Tools, make_deck  # noqa: E402


@pytest.fixture
def impress(office):
    """A new Impress presentation (one empty slide)."""
    doc = office.new_document("simpress")
    yield doc
    office.close_document(doc)


@pytest.fixture
def draw(office):
    """A new Draw document (one empty page)."""
    doc = office.new_document("sdraw")
    yield doc
    office.close_document(doc)


@pytest.fixture
def deck(impress):
    """The sample deck of slides_docs.py, undo history cleared."""
    return make_deck(impress)


@pytest.fixture
def tools(office, impress):
    """Runs Impress tools on the ``impress`` document."""
    return Tools(office, impress)
