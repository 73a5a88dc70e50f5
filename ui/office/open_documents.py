"""The open Writer, Calc, Impress and Draw documents: their kind, their title as the user sees it, and
naming one.

Shared by the MCP server (agents name the document to work in) and the sidebar's
``read_other_document`` (the model reads another open document). A name that fits several
open documents (two files called ``report.odt`` in different folders) is never settled by
picking one: :func:`named` refuses with their paths.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, List

import uno

from ...core.agent.tools import ToolError
from .enumeration import elements

DESKTOP = "com.sun.star.frame.Desktop"


APPS = (("com.sun.star.text.TextDocument", "writer"), ("com.sun.star.sheet.SpreadsheetDocument", "calc"),
        ("com.sun.star.presentation.PresentationDocument", "impress"), ("com.sun.star.drawing.DrawingDocument", "draw"))
"""The document services Marginalia serves and the application of each (a presentation is also a drawing
document, so it is asked first)."""


def app_of(document) -> str:
    """Return ``writer``, ``calc``, ``impress``, ``draw`` or ``""`` for a document model."""
    for service, app in APPS:
        if document.supportsService(service):
            return app
    return ""


def document_title(document) -> str:
    """The title the user sees for ``document`` (file name, or Untitled N).

    The model's own title: the frame's adds the application after " - " (7.4) or " — "
    (7.4 for a hidden frame, 25.2 and later).
    """
    try:
        return document.getTitle()
    except Exception:
        from ...core.i18n import _
        return _("Untitled")


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


def named(documents: List[OpenDocument], wanted: str, listed_by: str) -> OpenDocument:
    """The one document of ``documents`` that ``wanted`` names (URL, path, title, or title without extension).

    Raises:
        ToolError: none is called so, or several are (the message lists them and names ``listed_by``,
            the tool that lists them).
    """
    found = called(documents, wanted)
    if len(found) == 1:
        return found[0]
    if found:
        raise ToolError("%d open documents are called '%s': %s. Pass the path or URL of the one you mean "
                        "(see %s)." % (len(found), wanted, "; ".join(d.path or d.url for d in found), listed_by))
    raise ToolError("No open document is called '%s'. %s" % (wanted, open_ones(documents)))


def called(documents: List[OpenDocument], wanted: str) -> List[OpenDocument]:
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


def open_ones(documents: List[OpenDocument]) -> str:
    """A sentence listing ``documents`` with their titles and kinds (or saying there are none)."""
    if not documents:
        return "No Writer, Calc, Impress or Draw document is open."
    return "Open documents: %s." % ", ".join("'%s' (%s)" % (d.title, d.kind) for d in documents)
