"""Every Writer tool runs with the document's views locked.

While views are not locked, LibreOffice brings the views up to date after each UNO call.
Where that is costly every call pays for it. After LibreOffice's own undo of a format on
many places (a user's Ctrl+Z), every place it touched stays selected and is drawn again
after each call: reading the paragraphs of a 30-page report took 14 s then, and 0.17 s
with the views locked (measured; the panel's Revert leaves one selection, see
:mod:`..office.undo_step`). So each tool's handler runs between ``lockControllers`` and
``unlockControllers``; the views are brought up to date once, when it ends. (Nested locks
are counted by LibreOffice; the editing frame of :mod:`.review` locks again around the
changes.)
"""
from __future__ import annotations

import dataclasses
from typing import List

from ...core.agent.tools import Tool
from ..office.log import get_logger

log = get_logger("writer.view_lock")


def with_views_locked(tools: List[Tool]) -> List[Tool]:
    """The same tools, each handler running with the document's views locked."""
    return [dataclasses.replace(tool, handler=_locked(tool.handler)) for tool in tools]


def _locked(handler):
    def run(context, args):
        document = context.document
        try:
            document.lockControllers()
        except Exception:  # a closed document: the handler reports it
            return handler(context, args)
        try:
            return handler(context, args)
        finally:
            try:
                document.unlockControllers()
            except Exception:
                log.warning("the views could not be unlocked (document closed?)", exc_info=True)
    run.__name__ = getattr(handler, "__name__", "handler")
    run.__doc__ = handler.__doc__
    return run
