"""Content the model sends (plain, Markdown or HTML), checked and prepared before any change.

Preparing first and writing after is what keeps a failing call from leaving half an
edit behind: size limits, empty content and unusable markup are refused here, while
the document is still untouched.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Literal

from ...core.text.html_inline import complete_document, inline_runs, is_inline_html
from ...core.text.html_text import html_to_text
from ...core.text.markdown import (has_content, inline_runs as markdown_runs, is_single_paragraph, markdown_to_html,
                                   parse)
from ...core.text.runs import Run, plain_text
from ...core.agent.tools import ToolError
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

    @property
    def visible_text(self) -> str:
        """The text a reader will see (for summaries)."""
        if self.kind == "blocks":  # the first line a reader sees (a heading without its Markdown marks)
            lines = (line.lstrip("#").strip() for line in html_to_text(self.html).text.splitlines())
            return next((line for line in lines if line), "")
        return self.text if self.kind == "plain" else plain_text(self.runs)


def prepare(content: str, content_format: str, allow_empty: bool = False) -> Content:
    """Check and convert ``content``.

    Args:
        content: what the model sent.
        content_format: ``plain``, ``markdown`` or ``html``.
        allow_empty: accept empty content (a replacement that deletes).

    Raises:
        ToolError: content too long, empty when it must not be, or markup without text.
    """
    if len(content) > MAX_CONTENT:
        raise ToolError("The content has %d characters; one call takes at most %d. Send it in parts, for example "
                        "one section per call." % (len(content), MAX_CONTENT))
    if not content.strip() and not allow_empty:
        raise ToolError("The content is empty: there is nothing to insert.")
    if content_format == "plain" or not content.strip():
        return Content("plain", text=clean(content))
    if content_format == "markdown":
        tokens = parse(content)  # parsed once for both questions and the HTML
        if is_single_paragraph(tokens):
            return Content("inline", runs=markdown_runs(content.strip("\r\n")))
        if not has_content(content, tokens):
            raise ToolError("The Markdown content has no text.")
        return Content("blocks", html=markdown_to_html(content, tokens))
    if is_inline_html(content):
        runs = inline_runs(content)
        if not plain_text(runs).strip() and not allow_empty:
            raise ToolError("The HTML content has no visible text.")
        return Content("inline", runs=runs)
    return Content("blocks", html=complete_document(content))
