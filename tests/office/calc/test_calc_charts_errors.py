"""create_chart (the chart exists with the right data) and find_formula_errors (explanations with precedents)."""
from calc_sheet import fill

SALES = [["Month", "North", "South"], ["Jan", 10.0, 7.0], ["Feb", 12.0, 9.0], ["Mar", 15.0, 11.0]]


def series_ranges(chart_document):
    """The source ranges of each series' values, through the chart2 API."""
    diagram = chart_document.getFirstDiagram()
    ranges = []
    for chart_type in diagram.getCoordinateSystems()[0].getChartTypes():
        for series in chart_type.getDataSeries():
            for sequence in series.getDataSequences():
                role = sequence.getValues().getPropertyValue("Role")
                ranges.append((role, sequence.getValues().getSourceRangeRepresentation(),
                               sequence.getLabel().getSourceRangeRepresentation() if sequence.getLabel() else ""))
    return ranges


def test_column_chart_with_titles_and_detected_labels(tool, sheet):
    fill(sheet, "A1:C4", SALES)
    outcome = tool.ok("create_chart", data_range="A1:C4", title="Sales", x_axis_title="Month",
                      y_axis_title="Units")
    assert outcome.content == ("Created a column chart 'Chart 1' of Sheet1.A1:C4 at Sheet1.E1 with 2 series "
                               "(North, South), titled \"Sales\".")
    chart = sheet.getCharts().getByName("Chart 1")
    address = chart.getRanges()[0]
    assert (address.StartColumn, address.StartRow, address.EndColumn, address.EndRow) == (0, 0, 2, 3)
    document = chart.getEmbeddedObject()
    assert document.getDiagram().getDiagramType() == "com.sun.star.chart.BarDiagram"
    assert not document.getDiagram().Vertical
    assert document.getTitle().String == "Sales"
    assert document.getDiagram().XAxisTitle.String == "Month" and document.getDiagram().YAxisTitle.String == "Units"
    assert series_ranges(document) == [("values-y", "$Sheet1.$B$2:$B$4", "$Sheet1.$B$1"),
                                       ("values-y", "$Sheet1.$C$2:$C$4", "$Sheet1.$C$1")]
    assert document.getData().getRowDescriptions() == ("Jan", "Feb", "Mar")
    position = chart.getEmbeddedObject() and sheet.getDrawPage().getByIndex(0).getPosition()
    assert abs(position.X - sheet.getCellRangeByName("E1").Position.X) < 5
    assert "Chart 'Chart 1': column chart of A1:C4, titled \"Sales\"." in tool.ok("get_sheet_summary").content


def test_other_chart_types_and_placement_on_another_sheet(tool, calc, sheet):
    fill(sheet, "A1:C4", SALES)
    calc.getSheets().insertNewByName("Charts", 1)
    tool.ok("create_chart", data_range="A1:C4", type="line", anchor="Charts.B2", name="Trend", legend=False)
    trend = calc.getSheets().getByName("Charts").getCharts().getByName("Trend").getEmbeddedObject()
    assert trend.getDiagram().getDiagramType() == "com.sun.star.chart.LineDiagram" and not trend.HasLegend
    tool.ok("create_chart", data_range="A1:B4", type="pie")
    pie = sheet.getCharts().getByName("Chart 1").getEmbeddedObject()
    assert pie.getDiagram().getDiagramType() == "com.sun.star.chart.PieDiagram"
    tool.ok("create_chart", data_range="A1:C4", type="bar", stacked=True)
    bar = sheet.getCharts().getByName("Chart 2").getEmbeddedObject().getDiagram()
    assert bar.Vertical and bar.Stacked


def test_scatter_uses_the_first_column_as_x_values(tool, sheet):
    fill(sheet, "A1:B4", [["x", "y"], [1.0, 2.0], [2.0, 4.0], [3.0, 9.0]])
    tool.ok("create_chart", data_range="A1:B4", type="scatter")
    document = sheet.getCharts().getByName("Chart 1").getEmbeddedObject()
    roles = series_ranges(document)
    assert ("values-x", "$Sheet1.$A$2:$A$4", "$Sheet1.$A$1") in roles
    assert ("values-y", "$Sheet1.$B$2:$B$4", "$Sheet1.$B$1") in roles


def test_chart_refusals(tool, sheet):
    fill(sheet, "A1:B2", [["a", "b"], ["c", "d"]])
    assert "holds no numbers" in tool.fails("create_chart", data_range="A1:B2")
    assert "several cells" in tool.fails("create_chart", data_range="A1")
    fill(sheet, "A1:C4", SALES)
    tool.ok("create_chart", data_range="A1:C4", name="One")
    assert "already has a chart or object named 'One'" in tool.fails("create_chart", data_range="A1:C4", name="One")
    sheet.protect("")
    try:
        assert "protected" in tool.fails("create_chart", data_range="A1:C4")
    finally:
        sheet.unprotect("")
    assert sheet.getCharts().getElementNames() == ("One",)


def test_find_formula_errors_explains_causes_and_precedents(tool, calc, sheet):
    fill(sheet, "A1:C3", [["Total", "Count", "Average"], [10.0, 0.0, ""], [5.0, "", ""]])
    sheet.getCellRangeByName("C2:C3").setFormulaArray((("=A2/B2",), ("=A3/B3",)))
    sheet.getCellRangeByName("D2").setFormula("=C2*2")
    sheet.getCellRangeByName("E2").setFormula("=SUMM(A2)")
    sheet.getCellRangeByName("F2").setFormula("=VLOOKUP(99;A2:B3;2;0)")
    sheet.getCellRangeByName("G2").setFormula("=A2+1")
    text = tool.ok("find_formula_errors").content
    assert text.startswith("5 formula(s) show an error in Sheet1.A1:G3:")
    assert "- Sheet1.C2: =A2/B2 → #DIV/0! (division by zero" in text
    assert "B2 is 0 or empty. It uses: A2 = 10; B2 = 0." in text
    assert "B3 is 0 or empty. It uses: A3 = 5; B3 = empty." in text
    assert "- Sheet1.D2: =C2*2 → #DIV/0!, passed on from C2 (#DIV/0!)." in text
    assert "- Sheet1.E2: =summ(A2) → #NAME? (unknown name" in text  # Calc lower-cases unknown names
    assert "Calc has no function named SUMM." in text
    assert "- Sheet1.F2: =VLOOKUP(99,A2:B3,2,0) → #N/A" in text
    assert "G2" not in text
    assert "No formula shows an error in Sheet1.G1:G5." == tool.ok("find_formula_errors", range="G1:G5").content


def test_named_ranges_count_as_precedents(tool, calc, sheet):
    from com.sun.star.table import CellAddress
    calc.getPropertyValue("NamedRanges").addNewByName("Divisor", "$Sheet1.$B$1", CellAddress(0, 0, 0), 0)
    fill(sheet, "A1:B1", [[6.0, 0.0]])
    sheet.getCellRangeByName("C1").setFormula("=A1/Divisor")
    text = tool.ok("find_formula_errors").content
    assert "- Sheet1.C1: =A1/Divisor → #DIV/0!" in text and "It uses: A1 = 6; B1 = 0." in text


def test_find_formula_errors_on_every_sheet(tool, calc, sheet):
    calc.getSheets().insertNewByName("Other", 1)
    other = calc.getSheets().getByName("Other")
    other.getCellRangeByName("A1").setFormula("=Sheet1.A1/0")
    sheet.getCellRangeByName("A1").setValue(4)
    assert "No formula shows an error" in tool.ok("find_formula_errors").content
    text = tool.ok("find_formula_errors", all_sheets=True).content
    assert "- Other.A1: =Sheet1.A1/0 → #DIV/0!" in text and "It uses: Sheet1.A1 = 4." in text


def test_errors_from_big_ranges_and_deleted_references(tool, sheet):
    fill(sheet, "A1:A10", [[float(i)] for i in range(10)])
    sheet.getCellRangeByName("A5").setFormula("=1/0")
    sheet.getCellRangeByName("B1").setFormula("=SUM(A1:A10)")
    sheet.getCellRangeByName("C1").setFormula("=E1*2")
    sheet.getColumns().removeByIndex(4, 1)  # column E goes: C1 now refers to a deleted cell
    text = tool.ok("find_formula_errors").content
    assert "- Sheet1.B1: =SUM(A1:A10) → #DIV/0!, passed on from A1:A10 (error in A5)." in text
    assert "- Sheet1.C1: =#REF!1*2 → #REF! (invalid reference" in text and "were deleted." in text
    assert "E1" not in text
    assert "- Sheet1.A5: =1/0 → #DIV/0!" in text
