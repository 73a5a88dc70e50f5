"""Calc tasks: what people ask of a spreadsheet, with reference plans and checkers.

The sales sheet (documents.py) holds a header in row 1 (Region, Month, Product, Units, Revenue)
and 24 rows of data in A2:E25.
"""
from __future__ import annotations

from .checks import cell, column_values, expect, number_format, rows_of, sheet
from .documents import REGIONS, sales_rows
from .model import Task

SALES = "sales"
DATA = "A1:E25"


# --- checkers ---------------------------------------------------------------------------------------

def total_revenue(doc):
    total = sum(row[4] for row in sales_rows())
    expect(cell(doc, "A26").getString().strip().lower() == "total", "A26 reads %r" % cell(doc, "A26").getString())
    expect(abs(cell(doc, "E26").getValue() - total) < 1e-6, "E26 is %s, not the total %s"
           % (cell(doc, "E26").getValue(), total))
    expect(cell(doc, "E26").getFormula().upper().startswith("=SUM("), "E26 is not a SUM formula")


def revenue_two_decimals(doc):
    for address in ("E2", "E25"):
        code = number_format(doc, address)
        expect("0.00" in code and "0.000" not in code, "%s's format is %r, not two decimals" % (address, code))
    expect("0.00" not in number_format(doc, "D2"), "the units got the format too")


def sorted_by_revenue(doc):
    rows = rows_of(doc, "A2:E25")
    revenues = [row[4] for row in rows]
    expect(revenues == sorted(revenues, reverse=True), "the revenues are not highest first: %r" % revenues[:5])
    expect(sorted(rows) == sorted(sales_rows()), "rows were broken apart by the sort")
    expect(tuple(rows_of(doc, "A1:E1")[0]) == ("Region", "Month", "Product", "Units", "Revenue"), "the header moved")


def header_bold_yellow(doc):
    header = sheet(doc).getCellRangeByName("A1:E1")
    expect(header.CharWeight >= 150, "the header is not bold")
    expect(header.CellBackColor == 0xFFFF00, "the header's background is %06X, not yellow" % (header.CellBackColor
                                                                                             & 0xFFFFFF))
    expect(sheet(doc).getCellRangeByName("A2").CharWeight < 150, "the data became bold too")


def only_north_shown(doc):
    rows = sheet(doc).getRows()
    shown = [column_values(doc, "A", r + 1, r + 1)[0] for r in range(1, 25) if rows.getByIndex(r).IsVisible]
    expect(shown and set(shown) == {"North"}, "the rows shown are %r" % sorted(set(shown)))
    expect(rows.getByIndex(0).IsVisible, "the header is hidden")


def units_per_region(doc):
    summary = sheet(doc, "Summary")
    expected = {region: sum(row[3] for row in sales_rows() if row[0] == region) for region in REGIONS}
    values = {}
    for row in summary.getCellRangeByName("A1:B10").getDataArray():
        if row[0] in expected:
            values[row[0]] = row[1]
    expect(values == expected, "the Summary sheet shows %r, not %r" % (values, expected))


def price_column_inserted(doc):
    header = rows_of(doc, "A1:F1")[0]
    expect(tuple(header) == ("Region", "Month", "Product", "Price", "Units", "Revenue"),
           "the header reads %r" % (header,))
    expect(column_values(doc, "E", 2, 25) == [row[3] for row in sales_rows()], "the units moved wrongly")


def big_revenues_red(doc):
    formats = sheet(doc).getCellRangeByName("E2:E25").ConditionalFormat
    expect(formats.getCount() >= 1, "E2:E25 has no conditional format")
    entry = formats.getByIndex(0)
    expect(str(entry.Operator.value) in ("GREATER", "GREATER_EQUAL"), "the rule's operator is %s"
           % entry.Operator.value)
    expect(entry.Formula1.strip() == "100", "the rule compares with %s, not 100" % entry.Formula1)


def sheet_renamed(doc):
    names = doc.Sheets.getElementNames()
    expect("2024 Sales" in names and "Sales" not in names, "the sheets are %r" % (names,))


def note_on_first_revenue(doc):
    annotations = sheet(doc).getAnnotations()
    expect(annotations.getCount() == 1, "%d notes, not 1" % annotations.getCount())
    note = annotations.getByIndex(0)
    expect((note.Position.Column, note.Position.Row) == (4, 1), "the note is on another cell")
    expect("check" in note.getString().lower(), "the note reads %r" % note.getString())


def average_units(doc):
    units = [row[3] for row in sales_rows()]
    expect(cell(doc, "G1").getString().strip().lower() == "average units", "G1 reads %r"
           % cell(doc, "G1").getString())
    expect(abs(cell(doc, "G2").getValue() - sum(units) / len(units)) < 1e-9, "G2 is %s, not the average"
           % cell(doc, "G2").getValue())
    expect("AVERAGE" in cell(doc, "G2").getFormula().upper(), "G2 is not an AVERAGE formula")


def prices_imported(doc):
    prices = sheet(doc, "Prices")
    rows = [tuple(r) for r in prices.getCellRangeByName("A1:B3").getDataArray()]
    expect(rows == [("Product", "Price"), ("Tea", 4.0), ("Coffee", 6.0)], "the Prices sheet reads %r" % rows)


# --- the tasks --------------------------------------------------------------------------------------

TASKS = [
    Task("calc.total-revenue", "formulas", "Add a Total row under the table with the sum of the revenue.", SALES,
         total_revenue,
         plan=[("write_range", {"range": "A26", "values": [["Total", None, None, None, "=SUM(E2:E25)"]]})],
         wrong=[("write_range", {"range": "A26", "values": [["Total", None, None, None, "=SUM(E2:E24)"]]})]),
    Task("calc.revenue-two-decimals", "formatting", "Show the revenue with two decimals.", SALES,
         revenue_two_decimals,
         plan=[("format_range", {"range": "E2:E25", "number_format": "#,##0.00"})],
         wrong=[("format_range", {"range": "D2:E25", "number_format": "#,##0.00"})]),
    Task("calc.sort-by-revenue", "sorting", "Sort the table by revenue, highest first.", SALES, sorted_by_revenue,
         plan=[("sort_range", {"range": DATA, "keys": [{"column": "E", "descending": True}], "has_header": True})],
         wrong=[("sort_range", {"range": "E1:E25", "keys": [{"column": "E", "descending": True}],
                                "has_header": True})]),
    Task("calc.header-bold-yellow", "formatting", "Make the header row bold with a yellow background.", SALES,
         header_bold_yellow,
         plan=[("format_range", {"range": "A1:E1", "bold": True, "background_color": "#FFFF00"})],
         wrong=[("format_range", {"range": "A1:E2", "bold": True, "background_color": "#FFFF00"})]),
    Task("calc.only-north", "filtering", "Show only the rows for the North region.", SALES, only_north_shown,
         plan=[("filter_range", {"range": DATA, "conditions": [{"column": "A", "operator": "equals",
                                                              "value": "North"}]})],
         wrong=[("filter_range", {"range": DATA, "conditions": [{"column": "A", "operator": "not_equals",
                                                               "value": "North"}]})]),
    Task("calc.units-per-region", "summaries",
         "Add a sheet called Summary with the total units for each region.", SALES, units_per_region,
         plan=[("manage_sheet", {"action": "create", "name": "Summary"}),
               ("write_range", {"range": "Summary.A1", "values": [["Region", "Units"]] + [
                   [region, "=SUMIF(Sales.A$2:A$25,A%d,Sales.D$2:D$25)" % (row + 2)]
                   for row, region in enumerate(REGIONS)]})],
         wrong=[("manage_sheet", {"action": "create", "name": "Summary"}),
                ("write_range", {"range": "Summary.A1", "values": [["Region", "Units"]] + [
                    [region, "=SUMIF(Sales.A$2:A$25,A%d,Sales.E$2:E$25)" % (row + 2)]
                    for row, region in enumerate(REGIONS)]})]),
    Task("calc.price-column", "structure", "Insert a column Price before Units.", SALES, price_column_inserted,
         plan=[("edit_rows_columns", {"action": "insert_columns", "at": "D"}),
               ("write_range", {"range": "D1", "values": [["Price"]]})],
         wrong=[("edit_rows_columns", {"action": "insert_columns", "at": "E"}),
                ("write_range", {"range": "E1", "values": [["Price"]]})]),
    Task("calc.big-revenues-red", "conditional formats", "Highlight revenues over 100 in red.", SALES,
         big_revenues_red,
         plan=[("conditional_format", {"range": "E2:E25", "rule": "greater", "value": 100,
                                       "background_color": "red"})],
         wrong=[("conditional_format", {"range": "E2:E25", "rule": "greater", "value": 10,
                                        "background_color": "red"})]),
    Task("calc.rename-sheet", "sheets", "Rename the sheet to 2024 Sales.", SALES, sheet_renamed,
         plan=[("manage_sheet", {"action": "rename", "name": "Sales", "new_name": "2024 Sales"})],
         wrong=[("manage_sheet", {"action": "create", "name": "2024 Sales"})]),
    Task("calc.note-on-a-cell", "comments", "Add a note 'check this' to the first revenue figure.", SALES,
         note_on_first_revenue,
         plan=[("cell_comments", {"action": "add", "range": "E2", "text": "check this"})],
         wrong=[("cell_comments", {"action": "add", "range": "E1", "text": "check this"})]),
    Task("calc.average-units", "formulas", "In G1 write Average units, and under it the average of the units.",
         SALES, average_units,
         plan=[("write_range", {"range": "G1", "values": [["Average units"], ["=AVERAGE(D2:D25)"]]})],
         wrong=[("write_range", {"range": "G1", "values": [["Average units"], ["=AVERAGE(E2:E25)"]]})]),
    Task("calc.import-prices", "import",
         "Put this price list on a new sheet called Prices:\nProduct,Price\nTea,4\nCoffee,6", SALES, prices_imported,
         plan=[("manage_sheet", {"action": "create", "name": "Prices"}),
               ("import_csv", {"csv": "Product,Price\nTea,4\nCoffee,6", "cell": "Prices.A1"})],
         wrong=[("manage_sheet", {"action": "create", "name": "Prices"}),
                ("import_csv", {"csv": "Product,Price\nTea,4\nCoffee,6", "cell": "Prices.A2"})]),
]
