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


@pytest.fixture
def open_corpus(office, tmp_path):
    """Opens a copy of a document of the corpus (tests/fixtures/documents/); closed after the test."""
    import shutil
    corpus = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "fixtures",
                          "documents")
    opened = []

    def open_(name):
        copy = tmp_path / name
        shutil.copy(os.path.join(corpus, name), copy)
        doc = office.open_document(str(copy))
        opened.append(doc)
        return doc
    yield open_
    for doc in opened:
        office.close_document(doc)
