"""Every tool call on a document runs one way, whoever makes it: the sidebar's turn, an MCP agent,
the task suite's plans and the tests.

:class:`DocumentTools` wraps the :class:`~marginalia.core.agent.tools.ToolRunner` of one document
(which checks the arguments, runs the typed tool function and turns every failure into an answer)
with what the office side adds around each call:

* **the views locked** for the length of a Writer tool (:func:`views_locked`): otherwise
  LibreOffice brings the views up to date after each UNO call, and after LibreOffice's own undo
  of a format on many places (the user's Ctrl+Z of their own Replace All with a format) every
  place stays selected and is drawn again at each call: reading the paragraphs of a 30-page
  report took 14 s then, and 0.17 s with the views locked (measured). Nested locks are counted
  by LibreOffice (the editing frame of ``ui/writer/review.py`` locks again around the changes);
* **the undo step**: a tool that changes the document runs inside the caller's undo scope
  (:class:`~.undo.DocumentUndo`: the first change opens a visible step titled after the request,
  later ones merge into it, a failed tool's partial change is taken back);
* **a log line** per call with its time.

Network tools run on a worker thread through :meth:`DocumentTools.run_async` and touch no
document.
"""
from __future__ import annotations

import time
from typing import Optional

from ...core.agent.tools import ToolContext, ToolOutcome, ToolRegistry, ToolRunner
from .log import get_logger

log = get_logger("document_tools")


class DocumentTools:
    """The tool calls of one caller (a turn, an agent's burst, a plan) in one document.

    Args:
        registry: the tools on offer.
        context: the document and per-call options (review mode, model name).
        undo: the undo scope changing tools run in (None: they run outside any step, as in tests
            of a tool alone).
        title: what the undo step is titled after (the user's request, the agent's name).
    """

    def __init__(self, registry: ToolRegistry, context: ToolContext, undo=None, title: str = ""):
        self._runner = ToolRunner(registry, context)
        self._document = context.document
        self._writer = context.app == "writer"
        self._undo, self._title = undo, title

    def is_async(self, name: str) -> bool:
        """True when the tool runs on a worker thread."""
        return self._runner.is_async(name)

    def changes_document(self, name: str) -> bool:
        """True when the tool edits the document."""
        return self._runner.changes_document(name)

    def run(self, call) -> ToolOutcome:
        """Run a call on the current thread (the office's main thread), as described above; never raises."""
        started = time.perf_counter()
        if self._undo is not None and self._runner.changes_document(call.name):
            outcome = self._undo.run(self._title, lambda: self._locked(call))
        else:
            outcome = self._locked(call)
        log.info("%s %s in %.0f ms", call.name, "done" if outcome.ok else "refused",
                 (time.perf_counter() - started) * 1000)
        return outcome

    def run_async(self, call, progress, cancel) -> ToolOutcome:
        """Run a network tool's call on a worker thread with its progress callback and cancel token."""
        return self._runner.run_async(call, progress, cancel)

    def _locked(self, call) -> ToolOutcome:
        if not self._writer:
            return self._runner.run(call)
        with views_locked(self._document):
            return self._runner.run(call)


class views_locked:  # noqa: N801  (used as a ``with`` statement, like ``open``)
    """Hold ``document``'s views locked inside a ``with`` block (see the module docstring).

    A class, not a ``contextlib`` generator: that one sets ``__traceback__`` on an exception
    passing through it, which pyuno's exceptions refuse.
    """

    def __init__(self, document):
        self._document: Optional[object] = document
        self._locked = False

    def __enter__(self) -> None:
        try:
            self._document.lockControllers()
            self._locked = True
        except Exception:  # a closed document: the tool reports it
            log.info("the views could not be locked (document closed?)")

    def __exit__(self, *exception) -> bool:
        if self._locked:
            try:
                self._document.unlockControllers()
            except Exception:
                log.warning("the views could not be unlocked (document closed?)", exc_info=True)
        return False
