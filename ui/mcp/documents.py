"""The open Writer, Calc, Impress and Draw documents as agents name them: by URL, path or title, the
active one by default.

What a document is and how a name picks one lives in :mod:`marginalia.ui.office.open_documents`
(the sidebar's ``read_other_document`` names documents the same way).
"""
from __future__ import annotations

import json
from typing import Optional

from ...core.agent.tools import ToolError
from ..office.open_documents import OpenDocument, named, open_documents, open_ones


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
        return named(documents, wanted, "list_documents")
    for document in documents:
        if document.active:
            return document
    raise ToolError("No document is active: pass the 'document' argument. %s" % open_ones(documents))
