"""Which edit entered each formula cell of a document, to count PROMPT's new requests per edit
(see :mod:`marginalia.core.prompt.edits`)."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Dict, List, Optional

import unohelper
from com.sun.star.util import XModifyListener

from ...core.prompt.edits import Cell, CellRange, added_cells
from ..office.log import get_logger, logged
from .notes import FORMULA, sheets_of

log = get_logger("prompt")

MOST_FOLLOWED = 200000
"""More entered cells than this are forgotten (their requests then count together)."""


class EditLog:
    """Counts a document's edits and notes the formula cells each one added."""

    def __init__(self, document):
        self.document = document
        self.edits = 0
        self._ranges = formula_ranges(document)
        self._entered: Dict[Cell, int] = {}
        self._ignoring = 0

    @contextmanager
    def ignoring(self):
        """Marginalia writes to the document (answers, comments): that is no edit of the user's."""
        self._ignoring += 1
        try:
            yield
        finally:
            self._ignoring -= 1

    def edited(self) -> None:
        """An edit happened: note the formula cells it added."""
        if self._ignoring:
            return
        self.edits += 1
        ranges = formula_ranges(self.document)
        for cell in added_cells(self._ranges, ranges):
            self._entered[cell] = self.edits
        self._ranges = ranges
        if len(self._entered) > MOST_FOLLOWED:
            self._entered.clear()

    def edit_of(self, cell: Cell) -> Optional[int]:
        """The edit that entered the formula of ``cell`` (None: none since PROMPT first ran in the document)."""
        return self._entered.get(cell)


def formula_ranges(document) -> List[CellRange]:
    """Where ``document``'s formula cells are (never makes Calc calculate)."""
    found = []
    for sheet in sheets_of(document):
        for area in sheet.queryContentCells(FORMULA).getRangeAddresses():
            found.append((area.Sheet, area.StartColumn, area.StartRow, area.EndColumn, area.EndRow))
    return found


class EditListener(unohelper.Base, XModifyListener):
    """Tells an :class:`EditLog` of each edit (the document says it is modified once per edit)."""

    def __init__(self, edits: EditLog):
        self._edits = edits

    @logged
    def modified(self, event):
        self._edits.edited()

    def disposing(self, event):
        pass
