"""Read the body's blocks into :class:`~marginalia.core.text.writer_listing.BlockInfo` records."""
from __future__ import annotations

from typing import List, Optional, Tuple

from ...core.text.writer_listing import BlockInfo
from .blocks import Block, list_label, list_level
from .spans import TextSpan


def has_tracked_changes(document) -> bool:
    """True when the document holds tracked changes (their deleted text is then left out)."""
    try:
        return bool(document.getRedlines().hasElements())
    except Exception:
        return False


def paragraph_text(paragraph, tracked: bool) -> str:
    """The paragraph's text as it reads after tracked changes."""
    return TextSpan.of_range(paragraph).text if tracked else paragraph.getString()


def describe(block: Block, full: bool, tracked: bool) -> BlockInfo:
    """Describe ``block``; without ``full`` only what the outline needs (heading level and text)."""
    if block.kind == "table":
        info = BlockInfo(block.number, "table", table_name=block.obj.getName())
        if full:
            info.rows, info.irregular = table_cells(block.obj)
        return info
    paragraph = block.obj
    level = int(paragraph.getPropertyValue("OutlineLevel") or 0)
    info = BlockInfo(block.number, outline_level=level)
    if full or level:
        info.text = paragraph_text(paragraph, tracked)
    if full:
        info.style = paragraph.getPropertyValue("ParaStyleName")
        info.list_label = list_label(paragraph)
        info.list_level = list_level(paragraph) if info.list_label else 0
    return info


def describe_all(blocks: List[Block], first: int = 1, last: Optional[int] = None,
                 tracked: bool = False) -> List[BlockInfo]:
    """Describe every block: fully from ``first`` to ``last``, the rest only for the outline."""
    end = len(blocks) if last is None else last
    return [describe(block, first <= block.number <= end, tracked) for block in blocks]


def table_rows(table) -> List[List[str]]:
    """The cell texts of ``table`` as rows (merged or split cells read by name)."""
    return table_cells(table)[0]


def table_cells(table) -> Tuple[List[List[str]], bool]:
    """``(rows of cell texts, irregular)``: every cell, whatever the table's shape.

    A table whose rows have different numbers of cells (merged or split cells, common in
    Word files) may still answer ``getDataArray()``, with one column only and no error;
    it is read cell by cell through its cell names instead, and called irregular.
    """
    names = table.getCellNames()
    rows, columns = table.getRows().getCount(), table.getColumns().getCount()
    if len(names) == rows * columns and not any("." in name for name in names):
        try:
            data = table.getDataArray()
            if len(data) == rows and all(len(row) == columns for row in data):
                return [[_cell_text(value) for value in row] for row in data], False
        except Exception:  # no data array: read the cells by name
            pass
    return _rows_by_name(table), True


def _cell_text(value) -> str:
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def _rows_by_name(table) -> List[List[str]]:
    rows: List[List[str]] = []
    current_row, current = None, []
    for name in table.getCellNames():
        row = _row_of(name)
        if row != current_row and current_row is not None:
            rows.append(current)
            current = []
        current_row = row
        current.append(table.getCellByName(name).getString())
    if current_row is not None:
        rows.append(current)
    return rows


def _row_of(cell_name: str) -> str:
    return cell_name.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz").split(".")[0]
