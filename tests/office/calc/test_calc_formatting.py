"""format_range on a real sheet: the cell properties Calc holds afterwards."""
from calc_sheet import fill


def test_format_range_sets_every_option(tool, calc, sheet):
    fill(sheet, "A1:C3", [["Item", "Price", "When"], ["Tea", 3.5, 45306.0], ["Cake", 1234.5, 45307.0]])
    outcome = tool.ok("format_range", range="A1:C1", bold=True, italic=True, underline=True, font_name="DejaVu Sans",
                      font_size=14, font_color="#FFFFFF", background_color="dark blue", horizontal_align="center",
                      vertical_align="top", wrap_text=True, borders="all", border_color="red")
    assert outcome.summary == "Formatted Sheet1.A1:C1"
    assert "font color #FFFFFF, background color dark blue (#00008B)" in outcome.content
    header = sheet.getCellRangeByName("B1")
    assert header.CharWeight == 150.0 and header.CharPosture.value == "ITALIC" and header.CharUnderline == 1
    assert header.CharFontName == "DejaVu Sans" and header.CharHeight == 14.0
    assert header.CharColor == 0xFFFFFF and header.CellBackColor == 0x00008B  # CSS darkblue
    assert header.HoriJustify.value == "CENTER" and header.VertJustify == 1 and header.IsTextWrapped
    border = sheet.getCellRangeByName("A1:C1").TableBorder2
    assert border.TopLine.Color == 0xFF0000 and border.TopLine.OuterLineWidth > 0
    assert border.VerticalLine.OuterLineWidth > 0


def test_number_formats_presets_and_codes(tool, calc, sheet):
    fill(sheet, "A1:C1", [[0.125, 1234.5, 45306.0]])
    tool.ok("format_range", range="A1", number_format="percent")
    tool.ok("format_range", range="B1", number_format="#,##0.00")
    tool.ok("format_range", range="C1", number_format="date")
    assert [sheet.getCellRangeByName(a).getString() for a in ("A1", "B1", "C1")] == ["12.50%", "1,234.50",
                                                                                      "2024-01-15"]


def test_widths_heights_and_merge(tool, sheet):
    fill(sheet, "A1", [["A rather long heading text"]])
    tool.ok("format_range", range="B:C", column_width=3.5)
    assert sheet.getColumns().getByIndex(1).Width == 3500 and sheet.getColumns().getByIndex(2).Width == 3500
    tool.ok("format_range", range="A1", column_width="auto", row_height=1.2)
    assert sheet.getColumns().getByIndex(0).Width > 3000
    assert abs(sheet.getRows().getByIndex(0).Height - 1200) <= 2  # stored in twips
    tool.ok("format_range", range="A3:C3", merge=True)
    assert sheet.getCellRangeByName("A3:C3").getIsMerged()
    tool.ok("format_range", range="A3:C3", merge=False)
    assert not sheet.getCellRangeByName("A3:C3").getIsMerged()
    sheet.getCellRangeByName("D1:E2").merge(True)
    message = tool.fails("format_range", range="E2:F3", merge=True, bold=True)
    assert "overlaps another merged area" in message
    assert sheet.getCellRangeByName("F3").CharWeight == 100.0


def test_bad_options_change_nothing(tool, sheet):
    fill(sheet, "A1", [[1.0]])
    assert "not a colour" in tool.fails("format_range", range="A1", bold=True, font_color="reddish")
    assert "not a number format" in tool.fails("format_range", range="A1", bold=True, number_format="bogus[[")
    assert "between 0.05 and 50 cm" in tool.fails("format_range", range="A1", bold=True, column_width=90)
    assert "at least one formatting option" in tool.fails("format_range", range="A1")
    assert "must be one of" in tool.fails("format_range", range="A1", horizontal_align="middle")
    assert sheet.getCellRangeByName("A1").CharWeight == 100.0


def test_protected_sheet_refuses_formatting(tool, sheet):
    sheet.protect("")
    try:
        assert "protected" in tool.fails("format_range", range="A1", bold=True)
        assert sheet.getCellRangeByName("A1").CharWeight == 100.0
    finally:
        sheet.unprotect("")
