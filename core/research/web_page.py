"""A fetched body as readable text: HTML, XML and plain text are read; PDF and binaries are not.

The type comes from the ``Content-Type`` header, checked before the body is
downloaded (:func:`check_readable`), and from the first bytes when the header is
missing or wrong (a PDF served as ``text/html`` is still a PDF).
"""
from __future__ import annotations

from typing import Callable, NamedTuple, Optional

from .charset import decode_body
from ..text.html_text import html_to_text
from ..agent.tools import ToolError
from .web_fetch import WebBody

HTML_TYPES = frozenset(("text/html", "application/xhtml+xml"))
MARKUP_TYPES = frozenset(("text/xml", "application/xml", "application/rss+xml", "application/atom+xml"))
TEXT_TYPES = frozenset(("text/plain", "text/markdown", "text/x-markdown", "text/csv", "text/tab-separated-values",
                        "application/json", "application/ld+json", "text/x-rst", "text/vtt"))
_HTML_STARTS = (b"<!doctype html", b"<html", b"<head", b"<body", b"<title", b"<meta", b"<p>", b"<div", b"<!--")


class Page(NamedTuple):
    """The readable content of a page."""

    title: str
    text: str
    kind: str
    """``html``, ``xml`` or ``text``."""
    encoding: str


def media_type(content_type: str) -> str:
    """``text/html; charset=x`` -> ``text/html``."""
    return (content_type or "").split(";", 1)[0].strip().lower()


def check_readable(content_type: str, url: str) -> None:
    """Refuse a type research cannot read before its body is downloaded.

    Raises:
        ToolError: PDF, images, audio, video, archives, office files and other binaries.
    """
    media = media_type(content_type)
    if not media or media in HTML_TYPES or media in MARKUP_TYPES or media in TEXT_TYPES:
        return
    if media.startswith("text/") or media.endswith(("+xml", "+json")):
        return
    _refuse(media, url)


def _refuse(media: str, url: str) -> None:
    if media == "application/pdf":
        raise ToolError("%s is a PDF document: Marginalia cannot read this type (PDF). Look for an HTML version "
                        "of the page or another source." % url)
    raise ToolError("%s is of type %s: Marginalia cannot read this type (only web pages and plain text). Use "
                    "another source." % (url, media))


def read_page(body: WebBody, stop: Optional[Callable[[], None]] = None) -> Page:
    """Return the readable content of a fetched body.

    Args:
        body: What was fetched.
        stop: Called now and then while a large page is parsed; raises to abandon it.

    Raises:
        ToolError: The body is a PDF or binary whatever its header says, or empty.
    """
    head = body.data[:1024].lstrip()
    if head.startswith(b"%PDF-"):
        _refuse("application/pdf", body.url)
    media = media_type(body.content_type)
    if not body.data.strip():
        raise ToolError("%s answered with an empty page." % body.url)
    if b"\x00" in head and not head.startswith((b"\xff\xfe", b"\xfe\xff")):
        _refuse(media or "application/octet-stream", body.url)
    if media in HTML_TYPES or (media in ("", "text/plain") and head.lower().startswith(_HTML_STARTS)):
        decoded = decode_body(body.data, body.content_type, is_html=True)
        page = html_to_text(decoded.text, stop)
        return Page(page.title, page.text, "html", decoded.encoding)
    if media in MARKUP_TYPES or media.endswith("+xml"):
        decoded = decode_body(body.data, body.content_type, is_html=False)
        page = html_to_text(decoded.text, stop)
        return Page(page.title, page.text, "xml", decoded.encoding)
    decoded = decode_body(body.data, body.content_type, is_html=False)
    text = "\n".join(line.rstrip() for line in decoded.text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    return Page("", text.strip("\n"), "text", decoded.encoding)
