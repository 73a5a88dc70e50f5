"""Reading tools on sheets the tests build: list_sheets, read_range, get_sheet_summary, the selection."""
from calc_sheet import fill

from marginalia.ui.calc.selection import describe_selection


def build_sales(sheet):
    fill(sheet, "A1:D4", [["Region", "Q1", "Q2", "Start"], ["North", 10.0, 12.5, 45306.0],
                          ["South", 7.0, 3.0, 45307.0], ["East", 4.0, 8.0, 45308.0]])
    sheet.getCellRangeByName("E1").setString("Total")
    sheet.getCellRangeByName("E2:E4").setFormulaArray((("=B2+C2",), ("=B3+C3",), ("=B4/0",)))
    sheet.getCellRangeByName("D2:D4").setPropertyValue("NumberFormat", 36)  # a date format (YYYY-MM-DD)


def test_list_sheets(tool, calc, sheet):
    build_sales(sheet)
    calc.getSheets().insertNewByName("Empty one", 1)
    text = tool.ok("list_sheets").content
    assert "2 sheet(s)" in text
    assert "1. 'Sheet1': used area A1:E4, active" in text
    assert "2. 'Empty one': empty" in text


def test_read_range_shows_values_formulas_errors_and_dates(tool, sheet):
    build_sales(sheet)
    text = tool.ok("read_range", range="A1:E4").content
    assert "Sheet1.A1:E4 (4 rows × 5 columns)" in text
    assert "row | A | B | C | D | E" in text
    assert "2 | North | 10 | 12.5 | 2024-01-15 | =B2+C2 → 22.5" in text
    assert "4 | East | 4 | 8 | 2024-01-17 | =B4/0 → #DIV/0!" in text


def test_add_in_functions_read_back_by_their_usual_names(tool, sheet):
    tool.ok("write_range", range="A1:B1", values=[[45306, "=EOMONTH(A1, 1)"]])
    assert sheet.getCellRangeByName("B1").getFormula().startswith("=COM.SUN.STAR.SHEET.ADDIN")  # Calc's API name
    assert "=EOMONTH(A1, 1) → 45351" in tool.ok("read_range", range="A1:B1").content


def test_read_range_is_limited_to_the_used_area_and_capped_with_a_note(tool, sheet):
    fill(sheet, "A1:B300", [["row %d" % i, float(i)] for i in range(300)])
    text = tool.ok("read_range", range="A:C").content
    assert "limited to the used area Sheet1.A1:B300" in text
    capped = tool.ok("read_range", range="A1:B300", max_cells=100).content
    assert "Cut: only rows 1-50 of 300 are shown; read Sheet1.A51:B300 for the rest." in capped
    assert "\n50 | row 49 | 49" in capped and "\n51 |" not in capped
    assert tool.ok("read_range", range="H1:J5").content == "Sheet1.H1:J5 is empty."


def test_read_range_without_a_range_reads_the_selection(tool, calc, sheet):
    build_sales(sheet)
    calc.getCurrentController().select(sheet.getCellRangeByName("A2:B3"))
    text = tool.ok("read_range").content
    assert text.startswith("Sheet1.A2:B3 (2 rows × 2 columns)")
    assert "3 | South | 7" in text


def test_get_sheet_summary(tool, calc, sheet):
    build_sales(sheet)
    sheet.getCellRangeByName("A6").setString("Source: survey")
    sheet.getCellRangeByName("A6:B6").merge(True)
    text = tool.ok("get_sheet_summary").content
    assert "Sheet 'Sheet1' (active)" in text
    assert "Used area: A1:E6 (6 rows × 5 columns)" in text
    assert "3 formulas" in text
    assert "Header row: row 1." in text
    assert '- A "Region": text (4 values, 1 empty), e.g. North' in text
    assert '- B "Q1": number (3 values, 2 empty), from 4 to 10, e.g. 10' in text
    assert '- D "Start": date (3 values, 2 empty), e.g. 2024-01-15' in text
    assert '- E "Total": mixed: 2 number, 1 error' in text
    assert "Formula errors: 1 cell(s) (E4)" in text
    assert "Merged areas: A6:B6." in text
    assert "Charts: none." in text and "AutoFilter: none." in text
    assert "First rows:\nrow | A | B | C | D | E\n1 | Region" in text


def test_summary_of_an_empty_and_an_unknown_sheet(tool, calc):
    assert "The sheet is empty." in tool.ok("get_sheet_summary", sheet="sheet1").content
    assert "no sheet named 'Nope'" in tool.fails("get_sheet_summary", sheet="Nope")


def test_describe_selection_for_the_system_prompt(calc, sheet):
    build_sales(sheet)
    controller = calc.getCurrentController()
    controller.select(sheet.getCellRangeByName("E2"))
    assert describe_selection(calc) == "Sheet1.E2 (one cell) is selected. It holds:\nrow | E\n2 | =B2+C2 → 22.5"
    controller.select(sheet.getCellRangeByName("A1:Z1000"))
    assert describe_selection(calc) == "Sheet1.A1:Z1000 (1000 rows × 26 columns) is selected."
    ranges = calc.createInstance("com.sun.star.sheet.SheetCellRanges")
    ranges.addRangeAddress(sheet.getCellRangeByName("A1:A2").getRangeAddress(), False)
    ranges.addRangeAddress(sheet.getCellRangeByName("C3").getRangeAddress(), False)
    controller.select(ranges)
    assert describe_selection(calc) == "Several blocks are selected: Sheet1.A1:A2, Sheet1.C3."
    controller.select(sheet.getCellRangeByName("H8"))
    assert describe_selection(calc).endswith("It is empty.")


def test_summary_finds_a_table_below_a_title(tool, sheet):
    sheet.getCellRangeByName("B2").setString("Quarterly report")
    fill(sheet, "B4:C6", [["City", "People"], ["Oslo", 700.0], ["Bergen", 285.0]])
    text = tool.ok("get_sheet_summary").content
    assert "Used area: B2:C6 (5 rows × 2 columns)" in text
    assert "Rows 2-3 above the table hold titles or notes." in text
    assert "Header row: row 4." in text
    assert '- C "People": number (2 values), from 285 to 700, e.g. 700' in text
    assert "First rows:\nrow | B | C\n2 | Quarterly report | " in text
    assert "1. 'Sheet1': used area B2:C6, active" in tool.ok("list_sheets").content


def _pivot(calc, sheet, source: str, output_cell: str):
    from com.sun.star.sheet.DataPilotFieldOrientation import DATA, ROW
    from com.sun.star.sheet.GeneralFunction import SUM
    tables = sheet.getDataPilotTables()
    descriptor = tables.createDataPilotDescriptor()
    descriptor.setSourceRange(sheet.getCellRangeByName(source).getRangeAddress())
    fields = descriptor.getDataPilotFields()
    fields.getByIndex(0).setPropertyValue("Orientation", ROW)
    quarter = fields.getByIndex(1)
    quarter.setPropertyValue("Orientation", DATA)
    quarter.setPropertyValue("Function", SUM)
    tables.insertNewByName("ByRegion", sheet.getCellRangeByName(output_cell).getCellAddress(), descriptor)


def test_summary_names_comments_pivots_validation_names_and_hidden_parts(tool, calc, sheet):
    from com.sun.star.sheet.ValidationType import LIST, WHOLE
    from com.sun.star.sheet.ConditionOperator import BETWEEN
    build_sales(sheet)
    annotations = sheet.getAnnotations()
    annotations.insertNew(sheet.getCellRangeByName("B2").getCellAddress(), "Estimated")
    annotations.insertNew(sheet.getCellRangeByName("A4").getCellAddress(), "New office")
    _pivot(calc, sheet, "A1:C4", "H1")
    quarter = sheet.getCellRangeByName("B2:B4")
    rule = quarter.getPropertyValue("Validation")
    rule.setPropertyValue("Type", WHOLE)
    rule.setOperator(BETWEEN)  # XSheetCondition: the operator and formulas are not properties
    rule.setFormula1("0")
    rule.setFormula2("100")
    quarter.setPropertyValue("Validation", rule)
    region = sheet.getCellRangeByName("A2:A4")
    choice = region.getPropertyValue("Validation")
    choice.setPropertyValue("Type", LIST)
    choice.setFormula1('"North";"South";"East"')
    region.setPropertyValue("Validation", choice)
    calc.getPropertyValue("NamedRanges").addNewByName("Quarters", "$Sheet1.$B$2:$C$4",
                                                      sheet.getCellRangeByName("A1").getCellAddress(), 0)
    sheet.getRows().getByIndex(2).setPropertyValue("IsVisible", False)
    sheet.getColumns().getByIndex(3).setPropertyValue("IsVisible", False)
    calc.getSheets().insertNewByName("Secret", 1)
    calc.getSheets().getByName("Secret").setPropertyValue("IsVisible", False)
    calc.getSheets().insertNewByName("Locked", 2)
    calc.getSheets().getByName("Locked").protect("")
    text = tool.ok("get_sheet_summary").content
    assert "the document has 3 sheet(s): Sheet1, Secret (hidden), Locked (protected)." in text
    assert "Cell comments: 2 (B2, A4); read them with cell_comments." in text
    assert "Pivot table 'ByRegion': output H1:" in text and "from Sheet1.A1:C4; rows: Region; values: sum of Q1" in text
    assert "Data validation on B2:B4: whole numbers between 0 and 100." in text
    assert "Data validation on A2:A4: one of North, South, East." in text
    assert "Named ranges: Quarters = $Sheet1.$B$2:$C$4." in text
    assert "Hidden or filtered-out rows: 3." in text and "Hidden columns: D." in text
    listed = tool.ok("cell_comments", action="list").content
    assert "2 cell comment(s) in sheet 'Sheet1':" in listed and "- B2 (" in listed and "): Estimated" in listed


def test_cell_comments_add_and_remove(tool, sheet):
    build_sales(sheet)
    assert "Added a comment to Sheet1.C3" in tool.ok("cell_comments", action="add", range="C3", text="Check this").content
    assert sheet.getCellRangeByName("C3").getAnnotation().getString() == "Check this"
    assert "already has a comment" in tool.fails("cell_comments", action="add", range="C3", text="Again")
    assert "one cell" in tool.fails("cell_comments", action="add", range="C3:C4", text="Two")
    assert "Removed 1 comment(s) in Sheet1.A1:E4." in tool.ok("cell_comments", action="remove", range="A1:E4").content
    assert sheet.getAnnotations().getCount() == 0
