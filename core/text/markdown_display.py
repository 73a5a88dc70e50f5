"""Markdown shown as readable styled text (the panel's transcript), rendered as it streams.

:func:`render_display` turns Markdown into :class:`Display`: the text a reader sees
(no asterisks, hashes or pipes) and the :class:`Span` s that style parts of it (bold,
italic, code in a monospace font, headings, links, strikethrough). Lists get bullets or
numbers, block quotes a bar, tables become aligned monospace text, rules a line.

:class:`MarkdownStream` renders an answer while it arrives: the source is cut after the
last blank line that starts a new top-level block (outside fenced code); what lies
before the cut is rendered once and kept, only the block still growing is rendered
again on every piece. A reference-style link whose definition arrives in a later block
stays literal there until :meth:`MarkdownStream.reset` renders the whole source again
(the transcript does so when the answer block ends).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, NamedTuple, Optional, Sequence, Tuple

from ..vendor.markdown_it.tree import SyntaxTreeNode
from .markdown import parse, parser, token_runs
from .runs import LINE_BREAK

MAX_LINE = 4000
"""Longest line of a display (the transcript breaks longer ones; see core.chat.transcript)."""
RULE = "\u2500" * 24
QUOTE_BAR = "\u2502 "
BULLETS = ("\u2022 ", "\u25e6 ", "\u25aa ")
SETTLED_LINE = 16
"""A line this long (indentation aside) has settled what block it belongs to: list markers,
heading marks and the like are decided by its first characters."""
PLAIN_MARKS = frozenset(" ,.?'\"")
_CONTINUES = re.compile(r"^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)|^>")
"""A list item or quote line after a blank line may continue the block above: no cut before it."""
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")

Piece = Tuple[str, str]
"""A piece of a line: its text and its style (flags joined by ``+``, ``""`` for plain)."""
Line = List[Piece]


class Span(NamedTuple):
    """Characters ``start``..``end`` of a display's text have ``style`` (``bold``, ``code+italic``…)."""

    start: int
    end: int
    style: str


@dataclass(frozen=True)
class Display:
    """Readable text and the spans that style it."""

    text: str = ""
    spans: Tuple[Span, ...] = ()

    def style_at_end(self) -> str:
        """The style of the last character (``""`` when plain or empty)."""
        if self.spans and self.spans[-1].end == len(self.text) and self.text:
            return self.spans[-1].style
        return ""


def render_display(markdown: str) -> Display:
    """Render Markdown as readable styled text (never raises: unparsable text shows as it is)."""
    return _render_tokens(parse(markdown, parser()), markdown)


def _render_tokens(tokens, markdown: str) -> Display:
    if tokens is None:
        return _wrap(Display(markdown.strip()))
    try:
        lines = _blocks(SyntaxTreeNode(tokens).children, top=True)
    except Exception:  # noqa: BLE001 — the transcript must show something whatever the model wrote
        return _wrap(Display(markdown.strip()))
    return _wrap(_join(lines))


def join_displays(parts: Sequence[Display], separator: str = "\n\n") -> Display:
    """Concatenate displays (empty ones skipped) with ``separator`` between them."""
    result = Display()
    for part in parts:
        if not part.text:
            continue
        if not result.text:
            result = part
            continue
        offset = len(result.text) + len(separator)
        result = Display(result.text + separator + part.text,
                         result.spans + tuple(Span(s.start + offset, s.end + offset, s.style) for s in part.spans))
    return result


class MarkdownStream:
    """Renders Markdown that grows piece by piece, re-rendering only the block still growing.

    A piece of plain words (letters, digits, spaces, ``,.?'"``) that continues a long
    enough line of plain paragraph text cannot change how anything before it is read,
    so it is appended to the display without parsing anything again.
    """

    def __init__(self) -> None:
        self._source = ""
        self._stable_end = 0  # source[:_stable_end] is rendered in _stable
        self._stable = Display()
        self._open_paragraph = False  # the source's last line is plain text of a paragraph
        self._pending = ""  # spaces at the end of the source, not shown yet
        self.display = Display()

    @property
    def source(self) -> str:
        """All the Markdown fed so far."""
        return self._source

    def feed(self, text: str) -> Display:
        """Add ``text`` to the source and return the whole display."""
        if self._continues_plainly(text):
            self._source += text
            words = text.rstrip(" ")
            if words:
                self.display = Display(_append_wrapped(self.display.text, self._pending + words), self.display.spans)
                self._pending = text[len(words):]
            else:
                self._pending += text
            return self.display
        self._source += text
        cut = _last_cut(self._source, self._stable_end)
        if cut > self._stable_end:
            chunk = render_display(self._source[self._stable_end:cut])
            self._stable = join_displays([self._stable, chunk])
            self._stable_end = cut
        tail_source = self._source[self._stable_end:]
        tokens = parse(tail_source, parser())
        tail = _render_tokens(tokens, tail_source)
        self._open_paragraph = _ends_in_paragraph(tokens, tail_source)
        self._pending = tail_source[len(tail_source.rstrip(" ")):] if self._open_paragraph else ""
        self.display = join_displays([self._stable, tail])
        return self.display

    def reset(self, source: str) -> Display:
        """Replace the source and render all of it at once (reference links then resolve everywhere)."""
        self._source = source
        self._stable_end = 0
        self._stable = Display()
        self._open_paragraph = False
        self._pending = ""
        self.display = render_display(source)
        return self.display

    def _continues_plainly(self, text: str) -> bool:
        if not (self._open_paragraph and text and self._source and _plain_words(text)):
            return False
        last = self._source[-1]
        if not (last.isalnum() or last == " ") or self.display.style_at_end():
            return False
        line = self._source[self._source.rfind("\n") + 1:]
        return len(line.lstrip()) >= SETTLED_LINE


def _append_wrapped(shown: str, added: str) -> str:
    """``shown + added``, its last line broken every :data:`MAX_LINE` characters as :func:`_wrap` would."""
    room = MAX_LINE - (len(shown) - shown.rfind("\n") - 1)
    pieces = [shown]
    while len(added) > room:
        pieces.append(added[:room] + "\n")
        added, room = added[room:], MAX_LINE
    pieces.append(added)
    return "".join(pieces)


def _plain_words(text: str) -> bool:
    return all(char.isalnum() or char in PLAIN_MARKS for char in text)


def _ends_in_paragraph(tokens, source: str) -> bool:
    """True when the last line of ``source`` is inside a paragraph (as the last block tokens say)."""
    if not tokens or tokens[-1].type != "paragraph_close" or source.endswith("\n"):
        return False
    opening = next((t for t in reversed(tokens) if t.type == "paragraph_open"), None)
    return opening is not None and opening.map is not None and opening.map[1] == source.count("\n") + 1


def _last_cut(source: str, start: int) -> int:
    """The offset after the last blank line of ``source[start:]`` that starts a new top-level block, or ``start``."""
    cut, fence, blank = start, None, False
    position = start
    for line in source[start:].split("\n")[:-1]:  # the last line may still grow
        end = position + len(line) + 1
        stripped = line.strip()
        if fence is not None:
            closing = _FENCE.match(line)
            if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence) \
                    and not closing.group(2).strip():
                fence = None
        elif not stripped:
            blank = True
        else:
            if blank and not line[0].isspace() and not _CONTINUES.match(line):
                cut = position
            blank = False
            opening = _FENCE.match(line)
            if opening and not (opening.group(1)[0] == "`" and "`" in opening.group(2)):
                fence = opening.group(1)
        position = end
    return cut


# blocks -----------------------------------------------------------------------------
def _blocks(nodes: Sequence[SyntaxTreeNode], top: bool = False, depth: int = 0) -> List[Line]:
    lines: List[Line] = []
    for node in nodes:
        block = _block(node, depth)
        if not any(text for line in block for text, _ in line):
            continue  # an empty heading or code block shows nothing, as a separately rendered one
        if lines and top:
            lines.append([])
        lines.extend(block)
    return lines


def _block(node: SyntaxTreeNode, depth: int) -> List[Line]:
    kind = node.type
    if kind == "paragraph":
        return _inline_lines(node.children[0] if node.children else None, "")
    if kind == "heading":
        return _inline_lines(node.children[0] if node.children else None, "heading")
    if kind in ("fence", "code_block"):
        return [[(line, "code")] for line in node.content.rstrip("\n").split("\n")]
    if kind == "hr":
        return [[(RULE, "")]]
    if kind == "html_block":
        return [[(line, "")] for line in node.content.rstrip("\n").split("\n")]
    if kind == "blockquote":
        return [[(QUOTE_BAR, "quote")] + line for line in _blocks(node.children, top=True, depth=depth)]
    if kind in ("bullet_list", "ordered_list"):
        return _list(node, depth)
    if kind == "table":
        return _table(node)
    return []


def _list(node: SyntaxTreeNode, depth: int) -> List[Line]:
    lines: List[Line] = []
    start = int(node.attrGet("start") or 1) if node.type == "ordered_list" else 1
    loose = any(child.type == "paragraph" and not (child.token or child.nester_tokens.opening).hidden
                for item in node.children for child in item.children)
    for number, item in enumerate(node.children, start):
        marker = "%d. " % number if node.type == "ordered_list" else BULLETS[min(depth, len(BULLETS) - 1)]
        content = _blocks(item.children, top=loose, depth=depth + 1) or [[]]
        if loose and lines:
            lines.append([])
        lines.append([(marker, "")] + content[0])
        lines.extend([(" " * len(marker), "")] + line for line in content[1:])
    return lines


def _table(node: SyntaxTreeNode) -> List[Line]:
    rows: List[List[str]] = []
    aligns: List[str] = []
    for section in node.children:
        for row in section.children:
            cells = []
            for cell in row.children:
                cells.append(_plain(cell.children[0] if cell.children else None))
                if section.type == "thead":
                    style = str(cell.attrGet("style") or "")
                    aligns.append("right" if "right" in style else "center" if "center" in style else "left")
            rows.append(cells)
    if not rows:
        return []
    widths = [max(len(row[column]) if column < len(row) else 0 for row in rows) for column in range(len(aligns))]
    lines = []
    for number, row in enumerate(rows):
        cells = [_pad(row[column] if column < len(row) else "", widths[column], aligns[column])
                 for column in range(len(widths))]
        lines.append([(" \u2502 ".join(cells).rstrip(), "bold+code" if number == 0 else "code")])
        if number == 0:
            lines.append([("\u2500\u253c\u2500".join("\u2500" * width for width in widths), "code")])
    return lines


def _pad(text: str, width: int, align: str) -> str:
    if align == "right":
        return text.rjust(width)
    if align == "center":
        return text.center(width)
    return text.ljust(width)


def _plain(inline: Optional[SyntaxTreeNode]) -> str:
    return "".join(text for line in _inline_lines(inline, "") for text, _ in line)


def _inline_lines(inline: Optional[SyntaxTreeNode], base: str) -> List[Line]:
    if inline is None or inline.token is None:
        return []
    lines: List[Line] = [[]]
    for run in token_runs(inline.token.children or []):
        if run.text == LINE_BREAK:
            lines.append([])
            continue
        flags = [name for name in ("bold", "code", "italic", "strike", "underline") if getattr(run, name)]
        if run.link:
            flags.append("link")
        if base:
            flags.append(base)
        lines[-1].append((run.text, "+".join(sorted(flags))))
    return lines


# text and spans ---------------------------------------------------------------------
def _join(lines: List[Line]) -> Display:
    text: List[str] = []
    spans: List[Span] = []
    offset = 0
    for number, line in enumerate(lines):
        if number:
            text.append("\n")
            offset += 1
        for piece, style in line:
            if not piece:
                continue
            if style:
                if spans and spans[-1].style == style and spans[-1].end == offset:
                    spans[-1] = Span(spans[-1].start, offset + len(piece), style)
                else:
                    spans.append(Span(offset, offset + len(piece), style))
            text.append(piece)
            offset += len(piece)
    return Display("".join(text), tuple(spans))


def _wrap(display: Display) -> Display:
    """Break lines longer than :data:`MAX_LINE` (spans follow the inserted line breaks)."""
    text = display.text
    if len(text) <= MAX_LINE or all(len(line) <= MAX_LINE for line in text.split("\n")):
        return display
    breaks: List[int] = []  # offsets (in the unwrapped text) before which a "\n" goes
    position = 0
    for line in text.split("\n"):
        breaks.extend(range(position + MAX_LINE, position + len(line), MAX_LINE))
        position += len(line) + 1
    pieces, last = [], 0
    for at in breaks:
        pieces.append(text[last:at])
        last = at
    pieces.append(text[last:])

    def moved(offset: int, is_end: bool) -> int:
        return offset + sum(1 for at in breaks if at < offset or (at == offset and not is_end))
    spans = tuple(Span(moved(s.start, False), moved(s.end, True), s.style) for s in display.spans)
    return Display("\n".join(pieces), spans)
