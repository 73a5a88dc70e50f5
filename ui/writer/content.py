"""Content the model sends (plain, Markdown or HTML), checked and prepared before any change.

Preparing first and writing after is what keeps a failing call from leaving half an
edit behind: size limits, empty content, unusable markup and pictures that cannot be read
are refused here, while the document is still untouched. What the content asks for and
Writer will not get (a CSS property the import ignores, a picture on the web that is not
fetched) is kept in :attr:`Content.ignored` and :attr:`Content.not_fetched` for the answer.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Literal

from ...core.agent.tools import ToolError
from ...core.text.html_import import prepare_import
from ...core.text.html_inline import InlineScan, complete_document, scan, trimmed
from ...core.text.html_text import html_to_text
from ...core.text.markdown import has_content, inline_scan, is_single_paragraph, markdown_to_html, parse
from ...core.text.pictures import PictureError
from ...core.text.runs import Run, load_pictures, pictures, plain_text
from .text_ops import clean

MAX_CONTENT = 100000
"""Characters of content accepted in one call."""
Format = Literal["plain", "markdown", "html"]
"""How the model's content is read: plain text (taken literally), Markdown or HTML."""


@dataclass
class Content:
    """Prepared content: plain text, formatted runs for inside a paragraph, or HTML blocks."""

    kind: str
    """``plain``, ``inline`` or ``blocks``."""
    text: str = ""
    runs: List[Run] = field(default_factory=list)
    html: str = ""
    ignored: List[str] = field(default_factory=list)
    """What the content asks for that Writer will not show (in words)."""
    not_fetched: List[str] = field(default_factory=list)
    """Web addresses of pictures inserted as links instead."""
    picture_count: int = 0
    """Pictures the content places."""

    @property
    def visible_text(self) -> str:
        """The text a reader will see (for summaries)."""
        if self.kind == "blocks":  # the first line a reader sees (a heading without its Markdown marks)
            lines = (line.lstrip("#").strip() for line in html_to_text(self.html).text.splitlines())
            return next((line for line in lines if line), "")
        return self.text if self.kind == "plain" else plain_text(self.runs)

    def remarks(self, recording: bool = False) -> str:
        """What the answer must add: pictures placed (untracked while ``recording`` changes), what was ignored,
        what was not fetched ("" when nothing)."""
        parts = []
        if self.picture_count:
            parts.append("%d picture%s embedded%s." % (
                self.picture_count, "" if self.picture_count == 1 else "s", " (Writer does not record pictures as "
                "tracked changes: they were placed directly)" if recording else ""))
        if self.not_fetched:
            parts.append("Not fetched (an insert never downloads from the web; each stands as a link showing its alt "
                         "text; the user can download the picture and you can insert the file): %s."
                         % ", ".join(self.not_fetched))
        if self.ignored:
            parts.append("Ignored (Writer does not show it): %s." % "; ".join(self.ignored))
        return " ".join(parts)


def prepare(content: str, content_format: str, allow_empty: bool = False) -> Content:
    """Check and convert ``content``.

    Args:
        content: what the model sent.
        content_format: ``plain``, ``markdown`` or ``html``.
        allow_empty: accept empty content (a replacement that deletes).

    Raises:
        ToolError: content too long, empty when it must not be, markup without text, or a
            picture that cannot be read.
    """
    if len(content) > MAX_CONTENT:
        raise ToolError("The content has %d characters; one call takes at most %d. Send it in parts, for example "
                        "one section per call." % (len(content), MAX_CONTENT))
    if not content.strip() and not allow_empty:
        raise ToolError("The content is empty: there is nothing to insert.")
    if content_format == "plain" or not content.strip():
        return Content("plain", text=clean(content))
    try:
        return _markdown(content) if content_format == "markdown" else _html(content, allow_empty)
    except PictureError as error:
        raise ToolError("Nothing was changed: %s." % error) from None


def _markdown(content: str) -> Content:
    tokens = parse(content)  # parsed once for both questions and the HTML
    if is_single_paragraph(tokens):
        return _inline(inline_scan(content.strip("\r\n")))
    if not has_content(content, tokens):
        raise ToolError("The Markdown content has no text.")
    return _blocks(markdown_to_html(content, tokens))


def _html(content: str, allow_empty: bool) -> Content:
    found = scan(content)
    if not found.is_inline:
        return _blocks(complete_document(content))
    found.runs = trimmed(found.runs)
    if not plain_text(found.runs).strip() and not pictures(found.runs) and not allow_empty:
        raise ToolError("The HTML content has no visible text and no picture%s." % (
            " (ignored: %s)" % "; ".join(found.ignored) if found.ignored else ""))
    return _inline(found)


def _inline(found: InlineScan) -> Content:
    runs, not_fetched = load_pictures(found.runs)
    return Content("inline", runs=runs, ignored=list(found.ignored), not_fetched=not_fetched,
                   picture_count=len(pictures(runs)))


def _blocks(html: str) -> Content:
    prepared = prepare_import(html)
    return Content("blocks", html=prepared.html, ignored=prepared.ignored, not_fetched=prepared.not_fetched,
                   picture_count=prepared.pictures)
