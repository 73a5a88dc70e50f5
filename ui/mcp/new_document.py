"""new_document: an agent opens a new, empty Writer or Calc document and then names it by its title.

The sidebar's tools work in the document whose panel runs them; an agent names the document
with each call (see :mod:`.documents`), so a document it creates is one more it can name. The
new document is a window of the user's like any other, not saved: it gets a file only when the
user saves it. Created on the main thread (the host's ``call``), in read-only mode never.
"""
from __future__ import annotations

import json

from ...core.agent.tools import ToolError
from ..office.open_documents import DESKTOP, document_title

NEW_DOCUMENT = "new_document"
FACTORIES = {"writer": "private:factory/swriter", "calc": "private:factory/scalc"}
LABELS = {"writer": "Writer", "calc": "Calc"}


def declaration() -> dict:
    """The tool as agents see it."""
    return {"name": NEW_DOCUMENT, "title": "new document",
            "description": "Open a new, empty Writer (default) or Calc document in the user's office and return its "
                           "title; pass that title as the 'document' argument of the other tools. It is not saved "
                           "until the user saves it.",
            "inputSchema": {"type": "object", "properties": {"kind": {
                "type": "string", "enum": list(FACTORIES), "description": "writer (default) or calc."}}},
            "annotations": {"readOnlyHint": False}}


def create(ctx, kind) -> str:
    """Open a new document of ``kind`` (``writer`` or ``calc``, default writer); return the answer (JSON).

    Raises:
        ToolError: another kind.
    """
    kind = "writer" if kind is None else kind
    if kind not in FACTORIES:
        raise ToolError("kind must be writer or calc; got %r." % (kind,))
    desktop = ctx.ServiceManager.createInstanceWithContext(DESKTOP, ctx)
    model = desktop.loadComponentFromURL(FACTORIES[kind], "_blank", 0, ())
    if model is None:
        raise ToolError("LibreOffice did not open a new %s document." % LABELS[kind])
    note = ("A new, empty %s document, not saved yet: pass its title as 'document' to the other tools; it gets a file "
            "only when the user saves it (File ▸ Save As)." % LABELS[kind])
    return json.dumps({"title": document_title(model), "kind": kind, "url": model.getURL(), "note": note},
                      ensure_ascii=False)
