"""The in-office half of crash_hunt.py and of the task plans: turns of tool calls, Revert, what a document holds.

Copied into the office profile's ``Scripts/python`` folder with inside_common.py (see
scripts/inside.py); every function runs on the office's main thread and answers JSON text.
"""
import hashlib
import json
import random

import inside_common as common

SLIDES = ("impress", "draw")


def turn(uid, calls, request):
    """Run ``calls`` (JSON: ``[[name, arguments], …]``) as one assistant turn.

    Answers whether the turn left an undo step, and each call's ok flag and first words.
    """
    def work():
        _, outcomes, undo = common.run_turn_calls(uid, json.loads(calls), request)
        return {"step": undo.step is not None,
                "outcomes": [[outcome.ok, outcome.content[:160]] for outcome in outcomes]}
    return common.on_main(work)


def revert(uid):
    """The panel's Revert of the document's last turn."""
    def work():
        _, undone = common.revert_last_turn(uid)
        return {"ok": bool(undone)}
    return common.on_main(work)


def state(uid, full=False):
    """What undo must restore exactly, as digests (and in full with ``full``, to show a difference)."""
    def work():
        doc = common.document(uid)
        app = common.app_of(doc)
        parts = _calc_state(doc) if app == "calc" else _slides_state(doc) if app in SLIDES else _writer_state(doc)
        digests = {name: hashlib.sha256(json.dumps(value).encode("utf-8")).hexdigest()[:16]
                   for name, value in parts.items()}
        return {"digests": digests, "parts": parts if full else None}
    return common.on_main(work)


def _writer_state(doc):
    """Body text, every body paragraph's style, every table's cell texts (the body's tables in their order,
    then the others by name), and the tables' names as a set: LibreOffice's own undo of deleting two
    tables can give them back each other's names (seen with its API undo too). Also every page style,
    the blocks that start one or a page break (by their place), the notes, how many indexes there are and the
    bookmarks; the pictures' looks and the numbers of frames, drawing shapes and embedded objects."""
    doc.lockControllers()  # after an undo of many places, unlocked reads draw the selection each time
    try:
        styles, cells, seen, starts = [], [], set(), []
        blocks = doc.getText().createEnumeration()
        while blocks.hasMoreElements():
            block = blocks.nextElement()
            if block.PageDescName or block.BreakType.value != "NONE":
                starts.append([len(styles), block.PageDescName or "", block.BreakType.value])
            if block.supportsService("com.sun.star.text.Paragraph"):
                styles.append(block.ParaStyleName)
            else:
                styles.append("<table>")
                cells.append(_cells(block))
                seen.add(block.getName())
        tables = doc.getTextTables()
        names = sorted(tables.getElementNames())
        cells += [_cells(tables.getByName(name)) for name in names if name not in seen]
        return {"text": doc.getText().getString(), "styles": styles, "tables": cells, "table_names": names,
                "pages": _page_styles(doc), "page_starts": starts, "notes": _notes(doc),
                "indexes": doc.getDocumentIndexes().getCount(), "bookmarks": _bookmarks(doc),
                "pictures": _pictures(doc)}
    finally:
        doc.unlockControllers()


PAGE_PROPERTIES = ("Width", "Height", "IsLandscape", "TopMargin", "BottomMargin", "LeftMargin", "RightMargin",
                   "HeaderIsOn", "FooterIsOn", "FirstIsShared", "HeaderIsShared", "FooterIsShared")
PAGE_TEXTS = ("HeaderText", "HeaderTextFirst", "HeaderTextLeft", "FooterText", "FooterTextFirst", "FooterTextLeft")


def _page_styles(doc):
    """Every page style's set-up, columns and header and footer texts (the page tools change them)."""
    family = doc.getStyleFamilies().getByName("PageStyles")
    found = []
    for name in sorted(family.getElementNames()):
        style = family.getByName(name)
        texts = [style.getPropertyValue(prop) for prop in PAGE_TEXTS]
        found.append([name, list(style.getPropertyValues(PAGE_PROPERTIES)), style.TextColumns.getColumnCount(),
                      [_without_field_values(text) if text is not None else None for text in texts]])
    return found


def _without_field_values(xtext):
    """The text of a header or footer with each field as ``<field>``: a page number shows what the layout
    made of it last, which an undo does not restore."""
    lines = []
    paragraphs = xtext.createEnumeration()
    while paragraphs.hasMoreElements():
        paragraph = paragraphs.nextElement()
        if not paragraph.supportsService("com.sun.star.text.Paragraph"):
            lines.append("<table>")
            continue
        line, portions = [], paragraph.createEnumeration()
        while portions.hasMoreElements():
            portion = portions.nextElement()
            line.append("<field>" if portion.TextPortionType == "TextField" else portion.getString())
        lines.append("".join(line))
    return "\n".join(lines)


def _bookmarks(doc):
    """Every bookmark's name and the words it marks, but Word's ``_GoBack`` (the place of the last edit) and
    its copies: LibreOffice's own undo loses a bookmark at the end of text replaced or typed over
    (measured: the API's ``setString`` on "Below" with ``_GoBack`` after it, then undo; the user's typing,
    then undo), and numbers the copies a first page's own header makes anew on redo ("_GoBack Copy 2"
    came back as "_GoBack Copy 10")."""
    marks = doc.getBookmarks()
    return [[name, marks.getByName(name).getAnchor().getString()] for name in sorted(marks.getElementNames())
            if not name.startswith("_GoBack")]


def _notes(doc):
    """The texts of every footnote and endnote."""
    return [[notes.getByIndex(i).getString() for i in range(notes.getCount())]
            for notes in (doc.getFootnotes(), doc.getEndnotes())]


def _pictures(doc):
    """The pictures' sizes (1/100 mm), alignments, wraps and alt texts (sorted: not their names, which an undo may
    give back in another order), the number of text frames (a caption's figure is one) and of drawing shapes and
    embedded objects, and their looks."""
    graphics = doc.getGraphicObjects()
    looks = sorted([g.Size.Width, g.Size.Height, g.HoriOrient, g.TextWrap.value, g.Title]
                   for g in (graphics.getByName(n) for n in graphics.getElementNames()))
    return {"pictures": looks, "frames": doc.getTextFrames().getCount(), "draw_page": doc.getDrawPage().getCount(),
            "objects": doc.getEmbeddedObjects().getCount(), "object_looks": _object_looks(doc)}


def _object_looks(doc):
    """The drawing shapes' and embedded objects' sizes, alignments (the offset of one placed at an offset), wraps
    and alt texts, sorted (an undo of the images tool's change of one puts back exactly these)."""
    page = doc.getDrawPage()
    drawn = [page.getByIndex(i) for i in range(page.getCount())]
    found = [shape for shape in drawn if not shape.supportsService("com.sun.star.text.BaseFrame")]
    embedded = doc.getEmbeddedObjects()
    found += [embedded.getByName(name) for name in embedded.getElementNames()]
    return sorted([o.Size.Width, o.Size.Height, o.HoriOrient, o.HoriOrientPosition if o.HoriOrient == 0 else 0,
                   o.TextWrap.value, o.Title] for o in found)


def _cells(table):
    return [table.getCellByName(cell).getString() for cell in table.getCellNames()]


def _calc_state(doc):
    """Sheet names, each sheet's formulas over its used area and its cell comments; its charts' number and
    names (LibreOffice's own undo of a sheet's deletion, and its redo of a chart, bring charts back under
    other names: ``chart_names`` is left out of the comparisons); its data bars' ranges and colours (undone by
    an undo action of Marginalia's own)."""
    sheets, charts, bars = [], [], []
    for index in range(doc.Sheets.getCount()):
        sheet = doc.Sheets.getByIndex(index)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        area = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow)
        formulas = _trimmed([list(row) for row in area.getFormulaArray()])
        charts.append(sorted(sheet.getCharts().getElementNames()))
        sheets.append([sheet.getName(), formulas, sheet.getAnnotations().getCount()])
        bars.append(_data_bars(sheet))
    return {"sheets": sheets, "chart_counts": [len(names) for names in charts], "chart_names": charts,
            "data_bars": bars}


def _data_bars(sheet):
    """``[(range, colour)]`` of the sheet's data bars, sorted."""
    found = []
    for conditional in sheet.getPropertyValue("ConditionalFormats").getConditionalFormats():
        where = conditional.getPropertyValue("Range").getRangeAddressesAsString()
        entries = [conditional.getByIndex(i) for i in range(conditional.getCount())]
        found += [(where, entry.getPropertyValue("Color")) for entry in entries
                  if entry.getType() == 2]  # ConditionEntryType.DATABAR
    return sorted(found)


def _slides_state(doc):
    """Each page's name, layout, notes, visibility and transition (Impress), and shapes (kind, name, text,
    position, size)."""
    impress = common.app_of(doc) == "impress"
    pages = []
    for page in _pages(doc):
        shapes = []
        for index in range(page.getCount()):
            shape = page.getByIndex(index)
            position, size = shape.getPosition(), shape.getSize()
            text = shape.getString() if hasattr(shape, "getString") else ""
            shapes.append([shape.getShapeType().rsplit(".", 1)[-1], _base_name(shape.getName()), text,
                           position.X, position.Y, size.Width, size.Height])
        shown = [page.Visible, page.TransitionType, page.TransitionSubtype] if impress else None
        pages.append([page.getName(), page.Layout if impress else None, _speaker_notes(page) if impress else "", shapes, shown])
    return {"pages": pages}


def _base_name(name):
    """A shape's name as LibreOffice 7.4 renumbers it when undo or redo puts a page back: the digits and
    spaces at its end cut off (it appends `` 1``, `` 2``… to what is left: ``Box 2`` became ``Box 1``)."""
    return (name or "").rstrip("0123456789 ")


def _pages(doc):
    pages = doc.getDrawPages()
    return [pages.getByIndex(index) for index in range(pages.getCount())]


def _speaker_notes(page):
    notes = page.getNotesPage()
    for index in range(notes.getCount()):
        shape = notes.getByIndex(index)
        if shape.getShapeType().endswith("NotesShape"):
            return shape.getString()
    return ""


def _trimmed(rows):
    """``rows`` without empty rows and columns at their ends (the used area can stay larger after an
    undo of a format, without any cell holding anything)."""
    while rows and not any(rows[-1]):
        rows.pop()
    width = max((max((i + 1 for i, value in enumerate(row) if value), default=0) for row in rows), default=0)
    return [row[:width] for row in rows]


def outline(uid):
    """What the driver needs to make valid calls: Writer paragraphs as the tools number them, tables;
    Calc sheets with their used areas."""
    def work():
        doc = common.document(uid)
        if common.app_of(doc) == "calc":
            return {"app": "calc", "sheets": _sheets(doc)}
        if common.app_of(doc) in SLIDES:
            return {"app": common.app_of(doc), "pages": [_page_outline(page) for page in _pages(doc)]}
        from marginalia.ui.writer.blocks import body_blocks
        from marginalia.ui.writer.spans import TextSpan
        doc.lockControllers()
        try:
            blocks = body_blocks(doc)
            paragraphs = [TextSpan.of_range(b.obj).text if b.kind == "paragraph" else None for b in blocks]
        finally:
            doc.unlockControllers()
        return {"app": "writer", "paragraphs": paragraphs, "tables": list(doc.getTextTables().getElementNames()),
                "images": list(doc.getGraphicObjects().getElementNames()), "objects": _object_names(doc)}
    return common.on_main(work)


def _page_outline(page):
    """Each shape of ``page``: its kind and text (None for a shape without text)."""
    shapes = []
    for index in range(page.getCount()):
        shape = page.getByIndex(index)
        text = shape.getString() if hasattr(shape, "getString") else None
        shapes.append({"kind": shape.getShapeType().rsplit(".", 1)[-1], "text": text,
                       "diagram": shape.getName().startswith("diagram:")})
    return {"shapes": shapes}


def _object_names(doc):
    """The names of the embedded objects and of the drawing shapes that are neither pictures nor frames."""
    page = doc.getDrawPage()
    shapes = (page.getByIndex(i) for i in range(page.getCount()))
    drawn = [shape.getName() for shape in shapes if not shape.supportsService("com.sun.star.text.BaseFrame")]
    return list(doc.getEmbeddedObjects().getElementNames()) + [name for name in drawn if name]


def _sheets(doc):
    result = []
    for index in range(doc.Sheets.getCount()):
        sheet = doc.Sheets.getByIndex(index)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        result.append({"name": sheet.getName(), "columns": end.EndColumn + 1, "rows": end.EndRow + 1,
                       "protected": bool(sheet.isProtected())})
    return result


def place_cursor(uid, seed):
    """Put the user's cursor or selection somewhere at random (the seed decides where)."""
    def work():
        doc = common.document(uid)
        rng = random.Random(seed)
        controller = doc.getCurrentController()
        if common.app_of(doc) == "calc":
            sheet = controller.getActiveSheet()
            column, row = rng.randrange(6), rng.randrange(40)
            size = rng.choice([0, 0, 2])
            controller.select(sheet.getCellRangeByPosition(column, row, column + size, row + size))
            return {"where": "cells %d,%d +%d" % (column, row, size)}
        if common.app_of(doc) in SLIDES:
            pages = _pages(doc)
            number = rng.randrange(len(pages))
            controller.setCurrentPage(pages[number])
            return {"where": "page %d" % (number + 1)}
        return {"where": _place_in_writer(doc, controller, rng)}
    return common.on_main(work)


def _place_in_writer(doc, controller, rng):
    text = doc.getText()
    where = rng.choice(["start", "end", "middle", "middle", "table", "selection"])
    if where == "table" and not doc.getTextTables().getCount():
        where = "middle"
    if where == "table":
        table = doc.getTextTables().getByIndex(rng.randrange(doc.getTextTables().getCount()))
        cells = table.getCellNames()
        cell = table.getCellByName(cells[rng.randrange(len(cells))])
        controller.select(cell.getText().getStart())
        return "table %s" % table.getName()
    cursor = text.createTextCursor()
    if where == "end":
        cursor.gotoEnd(False)
    elif where in ("middle", "selection"):
        moved = 0
        for _ in range(rng.randrange(40)):
            if not cursor.gotoNextParagraph(False):
                break
            moved += 1
        if where == "selection":
            cursor.gotoEndOfParagraph(True)
        where = "%s of paragraph %d" % (where, moved + 1)
    controller.select(cursor)
    return where


g_exportedScripts = (turn, revert, state, outline, place_cursor)
