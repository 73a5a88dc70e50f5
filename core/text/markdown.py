"""Markdown to Writer content through the vendored CommonMark parser (markdown-it-py).

The parser is markdown-it-py's ``commonmark`` preset with GitHub tables and
strikethrough. Block content becomes a complete HTML document for LibreOffice's HTML
import (it has no Markdown import of its own); one paragraph of inline content becomes
formatted :class:`~.runs.Run` s to insert inside a paragraph, read from the same HTML the
renderer gives (so raw inline HTML such as ``H<sub>2</sub>O`` or a styled ``<span>`` works in
both). On top of CommonMark: task list items start with ☐/☑; images are ``<img>`` (the import
path embeds local ones and turns web addresses into links, :mod:`.html_import`); table cells
carry ``align`` (what the filter reads) and tables get borders.
Ragged table rows are padded by the parser itself. Nothing here raises on any input:
should the parser ever fail, the text arrives as plain paragraphs.
"""
from __future__ import annotations

import html
import re
from dataclasses import replace
from typing import Dict, List, Optional, Sequence

from ..vendor.markdown_it import MarkdownIt
from ..vendor.markdown_it.token import Token
from .html_inline import InlineScan, html_document, scan
from .runs import LINE_BREAK, Run, merge_runs

_TASK = re.compile(r"^\[([ xX])\][ \t]+")
_SCRIPT_LINK = re.compile(r"^(vbscript|javascript):|^data:(?!image/)", re.IGNORECASE)
_ALIGN = re.compile(r"text-align:\s*(left|right|center)")
_BR = re.compile(r"^<br\s*/?>$", re.IGNORECASE)
_FORMAT_TAG = re.compile(r"^<(/?)([a-zA-Z]+)\s*>$")
_FORMATS: Dict[str, str] = {"b": "bold", "strong": "bold", "i": "italic", "em": "italic", "u": "underline",
                            "ins": "underline", "s": "strike", "del": "strike", "strike": "strike", "code": "code"}
_TOKEN_FORMATS: Dict[str, str] = {"strong": "bold", "em": "italic", "s": "strike"}
TABLE_TAG = '<table border="1" cellpadding="4" cellspacing="0">'


def parser() -> MarkdownIt:
    """A new CommonMark parser with GitHub tables and strikethrough (cheap: about 0.1 ms)."""
    md = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    md.validateLink = _valid_link
    md.add_render_rule("image", _render_image)
    md.add_render_rule("hardbreak", lambda *args: "<br />")
    md.add_render_rule("th_open", _render_cell)
    md.add_render_rule("td_open", _render_cell)
    md.add_render_rule("table_open", lambda *args: TABLE_TAG)
    return md


def _valid_link(url: str) -> bool:
    """markdown-it's guard, letting ``file:`` addresses through (a picture on disk, a link to a local file)."""
    return not _SCRIPT_LINK.match(url.strip())


def parse(markdown: str, md: Optional[MarkdownIt] = None) -> Optional[List[Token]]:
    """The block tokens of ``markdown`` with task boxes applied; None when the parser fails on it."""
    try:
        tokens = (md or parser()).parse(markdown)
    except Exception:  # noqa: BLE001 — a parser bug must never fail an edit; callers fall back to plain text
        return None
    _task_boxes(tokens)
    return tokens


def is_single_paragraph(tokens: Optional[List[Token]]) -> bool:
    """True when the tokens (from :func:`parse`) are one paragraph of inline text (no headings, lists, tables…)."""
    return tokens is not None and [t.type for t in tokens] == ["paragraph_open", "inline", "paragraph_close"]


def has_content(markdown: str, tokens: Optional[List[Token]]) -> bool:
    """True when ``markdown`` renders to at least one block (not only blank lines or link definitions).

    ``tokens`` are its tokens from :func:`parse` (None when the parser failed: then any text counts).
    """
    return bool(tokens) if tokens is not None else bool(markdown.strip())


def markdown_to_html(markdown: str, tokens: Optional[List[Token]] = None) -> str:
    """Convert Markdown to a complete UTF-8 HTML document for LibreOffice's HTML import (never raises).

    Args:
        markdown: the Markdown source.
        tokens: its tokens from :func:`parse`, when the caller has them (not parsed again).

    Returns:
        ``<!DOCTYPE html><html>…</html>`` ready to be written to a file and imported.
    """
    return html_document(markdown_body(markdown, tokens))


def markdown_body(markdown: str, tokens: Optional[List[Token]] = None) -> str:
    """The HTML fragment (the ``<body>`` content) for ``markdown``, as :func:`markdown_to_html` renders it.

    ``tokens`` are its tokens from :func:`parse` when the caller has them (not parsed again).
    """
    md = parser()
    tokens = parse(markdown, md) if tokens is None else tokens
    try:
        if tokens is not None:
            for token in tokens:  # no line feeds between block tags: the filter keeps them as spaces in list items
                token.block = False
            return md.renderer.render(tokens, md.options, {})
    except Exception:  # noqa: BLE001 — never raise on content: show it as plain paragraphs instead
        pass
    return _plain_paragraphs(markdown)


def inline_runs(markdown: str) -> List[Run]:
    """The formatted runs of one paragraph of inline Markdown (soft line breaks become spaces).

    Emphasis, strong, strikethrough, code spans, links, autolinks, images, hard line breaks
    (also ``<br>``) and inline HTML (``<sub>``, ``<u>``, ``<span style="color: …">``…, see
    :mod:`.html_inline`) are kept. Spaces at either end of the source are kept, so the runs
    join the text around them.
    """
    return inline_scan(markdown).runs


def inline_scan(markdown: str) -> InlineScan:
    """:func:`inline_runs` with what the runs could not carry (``ignored``)."""
    md = parser()
    tokens = parse(markdown, md)
    if tokens is None:
        return InlineScan(runs=[Run(markdown.strip())] if markdown.strip() else [])
    found = InlineScan()
    runs: List[Run] = [Run(_edge_spaces(markdown, leading=True))]
    for index, token in enumerate(t for t in tokens if t.type == "inline"):
        if index:
            runs.append(Run(LINE_BREAK))
        inline = scan(md.renderer.renderInline(token.children or [], md.options, {}), collapse=False)
        runs.extend(inline.runs)
        found.ignored.extend(note for note in inline.ignored if note not in found.ignored)
    found.runs = merge_runs(runs + [Run(_edge_spaces(markdown, leading=False))])
    return found


def _edge_spaces(markdown: str, leading: bool) -> str:
    """The spaces at one end of the source (CommonMark drops them; inline content keeps them to join its neighbours)."""
    stripped = markdown.lstrip(" ") if leading else markdown.rstrip(" ")
    return " " * (len(markdown) - len(stripped)) if stripped else ""


# inline runs ------------------------------------------------------------------------
def token_runs(children: Sequence[Token]) -> List[Run]:
    """The runs of an inline token's children (see :func:`inline_runs`), soft line breaks as spaces."""
    runs: List[Run] = []
    formats: Dict[str, int] = {}
    links: List[str] = []

    def current(text: str, **extra) -> Run:
        flags = {name: True for name, depth in formats.items() if depth > 0}
        flags.update(extra)
        return Run(text, link=links[-1] if links else None, **flags)

    for token in children:
        kind = token.type
        if kind == "text":
            runs.append(current(token.content))
        elif kind == "softbreak":
            runs.append(current(" "))
        elif kind == "hardbreak":
            runs.append(Run(LINE_BREAK))
        elif kind == "code_inline":
            runs.append(current(token.content, code=True))
        elif kind.endswith("_open") and kind[:-5] in _TOKEN_FORMATS:
            _count(formats, _TOKEN_FORMATS[kind[:-5]], 1)
        elif kind.endswith("_close") and kind[:-6] in _TOKEN_FORMATS:
            _count(formats, _TOKEN_FORMATS[kind[:-6]], -1)
        elif kind == "link_open":
            links.append(str(token.attrGet("href") or ""))
        elif kind == "link_close" and links:
            links.pop()
        elif kind == "image":
            source = str(token.attrGet("src") or "")
            runs.append(replace(current(_alt_text(token) or source), link=source or None))
        elif kind == "html_inline":
            _html_tag(token.content, runs, formats)
    return runs


def _count(formats: Dict[str, int], name: str, step: int) -> None:
    formats[name] = max(0, formats.get(name, 0) + step)


def _html_tag(tag: str, runs: List[Run], formats: Dict[str, int]) -> None:
    if _BR.match(tag.strip()):
        runs.append(Run(LINE_BREAK))
        return
    match = _FORMAT_TAG.match(tag.strip())
    if match and match.group(2).lower() in _FORMATS:
        _count(formats, _FORMATS[match.group(2).lower()], -1 if match.group(1) else 1)


def _alt_text(token: Token) -> str:
    if token.children:
        return "".join(child.content for child in token.children if child.type in ("text", "code_inline"))
    return token.content


# block rendering ----------------------------------------------------------------------
def _task_boxes(tokens: List[Token]) -> None:
    """Turn ``[ ]``/``[x]`` at the start of a list item into ☐/☑."""
    for index, token in enumerate(tokens[:-2]):
        if token.type != "list_item_open" or tokens[index + 2].type != "inline":
            continue
        inline = tokens[index + 2]
        first = inline.children[0] if inline.children else None
        match = _TASK.match(first.content) if first is not None and first.type == "text" else None
        if match:
            box = "\u2611 " if match.group(1) in "xX" else "\u2610 "
            first.content = box + first.content[match.end():]


def _render_image(self, tokens: Sequence[Token], index: int, options, env) -> str:
    token = tokens[index]
    source = str(token.attrGet("src") or "")
    alt = "".join(child.content if child.type == "code_inline" else self.renderInlineAsText([child], options, env)
                  for child in token.children or [])  # renderInlineAsText alone drops code spans
    return '<img src="%s" alt="%s">' % (html.escape(source, quote=True), html.escape(alt, quote=True))


def _render_cell(self, tokens: Sequence[Token], index: int, options, env) -> str:
    token = tokens[index]
    align = _ALIGN.search(str(token.attrGet("style") or ""))
    return "<%s%s>" % (token.tag, ' align="%s"' % align.group(1) if align else "")


def _plain_paragraphs(markdown: str) -> str:
    paragraphs = [part.strip() for part in re.split(r"\n\s*\n", markdown) if part.strip()]
    return "\n".join("<p>%s</p>" % html.escape(part, quote=False).replace("\n", "<br>") for part in paragraphs)

