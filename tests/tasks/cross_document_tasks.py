"""Tasks across two open documents: the turn reads the other one (read_other_document) and writes into its own.

Each task's ``also_open`` document is open beside it, left unchanged (tests/tasks/test_task_plans.py
checks that); the checker judges the task's own document.
"""
from __future__ import annotations

from .checks import blocks, cell, expect, expect_list_at_end, rows_of, tables, texts
from .documents import ACTION_ITEMS, ATTENDEES, BUDGET, STAFF, TARGETS
from .model import Task

REPORT_TABLE = [["Region", "Sales", "Target"], ["North", "120", "100"], ["South", "80", "90"], ["West", "95", "95"]]
HALF_YEAR = {region: sum(months) for region, *months in BUDGET}


def _number(text) -> float:
    try:
        return float(str(text).replace(",", ""))
    except ValueError:
        raise AssertionError("%r is not a number" % text) from None


def budget_totals_table(doc):
    found = tables(doc)
    expect(len(found) == 2, "%d tables, not 2 (the report's and the totals)" % len(found))
    rows = [list(r) for r in found[-1].getDataArray()]
    expect(rows[0][:2] == ["Region", "Total"], "the new table's header reads %r" % rows[0])
    totals = {row[0]: _number(row[1]) for row in rows[1:]}
    expect(totals == HALF_YEAR, "the totals read %r, not %r" % (totals, HALF_YEAR))
    order = [b.getString() if b.supportsService("com.sun.star.text.Paragraph") else "table" for b in blocks(doc)]
    expect(order.index("Contact: office@example.org") < len(order) - 1 - order[::-1].index("table"),
           "the totals are not at the end")


def sales_updated_from_sheet(doc):
    rows = [list(r) for r in tables(doc)[0].getDataArray()]
    expect(rows == [["Region", "Sales", "Target"], ["North", "420", "100"], ["South", "310", "90"],
                    ["West", "120", "95"]], "the table reads %r" % rows)


def action_items_added(doc):
    expect_list_at_end(doc, "Action items", "Contact: office@example.org", ACTION_ITEMS)


def closing_copied(doc):
    expect(texts(doc)[-2:] == ["Best regards,", "Ann Lee"], "the report ends with %r" % texts(doc)[-2:])
    expect("Contact: office@example.org" in texts(doc), "the contact line went")


def attendees_in_column_a(doc):
    expect(rows_of(doc, "A1:B1") == [("Name", "Email")], "the header changed: %r" % rows_of(doc, "A1:B1"))
    names = [row[0] for row in rows_of(doc, "A2:A6")]
    expect(names == list(ATTENDEES) + ["", ""], "column A reads %r" % names)
    expect(all(row[0] == "" for row in rows_of(doc, "B2:B6")), "something was written in the Email column")


def report_table_in_sheet(doc):
    rows = rows_of(doc, "A1:C5")
    expect(list(rows[0]) == REPORT_TABLE[0], "the header reads %r" % (rows[0],))
    for row, wanted in zip(rows[1:4], REPORT_TABLE[1:]):
        expect(row[0] == wanted[0] and row[1:] == (float(wanted[1]), float(wanted[2])),
               "a row reads %r, not %r with numbers" % (row, wanted))
    expect(rows[4] == ("", "", ""), "there is more under the table: %r" % (rows[4],))


def targets_beside_budget(doc):
    expect(cell(doc, "H1").getString() == "Target", "H1 reads %r" % cell(doc, "H1").getString())
    wanted = dict(TARGETS)
    for row in range(2, 5):
        region, target = cell(doc, "A%d" % row).getString(), cell(doc, "H%d" % row)
        expect(target.getValue() == wanted[region] and target.getType().value == "VALUE",
               "%s's target reads %r, not %g" % (region, target.getString(), wanted[region]))


def staff_in_sheet(doc):
    rows = rows_of(doc, "A1:B14")
    expect(rows[0] == ("Name", "Room"), "the header reads %r" % (rows[0],))
    expect(rows[1:13] == list(STAFF), "the people read %r" % rows[1:13])
    expect(rows[13] == ("", ""), "there is more under the list: %r" % (rows[13],))


TASKS = [
    Task("writer.cross-budget-totals", "two documents",
         "Put the half-year total of each region from the Budget spreadsheet into a table (Region, Total) at the "
         "end of my report.", "report", budget_totals_table, also_open="budget",
         plan=[("read_other_document", {}),
               ("read_other_document", {"title": "budget"}),
               ("tables", {"action": "create", "position": "end",
                           "rows": [["Region", "Total"]] + [[r, "%g" % t] for r, t in HALF_YEAR.items()]})],
         wrong=[("read_other_document", {"title": "budget"}),
                ("tables", {"action": "create", "position": "end",
                            "rows": [["Region", "Total"]] + [[r, "%g" % jan] for r, jan, *_ in BUDGET]})]),
    Task("writer.cross-sales-from-sheet", "two documents",
         "Update the Sales figures in my report's table with the ones in shares.ods.", "report",
         sales_updated_from_sheet, also_open="shares",
         plan=[("read_other_document", {"title": "shares.ods"}),
               ("tables", {"action": "read", "table": 11}),
               ("tables", {"action": "write", "table": 11, "cells": [
                   {"cell": "B2", "old_text": "120", "new_text": "420"},
                   {"cell": "B3", "old_text": "80", "new_text": "310"},
                   {"cell": "B4", "old_text": "95", "new_text": "120"}]})],
         wrong=[("read_other_document", {"title": "shares.ods"}),
                ("tables", {"action": "add_rows", "table": 11, "rows": [["East", "150", ""]]}),
                ("tables", {"action": "write", "table": 11, "cells": [
                    {"cell": "B2", "old_text": "120", "new_text": "420"},
                    {"cell": "B3", "old_text": "80", "new_text": "310"}]})]),
    Task("writer.cross-action-items", "two documents",
         "Add the action items from the meeting notes at the end of my report, as a bulleted list under a heading "
         "'Action items'.", "report", action_items_added, also_open="notes",
         plan=[("read_other_document", {"title": "notes"}),
               ("insert_content", {"position": "end", "content": "## Action items\n\n"
                                   + "".join("- %s\n" % item for item in ACTION_ITEMS)})],
         wrong=[("read_other_document", {"title": "notes"}),
                ("insert_content", {"position": "end", "content": "## Action items\n\n"
                                    + "".join("- %s\n" % name for name in ATTENDEES)})]),
    Task("writer.cross-closing-from-letter", "two documents",
         "End my report with the same closing and signature as in the letter I have open.", "report",
         closing_copied, also_open="letter",
         plan=[("read_other_document", {}),
               ("read_other_document", {"title": "letter"}),
               ("insert_content", {"position": "end", "content": "Best regards,\nAnn Lee", "format": "plain"})],
         wrong=[("read_other_document", {"title": "letter"}),
                ("insert_content", {"position": "end", "content": "Ann Lee", "format": "plain"})]),
    Task("calc.cross-names-from-notes", "two documents",
         "Copy the list of attendees from the meeting notes into column A of the sheet, under the header.",
         "guests", attendees_in_column_a, also_open="notes",
         plan=[("read_other_document", {"title": "notes.odt"}),
               ("write_range", {"range": "A2", "values": [[name] for name in ATTENDEES]})],
         wrong=[("read_other_document", {"title": "notes.odt"}),
                ("write_range", {"range": "A2", "values": [list(ATTENDEES)]})]),
    Task("calc.cross-report-table", "two documents",
         "Copy the regional sales table from my report into this sheet, starting at A1.", "blank_sheet",
         report_table_in_sheet, also_open="report",
         plan=[("read_other_document", {"title": "report"}),
               ("write_range", {"range": "A1", "values": [REPORT_TABLE[0]] + [
                   [region, float(sales), float(target)] for region, sales, target in REPORT_TABLE[1:]]})],
         wrong=[("read_other_document", {"title": "report"}),
                ("write_range", {"range": "A1", "values": [["Region", "Sales"]] + [
                    [region, float(sales)] for region, sales, _ in REPORT_TABLE[1:]]})]),
    Task("calc.cross-targets-beside-budget", "two documents",
         "Add a Target column after June with each region's half-year target from targets.ods.", "budget",
         targets_beside_budget, also_open="targets",
         plan=[("read_range", {"range": "A1:G4"}),
               ("read_other_document", {"title": "targets"}),
               ("write_range", {"range": "H1", "values": [["Target"]] + [[dict(TARGETS)[region]]
                                                                         for region, *_ in BUDGET]})],
         wrong=[("read_other_document", {"title": "targets"}),
                ("write_range", {"range": "H1", "values": [["Target"]] + [[value] for _, value in TARGETS]})]),
    Task("calc.cross-staff-table", "two documents",
         "Copy the staff table from staff.odt into this sheet, from A1, rooms as numbers.", "blank_sheet",
         staff_in_sheet, also_open="staff",
         plan=[("read_other_document", {"title": "staff"}),
               ("read_other_document", {"title": "staff", "table": "Staff"}),
               ("write_range", {"range": "A1", "values": [["Name", "Room"]] + [list(row) for row in STAFF]})],
         wrong=[("read_other_document", {"title": "staff"}),
                ("write_range", {"range": "A1", "values": [["Name", "Room"]] + [list(row) for row in STAFF[:7]]})]),
]
