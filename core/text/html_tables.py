"""Tables of an HTML page as text: data tables as Markdown rows, layout tables as paragraphs.

:class:`TableBuilder` collects one table's cells while :mod:`.html_text` reads the
page. Many older sites lay whole pages out in tables; a table with a single column
or with long cells is such a layout table, and its cells come out as paragraphs
rather than as one enormous row.
"""
from __future__ import annotations

from typing import List

LAYOUT_CELL = 400
"""A cell longer than this (characters) marks a layout table."""


class TableBuilder:
    """The rows and cells of one table, filled as the parser reads it."""

    def __init__(self) -> None:
        self._rows: List[List[str]] = []
        self._cell: List[str] = []
        self._header_row = False
        self.in_cell = False

    def start_row(self) -> None:
        """A ``<tr>``: end the open cell and begin a new row."""
        self.end_cell()
        self._rows.append([])

    def start_cell(self, header: bool = False) -> None:
        """A ``<td>``/``<th>``: end the open cell and begin another."""
        self.end_cell()
        if not self._rows:
            self._rows.append([])
        if header and len(self._rows) == 1 and not self._rows[0]:
            self._header_row = True
        self.in_cell = True

    def add_text(self, text: str) -> None:
        """Text of the open cell (text outside any cell opens one)."""
        if not self.in_cell:
            self.start_cell()
        self._cell.append(text)

    def end_cell(self) -> None:
        """Close the open cell, if any."""
        if not self.in_cell:
            return
        self._rows[-1].append(" ".join("".join(self._cell).split()))
        self._cell = []
        self.in_cell = False

    def rows(self) -> List[List[str]]:
        """The rows with at least one non-empty cell."""
        self.end_cell()
        return [row for row in self._rows if any(row)]

    def render(self) -> str:
        """The table as Markdown rows, or its cells as paragraphs for a layout table."""
        rows = self.rows()
        if not rows:
            return ""
        width = max(len(row) for row in rows)
        if width < 2 or any(len(cell) > LAYOUT_CELL for row in rows for cell in row):
            return "\n\n".join(cell for row in rows for cell in row if cell)
        lines = ["| %s |" % " | ".join(_escape(cell) for cell in row + [""] * (width - len(row))) for row in rows]
        if self._header_row and len(lines) > 1:
            lines.insert(1, "|%s" % (" --- |" * width))
        return "\n".join(lines)


def _escape(cell: str) -> str:
    return cell.replace("|", "\\|")
