"""Block HTML made ready for LibreOffice's HTML import: pictures embedded, nothing fetched, nothing dropped unsaid.

LibreOffice's import honours headings, paragraphs with their CSS (alignment, line height,
margins, page breaks…), lists, tables, ``<sub>``/``<sup>``, styled spans, ``<br>``, ``<hr>``
and ``<img>``, but it *links* a picture given by a file path (the document then breaks when
the file moves) and it would fetch web addresses. So the markup is rewritten once before the
import:

* a picture from a local file becomes a ``data:`` URL of its bytes (embedded, as Insert ▸ Image
  does); a ``data:`` URL stays; a web address is not fetched: the picture becomes a link showing
  its alt text, and the answer says so; a missing or unreadable file refuses the call;
* ``<mark>`` becomes a yellow highlight (the import does not know it);
* scripts, frames, embedded objects, media, forms' controls and external style sheets are left
  out; event handler attributes (``onclick``…) too;
* what the import does not honour (CSS properties outside :data:`.css.IMPORTED`, tags it does
  not know) is listed in :attr:`ImportHtml.ignored` for the answer.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Callable, Dict, List, Optional, Tuple

from . import css
from .html_inline import DROPPED, VOID
from .pictures import Picture, RemotePicture, data_url, load

KNOWN_TAGS = frozenset((
    "a", "abbr", "acronym", "address", "b", "basefont", "bdo", "big", "blink", "blockquote", "body", "br", "caption",
    "center", "cite", "code", "col", "colgroup", "dd", "del", "dfn", "dir", "div", "dl", "dt", "em", "font", "form",
    "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "html", "i", "img", "ins", "kbd", "li", "listing", "marquee",
    "menu", "meta", "multicol", "nobr", "ol", "p", "pre", "q", "s", "samp", "small", "span", "strike", "strong",
    "style", "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "tt", "u", "ul", "var",
    "xmp"))
"""Tags LibreOffice's HTML import reads."""
NO_LOOK = frozenset(("section", "article", "header", "footer", "main", "nav", "aside", "figure", "time", "data",
                     "label", "bdi", "wbr", "picture", "hgroup", "details", "summary", "fieldset", "legend", "search",
                     "map", "area", "source", "track", "optgroup", "option"))
"""Tags without a look of their own in a document: the import skips them and keeps their text."""
NOT_FETCHED = frozenset(("link", "base"))
_RULES = re.compile(r"\{([^}]*)\}")
_MEANINGLESS = frozenset(("normal", "none", "inherit", "initial", "auto"))


@dataclass
class ImportHtml:
    """Markup ready for the import, and what the answer must say about it."""

    html: str
    ignored: List[str] = field(default_factory=list)
    pictures: int = 0
    """Pictures embedded."""
    not_fetched: List[str] = field(default_factory=list)
    """Web addresses of pictures that became links."""


class _Rewriter(HTMLParser):
    def __init__(self, loader: Callable[[Picture], Picture]):
        super().__init__(convert_charrefs=True)
        self.result = ImportHtml("")
        self._out: List[str] = []
        self._loader = loader
        self._skip: List[str] = []
        self._in_style = False

    def handle_decl(self, decl):
        self._out.append("<!%s>" % decl)

    def handle_starttag(self, tag, attrs):
        self._start(tag, attrs, closed=False)

    def handle_startendtag(self, tag, attrs):
        self._start(tag, attrs, closed=True)

    def _start(self, tag: str, attrs, closed: bool) -> None:
        if self._skip:
            if tag == self._skip[-1] and not closed:
                self._skip.append(tag)
            return
        if (tag in DROPPED and tag != "style") or tag in NOT_FETCHED:
            self._ignore("<%s> (%s)" % (tag, "not fetched" if tag in NOT_FETCHED else "not inserted"))
            if tag not in VOID and not closed:
                self._skip.append(tag)
            return
        attributes = [(name, value or "") for name, value in attrs if not name.lower().startswith("on")]
        if tag == "img":
            self._picture(dict(attributes), attributes)
            return
        if tag not in KNOWN_TAGS and tag not in NO_LOOK and tag not in ("mark", "figcaption"):
            self._ignore("<%s> (its text kept without its look)" % tag)
        if tag == "figcaption":
            self._ignore("<figcaption> (its text is a plain paragraph; the images tool adds real captions)")
        self._check_style(tag, dict(attributes).get("style", ""))
        if tag == "mark":
            tag, attributes = "span", [("style", "background: yellow")]
        self._in_style = tag == "style" and not closed
        self._out.append(_tag(tag, attributes, closed))

    def handle_endtag(self, tag):
        if self._skip:
            if tag == self._skip[-1]:
                self._skip.pop()
            return
        if tag in DROPPED and tag != "style" or tag in NOT_FETCHED or tag in VOID:
            return
        self._in_style = False
        self._out.append("</%s>" % ("span" if tag == "mark" else tag))

    def handle_data(self, data):
        if self._skip:
            return
        if self._in_style:
            for rules in _RULES.findall(data):
                self._check_style("style", rules)
            self._out.append(data)
        else:
            self._out.append(html.escape(data, quote=False))

    def finish(self) -> ImportHtml:
        """The rewritten markup and the notes on it."""
        self.result.html = "".join(self._out)
        return self.result

    # --- pictures and styles ------------------------------------------------------------------
    def _picture(self, attributes: Dict[str, str], pairs: List[Tuple[str, str]]) -> None:
        source = attributes.get("src", "").strip()
        alt = attributes.get("alt", "").strip()
        if not source:
            self._ignore("an <img> without src")
            return
        try:
            picture = self._loader(Picture(source, alt))
        except RemotePicture:
            self.result.not_fetched.append(source)
            self._out.append('<a href="%s">%s</a>' % (html.escape(source, quote=True),
                                                      html.escape(alt or source, quote=False)))
            return
        self._check_style("img", attributes.get("style", ""))
        self.result.pictures += 1
        kept = [(name, value) for name, value in pairs if name != "src"]
        self._out.append(_tag("img", [("src", data_url(picture))] + kept, closed=False))

    def _check_style(self, tag: str, style: str) -> None:
        for name, value in css.declarations(style):
            if not css.is_imported(name, tag) and value.lower() not in _MEANINGLESS:
                self._ignore("%s: %s (%s <%s>)" % (name, value, "in" if tag == "style" else "on", tag))

    def _ignore(self, what: str) -> None:
        if what not in self.result.ignored:
            self.result.ignored.append(what)


def _tag(tag: str, attributes: List[Tuple[str, str]], closed: bool) -> str:
    text = "".join(' %s="%s"' % (name, html.escape(value, quote=True)) for name, value in attributes)
    return "<%s%s%s>" % (tag, text, " /" if closed else "")


def prepare_import(markup: str, loader: Optional[Callable[[Picture], Picture]] = None) -> ImportHtml:
    """Rewrite ``markup`` for LibreOffice's HTML import (module docstring).

    Args:
        markup: an HTML document or fragment.
        loader: reads a picture's bytes (:func:`.pictures.load`; tests give their own).

    Raises:
        PictureError: a picture that is neither a readable image file nor a ``data:`` URL.
    """
    rewriter = _Rewriter(loader or load)
    rewriter.feed(markup)
    rewriter.close()
    return rewriter.finish()
