"""edit_rows_columns and manage_sheet: the sheet's structure afterwards, and refusals that change nothing."""
import pytest
from calc_sheet import contents, fill, formulas, values


def test_insert_and_delete_rows_adjust_formulas(tool, sheet):
    fill(sheet, "A1:A3", [[1.0], [2.0], [3.0]])
    sheet.getCellRangeByName("B1").setFormula("=SUM(A1:A3)")
    outcome = tool.ok("edit_rows_columns", action="insert_rows", at=2, count=2)
    assert "Inserted 2 rows before row 2 on 'Sheet1'" in outcome.content
    assert values(sheet, "A1:A5") == [[1.0], [""], [""], [2.0], [3.0]]
    assert formulas(sheet, "B1:B1") == [["=SUM(A1:A5)"]]
    tool.ok("edit_rows_columns", action="delete_rows", at="2", count=2)
    assert values(sheet, "A1:A3") == [[1.0], [2.0], [3.0]]
    assert formulas(sheet, "B1:B1") == [["=SUM(A1:A3)"]]


def test_insert_and_delete_columns(tool, sheet):
    fill(sheet, "A1:C1", [["a", "b", "c"]])
    tool.ok("edit_rows_columns", action="insert_columns", at="B")
    assert values(sheet, "A1:D1") == [["a", "", "b", "c"]]
    tool.ok("edit_rows_columns", action="delete_columns", at="b", count=2)
    assert values(sheet, "A1:C1") == [["a", "c", ""]]


@pytest.mark.parametrize("args, words", [
    ({"action": "insert_rows", "at": "C"}, "not a row number"),
    ({"action": "delete_columns", "at": "5"}, "not a column name"),
    ({"action": "delete_rows", "at": 1048576, "count": 2}, "only 1048576 rows"),
    ({"action": "insert_rows", "at": 1, "sheet": "Nope"}, "no sheet named"),
])
def test_bad_positions_are_refused(tool, sheet, args, words):
    fill(sheet, "A1:A2", [[1.0], [2.0]])
    assert words in tool.fails("edit_rows_columns", **args)
    assert values(sheet, "A1:A2") == [[1.0], [2.0]]


def test_insert_refused_when_data_would_fall_off_the_sheet(tool, sheet):
    last_row = sheet.getRows().getCount()
    sheet.getCellByPosition(0, last_row - 1).setString("bottom")
    fill(sheet, "A1", [[1.0]])
    message = tool.fails("edit_rows_columns", action="insert_rows", at=1)
    assert "Calc refused" in message and "pushed off" in message
    assert sheet.getCellByPosition(0, last_row - 1).getString() == "bottom"
    assert values(sheet, "A1:A1") == [[1.0]]


def test_protected_sheet_refuses_structure_changes(tool, sheet):
    fill(sheet, "A1:A2", [[1.0], [2.0]])
    sheet.protect("")
    try:
        assert "protected" in tool.fails("edit_rows_columns", action="delete_rows", at=1)
        assert values(sheet, "A1:A2") == [[1.0], [2.0]]
    finally:
        sheet.unprotect("")


def test_manage_sheets(tool, calc, sheet):
    sheets = calc.getSheets()
    tool.ok("manage_sheet", action="create", name="Data", position=1)
    assert sheets.getElementNames() == ("Data", "Sheet1")
    sheet.getCellRangeByName("A1").setFormula("=Data.A1*2")
    sheets.getByName("Data").getCellRangeByName("A1").setValue(21)
    tool.ok("manage_sheet", action="rename", name="data", new_name="Input data")
    assert sheets.getElementNames() == ("Input data", "Sheet1")
    assert sheet.getCellRangeByName("A1").getFormula() == "='Input data'.A1*2"
    assert sheet.getCellRangeByName("A1").getValue() == 42
    tool.ok("manage_sheet", action="activate", name="Input data")
    assert calc.getCurrentController().getActiveSheet().getName() == "Input data"
    tool.ok("manage_sheet", action="delete", name="Input data")
    assert sheets.getElementNames() == ("Sheet1",)


@pytest.mark.parametrize("args, words", [
    ({"action": "create", "name": "sheet1"}, "already a sheet named 'Sheet1'"),
    ({"action": "create", "name": "a/b"}, "cannot contain /"),
    ({"action": "rename", "name": "Sheet1"}, "Give 'new_name'"),
    ({"action": "rename", "name": "Sheet1", "new_name": "x:y"}, "cannot contain :"),
    ({"action": "delete", "name": "Sheet1"}, "only sheet"),
    ({"action": "delete", "name": "Ghost"}, "no sheet named 'Ghost'"),
])
def test_sheet_refusals(tool, calc, args, words):
    assert words in tool.fails("manage_sheet", **args)
    assert calc.getSheets().getElementNames() == ("Sheet1",)


def test_protected_structure_refuses_sheet_changes(tool, calc):
    calc.protect("")
    try:
        assert "structure is protected" in tool.fails("manage_sheet", action="create", name="New")
        assert calc.getSheets().getElementNames() == ("Sheet1",)
    finally:
        calc.unprotect("")


def test_a_refusal_leaves_contents_as_they_were(tool, sheet):
    fill(sheet, "A1:B2", [[1.0, 2.0], [3.0, 4.0]])
    before = contents(sheet, "A1:C3")
    tool.fails("edit_rows_columns", action="delete_rows", at=0)
    assert contents(sheet, "A1:C3") == before
