"""edit_chart: changes found by name or number, what its answer says, refusals, one undo step (and its redo) that
puts back what LibreOffice itself does not record, deletion, and charts of documents written by others."""
import pytest

from calc_sheet import fill
from chart_reads import categories, chart_model, chart_shape, chart_types, open_corpus_copy, series, series_ranges
from test_calc_undo import Turn

WEEKS = [["Week", "Cost", "Profit"], ["W1", 3.0, 5.0], ["W2", 4.0, 7.0], ["W3", 4.0, 9.0], ["W4", 6.0, 12.0]]


@pytest.fixture
def weeks_chart(tool, calc, sheet):
    """A column chart 'Weekly' of A1:C5 (Cost, Profit), the undo stack empty."""
    fill(sheet, "A1:C5", WEEKS)
    tool.ok("create_chart", data_range="A1:C5", name="Weekly", title="Weeks", anchor="E1")
    calc.getUndoManager().clear()
    return chart_model(sheet, "Weekly")


def look(model, sheet):
    """What the tests change, read back."""
    diagram = model.getDiagram()
    items = series(model)
    shape = chart_shape(sheet, "Weekly")
    return {"type": diagram.getDiagramType(), "vertical": diagram.Vertical if "Bar" in diagram.getDiagramType()
            else None, "title": model.getTitle().String if model.HasMainTitle else None,
            "legend": (model.HasLegend, model.getLegend().Alignment.value if model.HasLegend else None),
            "y": (diagram.getYAxis().AutoMax, diagram.getYAxis().Max, diagram.HasYAxisGrid),
            "labels": [item.Label.ShowNumber for item in items], "colors": [item.Color for item in items],
            "curves": [len(item.getRegressionCurves()) for item in items], "ranges": series_ranges(model),
            "categories": categories(model), "place": (shape.getPosition().X, shape.getPosition().Y,
                                                       shape.getSize().Width)}


def test_changes_by_name_and_what_the_answer_says(tool, sheet, weeks_chart):
    outcome = tool.ok("edit_chart", chart="weekly", title="Cost and profit", legend_position="bottom",
                      y_axis={"max": 20, "gridlines": False}, data_labels=["value"], colors=["red"])
    assert outcome.content == (
        "Changed the column chart 'Weekly' on Sheet1: title \"Cost and profit\", legend position \"bottom\", y axis "
        "(max 20), data labels value, colors red. Its series: Cost, Profit.")
    state = look(weeks_chart, sheet)
    assert state["title"] == "Cost and profit" and state["legend"] == (True, "BOTTOM")
    assert state["y"] == (False, 20.0, False) and state["labels"] == [True, True]
    assert state["colors"][0] == 0xFF0000


def test_the_only_chart_by_default_by_number_and_a_new_type(tool, sheet, weeks_chart):
    outcome = tool.ok("edit_chart", type="line", markers="diamond", stacked=True)
    assert outcome.content.startswith("Changed the line chart 'Weekly' on Sheet1: type line, stacking stacked")
    model = chart_model(sheet, "Weekly")
    assert chart_types(model) == ["LineChartType"] and model.getDiagram().Stacked
    assert [item.Symbol.StandardSymbol for item in series(model)] == [1, 1]
    assert series_ranges(model) == [[("values-y", "$Sheet1.$B$2:$B$5", "$Sheet1.$B$1")],
                                    [("values-y", "$Sheet1.$C$2:$C$5", "$Sheet1.$C$1")]]
    tool.ok("edit_chart", chart=1, type="bar")
    assert chart_model(sheet, "Weekly").getDiagram().Vertical


def test_new_data_move_and_resize(tool, sheet, weeks_chart):
    tool.ok("edit_chart", chart="Weekly", data_range="A1:A5,C1:C5", anchor="H10", width_cm=12)
    model = chart_model(sheet, "Weekly")
    assert series_ranges(model) == [[("values-y", "$Sheet1.$C$2:$C$5", "$Sheet1.$C$1")]]
    assert categories(model) == "$Sheet1.$A$2:$A$5"
    shape = chart_shape(sheet, "Weekly")
    cell = sheet.getCellRangeByName("H10").Position
    assert (shape.getPosition().X, shape.getPosition().Y) == (cell.X, cell.Y)
    assert abs(shape.getSize().Width - 12000) <= 2


def test_one_undo_puts_everything_back_and_redo_does_it_again(office, calc, sheet, weeks_chart):
    before = look(weeks_chart, sheet)
    turn = Turn(calc, office.ctx, "Make the chart nicer")
    turn.call("edit_chart", chart="Weekly", type="bar", title="", legend_position="top", y_axis={"max": 30},
              data_labels=["value"], colors=["green", "black"], trendline={"kind": "linear", "show_equation": True})
    turn.call("edit_chart", chart="Weekly", data_range="A1:B5", anchor="A10", width_cm=8)
    after = look(chart_model(sheet, "Weekly"), sheet)
    assert after != before and after["vertical"] and after["ranges"] == [
        [("values-y", "$Sheet1.$B$2:$B$5", "$Sheet1.$B$1")]]
    manager = calc.getUndoManager()
    assert manager.getAllUndoActionTitles() == ("Marginalia: Make the chart nicer",)
    manager.undo()
    assert look(chart_model(sheet, "Weekly"), sheet) == before
    manager.redo()
    assert look(chart_model(sheet, "Weekly"), sheet) == after
    manager.undo()
    assert look(chart_model(sheet, "Weekly"), sheet) == before


def test_delete_and_its_undo(office, calc, sheet, weeks_chart):
    turn = Turn(calc, office.ctx, "Remove the chart")
    assert turn.call("edit_chart", chart="Weekly", delete=True).content == "Deleted the chart 'Weekly' on Sheet1."
    assert sheet.getCharts().getCount() == 0
    calc.getUndoManager().undo()
    assert sheet.getCharts().getCount() == 1  # LibreOffice's own undo brings it back (under a name of its own)


@pytest.mark.parametrize("arguments, message", [
    ({"chart": "Nope", "title": "x"}, "There is no chart named 'Nope'. The charts are: 1. 'Weekly' on Sheet1."),
    ({"chart": 2, "title": "x"}, "There is no chart number 2"),
    ({"chart": "Weekly"}, "Say what to change"),
    ({"chart": "Weekly", "series_in_rows": True}, "give data_range with them"),
    ({"chart": "Weekly", "anchor": "Other.A1"}, "a chart moves within its sheet"),
    ({"chart": "Weekly", "type": "pie", "trendline": {"kind": "linear"}}, "cannot have trend lines"),
    ({"chart": "Weekly", "type": "pie", "stacked": True}, "cannot be stacked"),
    ({"chart": "Weekly", "colors": ["nonsense"]}, "colors:"),
    ({"chart": "Weekly", "data_range": "A1:C5", "series": [{"values": "B2:B5"}]}, "not both"),
])
def test_refusals_change_nothing(tool, calc, sheet, weeks_chart, arguments, message):
    calc.getSheets().insertNewByName("Other", 1)
    before = look(weeks_chart, sheet)
    assert message in tool.fails("edit_chart", **arguments)
    assert look(chart_model(sheet, "Weekly"), sheet) == before


def test_which_chart_when_there_are_several_or_none(tool, calc, sheet):
    assert "The document has no chart" in tool.fails("edit_chart", title="x")
    fill(sheet, "A1:C5", WEEKS)
    tool.ok("create_chart", data_range="A1:C5")
    tool.ok("create_chart", data_range="A1:B5")
    assert "The document has 2 charts: 1. 'Chart 1' on Sheet1; 2. 'Chart 2' on Sheet1. Say which one" in \
        tool.fails("edit_chart", title="x")


def test_charts_of_documents_written_by_others(office, tmp_path):
    from calc_driver import ToolDriver
    document = open_corpus_copy(office, "xlsx-populate-chart.xlsx", tmp_path)
    try:
        outcome = ToolDriver(document, office.ctx).ok("edit_chart", title="Checked", legend_position="left",
                                                      type="line")
        assert outcome.content.startswith("Changed the line chart 'Object 1'")
        model = chart_model(document.getSheets().getByIndex(0), "Object 1")
        assert model.getTitle().String == "Checked" and model.getLegend().Alignment.value == "LEFT"
        assert chart_types(model) == ["LineChartType"]
    finally:
        office.close_document(document)
    document = open_corpus_copy(office, "lo-sdk-addin-chart.ods", tmp_path)
    try:
        tool = ToolDriver(document, office.ctx)
        outcome = tool.ok("edit_chart", title="Checked", legend_position="left")
        assert outcome.content.endswith("Ignored: legend_position (the chart is drawn by an add-in: only its titles "
                                        "can change). Its series: none.")
        model = chart_model(document.getSheets().getByIndex(0), "Object 2")
        assert model.getTitle().String == "Checked"
        assert "drawn by an add-in: its type and data cannot be changed" in tool.fails("edit_chart", type="line")
    finally:
        office.close_document(document)
