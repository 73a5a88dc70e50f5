"""write_range, clear_range and import_csv on real sheets: what the sheet holds afterwards."""
from calc_sheet import contents, fill, formulas, values


def test_write_values_and_formulas_in_one_call_computes_results(tool, sheet):
    outcome = tool.ok("write_range", range="A1", values=[
        ["Item", "Qty", "Price", "Total"],
        ["Tea", 2, 3.5, "=B2*C2"],
        ["Cake", "3", 4, "=B3*C3"],
        ["Sum", None, "", "=SUM(D2:D3)"],
    ])
    assert "Sheet1.A1:D4" in outcome.content
    assert values(sheet, "A1:D4") == [["Item", "Qty", "Price", "Total"], ["Tea", 2.0, 3.5, 7.0],
                                      ["Cake", 3.0, 4.0, 12.0], ["Sum", "", "", 19.0]]
    assert formulas(sheet, "D4:D4") == [["=SUM(D2:D3)"]]


def test_english_separators_and_sheet_references_are_converted(tool, sheet, calc):
    calc.getSheets().insertNewByName("My Data", 1)
    calc.getSheets().getByName("My Data").getCellRangeByName("A1").setValue(10)
    tool.ok("write_range", range="A1:D1", values=[[
        "=IF(2>1, \"yes, really\", \"no\")", "=ROUND(2.567, 1)", "='My Data'!A1*2", "=SUM({1,2;3,4})"]])
    assert values(sheet, "A1:D1") == [["yes, really", 2.6, 20.0, 10.0]]
    assert formulas(sheet, "A1:A1") == [['=IF(2>1; "yes, really"; "no")']]


def test_text_that_looks_like_a_number_or_formula_can_be_forced(tool, sheet):
    tool.ok("write_range", range="B2", values=[["'007", "007", "'=1+1", True, "1e3"]])
    assert values(sheet, "B2:F2") == [["007", "007", "=1+1", 1.0, 1000.0]]
    assert sheet.getCellRangeByName("C2").getType().value == "TEXT"


def test_size_mismatch_is_refused_precisely_and_nothing_changes(tool, sheet):
    fill(sheet, "A1:B2", [[1.0, 2.0], [3.0, 4.0]])
    before = contents(sheet, "A1:C3")
    message = tool.fails("write_range", range="A1:B2", values=[[9, 9, 9], [9, 9, 9]])
    assert "2 row(s) × 2 column(s)" in message and "2 row(s) × 3 column(s)" in message
    message = tool.fails("write_range", range="A1", values=[[1, 2], [3]])
    assert "row 2" in message
    assert contents(sheet, "A1:C3") == before


def test_a_formula_that_does_not_parse_restores_the_range(tool, sheet):
    fill(sheet, "A1:C1", [[1.0, "keep", 2.5]])
    sheet.getCellRangeByName("D1").setFormula("=A1+C1")
    sheet.getAnnotations().insertNew(sheet.getCellRangeByName("B1").getCellAddress(), "a note")
    before = contents(sheet, "A1:E2")
    message = tool.fails("write_range", range="A1:E1", values=[[5, "=SUMM(A2)", "=SUM(A2", "=1+", "ok"]])
    assert "B1: =SUMM(A2) gives #NAME?" in message and "Calc has no function named SUMM" in message
    assert "D1: =1+ gives Err:520" in message
    assert "C1" not in message  # =SUM(A2 is completed by Calc and works
    assert contents(sheet, "A1:E2") == before


def test_an_error_inherited_from_a_used_cell_is_reported_not_refused(tool, sheet):
    sheet.getCellRangeByName("A1").setFormula("=NOSUCHFUNCTION()")
    outcome = tool.ok("write_range", range="B1:C1", values=[["=A1*2", "=1/0"]])
    assert "B1 #NAME?" in outcome.content and "C1 #DIV/0!" in outcome.content
    assert sheet.getCellRangeByName("B1").getFormula() == "=A1*2"


def test_comments_in_the_range_survive_a_write(tool, sheet):
    sheet.getAnnotations().insertNew(sheet.getCellRangeByName("A2").getCellAddress(), "keep me")
    tool.ok("write_range", range="A1:A3", values=[[1], [2], [3]])
    assert sheet.getCellRangeByName("A2").getAnnotation().getString() == "keep me"


def test_fill_adjusts_relative_references(tool, sheet):
    fill(sheet, "A1:B3", [[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]])
    outcome = tool.ok("write_range", range="C1:C3", fill="=A1*B1")
    assert "Filled 3 cells" in outcome.content
    assert values(sheet, "C1:C3") == [[10.0], [40.0], [90.0]]
    assert formulas(sheet, "C3:C3") == [["=A3*B3"]]
    tool.ok("write_range", range="E1:F2", fill="x")
    assert values(sheet, "E1:F2") == [["x", "x"], ["x", "x"]]
    tool.ok("write_range", range="G1:H2", fill="=A1+$B$1")
    assert formulas(sheet, "G1:H2") == [["=A1+$B$1", "=B1+$B$1"], ["=A2+$B$1", "=B2+$B$1"]]
    assert "Nothing was written" in tool.fails("write_range", range="J1:J3", fill="=SUMM(A1)")
    assert values(sheet, "J1:J3") == [[""], [""], [""]]


def test_bad_addresses_are_explained(tool, sheet):
    assert "not a valid address" in tool.fails("write_range", range="A0", values=[[1]])
    assert "no sheet named 'Nope'" in tool.fails("write_range", range="Nope.A1", values=[[1]])
    last_column = sheet.getColumns().getCount()  # 16384 (XFD) since LibreOffice 7.4
    assert last_column in (1024, 16384)
    last = "XFD1" if last_column == 16384 else "AMJ1"
    message = tool.fails("write_range", range=last, values=[[1, 2]])
    assert "beyond the last column of the sheet (%s)" % last[:-1] in message
    assert "either 'values'" in tool.fails("write_range", range="A1")


def test_protected_sheet_is_refused_and_unchanged(tool, sheet):
    fill(sheet, "A1:B1", [[1.0, 2.0]])
    sheet.protect("")
    try:
        before = contents(sheet, "A1:B2")
        assert "protected" in tool.fails("write_range", range="A1", values=[[5, 6]])
        assert "protected" in tool.fails("clear_range", range="A1:B1")
        assert "protected" in tool.fails("import_csv", csv="a,b\n1,2")
        assert contents(sheet, "A1:B2") == before
    finally:
        sheet.unprotect("")


def test_array_formula_in_the_way_is_refused(tool, sheet):
    fill(sheet, "A1:A2", [[1.0], [2.0]])
    sheet.getCellRangeByName("B1:B2").setArrayFormula("=A1:A2*2")
    message = tool.fails("write_range", range="B2:C2", values=[[1, 2]])
    assert "part of the array formula in B1:B2" in message
    assert "part of the array formula" in tool.fails("clear_range", range="A2:B2")
    assert values(sheet, "A1:C2") == [[1.0, 2.0, ""], [2.0, 4.0, ""]]
    tool.ok("write_range", range="B1:B2", values=[[7], [8]])  # the whole array may be replaced
    assert values(sheet, "B1:B2") == [[7.0], [8.0]] and not sheet.getCellRangeByName("B1").getArrayFormula()


def test_clear_contents_formats_and_all(tool, sheet):
    fill(sheet, "A1:B1", [[1.0, "x"]])
    sheet.getCellRangeByName("A1:B1").setPropertyValue("CharWeight", 150.0)
    tool.ok("clear_range", range="A1:B1", what="formats")
    assert values(sheet, "A1:B1") == [[1.0, "x"]]
    assert sheet.getCellRangeByName("A1").getPropertyValue("CharWeight") == 100.0
    tool.ok("clear_range", range="A1:B1")
    assert values(sheet, "A1:B1") == [["", ""]]


def test_import_csv_with_quotes_numbers_and_detected_delimiter(tool, sheet):
    text = 'name;amount;note\n"Smith; J.";1,5;"said ""hi"""\nLee;2;=1+1\n'
    outcome = tool.ok("import_csv", csv=text, cell="B2", decimal_comma=True)
    assert "3 rows × 3 columns into Sheet1.B2:D4" in outcome.content
    assert values(sheet, "B2:D4") == [["name", "amount", "note"], ["Smith; J.", 1.5, 'said "hi"'],
                                      ["Lee", 2.0, "=1+1"]]
