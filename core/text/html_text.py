"""The readable text of an HTML page: title, headings, paragraphs, lists and tables.

A streaming pass over :class:`html.parser.HTMLParser` events (no tree, so broken
markup costs nothing): block elements end the current paragraph, inline text is
joined with collapsed white space, and what a reader does not read is dropped:
scripts, styles, navigation, forms' controls, hidden elements, and the page-level
header, footer and asides outside the main content. The result is plain text in a
light Markdown shape the model reads well::

    # Heading
    A paragraph.
    - a list item
    1. a numbered item
    | cell | cell |
"""
from __future__ import annotations

from html.parser import HTMLParser
from typing import Callable, List, NamedTuple, Optional

from .html_tables import TableBuilder

SKIPPED = frozenset(("script", "style", "noscript", "template", "svg", "math", "nav", "iframe", "object",
                     "embed", "canvas", "select", "button", "textarea", "datalist", "dialog"))
"""Elements whose content is never read."""
BOILERPLATE = frozenset(("header", "footer", "aside"))
"""Dropped when outside ``<main>`` and ``<article>`` (site banners, footers, sidebars)."""
CONTENT_ROOTS = frozenset(("main", "article"))
SKIPPED_ROLES = frozenset(("navigation", "banner", "contentinfo", "search", "menu", "menubar"))
BLOCKS = frozenset(("p", "div", "section", "article", "main", "header", "footer", "aside", "blockquote", "pre",
                    "address", "figure", "figcaption", "details", "summary", "dl", "dt", "dd", "hr", "body",
                    "html", "center", "form", "fieldset", "legend", "ul", "ol", "li", "table", "caption",
                    "h1", "h2", "h3", "h4", "h5", "h6"))
HEADINGS = {"h%d" % level: level for level in range(1, 7)}
LINE_BREAK = "\x0b"
"""Stands for ``<br>`` in collected text until white space is collapsed."""
VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                  "track", "wbr"))


class PageText(NamedTuple):
    """What a reader gets from a page."""

    title: str
    text: str


FEED_CHARS = 65536
"""Characters parsed between two looks at ``stop`` (a 2 MB page takes about two seconds)."""


def html_to_text(html: str, stop: Optional[Callable[[], None]] = None) -> PageText:
    """Return the title and readable text of an HTML document.

    Args:
        html: The decoded page.
        stop: Called between pieces of the page; raises to abandon the work (Stop).

    Returns:
        The ``<title>`` (or the first heading) and the text, blocks separated by blank lines.
    """
    parser = _Reader()
    for start in range(0, len(html), FEED_CHARS):
        if stop is not None:
            stop()
        parser.feed(html[start:start + FEED_CHARS])
    parser.close()
    return parser.result()


def collapse(text: str) -> str:
    """Collapse every run of white space to one space and strip the ends."""
    return " ".join(text.split())


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._blocks: List[tuple] = []
        self._inline: List[str] = []
        self._skip: Optional[List] = None  # [tag, depth] while inside a skipped element
        self._in_title = False
        self._title: List[str] = []
        self._content_depth = 0
        self._pre = 0
        self._lists: List[List] = []  # [tag, next number]
        self._heading = 0
        self._tables: List[TableBuilder] = []
        self._new_list = False

    # parser events ---------------------------------------------------------------
    def handle_starttag(self, tag, attrs):
        if self._skip is not None:
            if tag == self._skip[0] and tag not in VOID:
                self._skip[1] += 1
            return
        if tag == "title":
            self._in_title = not self._title
            return
        if self._starts_skip(tag, dict(attrs)):
            if tag not in VOID:
                self._skip = [tag, 1]
            return
        self._open(tag)

    def handle_startendtag(self, tag, attrs):
        if self._skip is None and tag == "br":
            self._text(LINE_BREAK)

    def handle_endtag(self, tag):
        if self._skip is not None:
            if tag == self._skip[0]:
                self._skip[1] -= 1
                if self._skip[1] == 0:
                    self._skip = None
            return
        if tag == "title":
            self._in_title = False
            return
        self._close(tag)

    def handle_data(self, data):
        if self._in_title:
            self._title.append(data)
        elif self._skip is None:
            self._text(data)

    # structure ---------------------------------------------------------------------
    def _starts_skip(self, tag: str, attrs: dict) -> bool:
        if tag in SKIPPED or "hidden" in attrs or (attrs.get("aria-hidden") or "").lower() == "true":
            return True
        if (attrs.get("role") or "").lower() in SKIPPED_ROLES:
            return True
        return tag in BOILERPLATE and self._content_depth == 0

    def _open(self, tag: str) -> None:
        if tag == "br":
            self._text(LINE_BREAK)
            return
        if tag in CONTENT_ROOTS:
            self._content_depth += 1
        if tag in ("td", "th", "tr") and self._tables:
            self._flush()
            if tag == "tr":
                self._tables[-1].start_row()
            else:
                self._tables[-1].start_cell(header=tag == "th")
            return
        if tag not in BLOCKS:
            return
        self._flush()
        if self._tables and self._tables[-1].in_cell:
            self._tables[-1].add_text(" ")  # a block inside a cell: keep words apart
        if tag == "table":
            self._tables.append(TableBuilder())
        elif tag in ("ul", "ol"):
            self._new_list = not self._lists
            self._lists.append([tag, 1, False])
        elif tag == "li" and self._lists:
            self._lists[-1][2] = True
        elif tag == "pre":
            self._pre += 1
        elif tag in HEADINGS:
            self._heading = HEADINGS[tag]

    def _close(self, tag: str) -> None:
        if tag in CONTENT_ROOTS and self._content_depth:
            self._content_depth -= 1
        if tag in ("td", "th", "tr") and self._tables:
            self._tables[-1].end_cell()
            return
        if tag not in BLOCKS:
            return
        self._flush()
        if tag == "table" and self._tables:
            self._end_table()
        elif tag in ("ul", "ol") and self._lists:
            self._lists.pop()
        elif tag == "pre" and self._pre:
            self._pre -= 1
        elif tag in HEADINGS:
            self._heading = 0

    def _end_table(self) -> None:
        table = self._tables.pop()
        if self._tables:  # a table inside a cell: its rows become that cell's text
            self._tables[-1].add_text(" / ".join(" ; ".join(row) for row in table.rows()))
        else:
            rendered = table.render()
            if rendered:
                self._blocks.append(("table", rendered))

    # text ----------------------------------------------------------------------------
    def _text(self, data: str) -> None:
        if self._tables and self._tables[-1].in_cell:
            self._tables[-1].add_text(data)
        else:
            self._inline.append(data)

    def _flush(self) -> None:
        raw = "".join(self._inline)
        self._inline = []
        if self._pre:
            text = raw.replace(LINE_BREAK, "\n").strip("\n")
            if text.strip():
                self._blocks.append(("pre", text))
            return
        lines = [collapse(line) for line in raw.split(LINE_BREAK)]
        text = "\n".join(line for line in lines if line)
        if not text:
            return
        if self._tables:  # text between cells (stray markup) still counts
            self._tables[-1].add_text(text)
        elif self._heading:
            self._blocks.append(("heading", "#" * self._heading + " " + text.replace("\n", " ")))
        elif self._lists:
            kind = "list" if self._new_list else "item"
            self._new_list = False
            self._blocks.append((kind, self._item_prefix() + text.replace("\n", " ")))
        else:
            self._blocks.append(("text", text))

    def _item_prefix(self) -> str:
        """The marker of a new item; a second block in the same item is only indented."""
        current = self._lists[-1]
        indent = "  " * (len(self._lists) - 1)
        if not current[2]:
            return indent + "  "
        current[2] = False
        if current[0] == "ol":
            current[1] += 1
            return "%s%d. " % (indent, current[1] - 1)
        return indent + "- "

    def result(self) -> PageText:
        self._flush()
        while self._tables:
            self._end_table()
        title = collapse("".join(self._title))
        if not title:
            title = next((text.lstrip("# ") for kind, text in self._blocks if kind == "heading"), "")
        return PageText(title, _join(self._blocks))


def _join(blocks: List[tuple]) -> str:
    """Blank lines between blocks, single line breaks between the items of one list."""
    parts: List[str] = []
    previous = ""
    for kind, text in blocks:
        if parts:
            parts.append("\n" if kind == "item" and previous in ("item", "list") else "\n\n")
        parts.append(text)
        previous = kind
    return "".join(parts)
