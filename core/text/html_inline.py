"""HTML content from the model: tell inline from block content, and read inline runs.

Inline HTML (``<b>``, ``<i>``, ``<a>``… inside one paragraph) is inserted as
formatted runs right where the model asked, inside the paragraph; block HTML
(headings, several paragraphs, lists, tables) goes through LibreOffice's HTML import.
"""
from __future__ import annotations

import re
from dataclasses import replace
from html.parser import HTMLParser
from typing import Dict, List

from .runs import LINE_BREAK, Run, merge_runs

BLOCK_TAGS = frozenset(("address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "figure", "footer",
                        "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p",
                        "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul"))
_FORMAT_TAGS: Dict[str, str] = {"b": "bold", "strong": "bold", "i": "italic", "em": "italic", "cite": "italic",
                                "u": "underline", "ins": "underline", "s": "strike", "strike": "strike",
                                "del": "strike", "code": "code", "tt": "code", "kbd": "code", "samp": "code"}
_SKIPPED = frozenset(("script", "style", "head", "title"))
_SPACES = re.compile(r"[ \t\r\n\f]+")


class _Scanner(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.block_tags: List[str] = []
        self.runs: List[Run] = []
        self._open: List[str] = []
        self._links: List[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in _SKIPPED:
            self._skip += 1
        elif tag in BLOCK_TAGS:
            self.block_tags.append(tag)
        elif tag == "br":
            self.runs.append(Run(LINE_BREAK))
        elif tag == "a":
            self._links.append(dict(attrs).get("href") or "")
        elif tag in _FORMAT_TAGS:
            self._open.append(_FORMAT_TAGS[tag])

    def handle_endtag(self, tag):
        if tag in _SKIPPED:
            self._skip = max(0, self._skip - 1)
        elif tag == "a" and self._links:
            self._links.pop()
        elif tag in _FORMAT_TAGS and _FORMAT_TAGS[tag] in self._open:
            index = len(self._open) - 1 - self._open[::-1].index(_FORMAT_TAGS[tag])
            del self._open[index]

    def handle_data(self, data):
        if self._skip:
            return
        text = _SPACES.sub(" ", data)
        if not text:
            return
        formats = {name: True for name in self._open}
        link = self._links[-1] if self._links and self._links[-1] else None
        self.runs.append(replace(Run(text, **formats), link=link))


def _scan(markup: str) -> _Scanner:
    scanner = _Scanner()
    scanner.feed(markup)
    scanner.close()
    return scanner


def is_inline_html(markup: str) -> bool:
    """True when ``markup`` is inline content for one paragraph (at most one ``<p>``, no other blocks)."""
    tags = _scan(markup).block_tags
    return not tags or tags == ["p"]


def inline_runs(markup: str) -> List[Run]:
    """Return the formatted runs of inline HTML (outer spaces trimmed, tags it does not know ignored)."""
    runs = merge_runs(_scan(markup).runs)
    if runs and runs[0].text != LINE_BREAK:
        runs[0] = replace(runs[0], text=runs[0].text.lstrip())
    if runs and runs[-1].text != LINE_BREAK:
        runs[-1] = replace(runs[-1], text=runs[-1].text.rstrip())
    return [run for run in runs if run.text]


def html_document(body: str) -> str:
    """Wrap an HTML fragment in a document that declares UTF-8."""
    return ('<!DOCTYPE html>\n<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
            "</head><body>\n%s\n</body></html>\n" % body)


def complete_document(markup: str) -> str:
    """Return ``markup`` as a complete HTML document declaring UTF-8 (wrapping a fragment)."""
    lowered = markup.lower()
    if "<body" not in lowered:
        return html_document(markup)
    if "charset" in lowered:
        return markup
    meta = '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
    head = re.search(r"<head[^>]*>", markup, re.IGNORECASE)
    if head:
        return markup[:head.end()] + meta + markup[head.end():]
    body = re.search(r"<body", markup, re.IGNORECASE)
    return markup[:body.start()] + "<head>%s</head>" % meta + markup[body.start():]
