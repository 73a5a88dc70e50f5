"""save_document on the sample (saved first into a folder of the test's) and on corpus documents: the copies
written and read back, the answers (file, folder, size), every refusal (nothing written), save, read-only."""
import os

import pytest
import uno
from com.sun.star.beans import PropertyValue
from writer_docs import Tools

BODY = "Dear Micheal Smith, this report covers the first quarter."


@pytest.fixture
def saved(sample, tmp_path):
    """The sample saved as report.odt in a folder of its own; its folder."""
    folder = tmp_path / "docs"
    folder.mkdir()
    sample.storeAsURL(uno.systemPathToFileUrl(str(folder / "report.odt")), ())
    return folder


def _files(folder):
    """The files in ``folder`` but LibreOffice's lock file of an open document."""
    return sorted(name for name in os.listdir(folder) if not name.startswith(".~lock."))


def _text_of(office, path, filter_name=""):
    doc = office.open_document(str(path), hidden=True, filter_name=filter_name)
    try:
        return doc.getText().getString()
    finally:
        office.close_document(doc)


def test_a_pdf_copy_next_to_the_document(tools, sample, saved):
    sample.getText().getEnd().setString(" Changed after saving.")
    outcome = tools.ok("save_document", action="export", file_name="report.pdf")
    pdf = saved / "report.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    size = pdf.stat().st_size
    shown = "%d bytes" % size if size < 10240 else "%d KB" % round(size / 1024)
    assert outcome.content == ("Wrote a copy of the document as PDF: “report.pdf” in %s (%s). The document itself "
                               "is unchanged and stays open." % (saved, shown))
    assert sample.isModified() and sample.getLocation().endswith("/report.odt")  # still the document it was


def test_the_default_name_and_a_word_copy_read_back(office, tools, sample, saved):
    outcome = tools.ok("save_document", action="export", format="docx")
    assert "as Word (.docx): “report.docx”" in outcome.content
    assert BODY in _text_of(office, saved / "report.docx")


def test_plain_text_and_html_copies(office, tools, sample, saved):
    tools.ok("save_document", action="export", file_name="report notes", format="txt")
    text = (saved / "report notes.txt").read_text(encoding="utf-8")
    assert "Project report\n" in text and BODY in text
    tools.ok("save_document", action="export", file_name="report.htm")
    html = (saved / "report.htm").read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "Project report</h1>" in html


@pytest.mark.parametrize("arguments, refusal", [
    ({"file_name": "../report.pdf"}, "file_name must be a file name alone (no folder)"),
    ({"file_name": "/tmp/report.pdf"}, "file_name must be a file name alone (no folder)"),
    ({"file_name": "out/report.pdf"}, "file_name must be a file name alone (no folder)"),
    ({"file_name": "report.odt"}, "is the document's own file"),
    ({"file_name": "report.pdf", "format": "docx"}, "ends in .pdf but format is docx"),
    ({"file_name": "report"}, "does not say a format"),
    ({}, "Say which format"),
])
def test_refusals_write_nothing(tools, sample, saved, arguments, refusal):
    outcome = tools.fails("save_document", action="export", **arguments)
    assert refusal in outcome.content
    assert _files(saved) == ["report.odt"] and _files(saved.parent) == ["docs"]


def test_an_existing_file_is_replaced_only_with_overwrite(tools, sample, saved):
    (saved / "report.pdf").write_bytes(b"the user's own file")
    outcome = tools.fails("save_document", action="export", file_name="report.pdf")
    assert "“report.pdf” already exists in %s; nothing was written" % saved in outcome.content
    assert (saved / "report.pdf").read_bytes() == b"the user's own file"
    outcome = tools.ok("save_document", action="export", file_name="report.pdf", overwrite=True)
    assert outcome.content.startswith("Replaced with a copy of the document as PDF")
    assert (saved / "report.pdf").read_bytes().startswith(b"%PDF")


def test_a_document_never_saved_is_refused(tools, sample):
    for arguments in ({"action": "export", "format": "pdf"}, {"action": "save"}):
        outcome = tools.fails("save_document", **arguments)
        assert "The document has never been saved" in outcome.content


def test_save_stores_the_changes_in_the_file(office, tools, sample, saved):
    sample.getText().getEnd().setString(" Added before saving.")
    outcome = tools.ok("save_document", action="save")
    assert outcome.content.startswith("Saved the document to “report.odt” in %s (" % saved)
    assert not sample.isModified()
    assert "Added before saving." in _text_of(office, saved / "report.odt")


def test_a_read_only_document_is_not_saved(office, tmp_path):
    path = tmp_path / "letter.odt"
    doc = office.new_document("swriter")
    doc.getText().setString("A letter.")
    doc.storeAsURL(uno.systemPathToFileUrl(str(path)), ())
    office.close_document(doc)
    before = path.read_bytes()
    doc = office.desktop.loadComponentFromURL(uno.systemPathToFileUrl(str(path)), "_blank", 0,
                                              (PropertyValue(Name="ReadOnly", Value=True),))
    try:
        outcome = Tools(office, doc).fails("save_document", action="save")
        assert "open read-only, so it cannot be saved" in outcome.content and path.read_bytes() == before
        assert Tools(office, doc).ok("save_document", action="export", format="pdf").ok  # a copy is fine
    finally:
        office.close_document(doc)


def test_a_word_document_of_the_corpus_as_pdf_and_odt(open_corpus, office, tmp_path):
    doc = open_corpus("mammoth-footnotes.docx")
    tools = Tools(office, doc)
    tools.ok("save_document", action="export", format="pdf")
    assert (tmp_path / "mammoth-footnotes.pdf").read_bytes().startswith(b"%PDF")
    tools.ok("save_document", action="export", format="odt")
    assert _text_of(office, tmp_path / "mammoth-footnotes.odt") == doc.getText().getString()
    assert doc.getUndoManager().getAllUndoActionTitles() == ()  # nothing of the document changed
