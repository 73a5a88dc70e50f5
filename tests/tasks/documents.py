"""The tasks' input documents: copies of the corpus's files, or documents built here (the kinds the
corpus lacks: a report with a title and headings, a sales table).

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


def _store(doc, path: str, filter_name: str) -> str:
    from com.sun.star.beans import PropertyValue
    prop = PropertyValue()
    prop.Name, prop.Value = "FilterName", filter_name
    doc.storeToURL(uno.systemPathToFileUrl(path), (prop,))
    return path


BUILDERS = {"report": _report, "sales": _sales}


def _paged_report(office, folder: str) -> str:
    """The report on two pages: a header on every page ("Quarterly Report — Example Ltd"), Results on a new page."""
    from com.sun.star.style.BreakType import PAGE_BEFORE
    doc = office.open_document(_report(office, folder), hidden=True)
    try:
        paragraphs = _paragraphs(doc)
        style = doc.getStyleFamilies().getByName("PageStyles").getByName(paragraphs[0].PageStyleName)
        style.HeaderIsOn = True
        style.HeaderText.setString("Quarterly Report — Example Ltd")
        [p for p in paragraphs if p.getString() == "Results"][0].BreakType = PAGE_BEFORE
        return _store(doc, os.path.join(folder, "paged-report.odt"), "writer8")
    finally:
        office.close_document(doc)


def _report_with_stale_contents(office, folder: str) -> str:
    """The report with a table of contents after its title, then "Outlook" renamed "Outlook and risks" (the
    table still lists "Outlook")."""
    doc = office.open_document(_report(office, folder), hidden=True)
    try:
        text = doc.getText()
        paragraphs = _paragraphs(doc)
        contents = doc.createInstance("com.sun.star.text.ContentIndex")
        contents.CreateFromOutline = True
        text.insertTextContent(paragraphs[1].getStart(), contents, False)
        contents.update()
        [p for p in paragraphs if p.getString() == "Outlook"][0].setString("Outlook and risks")
        return _store(doc, os.path.join(folder, "report-with-contents.odt"), "writer8")
    finally:
        office.close_document(doc)


def _paragraphs(doc) -> list:
    """The body's paragraphs (tables left out)."""
    enumeration, found = doc.getText().createEnumeration(), []
    while enumeration.hasMoreElements():
        element = enumeration.nextElement()
        if element.supportsService("com.sun.star.text.Paragraph"):
            found.append(element)
    return found


BUILDERS.update({"paged-report": _paged_report, "report-with-contents": _report_with_stale_contents})
