"""How a Writer document is shown to the model: numbered paragraphs, an outline, pages.

The office side reads the document into :class:`BlockInfo` records; this module
turns them into the text a reading tool returns. Every paragraph line starts with
its number in brackets, which the editing tools take as ``paragraph``; headings,
list items and tables are marked so the model sees the structure. Output is paged
by a character budget so a long document never floods the model's context: the
last line says where to continue.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, List, Optional, Sequence, Tuple

OBJECT = "\ufffc"
"""What Writer's text holds for an empty field or an object; a read leaves it out."""
DEFAULT_BUDGET = 12000
"""Characters of paragraph text per reading call."""
LONG_PARAGRAPH = 4000
"""A single paragraph longer than this is shown cut, with a note."""
LONG_NOTE = 1500
"""A note or comment longer than this is shown cut."""
TABLE_PREVIEW_ROWS = 8
TABLE_PREVIEW_COLUMNS = 6
CELL_PREVIEW = 40


@dataclass
class BlockInfo:
    """What the model is told about one numbered block."""

    number: int
    kind: str = "paragraph"
    """``paragraph`` or ``table``."""
    text: str = ""
    style: str = ""
    outline_level: int = 0
    list_label: str = ""
    list_level: int = 0
    table_name: str = ""
    rows: List[List[str]] = field(default_factory=list)
    """The table's cell texts (rows of strings), for a short preview."""
    irregular: bool = False
    """The table's rows have different numbers of cells (merged or split cells)."""
    notes: List[Tuple[str, str]] = field(default_factory=list)
    """The paragraph's footnotes and endnotes: ``(marker as in the text, note text)``."""
    comments: List[Tuple[str, str, str]] = field(default_factory=list)
    """The comments anchored in the paragraph: ``(author, comment, the text it is attached to)``."""
    fields: List[Tuple[str, str]] = field(default_factory=list)
    """The fields in the paragraph: ``(what it shows, kind)``."""


def block_line(block: BlockInfo, plain_styles: Sequence[str] = ()) -> str:
    """One line for one block, e.g. ``[3] (Heading 1) Introduction`` or ``[4] • item``."""
    if block.kind == "table":
        return "[%d] %s" % (block.number, table_summary(block))
    marks = []
    if block.style and block.style not in plain_styles:
        marks.append("(%s)" % block.style)
    if block.list_label:
        marks.append("  " * block.list_level + block.list_label)
    text = block.text.replace("\n", " ").replace(OBJECT, "")
    if len(text) > LONG_PARAGRAPH:
        text = text[:LONG_PARAGRAPH] + " […cut: %d more characters; search_text finds passages in it]" % (
            len(text) - LONG_PARAGRAPH)
    if not text:
        text = "(empty)"
    return "\n".join(["[%d] %s" % (block.number, " ".join(marks + [text]))] + mark_lines(block))


def mark_lines(block: BlockInfo) -> List[str]:
    """The lines under a paragraph: its notes' text, its comments, what its fields are."""
    lines = ["    %s: %s" % (marker, _one_line(text, LONG_NOTE)) for marker, text in block.notes]
    lines.extend("    [comment by %s on %s: %s]" % (author or "unknown", _quoted(anchor), _one_line(text, LONG_NOTE))
                 for author, text, anchor in block.comments)
    if block.fields:
        lines.append("    fields: " + ", ".join(_field(shown, kind) for shown, kind in block.fields[:12]))
    return lines


def _field(shown: str, kind: str) -> str:
    shown = shown.replace(OBJECT, "")
    return "%s (%s)" % (_quoted(shown), kind) if shown.strip() else "an empty %s" % kind


def _one_line(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _quoted(text: str, empty: str = "the point where it is") -> str:
    return "\u201c%s\u201d" % _one_line(text, 60) if text else empty


def table_summary(block: BlockInfo) -> str:
    """A table as one line: its name, size and first rows (cells cut short)."""
    rows = block.rows
    columns = max((len(row) for row in rows), default=0)
    head = "[table %s: %d row%s × %d column%s" % (block.table_name, len(rows), "" if len(rows) == 1 else "s",
                                                  columns, "" if columns == 1 else "s")
    if block.irregular:
        head += ", merged or split cells: the rows hold %s cells" % _counts([len(row) for row in rows])
    shown = []
    for row in rows[:TABLE_PREVIEW_ROWS]:
        cells = [_short(cell) for cell in row[:TABLE_PREVIEW_COLUMNS]]
        shown.append("| " + " | ".join(cells) + (" | …" if len(row) > TABLE_PREVIEW_COLUMNS else "") + " |")
    more = " …" if len(rows) > TABLE_PREVIEW_ROWS else ""
    return head + "] " + " ".join(shown) + more + " (read or edit its cells with the tables tool)"


def _counts(counts: List[int]) -> str:
    """``3, 2, 3`` (cut after ten rows)."""
    shown = ", ".join(str(count) for count in counts[:10])
    return shown + (", …" if len(counts) > 10 else "")


def _short(cell: str) -> str:
    text = " ".join(cell.split()).replace("|", "\\|")
    return text if len(text) <= CELL_PREVIEW else text[:CELL_PREVIEW - 1] + "…"


def outline_lines(blocks: Sequence[BlockInfo]) -> List[str]:
    """The headings, indented by level: ``  [5] Heading 2: Details``."""
    lines = []
    for block in blocks:
        if block.kind == "paragraph" and block.outline_level > 0:
            title = " ".join(block.text.split()) or "(empty heading)"
            lines.append("%s[%d] %s" % ("  " * (block.outline_level - 1), block.number, title[:120]))
    return lines


def page(blocks: Sequence[BlockInfo], first: int, last: Optional[int], budget: int = DEFAULT_BUDGET,
         plain_styles: Sequence[str] = ()) -> Tuple[List[str], int]:
    """Lines for blocks ``first``..``last`` within ``budget`` characters.

    Args:
        blocks: every block of the document, in order (numbers from 1).
        first: the first block to show.
        last: the last block to show (None: up to the end).
        budget: characters allowed; at least one block is always shown.
        plain_styles: styles not worth marking (the body text styles).

    Returns:
        ``(lines, last shown number)``.
    """
    end = len(blocks) if last is None else min(last, len(blocks))
    return page_of(lambda number: blocks[number - 1], first, end, budget, plain_styles)


def page_of(describe: Callable[[int], BlockInfo], first: int, end: int, budget: int = DEFAULT_BUDGET,
            plain_styles: Sequence[str] = ()) -> Tuple[List[str], int]:
    """Like :func:`page`, but each block is described only when the page reaches it.

    A long document is then read only as far as one page shows (plus the block that
    no longer fits), not to its end.

    Args:
        describe: gives the block of a number (from 1).
        first: the first block to show.
        end: the last block that may be shown (at least ``first``).
        budget: characters allowed; at least one block is always shown.
        plain_styles: styles not worth marking (the body text styles).

    Returns:
        ``(lines, last shown number)``.
    """
    lines: List[str] = []
    used, shown = 0, first - 1
    for number in range(first, end + 1):
        line = block_line(describe(number), plain_styles)
        if lines and used + len(line) > budget:
            break
        lines.append(line)
        used += len(line) + 1
        shown = number
    return lines, shown


def most_common_style(blocks: Sequence[BlockInfo]) -> str:
    """The style of most non-heading, non-list paragraphs (the body style), or ""."""
    counts = {}
    for block in blocks:
        if block.kind == "paragraph" and not block.outline_level and not block.list_label and block.style:
            counts[block.style] = counts.get(block.style, 0) + 1
    return max(counts, key=counts.get) if counts else ""


def count_words(text: str) -> int:
    """Words as a reader counts them (runs of letters or digits)."""
    return len([word for word in text.split() if any(char.isalnum() for char in word)])


WRITER_COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""Writer names table columns A-Z, then a-z, then AA… (Calc's sheets use A-Z, then AA)."""


def table_column_name(index: int) -> str:
    """The letters of a Writer table column, 0-based: 0 → ``A``, 26 → ``a``, 52 → ``AA``.

    Args:
        index: The column's position from 0.

    Returns:
        The letters Writer uses in the table's cell names (``a1`` is the 27th column).
    """
    name, index = "", index + 1
    while index:
        index, rest = divmod(index - 1, len(WRITER_COLUMN_LETTERS))
        name = WRITER_COLUMN_LETTERS[rest] + name
    return name

