"""sheet_view: freeze panes, hide/show, group/ungroup, optimal sizes; copy_range and fill_series (issue 34, point 4)."""
import pytest
from calc_sheet import fill, formulas, values
from sheet_tasks_support import open_corpus, turn

DATA = [["Item", "Qty", "Price", "Total"], ["Tea", 3.0, 2.5, None], ["Cake", 5.0, 4.0, None],
        ["Pie", 2.0, 6.5, None]]


@pytest.fixture
def table(calc, sheet):
    fill(sheet, "A1:D4", [[v if v is not None else "" for v in row] for row in DATA])
    sheet.getCellRangeByName("D2:D4").setFormulaArray((("=B2*C2",), ("=B3*C3",), ("=B4*C4",)))
    calc.getUndoManager().clear()
    return sheet


def _visible(sheet, rows=True, count=8):
    lines = sheet.getRows() if rows else sheet.getColumns()
    return [lines.getByIndex(i).IsVisible for i in range(count)]


def test_freeze_and_unfreeze_with_one_undo(office, calc, table):
    controller = calc.getCurrentController()
    outcome = turn(calc, office.ctx, "freeze", [("sheet_view", {"action": "freeze", "range": "B2"})])[0]
    assert controller.hasFrozenPanes() and (controller.getSplitColumn(), controller.getSplitRow()) == (1, 1)
    assert "row 1 and column A stay in view" in outcome.content
    calc.getUndoManager().undo()
    assert not controller.hasFrozenPanes()
    calc.getUndoManager().redo()
    assert controller.hasFrozenPanes()
    turn(calc, office.ctx, "unfreeze", [("sheet_view", {"action": "unfreeze"})])
    assert not controller.hasFrozenPanes()


def test_hide_show_and_optimal_width(tool, table):
    assert tool.ok("sheet_view", action="hide", range="2:3").content == "Hid rows 2-3 on 'Sheet1'."
    assert _visible(table)[:4] == [True, False, False, True]
    tool.ok("sheet_view", action="hide", range="C1:D1", lines="columns")
    assert _visible(table, rows=False)[:4] == [True, True, False, False]
    tool.ok("sheet_view", action="show", range="A1:D4", lines="rows")
    assert _visible(table)[:4] == [True] * 4
    table.getColumns().getByIndex(0).Width = 300
    tool.ok("sheet_view", action="optimal_width", range="A:A")
    assert table.getColumns().getByIndex(0).Width > 300 and table.getColumns().getByIndex(0).OptimalWidth


def test_group_then_one_undo_with_another_document_in_front(office, calc, table):
    """LibreOffice 7.4's own undo of a group crashes the office when another document is in front; ours does not."""
    turn(calc, office.ctx, "group", [("sheet_view", {"action": "group", "range": "2:4"}),
                                     ("sheet_view", {"action": "hide", "range": "2:4"})])
    writer = office.new_document("swriter")  # now in front
    try:
        calc.getUndoManager().undo()
        assert _visible(table)[:4] == [True] * 4
    finally:
        office.close_document(writer)
    calc.getCurrentController().getFrame().activate()  # Calc's own redo of hiding rows needs its view in front
    calc.getUndoManager().redo()
    assert _visible(table)[:4] == [True, False, False, False]


@pytest.mark.parametrize("arguments, refusal", [
    ({"action": "hide"}, "Give 'range'"),
    ({"action": "hide", "range": "B2:C3"}, "Say whether to hide rows or columns"),
    ({"action": "freeze", "range": "A1"}, "keeps nothing in view"),
    ({"action": "group", "range": "Nowhere.1:2"}, "no sheet named"),
])
def test_sheet_view_refusals_change_nothing(tool, table, arguments, refusal):
    before = (_visible(table), _visible(table, rows=False))
    assert refusal in tool.fails("sheet_view", **arguments)
    assert (_visible(table), _visible(table, rows=False)) == before


def test_protected_sheet_refuses_hiding(tool, table):
    table.protect("")
    assert "is protected" in tool.fails("sheet_view", action="hide", range="2:3")
    assert _visible(table)[:4] == [True] * 4


def test_copy_adjusts_formulas_and_moves_across_sheets(tool, calc, table):
    table.getCellRangeByName("D2").CellBackColor = 0xFFFF00
    outcome = tool.ok("copy_range", source="A1:D4", destination="F1")
    assert "relative references in formulas adjusted" in outcome.content
    assert formulas(table, "I2:I4") == [["=G2*H2"], ["=G3*H3"], ["=G4*H4"]]
    assert table.getCellRangeByName("I2").CellBackColor == 0xFFFF00
    calc.getSheets().insertNewByName("Summary", 1)
    tool.ok("copy_range", source="F1:I4", destination="Summary.B2", mode="move")
    summary = calc.getSheets().getByName("Summary")
    assert values(summary, "B2:E2") == [["Item", "Qty", "Price", "Total"]] and values(table, "F1:I4")[0] == [""] * 4
    assert formulas(summary, "E3:E3") == [["=C3*D3"]]


def test_copy_refuses_to_overwrite_data_unless_told(tool, table):
    before = values(table, "A1:E6")
    refusal = tool.fails("copy_range", source="A1:B2", destination="C3")
    assert "Sheet1.C3:D4 already holds data in 4 cell(s): C3 ('4'), D3 ('=B3*C3')" in refusal
    assert values(table, "A1:E6") == before
    tool.ok("copy_range", source="A1:B2", destination="C3", overwrite=True)
    assert values(table, "C3:D4") == [["Item", "Qty"], ["Tea", 3.0]]


def test_fill_series_like_the_fill_handle_and_with_a_step(tool, table):
    fill(table, "F1:G2", [["Mon", 1.0], ["", 3.0]])
    tool.ok("fill_series", range="F1:F7")
    tool.ok("fill_series", range="G1:G5")
    assert [row[0] for row in values(table, "F1:F7")] == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    assert [row[0] for row in values(table, "G1:G5")] == [1.0, 3.0, 5.0, 7.0, 9.0]
    table.getCellRangeByName("H1").setValue(45322)  # 2024-01-31
    outcome = tool.ok("fill_series", range="H1:H4", kind="date", date_unit="month")
    assert [row[0] for row in values(table, "H1:H4")] == [45322.0, 45351.0, 45382.0, 45412.0]
    assert "date series, step 1 month(s)" in outcome.content
    table.getCellRangeByName("J1").setValue(2)
    tool.ok("fill_series", range="J1:N1", kind="growth", step=3, direction="right", end_value=100)
    assert values(table, "J1:N1") == [[2.0, 6.0, 18.0, 54.0, ""]]


def test_fill_series_refusals(tool, table):
    before = values(table, "A1:E9")
    assert "already hold data (B2, B3, B4)" in tool.fails("fill_series", range="B1:B6", seed_cells=1)
    assert "is empty" in tool.fails("fill_series", range="E1:E5")
    assert "all are seed cells" in tool.fails("fill_series", range="A1:A4", seed_cells=4)
    assert values(table, "A1:E9") == before


def test_copy_and_fill_on_a_corpus_sheet_with_one_undo(office, tmp_path):
    doc = open_corpus(office, "xlsx2csv-test-file.xlsx", tmp_path)
    try:
        sheet = doc.getSheets().getByIndex(0)
        controller = doc.getCurrentController()
        before = values(sheet, "A1:J50"), controller.hasFrozenPanes()
        turn(doc, office.ctx, "Copy and number", [
            ("copy_range", {"source": "Sheet1.A1:C44", "destination": "Sheet1.E1"}),
            ("write_range", {"range": "Sheet1.I1", "values": [[1]]}),
            ("fill_series", {"range": "Sheet1.I1:I44"}),
            ("sheet_view", {"action": "freeze", "range": "Sheet1.A2"})])
        assert values(sheet, "E1:G44") == values(sheet, "A1:C44") and values(sheet, "I44:I44") == [[44.0]]
        assert doc.getUndoManager().getAllUndoActionTitles() == ("Marginalia: Copy and number",)
        doc.getUndoManager().undo()
        assert (values(sheet, "A1:J50"), controller.hasFrozenPanes()) == before
    finally:
        office.close_document(doc)
