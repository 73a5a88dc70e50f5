"""Calc sheet tasks (issue 34, points 3-5): values typed as Calc reads them, sheet operations, data validation,
named ranges, protection and conditional formats.

The sales sheet holds Region, Month, Product, Units, Revenue in A1:E25 (North rows 2-7, South 8-13,
East 14-19, West 20-25); the orders sheet holds Order, Date, Customer, Amount, Status in A1:E31.
Tasks with ``xlsx_check`` are checked again on their result saved as xlsx and reopened.
"""
from __future__ import annotations

from .checks import (cell, column_values, expect, highlighted, number_format, rows_of, sheet, style_colours,
                     validation_of)
from .documents import REGIONS, order_rows, project_scores, sales_rows
from .model import Task

SALES, ORDERS = "sales", "orders"
DATE, PERCENT, CURRENCY = 2, 128, 8  # com.sun.star.util.NumberFormat
REVENUES = [row[4] for row in sales_rows()]


def _type_of(doc, address: str, sheet_name=None) -> int:
    return doc.getNumberFormats().getByKey(cell(doc, address, sheet_name).NumberFormat).Type


# --- values as Calc reads them ------------------------------------------------------------------------

def order_dates(doc):
    expect(cell(doc, "F1").getString().strip().lower() == "order date", "F1 reads %r" % cell(doc, "F1").getString())
    for address in ("F2", "F25"):
        expect(cell(doc, address).getType().value == "VALUE", "%s is text, not a date" % address)
        expect(cell(doc, address).getValue() == 45306.0, "%s is %s, not 2024-01-15" % (
            address, cell(doc, address).getValue()))
        expect(_type_of(doc, address) & DATE, "%s does not show as a date" % address)


def target_share(doc):
    for address in ("F2", "F25"):
        expect(abs(cell(doc, address).getValue() - 0.25) < 1e-12, "%s is %s, not 25%%" % (
            address, cell(doc, address).getValue()))
        expect(_type_of(doc, address) & PERCENT, "%s does not show as a percentage" % address)


def shipping_costs(doc):
    for address in ("F2", "F3", "F4"):
        expect(cell(doc, address).getValue() == 1250.0, "%s is %r" % (address, cell(doc, address).getString()))
        expect(_type_of(doc, address) & CURRENCY, "%s does not show as currency" % address)
    expect(cell(doc, "F5").getType().value == "EMPTY", "F5 was filled too")


def codes_as_text(doc):
    for address, code in (("F2", "00123"), ("F3", "2003")):
        expect(cell(doc, address).getType().value == "TEXT" and cell(doc, address).getString() == code,
               "%s holds %r as %s, not the text %s" % (address, cell(doc, address).getString(),
                                                        cell(doc, address).getType().value, code))


def dates_month_first(doc):
    for address in ("B2", "B31"):
        code = number_format(doc, address)
        expect(code.upper() == "M/D/YYYY", "%s's format is %r, not M/D/YYYY" % (address, code))
    expect(cell(doc, "B2").getString() == "1/1/2024", "B2 shows %r" % cell(doc, "B2").getString())


# --- sheet operations --------------------------------------------------------------------------------

def header_frozen(doc):
    controller = doc.getCurrentController()
    expect(controller.hasFrozenPanes(), "no panes are frozen")
    expect((controller.getSplitColumn(), controller.getSplitRow()) == (0, 1), "frozen at column %d, row %d, not "
           "below row 1" % (controller.getSplitColumn(), controller.getSplitRow()))


def month_hidden(doc):
    columns = sheet(doc).getColumns()
    shown = [columns.getByIndex(index).IsVisible for index in range(5)]
    expect(shown == [True, False, True, True, True], "columns shown: %r" % shown)


def west_hidden(doc):
    rows = sheet(doc).getRows()
    expect(column_values(doc, "A", 20, 25) == ["West"] * 6, "the West rows are gone or moved")
    shown = [rows.getByIndex(index).IsVisible for index in range(26)]
    expect(shown[19:25] == [False] * 6, "some West rows are shown")
    expect(all(shown[:19]), "other rows are hidden too")


def north_grouped(doc):
    table = sheet(doc)
    rows = table.getRows()
    expect(all(rows.getByIndex(index).IsVisible for index in range(1, 7)), "the North rows are hidden, not grouped")
    table.hideDetail(table.getCellRangeByName("A2:A7").getRangeAddress())  # collapse the group (a checker's copy)
    collapsed = [rows.getByIndex(index).IsVisible for index in range(0, 9)]
    expect(collapsed == [True] + [False] * 6 + [True, True], "collapsing gives %r: rows 2-7 are not one group"
           % collapsed)


def columns_fitted(doc):
    columns = sheet(doc, "Orders").getColumns()
    widths = [columns.getByIndex(index).Width for index in range(5)]
    for index in range(5):  # what Calc's optimal width gives (on the checker's copy)
        columns.getByIndex(index).OptimalWidth = True
    fitted = [columns.getByIndex(index).Width for index in range(5)]
    expect(all(abs(a - b) <= 20 for a, b in zip(widths, fitted)), "the widths are %r, fitted ones %r"
           % (widths, fitted))


def backup_sheet(doc):
    backup = sheet(doc, "Backup")
    expect(rows_of(doc, "A1:E25", "Backup") == rows_of(doc, "A1:E25"), "the Backup sheet differs from the table")
    expect(rows_of(doc, "A2:E2")[0][0] == "North", "the original table was emptied")
    expect(backup.getCellRangeByName("A1").CharWeight >= 150, "the header's bold was not copied")


def units_total_copied(doc):
    expect(cell(doc, "E26").getFormula().upper() == "=SUM(E2:E25)", "E26 is %r" % cell(doc, "E26").getFormula())
    expect(cell(doc, "D26").getFormula().upper() == "=SUM(D2:D25)", "D26 is %r" % cell(doc, "D26").getFormula())


def rows_numbered(doc):
    expect(column_values(doc, "F", 2, 25) == [float(n) for n in range(1, 25)], "F2:F25 reads %r"
           % column_values(doc, "F", 2, 25)[:6])


def month_ends(doc):
    expected = [45322.0, 45351.0, 45382.0, 45412.0, 45443.0, 45473.0]  # 2024-01-31, 02-29, 03-31, 04-30, 05-31, 06-30
    found = [cell(doc, "G%d" % row, "Orders").getValue() for row in range(2, 8)]
    expect(found == expected, "G2:G7 hold %r" % found)
    expect(_type_of(doc, "G7", "Orders") & DATE, "G7 does not show as a date")


def weekdays(doc):
    found = column_values(doc, "H", 1, 7)
    expect(found == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], "H1:H7 reads %r" % found)


# --- validation, names, protection ---------------------------------------------------------------------

def region_list(doc):
    for address in ("A2", "A25"):
        kind, _operator, items, _second, _message = validation_of(doc, address)
        expect(kind == "LIST", "%s accepts %s, not a list" % (address, kind))
        expect(all('"%s"' % region in items for region in REGIONS), "the list is %s" % items)
    expect(validation_of(doc, "B2")[0] == "ANY", "other columns got the list too")


def units_whole_numbers(doc):
    kind, operator, low, high, message = validation_of(doc, "D10")
    expect((kind, operator) == ("WHOLE", "BETWEEN"), "D10 accepts %s %s" % (kind, operator))
    expect((float(low), float(high)) == (0.0, 1000.0), "the bounds are %s and %s" % (low, high))
    expect("0" in message and "1000" in message, "the error message is %r" % message)


def status_list(doc):
    kind, _operator, items, _second, _message = validation_of(doc, "E2", "Orders")
    expect(kind == "LIST" and all('"%s"' % s in items for s in ("Open", "Done", "Late")), "E2 accepts %s %s"
           % (kind, items))
    expect(sheet(doc, "Orders").getCellRangeByName("E31").Validation.Type.value == "LIST", "E31 has no list")


def dates_in_2024(doc):
    kind, operator, low, high, _message = validation_of(doc, "B2", "Orders")
    expect((kind, operator) == ("DATE", "BETWEEN"), "B2 accepts %s %s" % (kind, operator))
    expect(("2024-01-01" in low or low == "45292") and ("2024-12-31" in high or high == "45657"),
           "the bounds are %s and %s" % (low, high))


def revenue_named(doc):
    names = doc.NamedRanges
    expect(names.hasByName("Revenue"), "there is no name Revenue (%s)" % ", ".join(names.getElementNames()))
    expect(names.getByName("Revenue").getContent().replace("$", "").endswith("E2:E25"), "Revenue is %s"
           % names.getByName("Revenue").getContent())
    expect("REVENUE" in cell(doc, "E26").getFormula().upper(), "E26 does not use the name: %r"
           % cell(doc, "E26").getFormula())
    expect(abs(cell(doc, "E26").getValue() - sum(REVENUES)) < 1e-6, "E26 is %s" % cell(doc, "E26").getValue())


def sheet_protected(doc):
    expect(sheet(doc).isProtected(), "the sheet is not protected")
    expect(rows_of(doc, "A1:E25")[1:] == [tuple(row) for row in sales_rows()], "the table changed")


# --- conditional formats -------------------------------------------------------------------------------

def _rows_with_top(values, count, highest=True):
    """The rows (2 onwards) whose value is among the ``count`` highest (lowest), ties included (LARGE, SMALL)."""
    cutoff = sorted(values, reverse=highest)[count - 1]
    return {index + 2 for index, value in enumerate(values) if (value >= cutoff if highest else value <= cutoff)}


def top_three_green(doc):
    marked = highlighted(doc, "E2:E25")
    expect(set(marked) == _rows_with_top(REVENUES, 3), "highlighted rows %r" % sorted(marked))
    fill, _text = style_colours(doc, next(iter(marked.values())))
    expect(fill is not None and (fill >> 8 & 0xFF) > (fill >> 16 & 0xFF), "the fill %s is not green"
           % (fill if fill is None else "#%06X" % fill))


def below_average_amounts(doc):
    amounts = [row[3] for row in order_rows()]
    average = sum(amounts) / len(amounts)
    marked = highlighted(doc, "D2:D31", "Orders")
    expect(set(marked) == {i + 2 for i, a in enumerate(amounts) if a < average}, "highlighted rows %r"
           % sorted(marked))


def repeated_customers(doc):
    amounts = [row[3] for row in order_rows()]
    marked = highlighted(doc, "C2:C31", "Orders")
    expect(set(marked) == set(range(2, 32)), "highlighted rows %r, not every repeated customer" % sorted(marked))
    expect(not highlighted(doc, "D2:D31", "Orders") or len(set(amounts)) < len(amounts), "the amounts got it too")


def exact_colours(doc):
    marked = highlighted(doc, "E2:E25")
    expect(set(marked) == {i + 2 for i, r in enumerate(REVENUES) if r > 100}, "highlighted rows %r"
           % sorted(marked))
    colours = {style_colours(doc, name) for name in marked.values()}
    expect(colours == {(0xFFC7CE, 0x9C0006)}, "the colours are %s" % ", ".join(
        "fill %s text %s" % (f if f is None else "#%06X" % f, t if t is None else "#%06X" % t) for f, t in colours))


def bottom_five_units(doc):
    units = [row[3] for row in sales_rows()]
    marked = highlighted(doc, "D2:D25")
    expect(set(marked) == _rows_with_top(units, 5, highest=False), "highlighted rows %r" % sorted(marked))


GREEN, YELLOW, RED = "green", "yellow", "red"


def _hue(fill) -> str:
    """green, yellow or red for a fill colour (None: no fill), by its red and green parts."""
    if fill is None:
        return "none"
    red, green = fill >> 16 & 0xFF, fill >> 8 & 0xFF
    if red >= 0xC0 and green >= 0xC0:
        return YELLOW
    return GREEN if green > red else RED


def _hues(doc, area: str, sheet_name: str) -> dict:
    """``{row: green/yellow/red}`` of every cell of ``area`` (AssertionError when one is not highlighted)."""
    marked = highlighted(doc, area, sheet_name)
    first, last = (int(part.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) for part in area.split(":"))
    expect(set(marked) == set(range(first, last + 1)), "not every cell is coloured: rows %r" % sorted(marked))
    return {row: _hue(style_colours(doc, name)[0]) for row, name in marked.items()}


def amounts_green_to_red(doc):
    amounts = [row[3] for row in order_rows()]
    hues = _hues(doc, "D2:D31", "Orders")
    rank = {RED: 0, YELLOW: 1, GREEN: 2}
    expect(all(hue in rank for hue in hues.values()), "colours other than green, yellow, red: %r" % hues)
    ordered = [rank[hues[row]] for _amount, row in sorted((a, i + 2) for i, a in enumerate(amounts))]
    expect(ordered == sorted(ordered), "the colours do not go from red (low) through yellow to green (high)")
    expect(set(ordered) == {0, 1, 2}, "green, yellow and red are not all used")


def revenue_bars(doc):
    bars = [f.getPropertyValue("Range").getRangeAddressesAsString().replace("$", "")
            for f in sheet(doc).ConditionalFormats.getConditionalFormats()
            if any(f.getByIndex(i).getType() == 2 for i in range(f.getCount()))]  # ConditionEntryType.DATABAR
    expect(bars == ["Sales.E2:E25"], "data bars on %r, not on the revenues E2:E25" % bars)


def score_traffic_lights(doc):
    hues = _hues(doc, "C2:C13", "Projects")
    wanted = {3.0: GREEN, 2.0: YELLOW, 1.0: RED}
    wrong = [row for row, (_p, _o, score) in enumerate(project_scores(), 2) if hues[row] != wanted[score]]
    expect(not wrong, "rows %r are not green for 3, yellow for 2, red for 1" % wrong)


# --- the tasks -------------------------------------------------------------------------------------------

TASKS = [
    Task("calc.sheet.order-dates", "values", "Add an 'Order date' column F with the date 2024-01-15 on every row.",
         SALES, order_dates,
         plan=[("write_range", {"range": "F1", "values": [["Order date"]]}),
               ("write_range", {"range": "F2:F25", "fill": "2024-01-15"})],
         wrong=[("write_range", {"range": "F1", "values": [["Order date"]]}),
                ("write_range", {"range": "F2:F25", "fill": "'2024-01-15"})],
         xlsx_check=order_dates),
    Task("calc.sheet.target-share", "values", "Put the target share 25% in column F for every row.", SALES,
         target_share,
         plan=[("write_range", {"range": "F2:F25", "fill": "25%"})],
         wrong=[("write_range", {"range": "F2:F25", "fill": 25})],
         xlsx_check=target_share),
    Task("calc.sheet.shipping-costs", "values", "Enter shipping costs of $1,250.00 in F2, F3 and F4.", SALES,
         shipping_costs,
         plan=[("write_range", {"range": "F2", "values": [["$1,250.00"], ["$1,250.00"], ["$1,250.00"]]})],
         wrong=[("write_range", {"range": "F2", "values": [["'$1,250.00"], ["'$1,250.00"], ["'$1,250.00"]]})],
         xlsx_check=shipping_costs),
    Task("calc.sheet.codes-as-text", "values",
         "Put the product code 00123 in F2 and 2003 in F3; they are codes, keep them exactly as text.", SALES,
         codes_as_text,
         plan=[("write_range", {"range": "F2", "values": [["00123"], ["'2003"]]})],
         wrong=[("write_range", {"range": "F2", "values": [["00123"], [2003]]})],
         xlsx_check=codes_as_text),
    Task("calc.sheet.dates-month-first", "formatting", "Show the order dates as month/day/year, like 1/1/2024.",
         ORDERS, dates_month_first,
         plan=[("format_range", {"range": "B2:B31", "number_format": "M/D/YYYY"})],
         wrong=[("format_range", {"range": "B2:B31", "number_format": "D/M/YYYY"})],
         xlsx_check=dates_month_first),
    Task("calc.sheet.freeze-header", "view", "Keep the header row visible while I scroll.", SALES, header_frozen,
         plan=[("sheet_view", {"action": "freeze", "range": "A2"})],
         wrong=[("sheet_view", {"action": "freeze", "range": "B2"})],
         xlsx_check=header_frozen),
    Task("calc.sheet.hide-month", "view", "Hide the Month column.", SALES, month_hidden,
         plan=[("sheet_view", {"action": "hide", "range": "B:B"})],
         wrong=[("sheet_view", {"action": "hide", "range": "C:C"})],
         xlsx_check=month_hidden),
    Task("calc.sheet.hide-west", "view", "Hide the rows of the West region, don't delete them.", SALES, west_hidden,
         plan=[("sheet_view", {"action": "hide", "range": "20:25"})],
         wrong=[("edit_rows_columns", {"action": "delete_rows", "at": 20, "count": 6})],
         xlsx_check=west_hidden),
    Task("calc.sheet.group-north", "view", "Group the North rows so I can collapse them.", SALES, north_grouped,
         plan=[("sheet_view", {"action": "group", "range": "2:7"})],
         wrong=[("sheet_view", {"action": "hide", "range": "2:7"})],
         xlsx_check=north_grouped),
    Task("calc.sheet.fit-columns", "view", "Make the columns A to E as wide as their contents.", ORDERS,
         columns_fitted,
         plan=[("sheet_view", {"action": "optimal_width", "range": "A:E"})],
         wrong=[("sheet_view", {"action": "optimal_width", "range": "A:C"})],
         xlsx_note="xlsx keeps the widths but not that they were fitted (LibreOffice reads them back as set by "
                   "hand), so the result is not checked there"),
    Task("calc.sheet.backup-copy", "copying", "Copy the whole table with its formatting to a new sheet Backup.",
         SALES, backup_sheet,
         plan=[("format_range", {"range": "A1:E1", "bold": True}),
               ("manage_sheet", {"action": "create", "name": "Backup"}),
               ("copy_range", {"source": "Sales.A1:E25", "destination": "Backup.A1"})],
         wrong=[("format_range", {"range": "A1:E1", "bold": True}),
                ("manage_sheet", {"action": "create", "name": "Backup"}),
                ("copy_range", {"source": "Sales.A1:E25", "destination": "Backup.A1", "mode": "move"})],
         xlsx_check=backup_sheet),
    Task("calc.sheet.copy-total", "copying",
         "Add a revenue total in E26 and copy it to D26 so the units get a total too.", SALES, units_total_copied,
         plan=[("write_range", {"range": "E26", "values": [["=SUM(E2:E25)"]]}),
               ("copy_range", {"source": "E26", "destination": "D26"})],
         wrong=[("write_range", {"range": "E26", "values": [["=SUM(E2:E25)"]]}),
                ("write_range", {"range": "D26", "values": [["=SUM(E2:E25)"]]})],
         xlsx_check=units_total_copied),
    Task("calc.sheet.number-rows", "fill", "Number the data rows 1, 2, 3… in column F.", SALES, rows_numbered,
         plan=[("write_range", {"range": "F2", "values": [[1]]}), ("fill_series", {"range": "F2:F25"})],
         wrong=[("write_range", {"range": "F2:F25", "fill": 1})],
         xlsx_check=rows_numbered),
    Task("calc.sheet.month-ends", "fill",
         "In column G, starting with 2024-01-31 in G2, fill month-end dates down to G7.", ORDERS, month_ends,
         plan=[("write_range", {"range": "G2", "values": [["2024-01-31"]]}),
               ("fill_series", {"range": "G2:G7", "kind": "date", "date_unit": "month"})],
         wrong=[("write_range", {"range": "G2", "values": [["2024-01-31"]]}),
                ("fill_series", {"range": "G2:G7", "kind": "date", "date_unit": "day", "step": 30})],
         xlsx_check=month_ends),
    Task("calc.sheet.weekdays", "fill", "Put the weekday names Mon to Sun in H1:H7.", SALES, weekdays,
         plan=[("write_range", {"range": "H1", "values": [["Mon"]]}), ("fill_series", {"range": "H1:H7"})],
         wrong=[("write_range", {"range": "H1:H7", "fill": "Mon"})],
         xlsx_check=weekdays),
    Task("calc.sheet.region-list", "validation",
         "Let the Region cells accept only North, South, East or West, with a drop-down.", SALES, region_list,
         plan=[("data_validation", {"range": "A2:A25", "allow": "list", "items": list(REGIONS)})],
         wrong=[("data_validation", {"range": "A2:B25", "allow": "list", "items": list(REGIONS)})],
         xlsx_check=region_list),
    Task("calc.sheet.units-whole", "validation",
         "Units must be whole numbers from 0 to 1000; if not, say 'Units must be 0 to 1000'.", SALES,
         units_whole_numbers,
         plan=[("data_validation", {"range": "D2:D25", "allow": "whole", "value": 0, "value2": 1000,
                                    "error_message": "Units must be 0 to 1000"})],
         wrong=[("data_validation", {"range": "D2:D25", "allow": "decimal", "value": 0, "value2": 1000,
                                     "error_message": "Units must be 0 to 1000"})],
         xlsx_check=units_whole_numbers),
    Task("calc.sheet.status-list", "validation", "Make the Status column a drop-down of Open, Done and Late.",
         ORDERS, status_list,
         plan=[("data_validation", {"range": "E2:E31", "allow": "list", "items": ["Open", "Done", "Late"]})],
         wrong=[("data_validation", {"range": "E2:E30", "allow": "list", "items": ["Open", "Done", "Late"]})],
         xlsx_check=status_list),
    Task("calc.sheet.dates-2024", "validation", "Only allow order dates within 2024.", ORDERS, dates_in_2024,
         plan=[("data_validation", {"range": "B2:B31", "allow": "date", "value": "2024-01-01",
                                    "value2": "2024-12-31"})],
         wrong=[("data_validation", {"range": "B2:B31", "allow": "date", "operator": "greater_equal",
                                     "value": "2024-01-01"})],
         xlsx_check=dates_in_2024),
    Task("calc.sheet.named-revenue", "names",
         "Name the revenue figures 'Revenue' and put their total in E26 using that name.", SALES, revenue_named,
         plan=[("named_ranges", {"action": "create", "name": "Revenue", "range": "E2:E25"}),
               ("write_range", {"range": "E26", "values": [["=SUM(Revenue)"]]})],
         wrong=[("named_ranges", {"action": "create", "name": "Revenue", "range": "E2:E25"}),
                ("write_range", {"range": "E26", "values": [["=SUM(E2:E25)"]]})],
         xlsx_check=revenue_named),
    Task("calc.sheet.protect", "protection", "Protect this sheet so nobody changes it by accident.", SALES,
         sheet_protected,
         plan=[("protect_sheet", {"action": "protect"})],
         wrong=[("protect_sheet", {"action": "protect"}), ("protect_sheet", {"action": "unprotect"})],
         xlsx_check=sheet_protected),
    Task("calc.sheet.top-three", "conditional formats", "Highlight the three highest revenues in green.", SALES,
         top_three_green,
         plan=[("conditional_format", {"range": "E2:E25", "rule": "top_n", "value": 3,
                                       "background_color": "#C6EFCE"})],
         wrong=[("conditional_format", {"range": "E2:E25", "rule": "top_n", "value": 5,
                                        "background_color": "#C6EFCE"})],
         xlsx_check=top_three_green),
    Task("calc.sheet.below-average", "conditional formats", "Mark the order amounts below average.", ORDERS,
         below_average_amounts,
         plan=[("conditional_format", {"range": "D2:D31", "rule": "below_average"})],
         wrong=[("conditional_format", {"range": "D2:D31", "rule": "above_average"})],
         xlsx_check=below_average_amounts),
    Task("calc.sheet.repeated-customers", "conditional formats", "Highlight customers that appear more than once.",
         ORDERS, repeated_customers,
         plan=[("conditional_format", {"range": "C2:C31", "rule": "duplicate"})],
         wrong=[("conditional_format", {"range": "C2:C31", "rule": "unique"})],
         xlsx_check=repeated_customers),
    Task("calc.sheet.exact-colours", "conditional formats",
         "Revenues over 100: fill #FFC7CE with text #9C0006.", SALES, exact_colours,
         plan=[("conditional_format", {"range": "E2:E25", "rule": "greater", "value": 100,
                                       "background_color": "#FFC7CE", "font_color": "#9C0006"})],
         wrong=[("conditional_format", {"range": "E2:E25", "rule": "greater", "value": 100, "style": "bad"})],
         xlsx_check=exact_colours),
    Task("calc.sheet.bottom-five", "conditional formats", "Flag the five smallest unit counts.", SALES,
         bottom_five_units,
         plan=[("conditional_format", {"range": "D2:D25", "rule": "bottom_n", "value": 5})],
         wrong=[("conditional_format", {"range": "D2:D25", "rule": "top_n", "value": 5})],
         xlsx_check=bottom_five_units),
    Task("calc.sheet.amount-scale", "conditional formats", "Colour the amounts with a green-yellow-red scale.",
         ORDERS, amounts_green_to_red,
         plan=[("conditional_format", {"range": "D2:D31", "rule": "top_percent", "value": 34,
                                       "background_color": "#63BE7B"}),
               ("conditional_format", {"range": "D2:D31", "rule": "bottom_percent", "value": 33,
                                       "background_color": "#F8696B"}),
               ("conditional_format", {"range": "D2:D31", "rule": "greater_equal", "value": "=MIN($D$2:$D$31)",
                                       "background_color": "#FFEB84"})],
         wrong=[("conditional_format", {"range": "D2:D31", "rule": "top_percent", "value": 34,
                                        "background_color": "#F8696B"}),
                ("conditional_format", {"range": "D2:D31", "rule": "bottom_percent", "value": 33,
                                        "background_color": "#63BE7B"}),
                ("conditional_format", {"range": "D2:D31", "rule": "greater_equal", "value": "=MIN($D$2:$D$31)",
                                        "background_color": "#FFEB84"})],
         history=("Colour scales cannot be made through LibreOffice 7.4's API (conditional_format refuses "
                  "rule=color_scale and says why); the plan colours three bands with value rules.",),
         xlsx_check=amounts_green_to_red),
    Task("calc.sheet.revenue-bars", "conditional formats", "Put data bars on the revenue column.", SALES,
         revenue_bars,
         plan=[("conditional_format", {"range": "E2:E25", "rule": "data_bar"})],
         wrong=[("conditional_format", {"range": "D2:D25", "rule": "data_bar"})],
         xlsx_check=revenue_bars),
    Task("calc.sheet.score-lights", "conditional formats", "Traffic lights on the status score, please.",
         "project_scores", score_traffic_lights,
         plan=[("conditional_format", {"range": "C2:C13", "rule": "equal", "value": 3,
                                       "background_color": "#63BE7B"}),
               ("conditional_format", {"range": "C2:C13", "rule": "equal", "value": 2,
                                       "background_color": "#FFEB84"}),
               ("conditional_format", {"range": "C2:C13", "rule": "equal", "value": 1,
                                       "background_color": "#F8696B"})],
         wrong=[("conditional_format", {"range": "C2:C13", "rule": "equal", "value": 1,
                                        "background_color": "#63BE7B"}),
                ("conditional_format", {"range": "C2:C13", "rule": "equal", "value": 2,
                                        "background_color": "#FFEB84"}),
                ("conditional_format", {"range": "C2:C13", "rule": "equal", "value": 3,
                                        "background_color": "#F8696B"})],
         history=("Icon sets cannot be made through LibreOffice 7.4's API (conditional_format refuses "
                  "rule=icon_set and says why); the plan colours the scores green, yellow and red.",),
         xlsx_check=score_traffic_lights),
]
