"""data_validation, named_ranges, protect_sheet and the new conditional_format rules (issue 34, points 4 and 5),
on built sheets and corpus documents, with one undo per turn and the xlsx round trip."""
import pytest
from calc_sheet import fill, values
from sheet_tasks_support import open_corpus, reopened_as_xlsx, turn, xlsx_part

SCORES = [["Name", "Score"], ["Ann", 12.0], ["Bob", 30.0], ["Cid", 7.0], ["Dee", 30.0], ["Eve", 18.0]]


@pytest.fixture
def scores(calc, sheet):
    fill(sheet, "A1:B6", SCORES)
    calc.getUndoManager().clear()
    return sheet


def _validation(sheet, address):
    rule = sheet.getCellRangeByName(address).Validation
    return (rule.Type.value, rule.getOperator().value, rule.getFormula1(), rule.getFormula2(),
            rule.ErrorMessage, rule.InputMessage, rule.ErrorAlertStyle.value)


def test_list_whole_and_date_validation_with_messages(tool, scores):
    outcome = tool.ok("data_validation", range="C2:C6", allow="list", items=["Open", "Done"],
                      input_message="Pick a status")
    assert outcome.content == ("Cells of Sheet1.C2:C6 now accept only one of Open, Done (drop-down list) (an input "
                               "help, a refusal on a wrong value).")
    assert _validation(scores, "C4")[:3] == ("LIST", "NONE", '"Open";"Done"')
    tool.ok("data_validation", range="B2:B6", allow="whole", value=0, value2=100, error_message="0 to 100",
            error_style="warning")
    assert _validation(scores, "B2") == ("WHOLE", "BETWEEN", "0", "100", "0 to 100", "", "WARNING")
    tool.ok("data_validation", range="D2:D6", allow="date", operator="greater_equal", value="2024-01-01")
    assert _validation(scores, "D2")[:3] == ("DATE", "GREATER_EQUAL", 'DATEVALUE("2024-01-01")')
    tool.ok("data_validation", range="E2:E6", allow="list", source="A2:A6")
    assert _validation(scores, "E2")[2] == "$Sheet1.$A$2:$A$6"
    assert tool.ok("data_validation", range="B2:B6", allow="none").content.startswith("Removed")
    assert _validation(scores, "B2")[0] == "ANY"


@pytest.mark.parametrize("arguments, refusal", [
    ({"allow": "list"}, "either 'items'"),
    ({"allow": "list", "items": ["a"], "source": "A1:A2"}, "either 'items'"),
    ({"allow": "whole"}, "needs 'value'"),
    ({"allow": "decimal", "value": 1}, "needs 'value2'"),
    ({"allow": "decimal", "value": "lots", "operator": "greater"}, "is not a number"),
])
def test_validation_refusals_change_nothing(tool, scores, arguments, refusal):
    before = _validation(scores, "B3")
    assert refusal in tool.fails("data_validation", range="B2:B6", **arguments)
    assert _validation(scores, "B3") == before


def test_validation_survives_xlsx(tool, calc, scores, office, tmp_path):
    tool.ok("data_validation", range="C2:C6", allow="list", items=["Open", "Done"], error_message="Pick one")
    tool.ok("data_validation", range="B2:B6", allow="decimal", operator="less", value=50)
    saved = reopened_as_xlsx(office, calc, tmp_path)
    try:
        sheet = saved.getSheets().getByIndex(0)
        assert _validation(sheet, "C3")[0::2][:2] == ("LIST", '"Open";"Done"')  # read back with operator EQUAL
        assert _validation(sheet, "C3")[4] == "Pick one"
        assert _validation(sheet, "B3")[:3] == ("DECIMAL", "LESS", "50")
    finally:
        office.close_document(saved)


def test_named_ranges_create_list_delete(tool, calc, scores):
    tool.ok("named_ranges", action="create", name="Scores", range="B2:B6")
    tool.ok("named_ranges", action="create", name="Bonus", formula="=0.1")
    tool.ok("write_range", range="D1", values=[["=SUM(Scores)*(1+Bonus)"]])
    assert values(scores, "D1:D1") == [[pytest.approx(106.7)]]
    assert tool.ok("named_ranges", action="list").content == (
        "Named ranges: Bonus = 0.1; Scores = $Sheet1.$B$2:$B$6.")
    assert "already a named range 'Scores'" in tool.fails("named_ranges", action="create", name="scores",
                                                          range="A1")
    assert "cannot be a name" in tool.fails("named_ranges", action="create", name="B2", range="A1")
    assert "no named range 'Nope'" in tool.fails("named_ranges", action="delete", name="Nope")
    tool.ok("named_ranges", action="delete", name="bonus")
    assert calc.NamedRanges.getElementNames() == ("Scores",)


def test_protect_and_unprotect_with_a_password_that_is_never_logged(office, tool, scores):
    from support.office_fixtures import marginalia_log
    assert tool.ok("protect_sheet", action="protect", password="Tr0ub4dor").content == (
        "Protected the sheet 'Sheet1' with the password given.")
    assert scores.isProtected()
    assert "is protected" in tool.fails("write_range", range="A1", values=[["x"]])
    assert "the one given is wrong" in tool.fails("protect_sheet", action="unprotect", password="guess")
    assert "none was given" in tool.fails("protect_sheet", action="unprotect")
    assert scores.isProtected()
    tool.ok("protect_sheet", action="unprotect", password="Tr0ub4dor")
    assert not scores.isProtected()
    assert "not protected" in tool.fails("protect_sheet", action="unprotect")
    assert "Tr0ub4dor" not in marginalia_log(office)


def test_top_n_above_average_and_duplicates_in_exact_colours(tool, calc, scores):
    outcome = tool.ok("conditional_format", range="B2:B6", rule="top_n", value=2, background_color="#C6EFCE",
                      font_color="#006100")
    assert outcome.content == ("Cells of Sheet1.B2:B6 where the value is among the highest 2 of the range now show "
                               "fill #C6EFCE, text #006100.")
    tool.ok("conditional_format", range="B2:B6", rule="below_average", background_color="#FFEB9C")
    tool.ok("conditional_format", range="B2:B6", rule="duplicate", bold=True, font_color="#9C0006")
    listed = tool.ok("conditional_format", range="B4", rule="list").content
    assert "formula =AND(ISNUMBER(B2),B2>=LARGE($B$2:$B$6,MIN(2,COUNT($B$2:$B$6))))" in listed
    assert "(fill #C6EFCE, text #006100)" in listed and "duplicate → style" in listed
    styles = calc.getStyleFamilies().getByName("CellStyles")
    style = styles.getByName("Marginalia highlight fill #C6EFCE, text #006100")
    assert (style.CellBackColor, style.CharColor) == (0xC6EFCE, 0x006100)


def test_new_rules_survive_xlsx(tool, calc, scores, office, tmp_path):
    tool.ok("conditional_format", range="B2:B6", rule="top_percent", value=20, background_color="#C6EFCE")
    tool.ok("conditional_format", range="B2:B6", rule="above_average", background_color="#FFC7CE")
    saved = reopened_as_xlsx(office, calc, tmp_path)
    try:
        sheet_xml = xlsx_part(tmp_path, "xl/worksheets/sheet1.xml")
        assert sheet_xml.count('type="expression"') == 2
        assert "LARGE($B$2:$B$6,MAX(1,INT(COUNT($B$2:$B$6)*20/100)))" in sheet_xml
        assert 'rgb="FFC6EFCE"' in xlsx_part(tmp_path, "xl/styles.xml")
        formats = saved.getSheets().getByIndex(0).ConditionalFormats.getConditionalFormats()
        assert sum(f.getCount() for f in formats) == 2
    finally:
        office.close_document(saved)


@pytest.mark.parametrize("arguments, refusal", [
    ({"rule": "top_n", "value": 0}, "must be above 0"),
    ({"rule": "top_percent", "value": 120}, "at most 100"),
    ({"rule": "bottom_n", "value": "many"}, "is a number"),
])
def test_new_rule_refusals_change_nothing(tool, scores, arguments, refusal):
    assert refusal in tool.fails("conditional_format", range="B2:B6", **arguments)
    assert scores.ConditionalFormats.getLength() == 0


def test_a_turn_of_rules_on_a_corpus_sheet_is_undone_at_once(office, tmp_path):
    """lo-sdk-todo.ods: a status list, a positive number of days, a name, a protected sheet, then one undo."""
    doc = open_corpus(office, "lo-sdk-todo.ods", tmp_path)
    try:
        sheet = doc.getSheets().getByName("ToDo")
        before = (_validation(sheet, "I15"), _validation(sheet, "C15"), doc.NamedRanges.getElementNames(),
                  sheet.ConditionalFormats.getLength(), sheet.isProtected())
        turn(doc, office.ctx, "Tidy the to-do list", [
            ("data_validation", {"range": "ToDo.I15:I40", "allow": "list", "items": ["Open", "In progress", "Done"]}),
            ("data_validation", {"range": "ToDo.C15:C40", "allow": "whole", "operator": "greater", "value": 0}),
            ("named_ranges", {"action": "create", "name": "Days", "range": "ToDo.C15:C40"}),
            ("conditional_format", {"range": "ToDo.C15:C40", "rule": "top_n", "value": 1}),
            ("protect_sheet", {"action": "protect", "sheet": "ToDo"})])
        assert _validation(sheet, "I20")[0] == "LIST" and sheet.isProtected() and doc.NamedRanges.hasByName("Days")
        assert doc.getUndoManager().getAllUndoActionTitles()[0] == "Marginalia: Tidy the to-do list"
        doc.getUndoManager().undo()
        assert (_validation(sheet, "I15"), _validation(sheet, "C15"), doc.NamedRanges.getElementNames(),
                sheet.ConditionalFormats.getLength(), sheet.isProtected()) == before
    finally:
        office.close_document(doc)


def _bars(sheet):
    return [(f.getPropertyValue("Range").getRangeAddressesAsString(), f.getByIndex(0).getType(),
             f.getByIndex(0).getPropertyValue("Color")) for f in sheet.ConditionalFormats.getConditionalFormats()]


def test_data_bar_is_listed_cleared_and_undone_in_one_step(office, calc, scores):
    outcomes = turn(calc, office.ctx, "Data bars on the scores", [
        ("conditional_format", {"range": "B2:B6", "rule": "data_bar", "background_color": "#63BE7B", "value": 3})])
    assert outcomes[0].content == ("Cells of Sheet1.B2:B6 now show a data bar in #63BE7B, its length from the "
                                   "range's smallest to its largest value. Ignored (a data bar has no use for "
                                   "them): value.")
    assert _bars(scores) == [("Sheet1.B2:B6", 2, 0x63BE7B)]
    turn_ = turn(calc, office.ctx, "What is on B4", [("conditional_format", {"range": "B4", "rule": "list"})])
    assert "- Sheet1.B2:B6: data bar #63BE7B" in turn_[0].content
    manager = calc.getUndoManager()
    manager.undo()
    assert _bars(scores) == []
    manager.redo()
    assert _bars(scores) == [("Sheet1.B2:B6", 2, 0x63BE7B)]
    turn(calc, office.ctx, "No bars", [("conditional_format", {"range": "B2:B6", "rule": "clear"})])
    assert _bars(scores) == []
    manager.undo()
    assert _bars(scores) == [("Sheet1.B2:B6", 2, 0x63BE7B)]
    manager.undo()  # the first turn: the bar the clear's undo made again goes too
    assert _bars(scores) == []


def test_data_bar_survives_xlsx(tool, calc, scores, office, tmp_path):
    tool.ok("conditional_format", range="B2:B6", rule="data_bar")
    saved = reopened_as_xlsx(office, calc, tmp_path)
    try:
        assert '<cfvo type="min" val="0"></cfvo><cfvo type="max" val="0"></cfvo><color rgb="FF638EC6">' in xlsx_part(
            tmp_path, "xl/worksheets/sheet1.xml")
        assert _bars(saved.getSheets().getByIndex(0)) == [("Sheet1.B2:B6", 2, 0x638EC6)]
    finally:
        office.close_document(saved)


@pytest.mark.parametrize("rule, words", [("color_scale", "colour scales"), ("icon_set", "icon sets")])
def test_colour_scales_and_icon_sets_are_refused_with_the_reason(tool, scores, rule, words):
    refusal = tool.fails("conditional_format", range="B2:B6", rule=rule)
    assert "Nothing was changed: %s cannot be created through LibreOffice's API" % words in refusal
    assert scores.ConditionalFormats.getLength() == 0


def test_clearing_part_of_a_data_bar_removes_it_whole_and_says_so(office, calc, scores):
    tool_calls = [("conditional_format", {"range": "B2:B6", "rule": "greater", "value": 20}),
                  ("conditional_format", {"range": "B2:B6", "rule": "data_bar"})]
    turn(calc, office.ctx, "A rule and bars", tool_calls)
    kinds = sorted(f.getByIndex(0).getType() for f in scores.ConditionalFormats.getConditionalFormats())
    assert kinds == [0, 2]  # the rule is kept beside the bar
    cleared = turn(calc, office.ctx, "Clear B4", [("conditional_format", {"range": "B4", "rule": "clear"})])
    assert cleared[0].content == ("Removed the conditional formatting of Sheet1.B4. Data bars are removed whole: "
                                  "also gone from Sheet1.B2:B6.")
    assert [f.getByIndex(0).getType() for f in scores.ConditionalFormats.getConditionalFormats()] == [0]
    calc.getUndoManager().undo()
    kinds = sorted(f.getByIndex(0).getType() for f in scores.ConditionalFormats.getConditionalFormats())
    assert kinds == [0, 2]


def test_undoing_back_past_a_cleared_bar_leaves_no_bar(office, calc, scores):
    """The bar a clear's undo makes again has another ID than the bar first made; undoing that first turn too
    must remove it."""
    turn(calc, office.ctx, "Bars", [("conditional_format", {"range": "B2:B6", "rule": "data_bar"})])
    turn(calc, office.ctx, "A rule", [("conditional_format", {"range": "A2:A6", "rule": "duplicate"})])
    turn(calc, office.ctx, "No bars", [("conditional_format", {"range": "B2:B6", "rule": "clear"})])
    manager = calc.getUndoManager()
    for _ in range(3):
        manager.undo()
    assert scores.ConditionalFormats.getLength() == 0


def test_undo_removes_a_bar_that_calc_split_in_two(office, calc, scores):
    """Calc's undo of clear_range over part of a bar puts that part back as a format of its own (crash hunt, seed
    7, cycle 420); undoing the bar's turn then removes both."""
    turn(calc, office.ctx, "Bars", [("conditional_format", {"range": "B2:B6", "rule": "data_bar"})])
    turn(calc, office.ctx, "Clear", [("clear_range", {"range": "A2:B3", "what": "all"})])
    manager = calc.getUndoManager()
    manager.undo()
    assert len(_bars(scores)) >= 2  # LibreOffice's own undo puts parts back as formats of their own
    manager.undo()
    assert _bars(scores) == []


def test_a_bar_of_its_own_look_cleared_and_undone_comes_back_alike(office, calc, scores):
    """A bar the document already had (made here through the API, as a file would bring it): percentile limits,
    no gradient, no value shown; clear then undo gives it back with that look."""
    formats = scores.ConditionalFormats
    ranges = calc.createInstance("com.sun.star.sheet.SheetCellRanges")
    ranges.addRangeAddress(scores.getCellRangeByName("B2:B6").getRangeAddress(), False)
    formats.createByRange(ranges)
    conditional = formats.getConditionalFormats()[0]
    conditional.createEntry(2, 0)
    bar = conditional.getByIndex(0)
    bar.Color, bar.UseGradient, bar.ShowValue = 0xFF0000, False, False
    for limit, formula in zip(bar.DataBarEntries, ("10", "90")):
        limit.setType(3)  # DataBarEntryType.DATABAR_PERCENTILE
        limit.setFormula(formula)

    def look():
        entry = scores.ConditionalFormats.getConditionalFormats()[0].getByIndex(0)
        return (entry.Color, entry.UseGradient, entry.ShowValue,
                [(limit.getType(), limit.getFormula()) for limit in entry.DataBarEntries])
    before = look()
    assert before == (0xFF0000, False, False, [(3, "10"), (3, "90")])
    turn(calc, office.ctx, "Clear", [("conditional_format", {"range": "B2:B6", "rule": "clear"})])
    assert scores.ConditionalFormats.getLength() == 0
    calc.getUndoManager().undo()
    assert look() == before
