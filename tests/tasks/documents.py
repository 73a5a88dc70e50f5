"""The tasks' input documents: copies of the corpus's files, or documents built here (the kinds the
corpus lacks: a report with a title and headings, a sales table, a small deck, a new presentation,
an empty drawing).

``prepare(office, name, folder)`` returns the path of a fresh file to open for a task: a copy of
the corpus file ``name`` (tests/fixtures/documents/), or what the builder ``name`` below writes.
Builders make their document with LibreOffice itself (HTML import for Writer, cell arrays for
Calc) and save it as OpenDocument, so a task starts from what a user's saved file holds.
"""
from __future__ import annotations

import os
import shutil

import uno  # noqa: F401  (installs the com.sun.star import hook)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "tests", "fixtures", "documents")

REPORT_HTML = """<html><body>
<p>Quarterly Report</p>
<p>Prepared by Micheal Smith for the board.</p>
<h1>Summary</h1>
<p>Sales grew in every region this quarter. Micheal Smith thanks the regional teams.</p>
<p>The <i>northern</i> region doubled its orders, and the <i>western</i> region opened two offices.</p>
<h1>Results</h1>
<p>Water (H2O) use fell by ten percent, and CO2 emissions by four percent.</p>
<ul><li>Revenue rose.</li><li>Costs fell.</li><li>Staff grew.</li></ul>
<table border="1"><tr><th>Region</th><th>Sales</th><th>Target</th></tr>
<tr><td>North</td><td>120</td><td>100</td></tr><tr><td>South</td><td>80</td><td>90</td></tr>
<tr><td>West</td><td>95</td><td>95</td></tr></table>
<h1>Outlook</h1>
<p>We expect steady growth next quarter.</p>
<p>Contact: office@example.org</p>
</body></html>
"""
"""A short report: a title line (bold, large, left), three headings, body text with italics, a list and a table."""

SALES_HEADER = ("Region", "Month", "Product", "Units", "Revenue")
REGIONS = ("North", "South", "East", "West")
MONTHS = ("Jan", "Feb", "Mar")
PRODUCTS = ("Tea", "Coffee")


def sales_rows():
    """The sales table's rows after its header: every region, month and product, fixed numbers."""
    rows = []
    for r, region in enumerate(REGIONS):
        for m, month in enumerate(MONTHS):
            for p, product in enumerate(PRODUCTS):
                units = 10 + 7 * r + 3 * m + 5 * p
                rows.append((region, month, product, float(units), float(units * (4 + 2 * p))))
    return rows


def prepare(office, name: str, folder: str) -> str:
    """A fresh file for the input document ``name`` (a corpus file or a builder below), in ``folder``."""
    corpus = os.path.join(CORPUS, name)
    if os.path.exists(corpus):
        path = os.path.join(folder, name)
        shutil.copy(corpus, path)
        return path
    return BUILDERS[name](office, folder)


def _report(office, folder: str) -> str:
    html = os.path.join(folder, "report.html")
    with open(html, "w", encoding="utf-8") as handle:
        handle.write(REPORT_HTML)
    doc = office.open_document(html, hidden=True, filter_name="HTML (StarWriter)")
    try:
        first = doc.getText().createEnumeration().nextElement()  # a title made by hand, as many users make one:
        first.CharWeight, first.CharHeight = 150.0, 20.0            # bold and large, left-aligned
        return _store(doc, os.path.join(folder, "report.odt"), "writer8")
    finally:
        office.close_document(doc)


def _sales(office, folder: str) -> str:
    doc = office.new_document("scalc", hidden=True)
    try:
        sheet = doc.Sheets.getByIndex(0)
        sheet.setName("Sales")
        rows = [SALES_HEADER] + sales_rows()
        sheet.getCellRangeByPosition(0, 0, len(SALES_HEADER) - 1, len(rows) - 1).setDataArray(tuple(rows))
        return _store(doc, os.path.join(folder, "sales.ods"), "calc8")
    finally:
        office.close_document(doc)


def _errors(office, folder: str) -> str:
    """A small sheet of prices and quantities whose formulas go wrong: a division by zero, a misspelt SUM."""
    doc = office.new_document("scalc", hidden=True)
    try:
        sheet = doc.Sheets.getByIndex(0)
        rows = (("Item", "Cost", "Units", "Cost per unit"), ("Tea", 12.0, 4.0, "=B2/C2"), ("Coffee", 9.0, 0.0, "=B3/C3"),
                ("Cocoa", 10.0, 5.0, "=B4/C4"), ("Total", "=SUMM(B2:B4)", "=SUM(C2:C4)", ""))
        sheet.getCellRangeByName("A1:D5").setFormulaArray(tuple(tuple(str(v) if isinstance(v, float) else v
                                                                      for v in row) for row in rows))
        return _store(doc, os.path.join(folder, "costs.ods"), "calc8")
    finally:
        office.close_document(doc)


def _store(doc, path: str, filter_name: str) -> str:
    from com.sun.star.beans import PropertyValue
    prop = PropertyValue()
    prop.Name, prop.Value = "FilterName", filter_name
    doc.storeToURL(uno.systemPathToFileUrl(path), (prop,))
    return path


DECK_SLIDES = (
    (0, "Quarterly review", ["Sales team"], ""),
    (1, "Results", ["Revenue rose by twelve percent in the first quarter compared with the same quarter last year",
                    "Costs fell slightly because the new warehouse needed fewer people than we had planned",
                    "Staff grew from forty to fifty-two people across the three regional offices"], ""),
    (1, "Plans", ["Open an office in the west", "Hire two engineers"], "Mention the budget."),
    (19, "Questions", [], ""),
)
"""The deck's slides: AutoLayout (0 title, 1 title and content, 19 title only), title, body lines, notes."""


def _deck(office, folder: str) -> str:
    """A four-slide presentation: a title slide, Results with three long bullets, Plans with notes, Questions."""
    doc = office.new_document("simpress", hidden=True)
    try:
        pages = doc.getDrawPages()
        while pages.getCount() < len(DECK_SLIDES):
            pages.insertNewByIndex(pages.getCount() - 1)
        for index, (layout, title, lines, notes) in enumerate(DECK_SLIDES):
            page = pages.getByIndex(index)
            page.Layout = layout
            shapes = [page.getByIndex(k) for k in range(page.getCount())]
            shapes[0].setString(title)
            if lines:
                shapes[1].setString("\n".join(lines))
            for k in range(page.getNotesPage().getCount()):
                shape = page.getNotesPage().getByIndex(k)
                if notes and shape.getShapeType().endswith("NotesShape"):
                    shape.setString(notes)
        return _store(doc, os.path.join(folder, "deck.odp"), "impress8")
    finally:
        office.close_document(doc)


def _new_deck(office, folder: str) -> str:
    """A new presentation as LibreOffice makes it (one empty title slide), saved."""
    doc = office.new_document("simpress", hidden=True)
    try:
        return _store(doc, os.path.join(folder, "new-deck.odp"), "impress8")
    finally:
        office.close_document(doc)


def _drawing(office, folder: str) -> str:
    """A new, empty drawing, saved."""
    doc = office.new_document("sdraw", hidden=True)
    try:
        return _store(doc, os.path.join(folder, "drawing.odg"), "draw8")
    finally:
        office.close_document(doc)


BUILDERS = {"report": _report, "sales": _sales, "costs": _errors, "deck": _deck, "new deck": _new_deck,
            "drawing": _drawing}
