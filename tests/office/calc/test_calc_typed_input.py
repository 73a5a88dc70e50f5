"""Values as Calc reads them: write_range reads strings as typed input in the document's locale, read_range
shows text that looks like a number as '…, number formats follow the document's locale (issue 34, point 3)."""
import time

import pytest
from calc_sheet import values
from sheet_tasks_support import open_corpus, reopened_as_xlsx, turn, xlsx_part


def _format(doc, cell):
    return doc.getNumberFormats().getByKey(cell.NumberFormat).FormatString


def test_dates_percents_currency_and_scientific_become_numbers_with_their_formats(tool, calc, sheet):
    # before: "2011-05-25", "45%", "$1,200.50" stayed text and the answer said nothing about them
    outcome = tool.ok("write_range", range="A1", values=[["2011-05-25", "45%", "$1,200.50", "1.5E3", "10:30",
                                                          "TRUE", "hello 12", "007"]])
    assert values(sheet, "A1:H1") == [[40688.0, 0.45, 1200.5, 1500.0, 0.4375, 1.0, "hello 12", "007"]]
    shown = [sheet.getCellByPosition(c, 0).getString() for c in range(6)]
    assert shown == ["2011-05-25", "45.00%", "$1,200.50", "1.50E+03", "10:30:00 AM", "TRUE"]
    assert ("Strings read as typed in Calc (en-US): 1 date (A1); 1 percent (B1); 1 currency (C1); 1 scientific "
            "(D1); 1 time (E1); 1 logical (F1); stayed text (Calc does not read it as a number in en-US): G1 "
            "'hello 12'.") in outcome.content


def test_a_leading_apostrophe_keeps_text_and_read_range_shows_it_so(tool, sheet):
    # before: read_range showed the text 2003 as "2003", and writing that back stored the quote marks
    tool.ok("write_range", range="A1", values=[["'2003", "'2011-05-25", "'=1+1"]])
    assert [sheet.getCellByPosition(c, 0).getType().value for c in range(3)] == ["TEXT"] * 3
    table = tool.ok("read_range", range="A1:C1").content
    assert "1 | '2003 | '2011-05-25 | '=1+1" in table
    tool.ok("write_range", range="A2", values=[["'2003", "'2011-05-25", "'=1+1"]])  # what the table shows
    assert values(sheet, "A2:C2") == [["2003", "2011-05-25", "=1+1"]]


def test_a_column_formatted_as_dates_keeps_its_format(tool, calc, sheet):
    tool.ok("format_range", range="A1:A3", number_format="DD.MM.YYYY")
    tool.ok("write_range", range="A1", values=[["2024-03-01"], ["2024-03-02"], ["45%"]])
    assert [sheet.getCellByPosition(0, r).getString() for r in range(3)] == ["01.03.2024", "02.03.2024", "45.00%"]


def test_fill_reads_one_string_for_every_cell(tool, sheet):
    outcome = tool.ok("write_range", range="B1:B4", fill="2020-01-31")
    assert values(sheet, "B1:B4") == [[43861.0]] * 4 and "read as typed in Calc: date" in outcome.content


def test_a_german_document_reads_german_input(office, tmp_path):
    """lo-sdk-stock.ods (LibreOffice's SDK example) is a German document: 25.05.2011 is a date there."""
    doc = open_corpus(office, "lo-sdk-stock.ods", tmp_path)
    try:
        outcome = turn(doc, office.ctx, "dates", [("write_range", {"range": "E8", "values": [
            ["25.05.2011", "1.234,5", "5/25/2011", "12,5 %", 2.5]]})])[0]
        sheet = doc.getSheets().getByIndex(0)
        assert values(sheet, "E8:I8") == [[40688.0, 1234.5, "5/25/2011", 0.125, 2.5]]
        assert "Strings read as typed in Calc (de-DE)" in outcome.content and "G8 '5/25/2011'" in outcome.content
        assert sheet.getCellRangeByName("E8").getString() == "25.05.11"
    finally:
        office.close_document(doc)


def test_read_range_of_a_corpus_sheet_marks_text_numbers(office, tmp_path):
    """lo-sdk-todo.ods keeps its bug numbers (29123…) as text: they read back as '29123 and stay text."""
    doc = open_corpus(office, "lo-sdk-todo.ods", tmp_path)
    try:
        table = turn(doc, office.ctx, "read", [("read_range", {"range": "A15:C17"})])[0].content
        assert "15 | '29123 | Feature AB | 5" in table
        turn(doc, office.ctx, "copy", [("write_range", {"range": "K15", "values": [["'29123"]]})])
        cell = doc.getSheets().getByIndex(0).getCellRangeByName("K15")
        assert cell.getType().value == "TEXT" and cell.getString() == "29123"
    finally:
        office.close_document(doc)


def test_number_formats_are_saved_to_xlsx_without_an_english_locale_tag(tool, calc, sheet, office, tmp_path):
    # before: the format was registered as en-US and saved as [$-409]m/d/yyyy
    tool.ok("write_range", range="A1", values=[[45000, "2024-05-25"]])
    tool.ok("format_range", range="A1", number_format="M/D/YYYY")
    saved = reopened_as_xlsx(office, calc, tmp_path)
    try:
        styles = xlsx_part(tmp_path, "xl/styles.xml")
        assert 'formatCode="m/d/yyyy"' in styles and "[$-409]" not in styles
        assert saved.getSheets().getByIndex(0).getCellRangeByName("A1").getString() == "3/15/2023"
        assert saved.getSheets().getByIndex(0).getCellRangeByName("B1").getValue() == 45437.0
    finally:
        office.close_document(saved)


def test_a_number_format_in_a_named_locale(tool, calc, sheet):
    outcome = tool.ok("format_range", range="A1", number_format="#,##0.00", number_format_locale="de-DE")
    sheet.getCellRangeByName("A1").setValue(1234.5)
    assert sheet.getCellRangeByName("A1").getString() == "1.234,50"
    assert "number format in de-DE" in outcome.content
    assert "not a locale" in tool.fails("format_range", range="A1", number_format="0.0", number_format_locale="x1")


def test_one_undo_takes_back_the_values_and_their_formats(office, calc, sheet):
    before = (values(sheet, "A1:C2"), [sheet.getCellByPosition(c, 0).NumberFormat for c in range(3)])
    turn(calc, office.ctx, "dates", [("write_range", {"range": "A1", "values": [["2024-01-05", "45%", "x"]]})])
    assert calc.getUndoManager().getAllUndoActionTitles() == ("Marginalia: dates",)
    calc.getUndoManager().undo()
    assert (values(sheet, "A1:C2"), [sheet.getCellByPosition(c, 0).NumberFormat for c in range(3)]) == before


@pytest.mark.parametrize("rows", [50000])
def test_fifty_thousand_dates_in_one_call(tool, sheet, rows):
    import datetime
    start = datetime.date(2000, 1, 1)
    column = [[(start + datetime.timedelta(days=i % 9000)).isoformat(), i] for i in range(rows)]
    began = time.perf_counter()
    outcome = tool.ok("write_range", range="A1", values=column)
    elapsed = time.perf_counter() - began
    assert "%d dates (A1:A%d)" % (rows, rows) in outcome.content
    assert sheet.getCellByPosition(0, rows - 1).getString() == column[-1][0]
    print("write_range of %d ISO dates (9,000 distinct) over the socket: %.2f s" % (rows, elapsed))
    assert elapsed < 30
