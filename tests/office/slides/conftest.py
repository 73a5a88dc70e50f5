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


@pytest.fixture
def open_corpus(office, tmp_path):
    """Opens a copy of a corpus file (tests/fixtures/documents/); closed after the test."""
    import shutil
    opened = []

    def open_(name):
        copy = tmp_path / name
        shutil.copy(os.path.join(CORPUS, name), copy)
        doc = office.open_document(str(copy))
        opened.append(doc)
        return doc
    yield open_
    for doc in opened:
        office.close_document(doc)


CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "fixtures",
                      "documents")
