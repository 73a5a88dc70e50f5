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
import tempfile

import uno  # noqa: F401  (installs the com.sun.star import hook)
from support.picture_files import write_png

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


# --- pictures (writer_import_tasks.py) -------------------------------------------------------------

PICTURES = os.path.join(tempfile.gettempdir(), "marginalia-task-pictures")
CHART = os.path.join(PICTURES, "chart.png")
"""The picture the picture tasks name by its path: 400 × 200 pixels (10.58 × 5.29 cm at 96 pixels per inch)."""
LOGO = os.path.join(PICTURES, "logo.png")
"""80 × 80 pixels (2.12 cm square)."""


def _report_and_chart(office, folder: str) -> str:
    """The report, and the chart picture at :data:`CHART` for a task to insert."""
    os.makedirs(PICTURES, exist_ok=True)
    write_png(CHART, 400, 200)
    return _report(office, folder)


def _illustrated_report(office, folder: str) -> str:
    """The report with two embedded pictures, each centred in a paragraph of its own: the logo (2 cm, alt text
    "Logo") under the title and the chart (10 cm wide, no alt text) after the table. Blocks: 1 title, 2 logo,
    3 "Prepared by…", 4 Summary, 5-6, 7 Results, 8 H2O, 9-11 list, 12 table, 13 chart, 14 Outlook, 15-16."""
    os.makedirs(PICTURES, exist_ok=True)
    write_png(LOGO, 80, 80, (30, 30, 200))
    write_png(CHART, 400, 200)
    doc = office.open_document(_report(office, folder), hidden=True)
    try:
        xtext = doc.getText()
        first = xtext.createEnumeration().nextElement()
        _picture_paragraph(office, doc, first.getEnd(), LOGO, 2000, "Logo", after=True)
        outlook = [p for p in _elements(xtext) if p.supportsService("com.sun.star.text.Paragraph")
                   and p.getString() == "Outlook"][0]
        _picture_paragraph(office, doc, outlook.getStart(), CHART, 10000, "", after=False)
        return _store(doc, os.path.join(folder, "illustrated-report.odt"), "writer8")
    finally:
        office.close_document(doc)


def _elements(xtext) -> list:
    result, enumeration = [], xtext.createEnumeration()
    while enumeration.hasMoreElements():
        result.append(enumeration.nextElement())
    return result


def _picture_paragraph(office, doc, at, path: str, width: int, alt: str, after: bool) -> None:
    """Split the paragraph at ``at`` (its end, or its start) and put the picture at ``path`` (``width`` in
    1/100 mm, proportions kept) alone, centred, as a character, in the new plain paragraph."""
    from com.sun.star.awt import Size
    from com.sun.star.beans import PropertyValue
    from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK
    from com.sun.star.text.TextContentAnchorType import AS_CHARACTER
    xtext = doc.getText()
    cursor = xtext.createTextCursorByRange(at)
    xtext.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
    if not after:
        cursor.gotoPreviousParagraph(False)
    cursor.setPropertyValue("ParaStyleName", "Text body")
    cursor.setPropertyValue("OutlineLevel", 0)
    cursor.setPropertyValue("ParaAdjust", 3)  # centred
    cursor.setPropertiesToDefault(("CharWeight", "CharHeight"))
    url = PropertyValue()
    url.Name, url.Value = "URL", uno.systemPathToFileUrl(path)
    graphic = office.service("com.sun.star.graphic.GraphicProvider").queryGraphic((url,))
    shape = doc.createInstance("com.sun.star.text.TextGraphicObject")
    shape.Graphic = graphic
    natural = graphic.SizePixel
    shape.Size = Size(width, int(round(width * natural.Height / natural.Width)))
    shape.AnchorType = AS_CHARACTER
    shape.Title = alt
    xtext.insertTextContent(cursor, shape, False)


BUILDERS["report_and_chart"] = _report_and_chart
BUILDERS["illustrated_report"] = _illustrated_report
