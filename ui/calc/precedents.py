"""The cells a formula uses directly, on any sheet.

The references are read from the formula's compiled tokens (``XFormulaTokens.getTokens``:
``SingleReference`` and ``ComplexReference`` data, relative parts resolved against the
formula's cell; references to deleted cells are skipped). ``XFormulaQuery.queryPrecedents``
is only asked when the formula uses named ranges (name tokens), because it reports
cells on the formula's own sheet only, counts the formula's own cell, and turns a
deleted reference into a real-looking cell.
"""
from __future__ import annotations

from typing import List, NamedTuple

COLUMN_RELATIVE, COLUMN_DELETED, ROW_RELATIVE, ROW_DELETED = 1, 2, 4, 8   # com.sun.star.sheet.ReferenceFlags
SHEET_RELATIVE, SHEET_DELETED = 16, 32


class Block(NamedTuple):
    """A rectangle of cells on one sheet (0-based, inclusive)."""

    sheet: int
    first_column: int
    first_row: int
    last_column: int
    last_row: int

    @property
    def cells(self) -> int:
        """Number of cells."""
        return (self.last_column - self.first_column + 1) * (self.last_row - self.first_row + 1)

    def holds(self, sheet: int, column: int, row: int) -> bool:
        """True when the cell lies inside."""
        return (self.sheet == sheet and self.first_column <= column <= self.last_column
                and self.first_row <= row <= self.last_row)


def _absolute(reference, own):
    """``(sheet, column, row, deleted)`` of a ``SingleReference`` seen from the cell ``own``."""
    flags = reference.Flags
    column = own.Column + reference.RelativeColumn if flags & COLUMN_RELATIVE else reference.Column
    row = own.Row + reference.RelativeRow if flags & ROW_RELATIVE else reference.Row
    sheet = own.Sheet + reference.RelativeSheet if flags & SHEET_RELATIVE else reference.Sheet
    return sheet, column, row, bool(flags & (COLUMN_DELETED | ROW_DELETED | SHEET_DELETED))


def _token_blocks(tokens, own) -> List[Block]:
    blocks = []
    for token in tokens:
        data = token.Data
        kind = getattr(data, "typeName", "")
        if kind == "com.sun.star.sheet.SingleReference":
            sheet, column, row, deleted = _absolute(data, own)
            if not deleted:
                blocks.append(Block(sheet, column, row, column, row))
        elif kind == "com.sun.star.sheet.ComplexReference":
            first, last = _absolute(data.Reference1, own), _absolute(data.Reference2, own)
            if not (first[3] or last[3]):
                blocks.append(Block(first[0], min(first[1], last[1]), min(first[2], last[2]),
                                    max(first[1], last[1]), max(first[2], last[2])))
    return blocks


def direct_precedents(cell) -> List[Block]:
    """The blocks the formula in ``cell`` refers to, without the cell itself, in formula order."""
    own = cell.getCellAddress()
    tokens = cell.getTokens()
    blocks = _token_blocks(tokens, own)
    uses_names = any(getattr(token.Data, "typeName", "") == "com.sun.star.sheet.NameToken" for token in tokens)
    for address in cell.queryPrecedents(False).getRangeAddresses() if uses_names else ():
        block = Block(address.Sheet, address.StartColumn, address.StartRow, address.EndColumn, address.EndRow)
        if not any(_covers(known, block) for known in blocks):
            blocks.extend(_without_cell(block, own))
    unique: List[Block] = []
    for block in blocks:
        if block not in unique and not (block.cells == 1 and block.holds(own.Sheet, own.Column, own.Row)):
            unique.append(block)
    return unique


def _covers(outer: Block, inner: Block) -> bool:
    return (outer.sheet == inner.sheet and outer.first_column <= inner.first_column
            and inner.last_column <= outer.last_column and outer.first_row <= inner.first_row
            and inner.last_row <= outer.last_row)


def _without_cell(block: Block, own) -> List[Block]:
    """``block`` minus the formula's own cell (Calc merges it into the precedent ranges)."""
    if not block.holds(own.Sheet, own.Column, own.Row):
        return [block]
    if block.cells > 64:
        return [block]
    return [Block(block.sheet, column, row, column, row)
            for row in range(block.first_row, block.last_row + 1)
            for column in range(block.first_column, block.last_column + 1)
            if (column, row) != (own.Column, own.Row)]
