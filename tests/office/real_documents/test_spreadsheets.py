"""Real spreadsheets written by others: the summaries say what each sheet holds."""
import pytest

from real_docs import SHEET_EXTENSIONS, documents


@pytest.mark.parametrize("name", documents(SHEET_EXTENSIONS))
def test_every_sheet_summary_names_what_the_sheet_holds(name, open_copy, tools_for):
    doc = open_copy(name)
    tools = tools_for(doc)
    sheets = doc.getSheets()
    listing = tools.ok("list_sheets")
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        hidden = not sheet.getPropertyValue("IsVisible")
        assert ("'%s': " % sheet.getName()) in listing
        summary = tools.ok("get_sheet_summary", sheet=sheet.getName())
        assert summary.startswith("Sheet '%s'" % sheet.getName())
        if hidden:
            assert "%s (hidden" % sheet.getName() in summary.splitlines()[0]
        notes = sheet.getAnnotations().getCount()
        if notes:
            assert "Cell comments: %d (" % notes in summary
            listed = tools.ok("cell_comments", action="list", sheet=sheet.getName())
            assert listed.startswith("%d cell comment(s)" % notes)
            for position in range(notes):
                text = sheet.getAnnotations().getByIndex(position).getString().replace("\n", " / ")
                assert text in listed
        else:
            assert "Cell comments" not in summary
        for chart in sheet.getCharts().getElementNames():
            assert "Chart '%s':" % chart in summary
        if sheet.getCharts().getCount() == 0:
            assert "Charts: none." in summary
        for pivot in sheet.getDataPilotTables().getElementNames():
            assert "Pivot table '%s'" % pivot in summary
        used = sheet.createCursor()
        used.gotoEndOfUsedArea(False)
        if used.getRangeAddress().EndRow > 0 or used.getRangeAddress().EndColumn > 0:
            area = sheet.getCellRangeByPosition(0, 0, used.getRangeAddress().EndColumn, used.getRangeAddress().EndRow)
            if area.getIsMerged():
                assert "Merged areas: none." not in summary


def test_the_to_do_sheet_shows_its_twelve_comments_with_their_text(open_copy, tools_for):
    doc = open_copy("lo-sdk-todo.ods")
    summary = tools_for(doc).ok("get_sheet_summary", sheet="ToDo")
    assert "Cell comments: 12 (" in summary


def test_hidden_and_very_hidden_sheets_are_named_as_hidden(open_copy, tools_for):
    doc = open_copy("calamine-hidden-sheets.xlsx")
    summary = tools_for(doc).ok("get_sheet_summary", sheet="Visible")
    assert "Visible, Hidden (hidden), VeryHidden (hidden), Chart" in summary.splitlines()[0]


def test_a_chart_of_an_add_in_type_is_named_without_asking_for_its_data(office, open_copy, tools_for):
    """The Java sample add-in chart loads without a diagram; asking it for its ranges aborted LibreOffice
    25.2 and 26.8 (7.4 answered an empty list). The summary names it, says what it cannot read, and the
    office lives on."""
    doc = open_copy("lo-sdk-addin-chart.ods")
    sheet = doc.getSheets().getByIndex(0).getName()
    summary = tools_for(doc).ok("get_sheet_summary", sheet=sheet)
    assert ("Chart 'Object 2': a chart this LibreOffice cannot draw (of an add-in type that is not installed); "
            "its type and data ranges cannot be read.") in summary
    assert office.alive()
