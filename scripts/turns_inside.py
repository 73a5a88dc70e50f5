"""The in-office half of crash_hunt.py and of the task plans: turns of tool calls, Revert, what a document holds.

Copied into the office profile's ``Scripts/python`` folder with inside_common.py (see
scripts/inside.py); every function runs on the office's main thread and answers JSON text.
"""
import hashlib
import json
import random

import inside_common as common


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
        parts = _calc_state(doc) if common.app_of(doc) == "calc" else _writer_state(doc)
        digests = {name: hashlib.sha256(json.dumps(value).encode("utf-8")).hexdigest()[:16]
                   for name, value in parts.items()}
        return {"digests": digests, "parts": parts if full else None}
    return common.on_main(work)


def _writer_state(doc):
    """Body text, every body paragraph's style, every table's cell texts (the body's tables in their order,
    then the others by name), and the tables' names as a set: LibreOffice's own undo of deleting two
    tables can give them back each other's names (seen with its API undo too); the pictures' looks and the
    numbers of frames, drawing shapes and embedded objects."""
    doc.lockControllers()  # after an undo of many places, unlocked reads draw the selection each time
    try:
        styles, cells, seen = [], [], set()
        blocks = doc.getText().createEnumeration()
        while blocks.hasMoreElements():
            block = blocks.nextElement()
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
                "pictures": _pictures(doc)}
    finally:
        doc.unlockControllers()


def _pictures(doc):
    """The pictures' sizes (1/100 mm), alignments, wraps and alt texts (sorted: not their names, which an undo may
    give back in another order), the number of text frames (a caption's figure is one) and of drawing shapes and
    embedded objects."""
    graphics = doc.getGraphicObjects()
    looks = sorted([g.Size.Width, g.Size.Height, g.HoriOrient, g.TextWrap.value, g.Title]
                   for g in (graphics.getByName(n) for n in graphics.getElementNames()))
    return {"pictures": looks, "frames": doc.getTextFrames().getCount(), "draw_page": doc.getDrawPage().getCount(),
            "objects": doc.getEmbeddedObjects().getCount()}


def _cells(table):
    return [table.getCellByName(cell).getString() for cell in table.getCellNames()]


def _calc_state(doc):
    """Sheet names, each sheet's formulas over its used area and its cell comments; its charts' number and
    names (LibreOffice's own undo of a sheet's deletion, and its redo of a chart, bring charts back under
    other names: ``chart_names`` is left out of the comparisons)."""
    sheets, charts = [], []
    for index in range(doc.Sheets.getCount()):
        sheet = doc.Sheets.getByIndex(index)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        area = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow)
        formulas = _trimmed([list(row) for row in area.getFormulaArray()])
        charts.append(sorted(sheet.getCharts().getElementNames()))
        sheets.append([sheet.getName(), formulas, sheet.getAnnotations().getCount()])
    return {"sheets": sheets, "chart_counts": [len(names) for names in charts], "chart_names": charts}


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
