"""Helpers for the Calc tool tests: set up blocks and read them back in bulk."""


def values(sheet, address):
    """The block's values as lists (computed results for formula cells)."""
    return [list(row) for row in sheet.getCellRangeByName(address).getDataArray()]


def formulas(sheet, address):
    """The block's formulas as Calc's API returns them (values for plain cells)."""
    return [list(row) for row in sheet.getCellRangeByName(address).getFormulaArray()]


def fill(sheet, address, rows):
    """Set up test data with one bulk call (floats and strings)."""
    sheet.getCellRangeByName(address).setDataArray(tuple(tuple(row) for row in rows))


def contents(sheet, address):
    """Everything a write could change: values, formulas and comments of the block."""
    block = sheet.getCellRangeByName(address)
    notes = sorted((a.getPosition().Column, a.getPosition().Row, a.getString())
                   for a in sheet.getAnnotations())
    return block.getDataArray(), block.getFormulaArray(), notes


def format_state(cell_range):
    """Formatting of every cell of a block, as ``{(column, row): properties}``.

    Read per uniformly formatted part, then spread over its cells, so two blocks that
    look the same compare equal even when Calc splits them into parts differently (its
    own AutoFilter undo, for one, leaves an invisible split in the header row).
    """
    parts = cell_range.getCellFormatRanges()
    state = {}
    for index in range(parts.getCount()):
        part = parts.getByIndex(index)
        address = part.getRangeAddress()
        properties = (part.CharWeight, part.CellBackColor, part.NumberFormat, part.HoriJustify.value,
                      part.TableBorder2.TopLine.OuterLineWidth, part.getIsMerged())
        for row in range(address.StartRow, address.EndRow + 1):
            for column in range(address.StartColumn, address.EndColumn + 1):
                state[(column, row)] = properties
    return state


def document_state(doc):
    """What any Calc tool could have changed, read from the real document."""
    state = {"sheets": doc.getSheets().getElementNames(),
             "styles": doc.getStyleFamilies().getByName("CellStyles").getElementNames()}
    for sheet in [doc.getSheets().getByIndex(i) for i in range(doc.getSheets().getCount())]:
        block = sheet.getCellRangeByName("A1:L40")
        state[sheet.getName()] = {
            "values": block.getDataArray(), "formulas": block.getFormulaArray(), "formats": format_state(block),
            "charts": sheet.getCharts().getElementNames(), "shapes": sheet.getDrawPage().getCount(),
            "conditional": [(f.Range.getRangeAddressesAsString(), f.getCount())
                            for f in sheet.ConditionalFormats.getConditionalFormats()],
            "visible_rows": [sheet.getRows().getByIndex(r).IsVisible for r in range(40)],
            "widths": [sheet.getColumns().getByIndex(c).Width for c in range(12)],
        }
    unnamed = doc.getPropertyValue("UnnamedDatabaseRanges")
    state["autofilter"] = unnamed.hasByTable(0) and unnamed.getByTable(0).AutoFilter
    return state


def differences(before, after, path=""):
    """The paths where two states differ (for a readable failure)."""
    if isinstance(before, dict) and isinstance(after, dict):
        found = []
        for key in sorted(set(before) | set(after)):
            found += differences(before.get(key), after.get(key), "%s/%s" % (path, key))
        return found
    if isinstance(before, (list, tuple)) and isinstance(after, (list, tuple)) and len(before) == len(after):
        found = []
        for index, (a, b) in enumerate(zip(before, after)):
            found += differences(a, b, "%s[%d]" % (path, index))
        return found
    return [] if before == after else ["%s: %r != %r" % (path, before, after)]
