"""Helpers of the page structure tests (page set-up, headers and footers, fields, notes, contents)."""
import os
import shutil

import pytest

CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "fixtures",
                      "documents")


@pytest.fixture
def open_corpus(office, tmp_path):
    """Opens a copy of a corpus document (tests/fixtures/documents/); closes it after the test."""
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


def page_style(doc, name="Standard"):
    """The page style ``name`` (programmatic name) of ``doc``."""
    return doc.getStyleFamilies().getByName("PageStyles").getByName(name)
