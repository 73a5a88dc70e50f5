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
