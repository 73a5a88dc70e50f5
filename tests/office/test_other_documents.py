"""read_other_document: a turn in one document lists and reads the other open Writer and Calc documents, read-only."""
import json
import os
import shutil

import pytest
import uno  # noqa: F401  (installs the com.sun.star import hook)
from com.sun.star.table import CellAddress
from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK

from marginalia.core.agent.tools import ToolContext
from marginalia.core.stream.message import ToolCall
from marginalia.ui.chat import toolset
from marginalia.ui.office.document_tools import DocumentTools
from marginalia.ui.office.open_documents import app_of
from support.office_fixtures import ROOT, stored_as

CORPUS = os.path.join(ROOT, "tests", "fixtures", "documents")


def read(office, doc, **arguments):
    """Run read_other_document in ``doc``'s turn, as the sidebar runs it."""
    context = ToolContext(document=doc, app=app_of(doc), office=office.ctx, options={"review_mode": False})
    return DocumentTools(toolset.build_registry(), context).run(
        ToolCall("c1", "read_other_document", json.dumps(arguments)))


def _paragraphs(doc, lines):
    text = doc.getText()
    cursor = text.createTextCursor()
    for index, line in enumerate(lines):
        if index:
            text.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
        text.insertString(cursor, line, False)
    return doc



@pytest.fixture
def three(office, tmp_path):
    """report.odt (the turn's document), notes.odt and budget.ods with two sheets and a named range, all saved."""
    report = _paragraphs(office.new_document("swriter"), ["Report", "Totals go here."])
    notes = _paragraphs(office.new_document("swriter"), ["Meeting notes", "Ann Lee", "Tom Berg", "Sara Kim"])
    budget = office.new_document("scalc")
    sheet = budget.Sheets.getByIndex(0)
    sheet.setName("Budget")
    sheet.getCellRangeByName("A1:B4").setFormulaArray((("Item", "Cost"), ("Rent", "1200"), ("Food", "450"),
                                                       ("Total", "=SUM(B2:B3)")))
    budget.Sheets.insertNewByName("Empty", 1)
    budget.NamedRanges.addNewByName("Costs", "$Budget.$B$2:$B$3", CellAddress(0, 0, 0), 0)
    docs = [stored_as(report, tmp_path / "report.odt", "writer8"), stored_as(notes, tmp_path / "notes.odt", "writer8"),
            stored_as(budget, tmp_path / "budget.ods", "calc8")]
    yield docs
    for doc in docs:
        office.close_document(doc)


def test_without_a_title_it_lists_the_other_open_documents(office, three):
    report, notes, budget = three
    outcome = read(office, report)
    assert outcome.ok, outcome.content
    assert "- 'notes.odt' (text document)" in outcome.content
    assert "- 'budget.ods' (spreadsheet)" in outcome.content
    assert "report.odt" not in outcome.content
    assert outcome.summary == "Listed 2 other open documents"


def test_a_spreadsheet_reads_its_active_sheet_a_sheet_a_named_range_or_a_range(office, three):
    report, _, budget = three
    whole = read(office, report, title="budget")
    assert whole.ok, whole.content
    assert "'budget.ods' (a spreadsheet, read-only from here; sheets: Budget, Empty)." in whole.content
    assert "Budget.A1:B4 (4 rows × 2 columns)" in whole.content
    assert "=SUM(B2:B3) → 1650" in whole.content and "Rent" in whole.content
    assert whole.summary == "Read Budget.A1:B4 from budget.ods"
    named = read(office, report, title="budget.ods", range="costs")
    assert "Budget.B2:B3 (2 rows × 1 columns)" in named.content and "Rent" not in named.content
    assert read(office, report, title="Budget", range="Budget.A4:B4").content.count("Total") == 1
    empty = read(office, report, title="budget", range="Empty")
    assert empty.ok and empty.content.endswith("Empty is empty.")
    assert not budget.isModified()


def test_a_text_document_reads_as_get_document_shows_it_from_a_calc_turn(office, three):
    _, notes, budget = three
    outcome = read(office, budget, title="notes.odt")
    assert outcome.ok, outcome.content
    assert outcome.content.startswith("'notes.odt' (a text document, read-only from here).")
    assert "[2] Ann Lee" in outcome.content and "[4] Sara Kim" in outcome.content
    assert outcome.summary == "Read paragraphs 1–4 from notes.odt"
    later = read(office, budget, title="notes", from_paragraph=3)
    assert "[3] Tom Berg" in later.content and "Ann Lee" not in later.content
    assert not notes.isModified()


def test_a_long_table_of_a_text_document_reads_whole_by_its_name(office, three, tmp_path):
    report = three[0]
    doc = _paragraphs(office.new_document("swriter"), ["Staff list"])
    table = doc.createInstance("com.sun.star.text.TextTable")
    table.initialize(13, 2)
    doc.getText().insertTextContent(doc.getText().getEnd(), table, False)
    table.setName("Staff")
    table.setDataArray((("Name", "Room"),) + tuple(("Person %d" % n, str(100 + n)) for n in range(1, 13)))
    stored_as(doc, tmp_path / "staff.odt", "writer8")
    try:
        text = read(office, report, title="staff").content
        assert "Person 12" not in text and "(read it whole with read_other_document table=…)" in text
        whole = read(office, report, title="staff", table="Staff")
        assert whole.ok and "| 13 | Person 12 | 112 |" in whole.content, whole.content
        assert whole.summary == "Read a table from staff.odt"
        assert read(office, report, title="staff", table=2).content == whole.content
        refused = read(office, report, title="budget", table="Staff")
        assert not refused.ok and "is a spreadsheet: read its cells with 'range'" in refused.content
        assert not doc.isModified()
    finally:
        office.close_document(doc)


def test_unknown_names_this_document_and_a_range_of_a_text_are_refused_naming_the_open_ones(office, three):
    report, _, _ = three
    unknown = read(office, report, title="Budget 2025")
    assert not unknown.ok
    assert "No open document is called 'Budget 2025'." in unknown.content
    assert "'notes.odt' (writer)" in unknown.content and "'budget.ods' (calc)" in unknown.content
    itself = read(office, report, title="report")
    assert not itself.ok and itself.content.startswith("Error: 'report' is this document: read it with get_document.")
    ranged = read(office, report, title="notes", range="A1:B2")
    assert not ranged.ok and "'notes.odt' is a text document: it has no cell ranges" in ranged.content
    bad = read(office, report, title="budget", range="Nowhere.A1")
    assert not bad.ok and "Nowhere" in bad.content


def test_two_documents_of_the_same_name_are_refused_with_their_paths(office, three, tmp_path):
    report = three[0]
    (tmp_path / "other").mkdir()
    twin = stored_as(office.new_document("swriter"), tmp_path / "other" / "notes.odt", "writer8")
    try:
        outcome = read(office, report, title="notes.odt")
        assert not outcome.ok
        assert outcome.content.startswith("Error: 2 open documents are called 'notes.odt'")
        assert str(tmp_path / "other" / "notes.odt") in outcome.content
        assert "read_other_document without a title" in outcome.content
        assert read(office, report, title=str(tmp_path / "other" / "notes.odt")).ok
    finally:
        office.close_document(twin)


def test_documents_of_the_corpus_read_from_each_other(office, tmp_path):
    opened = []
    for name in ("xlsx2csv-test-file.xlsx", "mammoth-tables.docx"):
        shutil.copy(os.path.join(CORPUS, name), tmp_path / name)
        opened.append(office.open_document(str(tmp_path / name)))
    sheet, text = opened
    try:
        cells = read(office, text, title="xlsx2csv-test-file")
        assert cells.ok and "read-only from here; sheets:" in cells.content and " rows × " in cells.content
        words = read(office, sheet, title="mammoth-tables.docx")
        assert words.ok and "table" in words.content.lower()
        assert not sheet.isModified() and not text.isModified()
    finally:
        for doc in opened:
            office.close_document(doc)


def test_with_no_other_document_open_it_says_so(office):
    alone = office.new_document("swriter")
    try:
        outcome = read(office, alone)
        assert outcome.ok and outcome.content == "No other Writer, Calc, Impress or Draw document is open; only this one."
        assert not read(office, alone, title="notes").ok
    finally:
        office.close_document(alone)
