"""The open Writer, Calc, Impress and Draw documents as agents name them: by URL, path or title, the active
one by default.

A name that fits several open documents (two files called ``report.odt`` in different
folders) is refused with their paths, never settled by picking one.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, List, Optional

import uno

from ...core.agent.tools import ToolError
from ..chat.toolset import app_of
from ..chat.turn_request import document_title
from ..office.enumeration import elements

DESKTOP = "com.sun.star.frame.Desktop"


@dataclass
class OpenDocument:
    """One open document."""

    model: Any
    title: str
    url: str
    kind: str
    """``writer``, ``calc``, ``impress`` or ``draw``."""
    active: bool

    @property
    def path(self) -> str:
        """The file's path for a local file, else ""."""
        if not self.url.startswith("file:"):
            return ""
        try:
            return uno.fileUrlToSystemPath(self.url)
        except Exception:  # a URL the office itself would not open
            return ""

    def describe(self) -> dict:
        """What ``list_documents`` tells the agent."""
        return {"title": self.title, "url": self.url, "kind": self.kind, "active": self.active}


def open_documents(ctx) -> List[OpenDocument]:
    """The open Writer, Calc, Impress and Draw documents, in the office's order."""
    desktop = ctx.ServiceManager.createInstanceWithContext(DESKTOP, ctx)
    current = desktop.getCurrentComponent()
    found = []
    for model in elements(desktop.getComponents().createEnumeration()):
        try:
            kind = app_of(model) if hasattr(model, "supportsService") else ""
            if kind:
                found.append(OpenDocument(model, document_title(model), model.getURL(), kind, model == current))
        except Exception:  # a document closing right now
            continue
    if found and not any(document.active for document in found) and len(found) == 1:
        found[0].active = True
    return found


def listing(ctx) -> str:
    """The ``list_documents`` result: JSON with one entry per open document."""
    return json.dumps({"documents": [document.describe() for document in open_documents(ctx)]}, ensure_ascii=False)


def find_document(ctx, wanted: Optional[str]) -> OpenDocument:
    """The document called ``wanted`` (URL, path, title, or title without extension), or the active one.

    Raises:
        ToolError: no such document is open, or several are called so (the message lists them).
    """
    documents = open_documents(ctx)
    if wanted:
        found = _named(documents, wanted)
        if len(found) == 1:
            return found[0]
        if found:
            raise ToolError("%d open documents are called '%s': %s. Pass the path or URL of the one you mean "
                            "(see list_documents)." % (len(found), wanted, "; ".join(d.path or d.url for d in found)))
        raise ToolError("No open document is called '%s'. %s" % (wanted, _open_ones(documents)))
    for document in documents:
        if document.active:
            return document
    raise ToolError("No document is active: pass the 'document' argument. %s" % _open_ones(documents))


def _named(documents: List[OpenDocument], wanted: str) -> List[OpenDocument]:
    """The documents ``wanted`` names: by URL or path first, else by title, else by title without extension."""
    key = wanted.strip().lower()
    ways: List[Callable[[OpenDocument], bool]] = [
        lambda d: key in (d.url.lower(), d.path.lower()),
        lambda d: d.title.lower() == key,
        lambda d: d.title.rsplit(".", 1)[0].lower() == key]
    for fits in ways:
        found = [document for document in documents if fits(document)]
        if found:
            return found
    return []


def _open_ones(documents: List[OpenDocument]) -> str:
    if not documents:
        return "No Writer, Calc, Impress or Draw document is open."
    return "Open documents: %s." % ", ".join("'%s' (%s)" % (d.title, d.kind) for d in documents)
