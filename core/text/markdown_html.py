"""Block Markdown to HTML for LibreOffice's HTML import filter.

LibreOffice 7.x has no Markdown import, but its HTML import turns headings, lists,
tables, links and emphasis into native Writer formatting. This module renders the
blocks of :mod:`.markdown_blocks` (inline text through :mod:`.markdown_inline`) as a
complete UTF-8 HTML document for that filter.
"""
from __future__ import annotations

import html
from typing import Optional

from .markdown_blocks import Block, parse_blocks
from .markdown_inline import parse_inline, runs_to_html


def is_single_paragraph(markdown: str) -> bool:
    """True when ``markdown`` is one paragraph of inline text (no headings, lists, tables…)."""
    blocks = parse_blocks(markdown)
    return len(blocks) == 1 and blocks[0].kind == "paragraph"


def markdown_to_html(markdown: str) -> str:
    """Convert Markdown to a complete UTF-8 HTML document.

    Args:
        markdown: the Markdown source.

    Returns:
        ``<!DOCTYPE html><html>…</html>`` ready to be written to a file and imported.
    """
    body = "\n".join(_render(block) for block in parse_blocks(markdown))
    return html_document(body)


def html_document(body: str) -> str:
    """Wrap an HTML fragment in a document that declares UTF-8."""
    return ('<!DOCTYPE html>\n<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
            "</head><body>\n%s\n</body></html>\n" % body)


# rendering --------------------------------------------------------------------------
def _inline(text: str) -> str:
    return runs_to_html(parse_inline(text))


def _render(block: Block) -> str:
    if block.kind == "heading":
        return "<h%d>%s</h%d>" % (block.level, _inline(block.text), block.level)
    if block.kind == "paragraph":
        return "<p>%s</p>" % _inline(block.text)
    if block.kind == "rule":
        return "<hr>"
    if block.kind == "code":
        return "<pre>%s</pre>" % html.escape(block.text, quote=False)
    if block.kind == "quote":
        return "<blockquote>%s</blockquote>" % "\n".join(_render(child) for child in block.children)
    if block.kind == "list":
        return _render_list(block)
    return _render_table(block)


def _render_list(block: Block) -> str:
    tag = "ol" if block.ordered else "ul"
    start = ' start="%d"' % block.start if block.ordered and block.start != 1 else ""
    items = []
    for item in block.items:
        inner = _render_list(item.sublist) if item.sublist else ""
        items.append("<li>%s%s</li>" % (_inline(item.text), inner))
    return "<%s%s>%s</%s>" % (tag, start, "".join(items), tag)


def _render_table(block: Block) -> str:
    def cell(tag: str, text: str, align: Optional[str]) -> str:
        attribute = ' align="%s"' % align if align else ""
        return "<%s%s>%s</%s>" % (tag, attribute, _inline(text), tag)

    header = "".join(cell("th", text, align) for text, align in zip(block.rows[0], block.align))
    body = "".join("<tr>%s</tr>" % "".join(cell("td", text, align) for text, align in zip(row, block.align))
                   for row in block.rows[1:])
    return '<table border="1" cellpadding="4" cellspacing="0"><thead><tr>%s</tr></thead><tbody>%s</tbody></table>' \
        % (header, body)
