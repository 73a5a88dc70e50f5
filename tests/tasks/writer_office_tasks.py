"""Writer tasks on everyday office documents: invoices, forms, letters, minutes, guides, a long corpus report.

Most take several steps: read the document (its table, its changes, its comments, its formatting), decide,
then change one or several places. The input documents are built in documents.py (invoice, form, minutes,
guide, price list, a letter with tracked changes) or come from the corpus (tests/fixtures/documents/).
"""
from __future__ import annotations

from .checks import blocks, comments, expect, found, is_heading, paragraph_with, paragraphs, tables, texts
from .documents import INVOICE_ROWS
from .model import Task

INVOICE_HEADER = ["Item", "Qty", "Unit price", "Amount"]
TICKED = ("[x]", "[X]", "☒", "☑")


def _number(text: str) -> float:
    try:
        return float(text.replace(",", "").replace("EUR", "").strip())
    except ValueError:
        raise AssertionError("%r is not a number" % text) from None


def _table_rows(doc, index: int = 0):
    return [list(row) for row in tables(doc)[index].getDataArray()]


def invoice_total_row(doc):
    rows = _table_rows(doc)
    expect(rows[:4] == [INVOICE_HEADER] + [list(row) for row in INVOICE_ROWS], "the item rows changed: %r" % rows)
    expect(len(rows) == 5 and rows[4][0].strip().lower() == "total", "the last row is %r, not a Total row" % rows[-1])
    expect(abs(_number(rows[4][3]) - 98.5) < 0.005, "the total reads %r, not 98.50" % rows[4][3])


def invoice_amount_fixed(doc):
    rows = _table_rows(doc)
    expect([row[:3] for row in rows] == [INVOICE_HEADER[:3]] + [list(row[:3]) for row in INVOICE_ROWS],
           "items, quantities or prices changed: %r" % rows)
    for row in rows[1:]:
        expect(abs(_number(row[3]) - _number(row[1]) * _number(row[2])) < 0.005,
               "%s's amount reads %s" % (row[0], row[3]))


def invoice_dates_moved(doc):
    expect("Date: 2 June 2026" in texts(doc), "the date line reads %r" % paragraph_with(doc, "Date:").getString())
    expect("Payment due by 2 July 2026." in texts(doc), "the due date reads %r"
           % paragraph_with(doc, "Payment due").getString())


def form_filled(doc):
    lines = texts(doc)
    expect(lines[1:4] == ["Name: Ann Lee", "Date of birth: 4 March 1990", "Email: ann.lee@example.org"],
           "the filled lines read %r" % lines[1:4])
    membership = lines[4]
    expect(any("%s Regular" % mark in membership for mark in TICKED), "Regular is not ticked: %r" % membership)
    expect("[ ] Student" in membership and "[ ] Family" in membership, "another box changed: %r" % membership)
    expect(lines[5] == "Signature: __________", "the signature line reads %r" % lines[5])


def _redlines(doc) -> int:
    return doc.getRedlines().getCount()


def all_changes_accepted(doc):
    expect(_redlines(doc) == 0, "%d tracked changes wait" % _redlines(doc))
    text = doc.getText().getString()
    expect("Please reply by Monday." in text and "Our office opens" in text, "a change was rejected")


def insertion_kept_deletion_undone(doc):
    expect(_redlines(doc) == 0, "%d tracked changes wait" % _redlines(doc))
    text = doc.getText().getString()
    expect("Please reply by Monday." in text, "the added sentence is gone")
    expect("Our new office opens" in text, "the word 'new' stays deleted")


def bold_lines_are_headings(doc):
    for title in ("Scope", "Budget", "Team"):
        expect(is_heading(paragraph_with(doc, title), 1), "%r is not a level-1 heading" % title)
    for words in ("We build", "The budget is", "Ann leads"):
        expect(not is_heading(paragraph_with(doc, words)), "%r became a heading" % words)


def notes_are_quotations(doc):
    for paragraph in paragraphs(doc):
        note = paragraph.getString().startswith("Note:")
        expect((paragraph.ParaStyleName == "Quotations") == note, "%r has the style %s"
               % (paragraph.getString(), paragraph.ParaStyleName))


def price_lines_in_a_table(doc):
    order = ["table" if b.supportsService("com.sun.star.text.TextTable") else b.getString() for b in blocks(doc)]
    expect(order == ["Price list", "Prices from 1 June:", "table", "Prices include VAT."],
           "the document reads %r" % order)
    rows = [[cell.strip() for cell in row] for row in _table_rows(doc)]
    expect(rows == [["Product", "Price"], ["Tea", "4 EUR"], ["Coffee", "6 EUR"], ["Cocoa", "5 EUR"]],
           "the table reads %r" % rows)


def only_steves_comment_left(doc):
    left = comments(doc)
    expect([note.Author for note in left] == ["Steve Canny"], "the comments left are by %r"
           % [note.Author for note in left])
    expect(len(paragraphs(doc)) == 14 and "Paragraph 6" in texts(doc), "the text changed")


def mill_now_sawmill(doc):
    mills, sawmills = len(found(doc, "mill")), len(found(doc, "sawmill"))
    expect(sawmills >= 90 and mills == sawmills, "%d of %d 'mill' are 'sawmill'" % (sawmills, mills))
    expect(not found(doc, "sawsawmill"), "'sawmill' was replaced again")


def letter_for_sara(doc):
    lines = texts(doc)
    expect(lines[0] == "Dear Sara,", "the greeting reads %r" % lines[0])
    expect(lines[-1] == "Tom Berg", "the letter is signed %r" % lines[-1])
    expect("Best regards," in lines and "Questions: call Tom." in lines, "other lines changed")


TASKS = [
    Task("writer.invoice-total-row", "invoices", "Add a Total row at the bottom of the invoice table.", "invoice",
         invoice_total_row,
         plan=[("tables", {"action": "read", "table": 4}),
               ("tables", {"action": "add_rows", "table": 4, "rows": [["Total", "", "", "98.50"]]})],
         wrong=[("tables", {"action": "read", "table": 4}),
                ("tables", {"action": "add_rows", "table": 4, "rows": [["Total", "", "", "36.75"]]})]),
    Task("writer.invoice-fix-amount", "invoices", "One of the amounts on this invoice is wrong. Fix it.",
         "invoice_error", invoice_amount_fixed,
         plan=[("tables", {"action": "read", "table": 4}),
               ("tables", {"action": "write", "table": 4,
                           "cells": [{"cell": "D3", "old_text": "38.00", "new_text": "36.00"}]})],
         wrong=[("tables", {"action": "read", "table": 4}),
                ("tables", {"action": "write", "table": 4,
                            "cells": [{"cell": "C3", "old_text": "18.00", "new_text": "19.00"}]})]),
    Task("writer.invoice-new-dates", "invoices",
         "Date the invoice 2 June 2026 instead, and make it due on 2 July 2026.", "invoice", invoice_dates_moved,
         plan=[("get_document", {}),
               ("replace_text", {"old_text": "1 May 2026", "new_text": "2 June 2026", "paragraph": 2}),
               ("replace_text", {"old_text": "31 May 2026", "new_text": "2 July 2026", "paragraph": 5})],
         wrong=[("replace_text", {"old_text": "May 2026", "new_text": "June 2026", "all": True})]),
    Task("writer.form-fill-in", "forms",
         "Fill in the form for Ann Lee, born 4 March 1990, email ann.lee@example.org, regular membership. "
         "Leave the signature for her.", "form", form_filled,
         plan=[("get_document", {}),
               ("replace_text", {"old_text": "__________", "new_text": "Ann Lee", "paragraph": 2}),
               ("replace_text", {"old_text": "__________", "new_text": "4 March 1990", "paragraph": 3}),
               ("replace_text", {"old_text": "__________", "new_text": "ann.lee@example.org", "paragraph": 4}),
               ("replace_text", {"old_text": "[ ] Regular", "new_text": "[x] Regular", "paragraph": 5})],
         wrong=[("replace_text", {"old_text": "__________", "new_text": "Ann Lee", "paragraph": 2}),
                ("replace_text", {"old_text": "__________", "new_text": "4 March 1990", "paragraph": 3}),
                ("replace_text", {"old_text": "__________", "new_text": "ann.lee@example.org", "paragraph": 4}),
                ("replace_text", {"old_text": "[ ] Regular", "new_text": "[x] Regular", "paragraph": 5}),
                ("replace_text", {"old_text": "__________", "new_text": "Ann Lee", "paragraph": 6})]),
    Task("writer.accept-all-changes", "tracked changes", "Accept all the tracked changes.", "letter_tracked",
         all_changes_accepted,
         plan=[("track_changes", {"action": "accept", "all": True})],
         wrong=[("track_changes", {"action": "reject", "all": True})]),
    Task("writer.accept-one-reject-one", "tracked changes",
         "Keep the sentence that was added about replying, but undo the deleted word.", "letter_tracked",
         insertion_kept_deletion_undone,
         plan=[("track_changes", {"action": "list"}),
               ("track_changes", {"action": "accept", "number": 2, "text": "Please reply by Monday. "}),
               ("track_changes", {"action": "reject", "number": 1, "text": "new "})],
         wrong=[("track_changes", {"action": "list"}),
                ("track_changes", {"action": "accept", "number": 1, "text": "new "})]),
    Task("writer.bold-lines-to-headings", "styles",
         "The section titles here are just bold lines. Make them real level-1 headings.", "minutes",
         bold_lines_are_headings,
         plan=[("get_document", {"formatting": True}),
               ("apply_style", {"style": "Heading 1", "paragraph": 2, "expected_start": "Scope"}),
               ("apply_style", {"style": "Heading 1", "paragraph": 4, "expected_start": "Budget"}),
               ("apply_style", {"style": "Heading 1", "paragraph": 6, "expected_start": "Team"})],
         wrong=[("get_document", {"formatting": True}),
                ("apply_style", {"style": "Heading 1", "paragraph": 1, "to_paragraph": 2})]),
    Task("writer.notes-as-quotations", "styles", "Give every paragraph that starts with 'Note:' the Quotations style.",
         "guide", notes_are_quotations,
         plan=[("search_text", {"text": "Note:", "match_case": True}),
               ("apply_style", {"style": "Quotations", "paragraph": 2, "expected_start": "Note:"}),
               ("apply_style", {"style": "Quotations", "paragraph": 5, "expected_start": "Note:"}),
               ("apply_style", {"style": "Quotations", "paragraph": 7, "expected_start": "Note:"})],
         wrong=[("search_text", {"text": "Note:", "match_case": True}),
                ("apply_style", {"style": "Quotations", "paragraph": 2, "expected_start": "Note:"}),
                ("apply_style", {"style": "Quotations", "paragraph": 5, "expected_start": "Note:"})]),
    Task("writer.price-lines-to-table", "tables",
         "Turn the three price lines into a table with the columns Product and Price, in the same place.",
         "price_list", price_lines_in_a_table,
         plan=[("get_document", {}),
               ("delete_paragraphs", {"paragraph": 3, "to_paragraph": 5,
                                      "old_text": "Tea: 4 EUR\nCoffee: 6 EUR\nCocoa: 5 EUR"}),
               ("tables", {"action": "create", "position": "after", "paragraph": 2,
                           "rows": [["Product", "Price"], ["Tea", "4 EUR"], ["Coffee", "6 EUR"],
                                    ["Cocoa", "5 EUR"]]})],
         wrong=[("get_document", {}),
                ("tables", {"action": "create", "position": "after", "paragraph": 5,
                            "rows": [["Product", "Price"], ["Tea", "4 EUR"], ["Coffee", "6 EUR"],
                                     ["Cocoa", "5 EUR"]]})]),
    Task("writer.keep-only-steves-comment", "review",
         "Remove every comment except Steve Canny's.", "python-docx-comments.docx", only_steves_comment_left,
         plan=[("comments", {"action": "list"}),
               ("comments", {"action": "remove", "number": 4}),
               ("comments", {"action": "remove", "number": 3}),
               ("comments", {"action": "remove", "number": 2})],
         wrong=[("comments", {"action": "list"}),
                ("comments", {"action": "remove", "all": True})]),
    Task("writer.long-report-sawmill", "find and replace",
         "Say 'sawmill' instead of 'mill' everywhere in this document, the tables included.",
         "lo-sdk-document-handling.odt", mill_now_sawmill,
         plan=[("search_text", {"text": "mill", "max_results": 5}),
               ("replace_text", {"old_text": "mill", "new_text": "sawmill", "all": True})],
         wrong=[("replace_text", {"old_text": "mill", "new_text": "sawmill", "paragraph": 1, "all": True})]),
    Task("writer.letter-for-sara", "letters",
         "This letter now goes to Sara and is signed by Tom Berg. Change the greeting and the signature.",
         "letter", letter_for_sara,
         plan=[("get_document", {}),
               ("replace_text", {"old_text": "Ann", "new_text": "Sara", "paragraph": 1}),
               ("replace_text", {"old_text": "Ann Lee", "new_text": "Tom Berg", "paragraph": 9})],
         wrong=[("replace_text", {"old_text": "Ann", "new_text": "Sara", "all": True})]),
]
