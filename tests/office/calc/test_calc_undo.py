"""One undo step per turn: every Calc tool's change, charts, sort, filters and styles included, goes with one undo.

The turn's undo scope (ui/undo.py) opens a visible context for the first changing tool
and hidden ones for the rest; one ``undo()`` must then bring the whole document back.
"""
import json

from calc_sheet import differences, document_state, fill
from calc_driver import calc_tools

from marginalia.core.stream.message import ToolCall
from marginalia.core.agent.tools import ToolContext, ToolRegistry
from marginalia.ui.office.document_tools import DocumentTools
from marginalia.ui.office.undo import DocumentUndo

ORIGINAL = [["Product", "Units", "Price"], ["Tea", 12.0, 3.5], ["Cake", 4.0, 6.0], ["Pie", 9.0, 4.25],
            ["Jam", 1.0, 2.0]]


def build_original(doc):
    sheet = doc.getSheets().getByIndex(0)
    fill(sheet, "A1:C5", ORIGINAL)
    sheet.getCellRangeByName("A1:C1").setPropertyValue("CharWeight", 150.0)
    doc.getUndoManager().clear()
    return sheet


class Turn:
    """Runs tool calls the way a chat turn does: each changing tool inside the turn's undo scope."""

    def __init__(self, doc, ctx, request):
        self.runner = DocumentTools(ToolRegistry(calc_tools()), ToolContext(document=doc, app="calc", office=ctx))
        self.undo = DocumentUndo(doc)
        self.request = request

    def call(self, name, /, **args):
        call = ToolCall("c-%s" % name, name, json.dumps(args), 0)
        if self.runner.changes_document(name):
            outcome = self.undo.run(self.request, lambda: self.runner.run(call))
        else:
            outcome = self.runner.run(call)
        assert outcome.ok, outcome.content
        return outcome


def test_every_changing_tool_is_undone_by_one_undo(office, calc):
    build_original(calc)
    original = document_state(calc)
    turn = Turn(calc, office.ctx, "Make this a report")
    turn.call("get_sheet_summary")
    turn.call("write_range", range="D1", values=[["Revenue"], ["=B2*C2"], ["=B3*C3"], ["=B4*C4"], ["=B5*C5"]])
    turn.call("write_range", range="A7", values=[["Total", "=SUM(B2:B5)", None, "=SUM(D2:D5)"]])
    turn.call("format_range", range="D2:D7", number_format="currency", background_color="light green",
              borders="all", column_width=3)
    turn.call("format_range", range="A7:C7", merge=True, bold=True)
    turn.call("sort_range", range="A1:D5", keys=[{"column": "D", "descending": True}])
    turn.call("conditional_format", range="B2:B5", rule="greater", value=5, background_color="#FFC7CE",
              font_color="#9C0006")
    turn.call("conditional_format", range="C2:C5", rule="duplicate")
    turn.call("filter_range", range="A1:D5", autofilter=True,
              conditions=[{"column": "B", "operator": "greater", "value": 2}])
    turn.call("create_chart", data_range="A1:B5", type="bar", title="Units")
    turn.call("import_csv", csv="x,y\n1,2", cell="H1")
    turn.call("edit_rows_columns", action="insert_columns", at="A")
    turn.call("manage_sheet", action="create", name="Notes")
    turn.call("clear_range", range="J1:J2", what="all")
    changed = document_state(calc)
    for key in ("sheets", "styles", "autofilter"):
        assert changed[key] != original[key], key
    assert changed["Sheet1"]["charts"] and changed["Sheet1"]["conditional"]
    manager = calc.getUndoManager()
    assert manager.getAllUndoActionTitles() == ("Marginalia: Make this a report",)
    manager.undo()
    assert differences(original, document_state(calc)) == []
    manager.redo()
    # Redo brings everything back; only the chart's name differs: Calc re-inserts it as "Object 1"
    assert differences(changed, document_state(calc)) == ["/Sheet1/charts[0]: 'Chart 1' != 'Object 1'"]
    chart = calc.getSheets().getByName("Sheet1").getCharts().getByIndex(0)
    document = chart.getEmbeddedObject()
    assert document.getTitle().String == "Units" and document.getDiagram().Vertical
    assert chart.getRanges()[0].EndRow == 4


def test_a_failing_tool_inside_the_turn_changes_nothing_and_the_rest_still_undoes(office, calc):
    build_original(calc)
    original = document_state(calc)
    turn = Turn(calc, office.ctx, "Fix totals")
    turn.call("write_range", range="D2:D5", fill="=B2*C2")
    before_failure = document_state(calc)
    failing = ToolCall("c-bad", "write_range", json.dumps({"range": "E2", "values": [["=B2*", "=SUMM(1)"]]}), 0)
    outcome = turn.undo.run(turn.request, lambda: turn.runner.run(failing))
    assert not outcome.ok and "Nothing was written" in outcome.content
    assert differences(before_failure, document_state(calc)) == []
    calc.getUndoManager().undo()
    assert differences(original, document_state(calc)) == []
