"""create_pivot_table and edit_pivot_table: what they make and say, refusals that change nothing, room for the result,
one undo step, refresh (not undoable in LibreOffice), deletion, the summary's listing, and a corpus sheet."""
import pytest

from calc_sheet import fill, values
from chart_reads import open_corpus_copy
from test_calc_undo import Turn

SALES = [["Region", "Month", "Product", "Units", "Revenue"],
         ["North", "Jan", "Tea", 10.0, 40.0], ["North", "Jan", "Coffee", 15.0, 90.0],
         ["North", "Feb", "Tea", 13.0, 52.0], ["South", "Jan", "Tea", 17.0, 68.0],
         ["South", "Feb", "Coffee", 22.0, 132.0], ["South", "Feb", "Tea", 20.0, 80.0]]


@pytest.fixture
def sales(sheet, calc):
    fill(sheet, "A1:E7", SALES)
    calc.getUndoManager().clear()
    return sheet


def output(calc, name):
    """The pivot table's result, row by row."""
    for index in range(calc.getSheets().getCount()):
        sheet = calc.getSheets().getByIndex(index)
        tables = sheet.getDataPilotTables()
        if tables.hasByName(name):
            area = tables.getByName(name).getOutputRange()
            return [list(row) for row in sheet.getCellRangeByPosition(
                area.StartColumn, area.StartRow, area.EndColumn, area.EndRow).getDataArray()]
    raise AssertionError("no pivot table %r" % name)


def test_rows_columns_values_and_what_the_answer_says(tool, calc, sales):
    outcome = tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], columns=["month"],
                      values=[{"field": "Revenue", "function": "sum"}], target="H1")
    assert outcome.content == (
        "Created the pivot table 'Pivot table 1' at Sheet1.H1:K5 from Sheet1.A1:E7: rows: Region; columns: Month; "
        "values: sum of Revenue; grand totals: row and column.\nResult:\nSum - Revenue | Month |  | \n"
        "Region | Feb | Jan | Total Result\nNorth | 52 | 130 | 182\nSouth | 212 | 68 | 280\n"
        "Total Result | 264 | 198 | 462")
    assert output(calc, "Pivot table 1")[2] == ["North", 52.0, 130.0, 182.0]


def test_count_of_a_field_that_is_also_the_rows(tool, calc, sales):
    """'Summarize the count of respondents by Sex': the same field in rows and counted."""
    tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], values=[{"field": "Region", "function": "count"}],
            target="H1", name="By region")
    assert output(calc, "By region") == [["Region", "Count - Region"], ["North", 3.0], ["South", 3.0],
                                         ["Total Result", 6.0]]


def test_several_values_filters_totals_and_a_number_format_on_a_new_sheet(tool, calc, sales):
    outcome = tool.ok("create_pivot_table", source="Sheet1.A:E", rows=["Region"],
                      values=[{"field": "Units", "function": "max"}, {"field": "Units", "function": "min"},
                              {"field": "Revenue", "function": "average"}],
                      filters=[{"field": "Product", "show": ["tea"]}], total_row=False, number_format="0.00",
                      new_sheet="Tea summary")
    assert "at 'Tea summary'.A1:D6 from Sheet1.A1:E7: rows: Region; values: max of Units, min of Units, average " \
           "of Revenue; filters: Product (only Tea); grand totals: column." in outcome.content
    assert "Its results show as 0.00 (LibreOffice keeps this until the table is recomputed" in outcome.content
    rows = output(calc, "Pivot table 1")
    assert rows[0] == ["Product", "Tea", "", ""]
    assert rows[3:] == [["Region", "Max - Units", "Min - Units", "Average - Revenue"], ["North", 13.0, 10.0, 46.0],
                        ["South", 20.0, 17.0, 74.0]]
    own = calc.getSheets().getByName("Tea summary")
    assert own.getCellRangeByName("D5").String == "46.00"


def test_names_are_unique_in_the_document_and_fields_checked(tool, calc, sales):
    tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], values=[{"field": "Units"}])
    assert "'Pivot table 2'" in tool.ok("create_pivot_table", source="A1:E7", rows=["Month"],
                                        values=[{"field": "D"}]).content
    assert calc.getSheets().getElementNames() == ("Sheet1", "Pivot table", "Pivot table 2")


@pytest.mark.parametrize("arguments, message", [
    ({"rows": ["Town"]}, "The source has no field 'Town'. Its fields (column headers) are: 'Region' (A), 'Month' (B)"),
    ({"rows": ["Region"], "columns": ["Region"]}, "'Region' is in several"),
    ({"filters": [{"field": "Product", "show": ["Milk"]}]}, "has no value 'Milk'. Its values are: Coffee, Tea"),
    ({"target": "H1", "new_sheet": "X"}, "not both"),
    ({"new_sheet": "Sheet1"}, "already a sheet named 'Sheet1'"),
    ({"name": "Existing"}, "already has a pivot table named 'Existing'"),
    ({"number_format": "bogus[["}, "not a number format"),
    ({"source": "A1:E1"}, "needs a header row and at least one row of data"),
])
def test_refusals_change_nothing(tool, calc, sales, arguments, message):
    tool.ok("create_pivot_table", source="A1:E7", rows=["Month"], values=[{"field": "Units"}], target="M1",
            name="Existing")
    before = values(sales, "A1:Q20"), calc.getSheets().getElementNames()
    call = dict({"source": "A1:E7", "values": [{"field": "Units"}]}, **arguments)
    assert message in tool.fails("create_pivot_table", **call)
    assert (values(sales, "A1:Q20"), calc.getSheets().getElementNames()) == before


def test_a_result_that_would_cover_content_is_refused(tool, calc, sales):
    sales.getCellRangeByName("H4").setString("my note")
    message = tool.fails("create_pivot_table", source="A1:E7", rows=["Region", "Month"],
                         values=[{"field": "Units"}], target="H1")
    assert message == ("Error: The pivot table needs Sheet1.H1:J6 (6 rows × 3 columns), but H4 holds content that it "
                       "would overwrite. Choose another target, or new_sheet. Nothing was changed.")
    assert sales.getDataPilotTables().getCount() == 0 and calc.getSheets().getCount() == 1
    assert sales.getCellRangeByName("H4").String == "my note"
    tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], values=[{"field": "Units"}], target="H6")
    assert sales.getCellRangeByName("H4").String == "my note"


def test_change_fields_totals_and_source_then_one_undo(office, tool, calc, sales):
    tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], values=[{"field": "Revenue"}], target="H1",
            name="P")
    fill(sales, "A8:E8", [["West", "Feb", "Tea", 5.0, 20.0]])
    calc.getUndoManager().clear()
    before = output(calc, "P")
    turn = Turn(calc, office.ctx, "Show units by product instead")
    outcome = turn.call("edit_pivot_table", name="p", rows=["Product"], columns=["Region"],
                        values=[{"field": "Units", "function": "sum"}], total_column=False)
    assert "Changed the pivot table 'P' (now at Sheet1.H1:J5): rows: Product; columns: Region; values: sum of Units; " \
           "grand totals: row." in outcome.content
    assert output(calc, "P") == [["Sum - Units", "Region", ""], ["Product", "North", "South"],
                                 ["Coffee", 15.0, 22.0], ["Tea", 23.0, 37.0], ["Total Result", 38.0, 59.0]]
    turn.call("edit_pivot_table", name="P", source="A1:E8")
    assert output(calc, "P")[1] == ["Product", "North", "South", "West"]
    calc.getUndoManager().undo()
    assert output(calc, "P") == before


def test_refresh_says_it_cannot_be_undone(tool, calc, sales):
    tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], values=[{"field": "Units"}], target="H1",
            name="P")
    sales.getCellRangeByName("D2").setValue(100)
    assert output(calc, "P")[1] == ["North", 38.0]
    outcome = tool.ok("edit_pivot_table", action="refresh")
    assert outcome.content.startswith("Refreshed 1 pivot table(s) from their sources: 'P' (Sheet1.H1:I4). "
                                      "LibreOffice cannot undo a refresh")
    assert output(calc, "P")[1] == ["North", 128.0]


def test_delete_and_its_undo(office, tool, calc, sales):
    tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], values=[{"field": "Units"}], target="H1",
            name="P")
    calc.getUndoManager().clear()
    turn = Turn(calc, office.ctx, "Remove the pivot table")
    assert turn.call("edit_pivot_table", action="delete").content == \
        "Deleted the pivot table 'P'; its cells Sheet1.H1:I4 are empty now."
    assert sales.getDataPilotTables().getCount() == 0 and sales.getCellRangeByName("H2").String == ""
    calc.getUndoManager().undo()
    assert output(calc, "P")[1] == ["North", 38.0]


@pytest.mark.parametrize("arguments, message", [
    ({"name": "Q"}, "There is no pivot table named 'Q'. The pivot tables are: 'P' on Sheet1"),
    ({"name": "P"}, "Say what to change"),
    ({"name": "P", "rows": ["Town"]}, "no field 'Town'"),
    ({"name": "P", "source": "Other.A1:E7"}, "on the sheet of the old one"),
])
def test_edit_refusals_change_nothing(tool, calc, sales, arguments, message):
    calc.getSheets().insertNewByName("Other", 1)
    tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], values=[{"field": "Units"}], target="H1",
            name="P")
    before = output(calc, "P")
    assert message in tool.fails("edit_pivot_table", **arguments)
    assert output(calc, "P") == before


def test_a_change_is_refused_while_content_lies_where_the_table_could_grow(tool, calc, sales):
    tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], values=[{"field": "Units"}], target="H1",
            name="P")
    sales.getCellRangeByName("H8").setString("keep me")
    assert "hold content (H8) that a changed table could grow over" in tool.fails(
        "edit_pivot_table", name="P", rows=["Region", "Month", "Product"])
    assert sales.getCellRangeByName("H8").String == "keep me" and output(calc, "P")[1] == ["North", 38.0]


def test_the_summary_lists_the_pivot_table_with_its_fields(tool, sales):
    tool.ok("create_pivot_table", source="A1:E7", rows=["Region"], values=[{"field": "Units"}], target="H1",
            name="P", filters=[{"field": "Month"}])
    assert "Pivot table 'P': output H1:I6 (its cells are computed: change the source, not the output), from " \
           "Sheet1.A1:E7; rows: Region; page filters: Month; values: sum of Units." in \
        tool.ok("get_sheet_summary").content


def test_a_pivot_table_of_a_corpus_sheet(office, tmp_path):
    from calc_driver import ToolDriver
    document = open_corpus_copy(office, "xlsx2csv-test-file.xlsx", tmp_path)
    try:
        tool = ToolDriver(document, office.ctx)
        outcome = tool.ok("create_pivot_table", source="Sheet5.A:C", rows=["B"],
                          values=[{"field": "B", "function": "count"}], target="Sheet5.E1")
        assert "from Sheet5.A1:C10: rows: B; values: count of B" in outcome.content
        rows = output(document, "Pivot table 1")
        assert rows[0] == ["B", "Count - B"] and rows[-1] == ["Total Result", 9.0]
    finally:
        office.close_document(document)
