"""HTML content from the model: tell inline from block content, and read inline runs.

Inline HTML (``<b>``, ``<sub>``, ``<span style="color: red">``, ``<a>``, ``<img>``… inside one
paragraph) is inserted as formatted runs right where the model asked, inside the paragraph;
block HTML (headings, several paragraphs, lists, tables, and a ``<p>`` with a look of its own:
``text-align``, ``line-height``, margins, page breaks…) goes through LibreOffice's HTML import.
What the runs cannot carry is named in :attr:`InlineScan.ignored`, never dropped in silence.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from typing import Dict, List, Optional

from . import css
from .pictures import Picture
from .runs import LINE_BREAK, Run, merge_runs, picture_run

BLOCK_TAGS = frozenset(("address", "article", "aside", "blockquote", "center", "dd", "div", "dl", "dt", "figure",
                        "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav",
                        "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul"))
FLAGS: Dict[str, str] = {"b": "bold", "strong": "bold", "i": "italic", "em": "italic", "cite": "italic",
                         "dfn": "italic", "var": "italic", "u": "underline", "ins": "underline", "s": "strike",
                         "strike": "strike", "del": "strike", "code": "code", "tt": "code", "kbd": "code",
                         "samp": "code", "sub": "subscript", "sup": "superscript"}
"""Tags that switch one format on."""
PLAIN_TAGS = frozenset(("span", "font", "a", "q", "abbr", "acronym", "time", "data", "label", "bdi", "bdo", "nobr",
                        "wbr", "small", "big", "mark", "html", "body", "figcaption", "picture", "img", "br"))
"""Inline tags handled here or without a look of their own (their text is all there is)."""
DROPPED = frozenset(("script", "style", "template", "iframe", "frame", "frameset", "object", "embed", "applet",
                     "video", "audio", "canvas", "svg", "math", "input", "select", "textarea", "button", "noscript",
                     "dialog"))
"""Elements whose content is not inserted (named in the answer)."""
SILENT = frozenset(("head", "title", "meta", "link", "base"))
"""Elements of a document's head: not content, nothing to name."""
VOID = frozenset(("area", "base", "br", "col", "embed", "frame", "hr", "img", "input", "link", "meta", "param",
                  "source", "track", "wbr"))
"""Elements without content or end tag."""
HIGHLIGHT = 0xFFFF00
SIZE_TAGS = {"small": 10.0, "big": 14.0}
"""``<small>`` and ``<big>`` in points, as LibreOffice's import sets them."""
_SPACES = re.compile(r"[ \t\r\n\f]+")


@dataclass
class InlineScan:
    """What one pass over HTML found."""

    runs: List[Run] = field(default_factory=list)
    block_tags: List[str] = field(default_factory=list)
    ignored: List[str] = field(default_factory=list)
    """What the runs do not carry, in words ("vertical-align: middle (on <span>)")."""
    paragraph_look: bool = False
    """A ``<p>`` formats its paragraph (alignment, spacing, margins, breaks…)."""

    @property
    def is_inline(self) -> bool:
        """True when the content fits inside one paragraph (at most one ``<p>`` without a look, no other blocks)."""
        return not self.block_tags or (self.block_tags == ["p"] and not self.paragraph_look)


class _Scanner(HTMLParser):
    def __init__(self, collapse: bool):
        super().__init__(convert_charrefs=True)
        self.found = InlineScan()
        self._collapse = collapse
        self._stack: List[tuple] = []  # (tag, formats it sets)
        self._skip: List[str] = []

    # --- tags ---------------------------------------------------------------------------------
    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        if self._skip:
            if tag == self._skip[-1]:
                self._skip.append(tag)
            return
        if tag in DROPPED or tag in SILENT:
            if tag not in VOID:
                self._skip.append(tag)
            if tag in DROPPED:
                self._ignore("<%s> (not inserted)" % tag)
            return
        if tag in BLOCK_TAGS:
            self.found.block_tags.append(tag)
            self.found.paragraph_look |= tag == "p" and css.has_paragraph_look(attributes.get("style", ""),
                                                                                attributes.get("align"))
        elif tag == "br":
            self.found.runs.append(Run(LINE_BREAK))
            return
        elif tag == "img":
            self._picture(attributes)
            return
        elif tag not in FLAGS and tag not in PLAIN_TAGS:
            self._ignore("<%s> (its text kept without its look)" % tag)
        if tag in VOID:
            return
        self._stack.append((tag, self._formats(tag, attributes)))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and not self._skip:
            self.handle_endtag(tag)
        elif self._skip and self._skip[-1] == tag:
            self._skip.pop()

    def handle_endtag(self, tag):
        if self._skip:
            if tag == self._skip[-1]:
                self._skip.pop()
            return
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index][0] == tag:
                del self._stack[index:]
                return

    def handle_data(self, data):
        if self._skip:
            return
        text = _SPACES.sub(" ", data) if self._collapse else data.replace("\n", " ")
        runs = self.found.runs
        if self._collapse and text.startswith(" ") and runs and runs[-1].text.endswith((" ", LINE_BREAK)):
            text = text[1:]  # white space across tags folds into one space, as a browser shows it
        if text:
            self.found.runs.append(Run(text, **self._current()))

    # --- formats ------------------------------------------------------------------------------
    def _current(self) -> dict:
        formats: dict = {}
        for _tag, sets in self._stack:
            formats.update(sets)
        return formats

    def _formats(self, tag: str, attributes: Dict[str, str]) -> dict:
        sets: dict = {}
        if tag in FLAGS:
            sets[FLAGS[tag]] = True
        if tag == "a" and attributes.get("href"):
            sets["link"] = attributes["href"]
        if tag == "mark":
            sets["background"] = HIGHLIGHT
        if tag in SIZE_TAGS:
            sets["size_pt"] = SIZE_TAGS[tag]
        if tag == "font":
            sets.update(self._font(attributes))
        for name, value in css.declarations(attributes.get("style", "")):
            if not (tag == "p" and name in css.PARAGRAPH_PROPERTIES):
                self._declaration(tag, name, value, sets)
        return sets

    def _font(self, attributes: Dict[str, str]) -> dict:
        sets: dict = {}
        if attributes.get("color") and css.color(attributes["color"]) is not None:
            sets["color"] = css.color(attributes["color"])
        if attributes.get("face"):
            sets["font"] = css.font_family(attributes["face"])
        size = attributes.get("size", "").strip()
        if size.isdigit() and int(size) in css.HTML_FONT_SIZES:
            sets["size_pt"] = css.HTML_FONT_SIZES[int(size)]
        elif size:
            self._ignore('size="%s" (on <font>)' % size)
        return sets

    def _declaration(self, tag: str, name: str, value: str, sets: dict) -> None:
        lowered = value.lower()
        if name == "color" and css.color(value) is not None:
            sets["color"] = css.color(value)
        elif name in ("background", "background-color") and _first_color(value) is not None:
            sets["background"] = _first_color(value)
        elif name == "font-size" and css.font_size_pt(value) is not None:
            sets["size_pt"] = css.font_size_pt(value)
        elif name == "font-family" and css.font_family(value):
            sets["font"] = css.font_family(value)
        elif name == "font-weight" and (lowered in ("bold", "bolder") or lowered.isdigit() and int(lowered) >= 600):
            sets["bold"] = True
        elif name == "font-style" and lowered in ("italic", "oblique"):
            sets["italic"] = True
        elif name == "text-decoration" and ("underline" in lowered or "line-through" in lowered):
            sets["underline"] = "underline" in lowered or sets.get("underline", False)
            sets["strike"] = "line-through" in lowered or sets.get("strike", False)
        elif name == "vertical-align" and lowered in ("sub", "super"):
            sets["subscript" if lowered == "sub" else "superscript"] = True
        elif (name, lowered) in css.CASE_MAPS:
            sets["case_map"] = css.CASE_MAPS[(name, lowered)]
        elif name == "letter-spacing" and css.spacing_pt(value) is not None:
            sets["spacing_pt"] = css.spacing_pt(value)
        elif not _means_nothing(name, lowered):
            self._ignore("%s: %s (on <%s>)" % (name, value, tag))

    def _picture(self, attributes: Dict[str, str]) -> None:
        source = attributes.get("src", "").strip()
        if not source:
            self._ignore("an <img> without src")
            return
        style = dict(css.declarations(attributes.get("style", "")))
        width, height = (self._picture_length(name, style.get(name) or attributes.get(name, ""))
                         for name in ("width", "height"))
        self.found.runs.append(picture_run(Picture(source, attributes.get("alt", "").strip(), width, height)))

    def _picture_length(self, name: str, value: str) -> Optional[float]:
        """A picture's width or height in cm; one that cannot be used (a percentage…) is named."""
        length = css.length_cm(value)
        if length is None and value.strip() and value.strip().lower() not in ("auto", "inherit", "initial"):
            self._ignore("%s: %s (on <img>: the picture keeps its own size, fitted to the text's width)"
                         % (name, value.strip()))
        return length

    def _ignore(self, what: str) -> None:
        if what not in self.found.ignored:
            self.found.ignored.append(what)


def _first_color(value: str) -> Optional[int]:
    """The colour in a ``background`` shorthand (``yellow``, ``#ff0 url(x.png)``…)."""
    whole = css.color(value)
    if whole is not None:
        return whole
    for part in value.split():
        found = css.color(part)
        if found is not None:
            return found
    return None


def _means_nothing(name: str, value: str) -> bool:
    """A declaration that asks for what inserted text has anyway (normal weight, no decoration…)."""
    return value in ("normal", "none", "inherit", "initial", "baseline", "auto", "transparent") or \
        name in ("display", "white-space") and value in ("inline", "normal")


def scan(markup: str, collapse: bool = True) -> InlineScan:
    """Read ``markup``: its runs, its block tags, and what the runs do not carry.

    ``collapse``: fold white space as HTML does (False for HTML rendered from Markdown, whose
    text keeps its spaces).
    """
    scanner = _Scanner(collapse)
    scanner.feed(markup)
    scanner.close()
    found = scanner.found
    found.runs = merge_runs(found.runs)
    return found


def is_inline_html(markup: str) -> bool:
    """True when ``markup`` is inline content for one paragraph (see :attr:`InlineScan.is_inline`)."""
    return scan(markup).is_inline


def inline_runs(markup: str) -> List[Run]:
    """Return the formatted runs of inline HTML (outer spaces trimmed, tags it does not know ignored)."""
    return trimmed(scan(markup).runs)


def trimmed(runs: List[Run]) -> List[Run]:
    """``runs`` without white space at either end."""
    runs = list(runs)
    if runs and not runs[0].is_break and runs[0].picture is None:
        runs[0] = replace(runs[0], text=runs[0].text.lstrip())
    if runs and not runs[-1].is_break and runs[-1].picture is None:
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
