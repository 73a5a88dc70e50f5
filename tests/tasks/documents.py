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
from contextlib import contextmanager
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


@contextmanager
def task_documents(office, task, folder: str):
    """Open fresh copies of the task's documents (its ``also_open`` one first, so the task's own is in front);
    yield ``(document, other document or None)``; close both after."""
    other = None
    if task.also_open:
        os.makedirs(os.path.join(folder, "other"), exist_ok=True)
        other = office.open_document(prepare(office, task.also_open, os.path.join(folder, "other")))
    try:
        doc = office.open_document(prepare(office, task.document, folder))
        try:
            yield doc, other
        finally:
            if office.alive():
                office.close_document(doc)
    finally:
        if other is not None and office.alive():
            office.close_document(other)


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
    return _calc_document(office, folder, "sales.ods", _sales_sheet)


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


LETTER_HTML = """<html><body>
<p>Dear Ann,</p>
<p>Our <font color="#0000ff">new office</font> opens in <font color="#2a6099">May</font>. The <i>opening party</i> is
on Friday, and the <b>dress code</b> is casual.</p>
<p>Please bring <span style="background: #ffff00">your badge</span> and your <i>invitation</i>.</p>
<table border="1"><tr><td>Day</td><td>Time</td></tr><tr><td>Friday</td><td>6 pm</td></tr></table>
<p>Questions: <font color="#ff0000">call Tom</font>.</p>
<p>Best regards,</p>
<p>Ann Lee</p>
</body></html>
"""
"""A letter with words in blue (#0000FF and LibreOffice's palette blue #2A6099), red, bold, italic and highlighted, and
a table; the builder adds an empty paragraph after the greeting and one of spaces before the closing."""


def _letter(office, folder: str) -> str:
    from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK
    html = os.path.join(folder, "letter.html")
    with open(html, "w", encoding="utf-8") as handle:
        handle.write(LETTER_HTML)
    doc = office.open_document(html, hidden=True, filter_name="HTML (StarWriter)")
    try:
        text = doc.getText()
        paragraphs = [b for b in _elements(text) if b.supportsService("com.sun.star.text.Paragraph")]
        before_closing = text.createTextCursorByRange(paragraphs[-2].getStart())  # "Best regards,"
        text.insertString(before_closing, "   ", False)  # the cursor moves on past what it inserts
        text.insertControlCharacter(before_closing, PARAGRAPH_BREAK, False)
        text.insertControlCharacter(paragraphs[0].getEnd(), PARAGRAPH_BREAK, False)  # an empty one after "Dear Ann,"
        return _store(doc, os.path.join(folder, "letter.odt"), "writer8")
    finally:
        office.close_document(doc)


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


NOTES_HTML = """<html><body>
<p>Meeting notes</p>
<p>Date: 12 May</p>
<h1>Attendees</h1>
<ul><li>Ann Lee</li><li>Tom Berg</li><li>Sara Kim</li></ul>
<h1>Action items</h1>
<ol><li>Send the budget to the board</li><li>Book the venue for June</li><li>Update the price list</li></ol>
<p>Next meeting: 26 May</p>
</body></html>
"""
"""Meeting notes: a title line, the date, a bulleted list of attendees and a numbered list of action items."""


ATTENDEES = ("Ann Lee", "Tom Berg", "Sara Kim")


ACTION_ITEMS = ("Send the budget to the board", "Book the venue for June", "Update the price list")


TARGETS = (("South", 600.0), ("West", 500.0), ("North", 800.0))
"""Half-year targets per region, in another order than the budget's rows."""


def _notes(office, folder: str) -> str:
    html = os.path.join(folder, "notes.html")
    with open(html, "w", encoding="utf-8") as handle:
        handle.write(NOTES_HTML)
    doc = office.open_document(html, hidden=True, filter_name="HTML (StarWriter)")
    try:
        return _store(doc, os.path.join(folder, "notes.odt"), "writer8")
    finally:
        office.close_document(doc)


def _targets(office, folder: str) -> str:
    def fill(doc):
        sheet = doc.Sheets.getByIndex(0)
        sheet.setName("Targets")
        _rows_at(sheet, [("Region", "Half-year target")] + list(TARGETS))
    return _calc_document(office, folder, "targets.ods", fill)


def _guests(office, folder: str) -> str:
    def fill(doc):
        sheet = doc.Sheets.getByIndex(0)
        sheet.setName("Guests")
        _rows_at(sheet, [("Name", "Email")])
    return _calc_document(office, folder, "guests.ods", fill)


def _blank_sheet(office, folder: str) -> str:
    return _calc_document(office, folder, "sheet.ods", lambda doc: None)


INVOICE_ROWS = (("Tea, 1 kg", "3", "12.50", "37.50"), ("Coffee, 1 kg", "2", "18.00", "36.00"),
                ("Cocoa, 500 g", "4", "6.25", "25.00"))


INVOICE_HTML = """<html><body>
<p>INVOICE No. 2026-041</p>
<p>Date: 1 May 2026</p>
<p>Bill to: Lee &amp; Berg Ltd, 4 Harbour Street, Leeds</p>
<table border="1"><tr><th>Item</th><th>Qty</th><th>Unit price</th><th>Amount</th></tr>
%s</table>
<p>Payment due by 31 May 2026.</p>
<p>Thank you for your business.</p>
</body></html>
"""
"""An invoice: number, date, customer, a table of items (Item, Qty, Unit price, Amount), the due date."""


def _invoice_document(office, folder: str, rows, file_name: str) -> str:
    table = "".join("<tr>%s</tr>\n" % "".join("<td>%s</td>" % value for value in row) for row in rows)
    return _html_document(office, folder, INVOICE_HTML % table, file_name)


def _invoice(office, folder: str) -> str:
    return _invoice_document(office, folder, INVOICE_ROWS, "invoice.odt")


def _invoice_error(office, folder: str) -> str:
    rows = list(INVOICE_ROWS)
    rows[1] = ("Coffee, 1 kg", "2", "18.00", "38.00")  # 2 × 18.00 is 36.00
    return _invoice_document(office, folder, rows, "invoice-error.odt")


FORM_HTML = """<html><body>
<p>Membership application</p>
<p>Name: __________</p>
<p>Date of birth: __________</p>
<p>Email: __________</p>
<p>Membership: [ ] Student [ ] Regular [ ] Family</p>
<p>Signature: __________</p>
</body></html>
"""
"""A form to fill in: blanks after Name, Date of birth, Email and Signature, and three boxes to tick."""


MINUTES = (("Project kickoff", True), ("Scope", True), ("We build the new website by June.", False),
           ("Budget", True), ("The budget is 40,000 euros.", False), ("Team", True),
           ("Ann leads; Tom and Sara design.", False))
"""Minutes whose section titles are only bold lines (no heading styles), as many people write them."""


GUIDE_HTML = """<html><body>
<p>Installing the app</p>
<p>Note: Back up your data first.</p>
<p>Download the installer from the website and open it.</p>
<p>Follow the steps on the screen.</p>
<p>Note: The app needs 200 MB of free space.</p>
<p>When it is done, restart the computer.</p>
<p>Note: Restart before you open the app.</p>
</body></html>
"""
"""A short guide with three paragraphs starting 'Note:' among the steps."""


PRICE_LIST_HTML = """<html><body>
<p>Price list</p>
<p>Prices from 1 June:</p>
<p>Tea: 4 EUR</p>
<p>Coffee: 6 EUR</p>
<p>Cocoa: 5 EUR</p>
<p>Prices include VAT.</p>
</body></html>
"""
"""A price list written as lines 'Product: price'."""


def _html_document(office, folder: str, html_text: str, file_name: str) -> str:
    html = os.path.join(folder, file_name.rsplit(".", 1)[0] + ".html")
    with open(html, "w", encoding="utf-8") as handle:
        handle.write(html_text)
    doc = office.open_document(html, hidden=True, filter_name="HTML (StarWriter)")
    try:
        return _store(doc, os.path.join(folder, file_name), "writer8")
    finally:
        office.close_document(doc)


def _form(office, folder: str) -> str:
    return _html_document(office, folder, FORM_HTML, "form.odt")


def _guide(office, folder: str) -> str:
    return _html_document(office, folder, GUIDE_HTML, "guide.odt")


def _price_list(office, folder: str) -> str:
    return _html_document(office, folder, PRICE_LIST_HTML, "price-list.odt")


def _minutes(office, folder: str) -> str:
    from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK
    doc = office.new_document("swriter", hidden=True)
    try:
        text = doc.getText()
        cursor = text.createTextCursor()
        for index, (line, bold) in enumerate(MINUTES):
            if index:
                text.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
            cursor.CharWeight = 150.0 if bold else 100.0
            cursor.CharHeight = 16.0 if index == 0 else 12.0
            text.insertString(cursor, line, False)
        return _store(doc, os.path.join(folder, "minutes.odt"), "writer8")
    finally:
        office.close_document(doc)


def _letter_tracked(office, folder: str) -> str:
    """The letter with two tracked changes by another author: an inserted sentence, a deleted word."""
    path = _letter(office, folder)
    doc = office.open_document(path, hidden=True)
    try:
        doc.RecordChanges = True
        found = doc.createSearchDescriptor()
        found.SearchString = "Please bring"
        start = doc.findFirst(found).getStart()
        doc.getText().insertString(doc.getText().createTextCursorByRange(start), "Please reply by Monday. ", False)
        found.SearchString = "new "
        doc.findFirst(found).setString("")
        doc.RecordChanges = False
        return _store(doc, os.path.join(folder, "letter-tracked.odt"), "writer8")
    finally:
        office.close_document(doc)


STAFF = tuple(("Person %d" % n, 100.0 + n) for n in range(1, 13))
"""Twelve people and their rooms: more rows than a table's preview in get_document shows."""


def _staff(office, folder: str) -> str:
    doc = office.new_document("swriter", hidden=True)
    try:
        text = doc.getText()
        text.setString("Staff list")
        table = doc.createInstance("com.sun.star.text.TextTable")
        table.initialize(len(STAFF) + 1, 2)
        text.insertTextContent(text.getEnd(), table, False)
        table.setName("Staff")
        table.setDataArray((("Name", "Room"),) + tuple((name, "%d" % room) for name, room in STAFF))
        return _store(doc, os.path.join(folder, "staff.odt"), "writer8")
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


def _new_deck(office, folder: str) -> str:
    """A new presentation as LibreOffice makes it (one empty title slide), saved."""
    doc = office.new_document("simpress", hidden=True)
    try:
        return _store(doc, os.path.join(folder, "new-deck.odp"), "impress8")
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


def _drawing(office, folder: str) -> str:
    """A new, empty drawing, saved."""
    doc = office.new_document("sdraw", hidden=True)
    try:
        return _store(doc, os.path.join(folder, "drawing.odg"), "draw8")
    finally:
        office.close_document(doc)


# --- the pivot and chart tasks' documents (tests/tasks/calc_pivot_chart_tasks.py) -------------------------

SEXES = ("F", "M")
COUNTRIES = ("France", "Germany", "Spain")


def survey_rows():
    """30 respondents: Respondent, Sex, Country, Age, Score (fixed values)."""
    return [("R%02d" % (n + 1), SEXES[(n * 7) % 3 % 2], COUNTRIES[n % 3], float(20 + (n * 13) % 45),
             float(1 + (n * 5) % 10)) for n in range(30)]


WEEKLY_PROFITS = (5.0, 7.0, 9.0, 12.0, 8.0, 11.0, 14.0, 13.0)
MONTHLY = (("Jan", 40.0, 25.0), ("Feb", 55.0, 30.0), ("Mar", 62.0, 41.0), ("Apr", 48.0, 52.0),
           ("May", 70.0, 47.0), ("Jun", 81.0, 60.0))
BUDGET_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun")
BUDGET = (("North", 120.0, 130.0, 125.0, 140.0, 150.0, 160.0), ("South", 90.0, 95.0, 99.0, 104.0, 98.0, 110.0),
          ("West", 60.0, 75.0, 80.0, 78.0, 85.0, 92.0))
SHARES = (("North", 420.0), ("South", 310.0), ("East", 150.0), ("West", 120.0))
GROWTH = tuple((float(x), float(3 * x + 2 + (x % 3) - 1)) for x in range(1, 13))
PRICES = (("Mon", 20.0, 19.0, 23.0, 22.0), ("Tue", 22.0, 21.0, 25.0, 24.0), ("Wed", 24.0, 20.0, 24.5, 21.0),
          ("Thu", 21.0, 18.0, 22.0, 19.5), ("Fri", 19.5, 19.0, 23.0, 22.5))


def _calc_document(office, folder: str, file_name: str, fill):
    """A spreadsheet made by ``fill(doc)`` with LibreOffice's own API, saved as ``file_name``."""
    doc = office.new_document("scalc", hidden=True)
    try:
        fill(doc)
        return _store(doc, os.path.join(folder, file_name), "calc8")
    finally:
        office.close_document(doc)


ORDER_STATUSES = ("Open", "Done", "Late")


def order_rows():
    """The orders table's rows after its header: order number, date (a number of days), customer, amount, status."""
    rows = []
    for index in range(30):
        rows.append((1001.0 + index, 45292.0 + 3 * index, "Customer %d" % (index % 7 + 1),
                     float(100 + (index * 37) % 400), ORDER_STATUSES[index % 3]))
    return rows


def _orders(office, folder: str) -> str:
    """An orders list: dates formatted YYYY-MM-DD in column B, amounts in D, statuses in E (A1:E31); the columns
    are 0.8 cm wide."""
    doc = office.new_document("scalc", hidden=True)
    try:
        sheet = doc.Sheets.getByIndex(0)
        sheet.setName("Orders")
        rows = [("Order", "Date", "Customer", "Amount", "Status")] + order_rows()
        sheet.getCellRangeByPosition(0, 0, 4, len(rows) - 1).setDataArray(tuple(rows))
        from com.sun.star.lang import Locale
        formats = doc.getNumberFormats()
        sheet.getCellRangeByName("B2:B31").NumberFormat = formats.queryKey("YYYY-MM-DD", Locale(), False)
        sheet.getCellRangeByName("A1:E1").getColumns().Width = 800  # too narrow for the dates and names
        return _store(doc, os.path.join(folder, "orders.ods"), "calc8")
    finally:
        office.close_document(doc)


def _elements(xtext) -> list:
    result, enumeration = [], xtext.createEnumeration()
    while enumeration.hasMoreElements():
        result.append(enumeration.nextElement())
    return result


def _rows_at(sheet, rows, column: int = 0, row: int = 0) -> None:
    sheet.getCellRangeByPosition(column, row, column + len(rows[0]) - 1, row + len(rows) - 1).setDataArray(
        tuple(tuple(line) for line in rows))


def _survey(office, folder: str) -> str:
    def fill(doc):
        sheet = doc.Sheets.getByIndex(0)
        sheet.setName("Survey")
        _rows_at(sheet, [("Respondent", "Sex", "Country", "Age", "Score")] + survey_rows())
    return _calc_document(office, folder, "survey.ods", fill)


def _weekly(office, folder: str) -> str:
    """Week labels made by formulas (="W"&ROW()-1), then cost and profit."""
    def fill(doc):
        sheet = doc.Sheets.getByIndex(0)
        sheet.setName("Weeks")
        rows = [("Week", "Cost", "Profit")] + [('="W"&ROW()-1', 3.0 + n % 4, profit)
                                               for n, profit in enumerate(WEEKLY_PROFITS)]
        block = sheet.getCellRangeByPosition(0, 0, 2, len(rows) - 1)
        block.setFormulaArray(tuple(tuple(value if isinstance(value, str) else repr(value) for value in row)
                                    for row in rows))
    return _calc_document(office, folder, "weekly.ods", fill)


def _monthly_sheet(doc):
    sheet = doc.Sheets.getByIndex(0)
    sheet.setName("Sales")
    _rows_at(sheet, [("Month", "North", "South")] + list(MONTHLY))
    return sheet


def _monthly(office, folder: str) -> str:
    return _calc_document(office, folder, "monthly.ods", _monthly_sheet)


def _monthly_chart(office, folder: str) -> str:
    """The monthly sheet with a column chart of it at E2 (made with the chart API, titled "Sales")."""
    from com.sun.star.awt import Rectangle

    def fill(doc):
        sheet = _monthly_sheet(doc)
        position = sheet.getCellRangeByName("E2").Position
        charts = sheet.getCharts()
        charts.addNewByName("Sales chart", Rectangle(position.X, position.Y, 14000, 8000),
                            (sheet.getCellRangeByName("A1:C7").getRangeAddress(),), True, True)
        chart = charts.getByName("Sales chart").getEmbeddedObject()
        chart.HasMainTitle = True
        chart.getTitle().String = "Sales"
        chart.HasLegend = True
    return _calc_document(office, folder, "monthly-chart.ods", fill)


def _two_quarters(office, folder: str) -> str:
    """Sheets Q1 (with a chart named "Chart 1") and Q2, each with monthly figures."""
    from com.sun.star.awt import Rectangle

    def fill(doc):
        first = doc.Sheets.getByIndex(0)
        first.setName("Q1")
        doc.Sheets.insertNewByName("Q2", 1)
        second = doc.Sheets.getByName("Q2")
        _rows_at(first, [("Month", "Orders"), ("Jan", 12.0), ("Feb", 15.0), ("Mar", 11.0)])
        _rows_at(second, [("Month", "Orders"), ("Apr", 14.0), ("May", 18.0), ("Jun", 21.0)])
        first.getCharts().addNewByName("Chart 1", Rectangle(6000, 0, 12000, 7000),
                                       (first.getCellRangeByName("A1:B4").getRangeAddress(),), True, True)
    return _calc_document(office, folder, "two-quarters.ods", fill)


def _budget(office, folder: str) -> str:
    """Regions in rows, months in columns."""
    def fill(doc):
        sheet = doc.Sheets.getByIndex(0)
        sheet.setName("Budget")
        _rows_at(sheet, [("Region",) + BUDGET_MONTHS] + list(BUDGET))
    return _calc_document(office, folder, "budget.ods", fill)


def _shares(office, folder: str) -> str:
    def fill(doc):
        sheet = doc.Sheets.getByIndex(0)
        _rows_at(sheet, [("Region", "Sales")] + list(SHARES))
    return _calc_document(office, folder, "shares.ods", fill)


def _growth(office, folder: str) -> str:
    """x from 1 to 12 and a y that grows about linearly."""
    def fill(doc):
        sheet = doc.Sheets.getByIndex(0)
        _rows_at(sheet, [("x", "y")] + list(GROWTH))
    return _calc_document(office, folder, "growth.ods", fill)


def _prices(office, folder: str) -> str:
    def fill(doc):
        sheet = doc.Sheets.getByIndex(0)
        _rows_at(sheet, [("Day", "Open", "Low", "High", "Close")] + list(PRICES))
    return _calc_document(office, folder, "prices.ods", fill)


def _sales_sheet(doc):
    sheet = doc.Sheets.getByIndex(0)
    sheet.setName("Sales")
    rows = [SALES_HEADER] + sales_rows()
    sheet.getCellRangeByPosition(0, 0, len(SALES_HEADER) - 1, len(rows) - 1).setDataArray(tuple(rows))
    return sheet


def _pivot_by_region(doc, sheet):
    """A pivot table "Sales by region" at H1: revenue summed per region (made with the DataPilot API)."""
    import uno
    from com.sun.star.table import CellAddress
    tables = sheet.getDataPilotTables()
    descriptor = tables.createDataPilotDescriptor()
    descriptor.setSourceRange(sheet.getCellRangeByName("A1:E25").getRangeAddress())
    descriptor.ShowFilterButton = False
    fields = descriptor.getDataPilotFields()
    fields.getByName("Region").Orientation = uno.Enum("com.sun.star.sheet.DataPilotFieldOrientation", "ROW")
    revenue = fields.getByName("Revenue")
    revenue.Orientation = uno.Enum("com.sun.star.sheet.DataPilotFieldOrientation", "DATA")
    revenue.Function = uno.Enum("com.sun.star.sheet.GeneralFunction", "SUM")
    tables.insertNewByName("Sales by region", CellAddress(0, 7, 0), descriptor)


def _sales_pivot(office, folder: str) -> str:
    def fill(doc):
        _pivot_by_region(doc, _sales_sheet(doc))
    return _calc_document(office, folder, "sales-pivot.ods", fill)


def _sales_pivot_stale(office, folder: str) -> str:
    """The pivot table of ``sales_pivot``, then every revenue of the North doubled: the table shows old figures."""
    def fill(doc):
        sheet = _sales_sheet(doc)
        _pivot_by_region(doc, sheet)
        for row, line in enumerate(sales_rows(), start=1):
            if line[0] == "North":
                sheet.getCellByPosition(4, row).setValue(line[4] * 2)
    return _calc_document(office, folder, "sales-pivot-stale.ods", fill)


BUILDERS = {
    "report": _report,
    "sales": _sales,
    "costs": _errors,
    "letter": _letter,
    "survey": _survey,
    "weekly": _weekly,
    "monthly": _monthly,
    "monthly_chart": _monthly_chart,
    "two_quarters": _two_quarters,
    "budget": _budget,
    "shares": _shares,
    "growth": _growth,
    "prices": _prices,
    "sales_pivot": _sales_pivot,
    "sales_pivot_stale": _sales_pivot_stale,
    "orders": _orders,
    "notes": _notes,
    "targets": _targets,
    "guests": _guests,
    "blank_sheet": _blank_sheet,
    "invoice": _invoice,
    "invoice_error": _invoice_error,
    "form": _form,
    "minutes": _minutes,
    "guide": _guide,
    "price_list": _price_list,
    "letter_tracked": _letter_tracked,
    "staff": _staff,
    "deck": _deck,
    "drawing": _drawing,
}
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
BUILDERS.update({"paged-report": _paged_report, "report-with-contents": _report_with_stale_contents, "new deck": _new_deck})


def project_scores():
    """The projects table's rows after its header: project, owner, status score (1 bad, 2 at risk, 3 on track)."""
    return [("Project %d" % (index + 1), "Owner %d" % (index % 4 + 1), float((index * 2) % 3 + 1))
            for index in range(12)]


def _project_scores(office, folder: str) -> str:
    """A projects list with a status score 1-3 in column C (A1:C13)."""
    doc = office.new_document("scalc", hidden=True)
    try:
        sheet = doc.Sheets.getByIndex(0)
        sheet.setName("Projects")
        _rows_at(sheet, [("Project", "Owner", "Status score")] + project_scores())
        return _store(doc, os.path.join(folder, "projects.ods"), "calc8")
    finally:
        office.close_document(doc)


BUILDERS["project_scores"] = _project_scores


def _report_with_objects(office, folder: str) -> str:
    """The report with a chart object (6 × 4 cm, named "Sales chart") in a paragraph of its own at the end, as
    Insert ▸ Chart puts one, and a drawn rectangle ("Stamp", 2 × 1 cm) floating at the right of the title."""
    from com.sun.star.awt import Size
    from com.sun.star.text.TextContentAnchorType import AS_CHARACTER, AT_PARAGRAPH
    doc = office.open_document(_report(office, folder), hidden=True)
    try:
        text = doc.getText()
        chart = doc.createInstance("com.sun.star.text.TextEmbeddedObject")
        chart.CLSID = "12dcae26-281f-416f-a234-c3086127382e"
        chart.setName("Sales chart")
        chart.AnchorType = AS_CHARACTER
        text.insertControlCharacter(text.getEnd(), 0, False)  # PARAGRAPH_BREAK
        text.insertTextContent(text.getEnd(), chart, False)
        chart.Size = Size(6000, 4000)
        stamp = doc.createInstance("com.sun.star.drawing.RectangleShape")
        stamp.AnchorType = AT_PARAGRAPH
        text.insertTextContent(text.getStart(), stamp, False)
        stamp.Size = Size(2000, 1000)
        stamp.HoriOrient = 1  # right
        stamp.setName("Stamp")
        return _store(doc, os.path.join(folder, "report-objects.odt"), "writer8")
    finally:
        office.close_document(doc)


BUILDERS["report_with_objects"] = _report_with_objects
