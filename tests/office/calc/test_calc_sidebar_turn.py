"""A whole assistant turn in Calc from the real sidebar: read → write formulas → format → chart, one undo back.

The tools run inside the office (the installed extension), driven by a scripted
OpenAI-compatible server, exactly as with a real model.
"""

from calc_sheet import differences, document_state, fill, values

from support.panel import Panel
from support.scripted_server import text_stream_reply
from support.scripted_turns import CHAT, tool_round, tool_results

from marginalia.ui.office.undo import step_title

REQUEST = "Add revenue and totals, format the table and chart the units"
DATA = [["Product", "Units", "Price"], ["Tea", 12.0, 3.5], ["Cake", 4.0, 6.0], ["Pie", 9.0, 4.25]]








def test_read_write_format_chart_turn_then_one_undo(endpoint, calc):
    sheet = calc.getSheets().getByIndex(0)
    fill(sheet, "A1:C4", DATA)
    calc.getUndoManager().clear()
    original = document_state(calc)
    endpoint.enqueue(
        tool_round(("get_sheet_summary", {})),
        tool_round(("write_range", {"range": "D1", "values": [["Revenue"], ["=B2*C2"], ["=B3*C3"], ["=B4*C4"]]}),
                   ("write_range", {"range": "A5:D5", "values": [["Total", "=SUM(B2:B4)", None, "=SUM(D2:D4)"]]})),
        tool_round(("format_range", {"range": "A1:D1", "bold": True, "background_color": "light blue"}),
                   ("format_range", {"range": "C2:D5", "number_format": "#,##0.00"}),
                   ("create_chart", {"data_range": "A1:B4", "type": "column", "title": "Units sold",
                                     "anchor": "F2"})),
        text_stream_reply(["Added revenue, totals, formatting and a chart."]), path=CHAT)
    panel = Panel(calc).open()
    panel.send(REQUEST)
    panel.wait_idle(timeout=40)

    assert values(sheet, "A1:D5") == [["Product", "Units", "Price", "Revenue"], ["Tea", 12.0, 3.5, 42.0],
                                      ["Cake", 4.0, 6.0, 24.0], ["Pie", 9.0, 4.25, 38.25],
                                      ["Total", 25.0, "", 104.25]]
    assert sheet.getCellRangeByName("D5").getString() == "104.25"
    assert sheet.getCellRangeByName("B1").CharWeight == 150.0
    assert sheet.getCellRangeByName("D2").getString() == "42.00"
    chart = sheet.getCharts().getByIndex(0)
    area = chart.getRanges()[0]
    assert (area.StartColumn, area.StartRow, area.EndColumn, area.EndRow) == (0, 0, 1, 3)
    assert chart.getEmbeddedObject().getTitle().String == "Units sold"

    requests = endpoint.chat_requests()
    assert len(requests) == 4
    summary = tool_results(requests[1])["call_0_get_sheet_summary"]
    assert "Used area: A1:C4" in summary and '- B "Units": number' in summary
    written = tool_results(requests[2])
    assert written["call_0_write_range"].startswith("Wrote 4 cells to Sheet1.D1:D4")
    assert "Created a column chart" in tool_results(requests[3])["call_2_create_chart"]
    transcript = panel.transcript()
    assert "Wrote 4 cells in Sheet1.D1:D4" in transcript and "Created a column chart of Sheet1.A1:B4" in transcript
    assert transcript.endswith("Added revenue, totals, formatting and a chart.")

    manager = calc.getUndoManager()
    assert manager.getAllUndoActionTitles() == (step_title(REQUEST),)
    manager.undo()
    assert differences(original, document_state(calc)) == []


def test_sort_filter_highlight_turn_runs_inside_the_office_and_undoes_in_one_step(endpoint, calc):
    """The tools that open a scratch document, dispatch a command or add their own undo step, run in-office."""
    sheet = calc.getSheets().getByIndex(0)
    fill(sheet, "A1:C4", DATA)
    sheet.getCellRangeByName("D2").setFormula("=B2/0")
    calc.getUndoManager().clear()
    original = document_state(calc)
    endpoint.enqueue(
        tool_round(("find_formula_errors", {}),
                   ("sort_range", {"range": "A1:C4", "keys": [{"column": "B", "descending": True}]}),
                   ("filter_range", {"range": "A1:C4", "autofilter": True,
                                     "conditions": [{"column": "C", "operator": "less", "value": 5}]}),
                   ("conditional_format", {"range": "A2:C4", "rule": "formula", "value": "=$B2>5",
                                           "background_color": "#C6EFCE", "font_color": "#006100"})),
        text_stream_reply(["Sorted, filtered and highlighted."]), path=CHAT)
    panel = Panel(calc).open()
    panel.send("Sort by units, show cheap items, highlight big sellers")
    panel.wait_idle(timeout=40)

    results = tool_results(endpoint.chat_requests()[1])
    assert "- Sheet1.D2: =B2/0 → #DIV/0!" in results["call_0_find_formula_errors"]
    assert results["call_1_sort_range"].startswith("Sorted Sheet1.A1:C4 by B descending")
    assert "AutoFilter buttons are on Sheet1.A1:C4" in results["call_2_filter_range"]
    assert "2 of 3 rows match" in results["call_2_filter_range"]
    assert results["call_3_conditional_format"].startswith("Cells of Sheet1.A2:C4 where =$B2>5 is true now show")
    assert values(sheet, "A1:A4") == [["Product"], ["Tea"], ["Pie"], ["Cake"]]
    assert [sheet.getRows().getByIndex(r).IsVisible for r in range(4)] == [True, True, True, False]
    assert calc.getPropertyValue("UnnamedDatabaseRanges").getByTable(0).AutoFilter
    style = sheet.getCellRangeByName("A2").ConditionalFormat.getByIndex(0).getStyleName()
    assert calc.getStyleFamilies().getByName("CellStyles").getByName(style).CellBackColor == 0xC6EFCE

    calc.getUndoManager().undo()
    assert differences(original, document_state(calc)) == []
