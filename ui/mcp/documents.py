"""The open Writer and Calc documents as agents name them: by title or URL, the active one by default."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, List, Optional

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
    """``writer`` or ``calc``."""
    active: bool

    def describe(self) -> dict:
        """What ``list_documents`` tells the agent."""
        return {"title": self.title, "url": self.url, "kind": self.kind, "active": self.active}


def open_documents(ctx) -> List[OpenDocument]:
    """The open Writer and Calc documents, in the office's order."""
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
    """The document called ``wanted`` (title, title without extension, or URL), or the active one.

    Raises:
        ToolError: no such document is open (the message lists the open ones).
    """
    documents = open_documents(ctx)
    if wanted:
        key = wanted.strip().lower()
        for document in documents:
            if key in (document.url.lower(), document.title.lower(), document.title.rsplit(".", 1)[0].lower()):
                return document
        raise ToolError("No open document is called '%s'. %s" % (wanted, _open_ones(documents)))
    for document in documents:
        if document.active:
            return document
    raise ToolError("No Writer or Calc document is active: pass the 'document' argument. %s" % _open_ones(documents))


def _open_ones(documents: List[OpenDocument]) -> str:
    if not documents:
        return "No Writer or Calc document is open."
    return "Open documents: %s." % ", ".join("'%s' (%s)" % (d.title, d.kind) for d in documents)
