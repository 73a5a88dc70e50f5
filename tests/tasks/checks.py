"""What task checkers read from a document: small readers that say plainly what they found."""
from __future__ import annotations

from typing import List, Optional


def expect(condition, message: str) -> None:
    """Fail the check with ``message`` unless ``condition`` holds."""
    if not condition:
        raise AssertionError(message)


# --- Writer ---------------------------------------------------------------------------------------

def blocks(doc) -> list:
    """The body's paragraphs and tables, in order."""
    result, enumeration = [], doc.getText().createEnumeration()
    while enumeration.hasMoreElements():
        result.append(enumeration.nextElement())
    return result


def paragraphs(doc) -> list:
    """The body's paragraphs (tables left out), in order."""
    return [b for b in blocks(doc) if b.supportsService("com.sun.star.text.Paragraph")]


def paragraph_with(doc, words: str):
    """The first body paragraph whose text holds ``words`` (fails when none does)."""
    for paragraph in paragraphs(doc):
        if words in paragraph.getString():
            return paragraph
    raise AssertionError("no paragraph holds %r" % words)


def texts(doc) -> List[str]:
    """The text of every body paragraph."""
    return [p.getString() for p in paragraphs(doc)]


def found(doc, words: str) -> list:
    """Every place LibreOffice's Find All finds ``words`` (case-sensitive), as text ranges."""
    search = doc.createSearchDescriptor()
    search.SearchString, search.SearchCaseSensitive = words, True
    places = doc.findAll(search)
    return [places.getByIndex(i) for i in range(places.getCount())]


def tables(doc) -> list:
    """The body's tables, in order."""
    return [b for b in blocks(doc) if b.supportsService("com.sun.star.text.TextTable")]


def table_rows(table) -> List[List[str]]:
    """A text table's cells' texts, row by row (a table without merged cells)."""
    return [list(row) for row in table.getDataArray()]


def comments(doc) -> list:
    """Every comment (annotation field) of the document."""
    result, fields = [], doc.getTextFields().createEnumeration()
    while fields.hasMoreElements():
        field = fields.nextElement()
        if field.supportsService("com.sun.star.text.textfield.Annotation"):
            result.append(field)
    return result


def is_heading(paragraph, level: Optional[int] = None) -> bool:
    """True when ``paragraph`` is a heading (of ``level``), by its outline level."""
    return paragraph.OutlineLevel > 0 and (level is None or paragraph.OutlineLevel == level)


# --- Calc -----------------------------------------------------------------------------------------

def expect_list_at_end(doc, heading: str, after: str, items: List[str]) -> None:
    """The document ends with a heading ``heading`` (placed after the paragraph ``after``) and then exactly
    ``items``, as a list."""
    all_paragraphs = paragraphs(doc)
    names = [p.getString() for p in all_paragraphs]
    expect(heading in names, "there is no paragraph %r" % heading)
    at = names.index(heading)
    expect(at > names.index(after), "%r is not at the end" % heading)
    expect(is_heading(all_paragraphs[at]), "%r is not a heading" % heading)
    found_items = [p.getString() for p in all_paragraphs[at + 1:]]
    expect(found_items == list(items), "the items read %r, not %r" % (found_items, list(items)))
    expect(all(p.NumberingIsNumber for p in all_paragraphs[at + 1:]), "the items are not a list")


def sheet(doc, name: Optional[str] = None):
    """The sheet called ``name`` (the first one without a name); fails when there is none."""
    sheets = doc.Sheets
    if name is None:
        return sheets.getByIndex(0)
    expect(sheets.hasByName(name), "there is no sheet %r (sheets: %s)" % (name, ", ".join(sheets.getElementNames())))
    return sheets.getByName(name)


def cell(doc, address: str, sheet_name: Optional[str] = None):
    """The cell at ``address`` (``A1``) of the sheet ``sheet_name`` (the first one by default)."""
    return sheet(doc, sheet_name).getCellRangeByName(address)


def column_values(doc, column: str, first: int, last: int, sheet_name: Optional[str] = None) -> list:
    """The values (numbers or texts) of ``column``'s rows ``first``..``last``."""
    rows = sheet(doc, sheet_name).getCellRangeByName("%s%d:%s%d" % (column, first, column, last)).getDataArray()
    return [row[0] for row in rows]


def rows_of(doc, area: str, sheet_name: Optional[str] = None) -> List[tuple]:
    """The values of ``area`` (``A1:E25``), row by row."""
    return [tuple(row) for row in sheet(doc, sheet_name).getCellRangeByName(area).getDataArray()]


def number_format(doc, address: str, sheet_name: Optional[str] = None) -> str:
    """The format code of the cell at ``address``."""
    key = cell(doc, address, sheet_name).NumberFormat
    return doc.getNumberFormats().getByKey(key).FormatString


def highlighted(doc, area: str, sheet_name: Optional[str] = None) -> dict:
    """``{row (1-based): style}`` of the cells of the one-column ``area`` (``E2:E25``) that a conditional format
    highlights now: each rule's condition is computed in a scratch column of the sheet (a checker's copy)."""
    target = sheet(doc, sheet_name)
    block = target.getCellRangeByName(area)
    address = block.getRangeAddress()
    column, first, last = address.StartColumn, address.StartRow, address.EndRow
    found: dict = {}
    entries = block.getPropertyValue("ConditionalFormat")
    scratch = target.getCellRangeByPosition(60, first, 60, last)
    for index in range(entries.getCount()):
        entry = entries.getByIndex(index)
        test = _condition(entry, _a1(column, first), "$%s$%d:$%s$%d" % (_letters(column), first + 1,
                                                                         _letters(column), last + 1))
        if test is None:
            continue
        scratch.setFormulaArray(tuple(("=IF(%s;1;0)" % test.replace("§", str(row + 1)),)
                                      for row in range(first, last + 1)))
        for offset, (flag,) in enumerate(scratch.getDataArray()):
            if flag == 1.0 and first + offset + 1 not in found:
                found[first + offset + 1] = entry.getStyleName()
    scratch.clearContents(1 | 2 | 4 | 16)
    return found


_COMPARISONS = {1: "=", 2: "<>", 3: ">", 4: ">=", 5: "<", 6: "<="}  # com.sun.star.sheet.ConditionOperator2
BETWEEN, NOT_BETWEEN, FORMULA, DUPLICATE, UNIQUE = 7, 8, 9, 10, 11


def _condition(entry, top_left: str, whole: str):
    """The condition of one rule as a formula for row ``§`` (relative references moved from the top-left cell)."""
    operator = entry.getConditionOperator()
    cell = top_left.rstrip("0123456789") + "§"
    moved = lambda formula: _moved(formula, top_left, cell)  # noqa: E731
    if operator in _COMPARISONS:
        return "%s%s(%s)" % (cell, _COMPARISONS[operator], moved(entry.getFormula1()))
    if operator in (BETWEEN, NOT_BETWEEN):
        test = "AND(%s>=(%s);%s<=(%s))" % (cell, moved(entry.getFormula1()), cell, moved(entry.getFormula2()))
        return test if operator == BETWEEN else "NOT(%s)" % test
    if operator == FORMULA:
        return moved(entry.getFormula1())
    if operator in (DUPLICATE, UNIQUE):
        return "COUNTIF(%s;%s)%s1" % (whole, cell, ">" if operator == DUPLICATE else "=")
    return None


def _moved(formula: str, top_left: str, cell: str) -> str:
    import re
    column = top_left.rstrip("0123456789")
    row = top_left[len(column):]
    return re.sub(r"(?<![$A-Za-z])%s%s(?![0-9])" % (column, row), cell, formula.replace(",", ";"))


def _letters(column: int) -> str:
    name = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        name = chr(65 + rest) + name
    return name


def _a1(column: int, row: int) -> str:
    return "%s%d" % (_letters(column), row + 1)


def style_colours(doc, name: str) -> tuple:
    """``(fill, text colour)`` of the cell style ``name`` (None for a transparent fill)."""
    style = doc.getStyleFamilies().getByName("CellStyles").getByName(name)
    fill = None if style.IsCellBackgroundTransparent else style.CellBackColor & 0xFFFFFF
    return fill, style.CharColor & 0xFFFFFF if style.CharColor != -1 else None


def validation_of(doc, address: str, sheet_name: Optional[str] = None):
    """The data validation of a cell: ``(type, operator, formula1, formula2, error message)``."""
    rule = cell(doc, address, sheet_name).Validation
    return (rule.Type.value, rule.getOperator().value, rule.getFormula1(), rule.getFormula2(), rule.ErrorMessage)


# --- Impress and Draw -----------------------------------------------------------------------------

def pages(doc) -> list:
    """The slides (Draw: pages), in order."""
    draw_pages = doc.getDrawPages()
    return [draw_pages.getByIndex(i) for i in range(draw_pages.getCount())]


def shapes(page) -> list:
    """The shapes of a slide, in order."""
    return [page.getByIndex(i) for i in range(page.getCount())]


def kind(shape) -> str:
    """A shape's type in short: ``TitleTextShape``, ``OutlinerShape``, ``ConnectorShape``, ``TableShape``…"""
    return shape.getShapeType().rsplit(".", 1)[-1]


def title(page) -> str:
    """The text of a slide's title placeholder ("" without one)."""
    return next((s.getString() for s in shapes(page) if kind(s) == "TitleTextShape"), "")


def titles(doc) -> List[str]:
    """Every slide's title, in order."""
    return [title(page) for page in pages(doc)]


def slide_titled(doc, words: str):
    """The first slide whose title is ``words`` (fails when none is)."""
    for page in pages(doc):
        if title(page) == words:
            return page
    raise AssertionError("no slide is titled %r (titles: %r)" % (words, titles(doc)))


def body_lines(page) -> List[str]:
    """The paragraphs of a slide's body (or subtitle) placeholders, empty ones left out."""
    lines = []
    for shape in shapes(page):
        if kind(shape) in ("OutlinerShape", "SubtitleShape") and not shape.IsEmptyPresentationObject:
            lines += [line for line in shape.getString().split("\n") if line.strip()]
    return lines


def body_levels(page) -> List[tuple]:
    """``(text, list level)`` of each paragraph of a slide's first body placeholder."""
    for shape in shapes(page):
        if kind(shape) == "OutlinerShape":
            found, paragraphs = [], shape.createEnumeration()
            while paragraphs.hasMoreElements():
                paragraph = paragraphs.nextElement()
                found.append((paragraph.getString(), paragraph.NumberingLevel or 0))
            return found
    return []


def notes(page) -> str:
    """A slide's speaker notes."""
    return next((s.getString() for s in shapes(page.getNotesPage()) if kind(s) == "NotesShape"), "")


def texts_on(page) -> List[str]:
    """The texts of a page's shapes that hold text, in order."""
    return [s.getString() for s in shapes(page) if hasattr(s, "getString") and s.getString()]


def joined(page) -> List[tuple]:
    """``(start text, end text)`` of each connector of a page glued to shapes at both ends."""
    result = []
    for shape in shapes(page):
        if kind(shape) == "ConnectorShape" and shape.StartShape is not None and shape.EndShape is not None:
            result.append((shape.StartShape.getString(), shape.EndShape.getString()))
    return result


def labels(page) -> List[tuple]:
    """``(start text, end text, label)`` of each glued connector of a page that carries text."""
    return [(shape.StartShape.getString(), shape.EndShape.getString(), shape.getString()) for shape in shapes(page)
            if kind(shape) == "ConnectorShape" and shape.getString() and shape.StartShape is not None
            and shape.EndShape is not None]


def charts(page) -> list:
    """The chart objects of a slide."""
    return [s for s in shapes(page) if kind(s) == "OLE2Shape" and s.CLSID.lower().startswith("12dcae26")]
