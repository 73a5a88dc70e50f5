"""create_chart finished in one call: its three old bugs, data from separate ranges and series one by one, every
type, the look (labels, legend, axes, gridlines, trend lines, colours, markers), places, pivot charts, refusals,
one undo step, and documents written by others."""
import pytest

from calc_sheet import fill
from chart_reads import categories, chart_model, chart_shape, chart_types, open_corpus_copy, series, series_ranges
from test_calc_undo import Turn

WEEKS = [["Week", "Cost", "Profit"], ["W1", 3.0, 5.0], ["W2", 4.0, 7.0], ["W3", 4.0, 9.0], ["W4", 6.0, 12.0]]
REGIONS = [["Region", "Jan", "Feb", "Mar"], ["North", 10.0, 12.0, 15.0], ["South", 7.0, 9.0, 11.0]]


# --- the three bugs of issue 34 --------------------------------------------------------------------------

def test_labels_made_by_formulas_are_category_labels(tool, calc):
    calc.getSheets().insertNewByName("S2", 1)
    tool.ok("write_range", range="S2.D1", values=[["Week", "Profit"], ["=\"W1\"", 5], ["=\"W2\"", 7]])
    outcome = tool.ok("create_chart", data_range="S2.D1:E3")
    assert "with 1 series (Profit)" in outcome.content
    model = chart_model(calc.getSheets().getByName("S2"), "Chart 1")
    assert series_ranges(model) == [[("values-y", "$S2.$E$2:$E$3", "$S2.$E$1")]]
    assert categories(model) == "$S2.$D$2:$D$3"


def test_default_names_are_unique_in_the_whole_document(tool, calc, sheet):
    calc.getSheets().insertNewByName("S2", 1)
    fill(sheet, "A1:B3", [["x", "y"], ["a", 1.0], ["b", 2.0]])
    fill(calc.getSheets().getByName("S2"), "A1:B3", [["x", "y"], ["a", 3.0], ["b", 4.0]])
    assert "'Chart 1'" in tool.ok("create_chart", data_range="Sheet1.A1:B3").content
    assert "'Chart 2' of 'S2'.A1:B3" in tool.ok("create_chart", data_range="S2.A1:B3").content
    assert calc.getSheets().getByName("S2").getCharts().getElementNames() == ("Chart 2",)
    refusal = tool.fails("create_chart", data_range="S2.A1:B3", name="chart 1")
    assert "already has a chart or object named 'chart 1'" in refusal and "whole document" in refusal
    assert calc.getSheets().getByName("S2").getCharts().getCount() == 1


def test_series_in_rows_reads_each_header_flag_on_its_own_axis(tool, sheet):
    fill(sheet, "A1:C3", [["Jan", "Feb", "Mar"], [1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    outcome = tool.ok("create_chart", data_range="A1:C3", series_in_rows=True, first_row_is_header=True,
                      first_column_is_labels=False)
    assert "with 2 series (unnamed, unnamed)" in outcome.content
    model = chart_model(sheet, "Chart 1")
    assert series_ranges(model) == [[("values-y", "$Sheet1.$A$2:$C$2", "")], [("values-y", "$Sheet1.$A$3:$C$3", "")]]
    assert categories(model) == "$Sheet1.$A$1:$C$1"


def test_series_in_rows_with_names_in_the_first_column(tool, sheet):
    fill(sheet, "A1:D3", REGIONS)
    assert "with 2 series (North, South)" in tool.ok("create_chart", data_range="A1:D3", series_in_rows=True).content
    model = chart_model(sheet, "Chart 1")
    assert series_ranges(model) == [[("values-y", "$Sheet1.$B$2:$D$2", "$Sheet1.$A$2")],
                                    [("values-y", "$Sheet1.$B$3:$D$3", "$Sheet1.$A$3")]]
    assert categories(model) == "$Sheet1.$B$1:$D$1"


# --- data ------------------------------------------------------------------------------------------------

def test_separate_ranges_x_in_one_column_y_in_another(tool, sheet):
    fill(sheet, "A1:C5", WEEKS)
    outcome = tool.ok("create_chart", data_range="A1:A5, C1:C5", type="line")
    assert outcome.content.startswith("Created a line chart 'Chart 1' of Sheet1.A1:A5, Sheet1.C1:C5 at Sheet1.E1 "
                                      "with 1 series (Profit)")
    model = chart_model(sheet, "Chart 1")
    assert series_ranges(model) == [[("values-y", "$Sheet1.$C$2:$C$5", "$Sheet1.$C$1")]]
    assert categories(model) == "$Sheet1.$A$2:$A$5"


def test_series_given_one_by_one(tool, sheet):
    fill(sheet, "A1:D5", [["x", "y", "z", "size"], [1.0, 2.0, 5.0, 1.0], [2.0, 4.0, 6.0, 2.0], [3.0, 9.0, 4.0, 3.0],
                          [4.0, 16.0, 3.0, 4.0]])
    tool.ok("create_chart", type="scatter", series=[{"values": "B2:B5", "x": "A2:A5", "name": "B1"},
                                                    {"values": "C2:C5", "x": "A2:A5", "name": "C1"}])
    assert series_ranges(chart_model(sheet, "Chart 1")) == [
        [("values-x", "$Sheet1.$A$2:$A$5", ""), ("values-y", "$Sheet1.$B$2:$B$5", "$Sheet1.$B$1")],
        [("values-x", "$Sheet1.$A$2:$A$5", ""), ("values-y", "$Sheet1.$C$2:$C$5", "$Sheet1.$C$1")]]
    tool.ok("create_chart", type="bubble", series=[{"values": "B2:B5", "x": "A2:A5", "sizes": "D2:D5"}])
    assert series_ranges(chart_model(sheet, "Chart 2")) == [[
        ("values-x", "$Sheet1.$A$2:$A$5", ""), ("values-y", "$Sheet1.$B$2:$B$5", ""),
        ("values-size", "$Sheet1.$D$2:$D$5", "")]]
    tool.ok("create_chart", type="column_line", series=[{"values": "B2:B5", "x": "A2:A5"}, {"values": "C2:C5"}])
    model = chart_model(sheet, "Chart 3")
    assert chart_types(model) == ["ColumnChartType", "LineChartType"] and categories(model) == "$Sheet1.$A$2:$A$5"


def test_every_type(tool, sheet):
    fill(sheet, "A1:E5", [["Day", "Open", "Low", "High", "Close"], ["d1", 3.0, 2.0, 6.0, 5.0],
                          ["d2", 5.0, 4.0, 8.0, 7.0], ["d3", 7.0, 6.0, 10.0, 9.0], ["d4", 9.0, 6.0, 12.0, 8.0]])
    expected = {"column": "ColumnChartType", "bar": "ColumnChartType", "line": "LineChartType",
                "area": "AreaChartType", "pie": "PieChartType", "donut": "PieChartType",
                "scatter": "ScatterChartType", "radar": "NetChartType", "stock": "CandleStickChartType"}
    for number, (kind, chart_type) in enumerate(expected.items(), start=1):
        tool.ok("create_chart", data_range="A1:E5", type=kind)
        assert chart_types(chart_model(sheet, "Chart %d" % number)) == [chart_type], kind
    stock = chart_model(sheet, "Chart 9")
    assert [role for role, _, _ in series_ranges(stock)[0]] == ["values-first", "values-min", "values-max",
                                                                "values-last"]
    tool.ok("create_chart", data_range="A1:C5", type="bubble")
    assert chart_types(chart_model(sheet, "Chart 10")) == ["BubbleChartType"]
    tool.ok("create_chart", data_range="A1:E5", type="column_line", line_series=2)
    model = chart_model(sheet, "Chart 11")
    assert chart_types(model) == ["ColumnChartType", "LineChartType"]
    assert [len(t.getDataSeries()) for t in model.getFirstDiagram().getCoordinateSystems()[0].getChartTypes()] == [2, 2]
    tool.ok("create_chart", data_range="A1:E5", type="column", percent_stacked=True)
    diagram = chart_model(sheet, "Chart 12").getDiagram()
    assert diagram.Percent
    tool.ok("create_chart", data_range="B1:C5", type="scatter", lines=True, markers="none")
    assert chart_model(sheet, "Chart 13").getDiagram().Lines


# --- the look --------------------------------------------------------------------------------------------

def test_the_look_in_one_call(tool, office, sheet):
    fill(sheet, "A1:C5", WEEKS)
    outcome = tool.ok("create_chart", data_range="A1:C5", type="line", title="Weekly", legend_position="bottom",
                      data_labels=["value"], markers="square", colors=["red", "#00A933"],
                      y_axis={"min": 0, "max": 20, "step": 5, "gridlines": False, "logarithmic": False},
                      x_axis={"visible": False},
                      trendline={"kind": "linear", "show_equation": True, "show_r_squared": True, "series": [2]})
    assert "Ignored" not in outcome.content
    model = chart_model(sheet, "Chart 1")
    diagram = model.getDiagram()
    assert model.HasLegend and model.getLegend().Alignment.value == "BOTTOM"
    assert (diagram.getYAxis().Min, diagram.getYAxis().Max, diagram.getYAxis().StepMain) == (0.0, 20.0, 5.0)
    assert not diagram.HasYAxisGrid and not diagram.HasXAxis and diagram.HasYAxis
    cost, profit = series(model)
    assert cost.Label.ShowNumber and profit.Label.ShowNumber and not cost.Label.ShowNumberInPercent
    assert (cost.Color, profit.Color) == (0xFF0000, 0x00A933)
    assert cost.Symbol.Style.value == "STANDARD" and cost.Symbol.StandardSymbol == 0
    assert not cost.getRegressionCurves()
    curve = profit.getRegressionCurves()[0]
    assert curve.getImplementationName().endswith("LinearRegressionCurve")
    assert curve.getEquationProperties().ShowEquation and curve.getEquationProperties().ShowCorrelationCoefficient


def test_pie_with_percentages_slice_colours_and_what_it_ignores(tool, sheet):
    fill(sheet, "A1:B4", [["Region", "Sales"], ["North", 5.0], ["South", 3.0], ["West", 2.0]])
    outcome = tool.ok("create_chart", data_range="A1:B4", type="pie", data_labels=["percent", "category"],
                      colors=["red", "blue", "green", "black"], y_axis={"max": 10}, markers="circle")
    assert ("Ignored: y axis settings (a pie chart has no axes); 1 colour(s) beyond the 3 slices; markers (only "
            "line, scatter, radar and column_line charts have them).") in outcome.content
    pie = series(chart_model(sheet, "Chart 1"))[0]
    assert pie.Label.ShowNumberInPercent and pie.Label.ShowCategoryName and not pie.Label.ShowNumber
    assert [pie.getDataPointByIndex(i).Color for i in range(3)] == [0xFF0000, 0x0000FF, 0x008000]  # CSS colour names


def test_log_scale_and_axis_limits_of_a_scatter_x_axis(tool, sheet):
    fill(sheet, "A1:B5", [["x", "y"], [1.0, 10.0], [10.0, 100.0], [100.0, 1000.0], [1000.0, 10000.0]])
    tool.ok("create_chart", data_range="A1:B5", type="scatter", x_axis={"logarithmic": True, "min": 1},
            y_axis={"logarithmic": True, "max": "auto"})
    diagram = chart_model(sheet, "Chart 1").getDiagram()
    assert diagram.getXAxis().Logarithmic and diagram.getYAxis().Logarithmic
    assert diagram.getXAxis().Min == 1.0 and not diagram.getXAxis().AutoMin and diagram.getYAxis().AutoMax
    fill(sheet, "D1:E3", [["k", "v"], ["a", 1.0], ["b", 2.0]])
    outcome = tool.ok("create_chart", data_range="D1:E3", x_axis={"min": 1, "gridlines": True})
    assert "Ignored: x axis min, max, step and logarithmic (a column chart's x axis shows categories" in \
        outcome.content
    assert chart_model(sheet, "Chart 2").getDiagram().HasXAxisGrid


# --- places ----------------------------------------------------------------------------------------------

def test_a_chart_on_a_new_sheet_of_its_own(tool, calc, sheet):
    fill(sheet, "A1:C5", WEEKS)
    outcome = tool.ok("create_chart", data_range="A1:C5", new_sheet="Profit chart", title="Profit")
    assert "at 'Profit chart'.A1" in outcome.content
    own = calc.getSheets().getByName("Profit chart")
    assert own.getCharts().getElementNames() == ("Chart 1",) and sheet.getCharts().getCount() == 0
    size = chart_shape(own, "Chart 1").getSize()
    assert abs(size.Width - 25000) <= 2 and abs(size.Height - 15000) <= 2
    assert "already a sheet named 'Profit chart'" in tool.fails("create_chart", data_range="A1:C5",
                                                               new_sheet="profit chart")


def test_anchor_and_size(tool, sheet):
    fill(sheet, "A1:C5", WEEKS)
    tool.ok("create_chart", data_range="A1:C5", anchor="H10", width_cm=10, height_cm=6)
    shape = chart_shape(sheet, "Chart 1")
    cell = sheet.getCellRangeByName("H10").Position
    assert (shape.getPosition().X, shape.getPosition().Y) == (cell.X, cell.Y)
    assert abs(shape.getSize().Width - 10000) <= 2 and abs(shape.getSize().Height - 6000) <= 2


def test_a_pivot_chart(tool, calc, sheet):
    fill(sheet, "A1:C5", [["Region", "Product", "Units"], ["North", "Tea", 3.0], ["South", "Tea", 4.0],
                          ["North", "Cake", 5.0], ["South", "Cake", 6.0]])
    tool.ok("create_pivot_table", source="A1:C5", rows=["Region"], values=[{"field": "Units"}], target="E1",
            name="Units")
    outcome = tool.ok("create_chart", pivot_table="units", anchor="E10", title="Units per region")
    assert "of the pivot table 'Units' (Sheet1.E1:F4) at Sheet1.E10" in outcome.content
    assert sheet.getPivotCharts().getByName("Chart 1").getPivotTableName() == "Units"
    model = chart_model(sheet, "Chart 1")
    assert model.getTitle().String == "Units per region"
    assert model.getData().getRowDescriptions() == ("North", "South")
    assert "Chart 'Chart 1': column chart of the pivot table 'Units', titled \"Units per region\"." in \
        tool.ok("get_sheet_summary").content
    assert tool.ok("edit_pivot_table", action="delete").content.endswith(
        "The pivot chart(s) 'Chart 1' on Sheet1 showed it and are empty now (edit_chart with delete=true removes "
        "them).")
    assert "Chart 'Chart 1': column chart of the pivot table 'Units'" in tool.ok("get_sheet_summary").content


# --- refusals: nothing changes ---------------------------------------------------------------------------

@pytest.mark.parametrize("arguments, message", [
    ({"data_range": "A1:C5", "series": [{"values": "B2:B5"}]}, "one way: data_range"),
    ({}, "one way: data_range"),
    ({"data_range": "A1:C5", "type": "pie", "trendline": {"kind": "linear"}}, "cannot have trend lines"),
    ({"data_range": "A1:C5", "type": "pie", "stacked": True}, "cannot be stacked"),
    ({"data_range": "A1:C5", "type": "column", "lines": True}, "lines applies to line and scatter"),
    ({"data_range": "A1:C5", "colors": ["not a colour"]}, "colors:"),
    ({"data_range": "A1:C5", "y_axis": {"min": "low"}}, 'y_axis.min must be a number or "auto"'),
    ({"series": [{"values": "B2:B5", "name": "B1:C1"}]}, "name must be one cell"),
    ({"type": "bubble", "series": [{"values": "B2:B5"}]}, "needs sizes"),
    ({"type": "stock", "series": [{"values": "B2:B5"}]}, "use data_range"),
    ({"pivot_table": "None such"}, "no pivot table"),
    ({"data_range": "A1:C5", "new_sheet": "Bad/Name"}, "cannot be a sheet name"),
    ({"data_range": "A1:C5", "width_cm": 60}, "width_cm"),
])
def test_refusals_change_nothing(tool, calc, sheet, arguments, message):
    fill(sheet, "A1:C5", WEEKS)
    assert message in tool.fails("create_chart", **arguments)
    assert sum(calc.getSheets().getByIndex(i).getDrawPage().getCount() for i in range(calc.getSheets().getCount())) == 0
    assert calc.getSheets().getCount() == 1


# --- one undo step ---------------------------------------------------------------------------------------

def test_one_undo_takes_the_chart_and_its_new_sheet_back(office, calc, sheet):
    fill(sheet, "A1:C5", WEEKS)
    calc.getUndoManager().clear()
    turn = Turn(calc, office.ctx, "Chart the profit on its own sheet")
    turn.call("create_chart", data_range="A1:C5", type="line", new_sheet="Chart", title="Profit",
              data_labels=["value"], trendline={"kind": "exponential"}, legend_position="top")
    turn.call("create_chart", data_range="A1:A5,C1:C5", anchor="E1", colors=["red"])
    assert calc.getSheets().getCount() == 2 and sheet.getCharts().getCount() == 1
    calc.getUndoManager().undo()
    assert calc.getSheets().getElementNames() == ("Sheet1",) and sheet.getDrawPage().getCount() == 0
    assert not calc.getUndoManager().isUndoPossible()


# --- documents written by others -------------------------------------------------------------------------

def test_a_chart_of_a_corpus_sheet(office, tmp_path):
    from calc_driver import ToolDriver
    document = open_corpus_copy(office, "xlsx-populate-chart.xlsx", tmp_path)
    try:
        tool = ToolDriver(document, office.ctx)
        outcome = tool.ok("create_chart", data_range="B2:C7", type="scatter", trendline={"kind": "linear"},
                          title="Clicks and impressions", anchor="F20")
        assert "with 1 series (Impressions)" in outcome.content
        sheet = document.getSheets().getByIndex(0)
        names = sheet.getCharts().getElementNames()
        assert names == ("Object 1", "Chart 1")
        model = chart_model(sheet, "Chart 1")
        assert series_ranges(model) == [[("values-x", "$ClickThroughRateSheet.$B$3:$B$7",
                                          "$ClickThroughRateSheet.$B$2"),
                                         ("values-y", "$ClickThroughRateSheet.$C$3:$C$7",
                                          "$ClickThroughRateSheet.$C$2")]]
        assert series(model)[0].getRegressionCurves()
    finally:
        office.close_document(document)
