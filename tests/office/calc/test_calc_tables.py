"""sort_range, filter_range and conditional_format on real tables."""
from calc_sheet import contents, fill, values

TABLE = [["Name", "Region", "Sales"], ["bob", "North", 30.0], ["Ann", "South", 10.0], ["cid", "North", 20.0],
         ["Dee", "East", 20.0]]


def visible_rows(sheet, first, last):
    return [row + 1 for row in range(first - 1, last) if sheet.getRows().getByIndex(row).IsVisible]


def test_sort_by_two_keys_keeps_the_header(tool, sheet):
    fill(sheet, "A1:C5", TABLE)
    outcome = tool.ok("sort_range", range="A1:C5", keys=[{"column": "C", "descending": True}, {"column": "A"}])
    assert "Sorted Sheet1.A1:C5 by C descending, then A ascending (row 1 kept as the header)." == outcome.content
    assert values(sheet, "A1:A5") == [["Name"], ["bob"], ["cid"], ["Dee"], ["Ann"]]


def test_sort_whole_columns_uses_the_data_and_detects_no_header(tool, sheet):
    fill(sheet, "A1:A3", [[3.0], [1.0], [2.0]])
    tool.ok("sort_range", range="A:A", keys=[{"column": "A"}])
    assert values(sheet, "A1:A3") == [[1.0], [2.0], [3.0]]


def test_sort_refusals(tool, sheet):
    fill(sheet, "A1:C5", TABLE)
    before = contents(sheet, "A1:C5")
    assert "outside Sheet1.A1:C5" in tool.fails("sort_range", range="A1:C5", keys=[{"column": "E"}])
    assert "empty" in tool.fails("sort_range", range="H1:H9", keys=[{"column": "H"}])
    sheet.protect("")
    try:
        assert "protected" in tool.fails("sort_range", range="A1:C5", keys=[{"column": "A"}])
    finally:
        sheet.unprotect("")
    assert contents(sheet, "A1:C5") == before


def test_sort_refuses_what_calc_would_silently_skip(tool, sheet):
    fill(sheet, "A1:C5", TABLE)
    sheet.getCellRangeByName("A3:B3").merge(True)
    assert "merged cells (A3:B3)" in tool.fails("sort_range", range="A1:C5", keys=[{"column": "C"}])
    sheet.getCellRangeByName("A3:B3").merge(False)
    sheet.getCellRangeByName("D2:D3").setArrayFormula("=C2:C3*2")
    assert "array formula (at D2:D3)" in tool.fails("sort_range", range="A1:D5", keys=[{"column": "C"}])
    assert values(sheet, "A1:A5") == [["Name"], ["bob"], ["Ann"], ["cid"], ["Dee"]]


def test_filter_conditions_hide_rows_and_empty_conditions_show_them(tool, sheet):
    fill(sheet, "A1:C5", TABLE)
    outcome = tool.ok("filter_range", range="A1:C5", conditions=[
        {"column": "B", "operator": "equals", "value": "North"}, {"column": "C", "operator": "greater", "value": 25}])
    assert "1 of 4 rows match" in outcome.content
    assert visible_rows(sheet, 1, 5) == [1, 2]
    any_outcome = tool.ok("filter_range", range="A1:C5", match="any", conditions=[
        {"column": "B", "operator": "equals", "value": "East"}, {"column": "A", "operator": "begins_with",
                                                                 "value": "a"}])
    assert "2 of 4 rows match" in any_outcome.content
    assert visible_rows(sheet, 1, 5) == [1, 3, 5]
    tool.ok("filter_range", range="A1:C5", conditions=[])
    assert visible_rows(sheet, 1, 5) == [1, 2, 3, 4, 5]


def test_autofilter_buttons_on_and_off(tool, calc, sheet):
    fill(sheet, "A1:C5", TABLE)
    calc.getCurrentController().select(sheet.getCellRangeByName("E7"))
    assert "AutoFilter buttons are on Sheet1.A1:C5" in tool.ok("filter_range", range="A1:C5", autofilter=True).content
    database = calc.getPropertyValue("UnnamedDatabaseRanges").getByTable(0)
    assert database.AutoFilter and database.DataArea.EndRow == 4 and database.DataArea.EndColumn == 2
    assert calc.getCurrentController().getSelection().getCellAddress().Row == 6  # the user's selection is back
    assert "already on" in tool.ok("filter_range", range="A1:C5", autofilter=True).content
    assert "get_sheet_summary" and "AutoFilter: A1:C5." in tool.ok("get_sheet_summary").content
    tool.ok("filter_range", range="A1:C5", autofilter=False)
    assert not database.AutoFilter


def test_filter_refusals(tool, sheet):
    fill(sheet, "A1:C5", TABLE)
    assert "needs a 'value'" in tool.fails("filter_range", range="A1:C5", conditions=[
        {"column": "C", "operator": "greater"}])
    assert "Give 'conditions'" in tool.fails("filter_range", range="A1:C5")
    assert visible_rows(sheet, 1, 5) == [1, 2, 3, 4, 5]


def conditional_entries(sheet, address):
    entries = sheet.getCellRangeByName(address).ConditionalFormat
    return [(entries.getByIndex(i).getOperator().value, entries.getByIndex(i).getFormula1(),
             entries.getByIndex(i).getStyleName()) for i in range(entries.getCount())]


def test_conditional_formats_by_value_formula_and_duplicates(tool, calc, sheet):
    fill(sheet, "A1:C5", TABLE)
    tool.ok("conditional_format", range="C2:C5", rule="greater", value=15, style="good")
    tool.ok("conditional_format", range="B2:B5", rule="equal", value="North")
    tool.ok("conditional_format", range="A2:C5", rule="formula", value="=AND($C2>=20, $B2<>\"East\")",
            background_color="light yellow", bold=True)
    formula_rule = conditional_entries(sheet, "A2")
    assert formula_rule[0][:2] == ("FORMULA", 'AND($C2>=20; $B2<>"East")')
    # rules the cells had before stay: Calc alone would replace them with the new range's rules
    assert conditional_entries(sheet, "C2:C5") == [("GREATER", "15", "Good")] + formula_rule
    assert conditional_entries(sheet, "B2:B5") == [("EQUAL", '"North"', "Bad")] + formula_rule
    style = calc.getStyleFamilies().getByName("CellStyles").getByName(formula_rule[0][2])
    assert style.CellBackColor == 0xFFFFE0 and style.CharWeight == 150.0  # CSS lightyellow
    tool.ok("conditional_format", range="C2:C5", rule="duplicate", style="neutral")
    kinds = [entry.getPropertyValue("Operator") for fmt in sheet.ConditionalFormats.getConditionalFormats()
             for entry in [fmt.getByIndex(i) for i in range(fmt.getCount())] if hasattr(entry, "Operator")]
    assert 8 in kinds  # ConditionFormatOperator.DUPLICATE
    tool.ok("conditional_format", range="A1:C5", rule="clear")
    assert sheet.ConditionalFormats.getLength() == 0


def test_conditional_format_refuses_bad_conditions(tool, sheet):
    fill(sheet, "A1:C5", TABLE)
    message = tool.fails("conditional_format", range="C2:C5", rule="formula", value="=SUMM($C2)>3")
    assert "does not work in Calc" in message and "#NAME?" in message
    assert "needs 'value' and 'value2'" in tool.fails("conditional_format", range="C2:C5", rule="between", value=1)
    assert "not a colour" in tool.fails("conditional_format", range="C2:C5", rule="greater", value=1,
                                        background_color="blurple")
    assert sheet.ConditionalFormats.getLength() == 0
