"""A Markdown table as rows of cells, and a small data table as a chart's categories, series and values."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List

_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
MAX_CELLS = 400


class TableError(ValueError):
    """The text is not a table the tools can use; the message says why, for the model."""


def parse_table(markdown: str) -> List[List[str]]:
    """The rows of a Markdown (pipe) table, header first; ragged rows are padded to the widest.

    Raises:
        TableError: no table, or too many cells.
    """
    lines = [line.strip() for line in markdown.strip().splitlines() if line.strip()]
    rows = [_cells(line) for line in lines if not _SEPARATOR.match(line)]
    if not rows or not all("|" in line for line in lines):
        raise TableError("Give the table as Markdown rows: '| Region | Sales |', a '|---|---|' line, then one row "
                         "per line.")
    width = max(len(row) for row in rows)
    if width * len(rows) > MAX_CELLS:
        raise TableError("At most %d cells (the table has %d)." % (MAX_CELLS, width * len(rows)))
    return [row + [""] * (width - len(row)) for row in rows]


def _cells(line: str) -> List[str]:
    inner = line[1:] if line.startswith("|") else line
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


@dataclass(frozen=True)
class ChartData:
    """Categories (the first column), series (the header after it) and their values (rows by category)."""

    categories: List[str]
    series: List[str]
    values: List[List[float]]


def chart_data(rows: List[List[str]]) -> ChartData:
    """Read a table whose first row names the series and whose first column names the categories.

    Raises:
        TableError: fewer than two rows or columns, or a value that is not a number.
    """
    if len(rows) < 2 or len(rows[0]) < 2:
        raise TableError("A chart needs a header row (the series) and at least one row of numbers, with the "
                         "categories in the first column.")
    values = []
    for row in rows[1:]:
        numbers = []
        for cell in row[1:]:
            try:
                numbers.append(float(cell.replace(",", "").replace("%", "").strip() or "0"))
            except ValueError:
                raise TableError("'%s' (row '%s') is not a number." % (cell, row[0])) from None
        values.append(numbers)
    return ChartData([row[0] for row in rows[1:]], rows[0][1:], values)
