"""Put an answer from the conversation into the Writer document, at the cursor, formatted.

The panel's Insert button uses the same path as the ``insert_content`` tool (Markdown
through the vendored CommonMark parser, the paragraph split at the cursor for block
content), inside one undo step of its own, so Edit ▸ Undo takes the whole answer back.
"""
from __future__ import annotations

from ...core.agent.tools import ToolContext, ToolError
from ..office.log import get_logger
from ..writer.content import prepare
from ..writer.inserting import insert_at

log = get_logger("insert_answer")


def is_text_document(document) -> bool:
    """True for a Writer text document (where an answer can be inserted as formatted text)."""
    try:
        return bool(document.supportsService("com.sun.star.text.TextDocument"))
    except Exception:
        log.debug("no service information for the document", exc_info=True)
        return False


def insert_markdown(ctx, document, markdown: str, undo_title: str) -> str:
    """Insert ``markdown`` at the cursor in one undo step titled ``undo_title``; return a problem or ``""``."""
    manager = document.getUndoManager()
    steps = len(manager.getAllUndoActionTitles())
    context = ToolContext(document=document, app="writer", office=ctx)
    problem = ""
    manager.enterUndoContext(undo_title)
    try:
        insert_at(context, prepare(markdown, "markdown"), "cursor")
    except ToolError as error:
        problem = str(error)
    except Exception as error:
        log.exception("inserting the answer failed")
        problem = str(error) or type(error).__name__
    finally:
        manager.leaveUndoContext()
    if problem and len(manager.getAllUndoActionTitles()) > steps:
        manager.undo()  # a failure halfway leaves nothing behind
        manager.clearRedo()
    return problem
