"""Block Markdown (CommonMark blocks plus GitHub tables and task lists) parsed into blocks.

Supported blocks: ATX and setext headings, paragraphs, bullet and numbered lists
(nested by indentation, task boxes shown as ☐/☑), block quotes, fenced code,
horizontal rules and pipe tables (alignment row, ragged rows padded). Anything else
is a paragraph; nothing raises, so broken Markdown still arrives as readable text.
:mod:`.markdown_html` renders the blocks for LibreOffice's HTML import.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import List, Optional

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")
_RULE = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_QUOTE = re.compile(r"^ {0,3}> ?(.*)$")
_ITEM = re.compile(r"^([ \t]*)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*)|[ \t]*$)")
_TABLE_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_TASK = re.compile(r"^\[([ xX])\][ \t]+")


@dataclass
class Block:
    """One block of a Markdown document."""

    kind: str
    """``heading``, ``paragraph``, ``list``, ``quote``, ``code``, ``rule`` or ``table``."""
    text: str = ""
    level: int = 0
    """Heading level (1–6)."""
    ordered: bool = False
    start: int = 1
    items: List["ListItem"] = field(default_factory=list)
    children: List["Block"] = field(default_factory=list)
    """The blocks inside a quote."""
    rows: List[List[str]] = field(default_factory=list)
    """Table rows (the first one is the header)."""
    align: List[Optional[str]] = field(default_factory=list)


@dataclass
class ListItem:
    """One list item: its text and an optional nested list."""

    text: str
    sublist: Optional[Block] = None


def parse_blocks(markdown: str) -> List[Block]:
    """Parse Markdown into a list of :class:`Block` (never raises).

    Args:
        markdown: the Markdown source.

    Returns:
        The blocks in order; an empty list for blank input.
    """
    lines = markdown.replace("\r\n", "\n").replace("\r", "\n").expandtabs(4).split("\n")
    return _Parser(lines).blocks()


class _Parser:
    def __init__(self, lines: List[str]):
        self.lines = lines
        self.index = 0

    def blocks(self) -> List[Block]:
        result: List[Block] = []
        while self.index < len(self.lines):
            line = self.lines[self.index]
            if not line.strip():
                self.index += 1
                continue
            result.append(self._block(line))
        return result

    def _block(self, line: str) -> Block:
        heading = _ATX.match(line)
        if heading:
            self.index += 1
            return Block("heading", (heading.group(2) or "").strip(), level=len(heading.group(1)))
        fence = _FENCE.match(line)
        if fence and not (fence.group(2)[0] == "`" and "`" in fence.group(3)):
            return self._code(fence.group(2))
        if _RULE.match(line):
            self.index += 1
            return Block("rule")
        if _QUOTE.match(line):
            return self._quote()
        if _ITEM.match(line):
            return self._list()
        if "|" in line and self.index + 1 < len(self.lines) and _TABLE_RULE.match(self.lines[self.index + 1]) \
                and "-" in self.lines[self.index + 1]:
            return self._table()
        return self._paragraph()

    def _code(self, fence: str) -> Block:
        self.index += 1
        body = []
        while self.index < len(self.lines):
            line = self.lines[self.index]
            self.index += 1
            if line.strip().startswith(fence[0] * len(fence)) and not line.strip().strip(fence[0]):
                break
            body.append(line)
        return Block("code", "\n".join(body))

    def _quote(self) -> Block:
        inner = []
        while self.index < len(self.lines):
            match = _QUOTE.match(self.lines[self.index])
            if match:
                inner.append(match.group(1))
            elif self.lines[self.index].strip() and inner and inner[-1].strip():
                inner.append(self.lines[self.index])  # lazy continuation
            else:
                break
            self.index += 1
        return Block("quote", children=_Parser(inner).blocks())

    def _paragraph(self) -> Block:
        text = [self.lines[self.index]]
        self.index += 1
        while self.index < len(self.lines):
            line = self.lines[self.index]
            setext = _SETEXT.match(line)
            if setext:
                self.index += 1
                return Block("heading", "\n".join(text).strip(), level=1 if setext.group(1)[0] == "=" else 2)
            if not line.strip() or _starts_block(line):
                break
            text.append(line)
            self.index += 1
        return Block("paragraph", "\n".join(text).strip())

    def _list(self) -> Block:
        entries = []  # (indent, marker, text)
        while self.index < len(self.lines):
            line = self.lines[self.index]
            item = _ITEM.match(line)
            if item and entries and len(item.group(1)) <= entries[0][0] \
                    and item.group(2)[0].isdigit() != entries[0][1][0].isdigit():
                break  # a list of the other kind starts
            if item:
                entries.append([len(item.group(1)), item.group(2), item.group(3) or ""])
                self.index += 1
                continue
            if not line.strip():
                following = self._next_nonblank()
                if following is None or not (_ITEM.match(following) or following.startswith("  ")):
                    break
                self.index += 1
                continue
            if _starts_block(line) and not line.startswith("  "):
                break
            entries[-1][2] = (entries[-1][2] + " " + line.strip()).strip()
            self.index += 1
        block, _ = _build_list(entries, 0)
        return block

    def _next_nonblank(self) -> Optional[str]:
        for line in self.lines[self.index:]:
            if line.strip():
                return line
        return None

    def _table(self) -> Block:
        header = _cells(self.lines[self.index])
        align = [_alignment(cell) for cell in _cells(self.lines[self.index + 1])]
        self.index += 2
        rows = [header]
        while self.index < len(self.lines) and "|" in self.lines[self.index] and self.lines[self.index].strip():
            rows.append(_cells(self.lines[self.index]))
            self.index += 1
        width = len(header)
        rows = [(row + [""] * width)[:width] for row in rows]
        return Block("table", rows=rows, align=(align + [None] * width)[:width])


def _starts_block(line: str) -> bool:
    return bool(_ATX.match(line) or _FENCE.match(line) or _RULE.match(line) or _QUOTE.match(line)
                or _ITEM.match(line))


def _build_list(entries: List[list], at: int):
    """Build a list block from ``entries[at:]`` at the first entry's indent; return (block, next index)."""
    indent, marker = entries[at][0], entries[at][1]
    ordered = marker[0].isdigit()
    block = Block("list", ordered=ordered, start=int(marker[:-1]) if ordered else 1)
    index = at
    while index < len(entries):
        entry_indent, entry_marker, text = entries[index]
        if entry_indent < indent:
            break
        if entry_indent > indent and block.items:
            sub, index = _build_list(entries, index)
            block.items[-1].sublist = _merge_sublist(block.items[-1].sublist, sub)
            continue
        if entry_marker[0].isdigit() != ordered:
            break
        block.items.append(ListItem(_task_box(text)))
        index += 1
    if index == at:  # an item less indented than its predecessor but the same list: take it
        block.items.append(ListItem(_task_box(entries[at][2])))
        index += 1
    return block, index


def _merge_sublist(existing: Optional[Block], new: Block) -> Block:
    if existing is None:
        return new
    existing.items.extend(new.items)
    return existing


def _task_box(text: str) -> str:
    task = _TASK.match(text)
    if not task:
        return text
    return ("\u2611 " if task.group(1) in "xX" else "\u2610 ") + text[task.end():]


def _cells(line: str) -> List[str]:
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    cells, current, index = [], [], 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] == "|":
            current.append("|")
            index += 2
            continue
        if char == "|":
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(char)
        index += 1
    cells.append("".join(current).strip())
    return cells


def _alignment(cell: str) -> Optional[str]:
    cell = cell.strip()
    if cell.startswith(":") and cell.endswith(":"):
        return "center"
    if cell.endswith(":"):
        return "right"
    if cell.startswith(":"):
        return "left"
    return None
