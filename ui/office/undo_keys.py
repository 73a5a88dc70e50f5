"""Ctrl+Z and Ctrl+Y of an assistant's step undo it the way the panel's Revert does.

LibreOffice's own undo of a format on thousands of places makes a cursor per place, each
walking all the ones before it, and selects every place (see :mod:`.block_selection` and
:mod:`.undo_step`): at 473 pages its Ctrl+Z of a format on 8,000 places took 1.15 s and
left them all selected; the same key on an assistant's step that made that change takes
45 ms (measured). So before a turn starts in a Writer frame (or an agent or a selection
action changes its document), an interceptor is registered on the frame, once, for
``.uno:Undo`` and ``.uno:Redo`` (what Ctrl+Z, Ctrl+Y, the Edit menu and the toolbar
buttons dispatch). When the step to undo or redo is an assistant's (its title begins
with "Marginalia: "), it goes through :func:`.undo_step.undo_step`: the views locked,
block selection mode held, and the user's own selection kept. Anything else (the user's
own steps, several steps at once from the toolbar's list, other documents) goes to
LibreOffice unchanged. The document's undo manager gets one
:class:`~.undo_step.AssistantStepWatch` too, for an assistant's step undone another way.
"""
from __future__ import annotations

from typing import Optional

import unohelper
from com.sun.star.frame import XDispatch, XDispatchProviderInterceptor, XInterceptorInfo
from com.sun.star.lang import XEventListener

from .dispatch import frame_of
from .log import get_logger, logged
from .undo_step import TITLE_PREFIX, AssistantStepWatch, is_text_document, undo_step

log = get_logger("undo_keys")

UNDO, REDO = ".uno:Undo", ".uno:Redo"


class UndoKeys:
    """The Writer frames whose Undo and Redo take assistants' steps the quick way (one owner per process).

    Registering the interceptor costs ~7 ms and asking a frame whether it has one ~2 ms
    (measured at 142 pages), so it is done once per frame, before a turn or an agent's
    first change, never inside a tool's run. Each Writer document gets one
    :class:`~.undo_step.AssistantStepWatch` the same way, once.
    """

    def __init__(self):
        self._frames = []
        self._documents = []  # (document, its step watch)

    def cover(self, document) -> Optional[AssistantStepWatch]:
        """Make Undo and Redo of assistants' steps in ``document`` quick (once per frame and per document).

        Returns:
            The document's step watch, for :class:`~.undo.DocumentUndo` to pause while tools
            edit; None for a document other than Writer's, or when it could not be made.
        """
        if not is_text_document(document):
            return None
        watch = self._watch_steps(document)
        frame = frame_of(document)
        if frame is None or any(frame == known for known in self._frames):
            return watch
        keys = _UndoKeys(frame, self._forget)
        try:
            frame.registerDispatchProviderInterceptor(keys)
            frame.addEventListener(keys)
        except Exception:  # Ctrl+Z stays LibreOffice's own (slow on many places); Revert is not affected
            log.warning("could not take over Undo and Redo of assistants' steps", exc_info=True)
            return watch
        self._frames.append(frame)
        return watch

    def __len__(self) -> int:
        """How many frames are covered."""
        return len(self._frames)

    def covers(self, document) -> bool:
        """True when ``document``'s frame is covered."""
        frame = _frame(document)
        return frame is not None and any(frame == known for known in self._frames)

    def watched(self) -> int:
        """How many documents have a step watch."""
        return len(self._documents)

    def _watch_steps(self, document) -> Optional[AssistantStepWatch]:
        for known, watch in self._documents:
            if known == document:
                return watch
        try:
            manager = document.getUndoManager()
            watch = AssistantStepWatch(document, manager, self._forget_document)
            manager.addUndoManagerListener(watch)  # it tells the watch when the document goes
        except Exception:  # an undo another way leaves LibreOffice's selection of every place
            log.warning("could not watch the document's undo for assistants' steps", exc_info=True)
            return None
        self._documents.append((document, watch))
        return watch

    def _forget(self, frame) -> None:
        self._frames = [known for known in self._frames if not known == frame]

    def _forget_document(self, document) -> None:
        self._documents = [(known, watch) for known, watch in self._documents if not known == document]


def _frame(document):
    """The frame of a Writer document's view, or None (another kind of document, or no view)."""
    return frame_of(document) if is_text_document(document) else None


class _UndoKeys(unohelper.Base, XDispatchProviderInterceptor, XInterceptorInfo, XEventListener):
    """The frame's interceptor: hands out a step-aware dispatch for Undo and Redo, passes the rest on."""

    def __init__(self, frame, on_gone):
        self._frame, self._on_gone = frame, on_gone
        self._slave = self._master = None

    def getInterceptedURLs(self):
        return (UNDO, REDO)

    @logged
    def queryDispatch(self, url, target, flags):
        slave = self._slave.queryDispatch(url, target, flags) if self._slave is not None else None
        if slave is not None and url.Complete in (UNDO, REDO) and self._frame is not None:
            return _StepDispatch(self._frame, url.Complete == REDO, slave)
        return slave

    def queryDispatches(self, requests):
        return tuple(self.queryDispatch(r.FeatureURL, r.FrameName, r.SearchFlags) for r in requests)

    def getSlaveDispatchProvider(self):
        return self._slave

    def setSlaveDispatchProvider(self, provider):
        self._slave = provider

    def getMasterDispatchProvider(self):
        return self._master

    def setMasterDispatchProvider(self, provider):
        self._master = provider

    @logged
    def disposing(self, event):  # the frame goes
        frame, self._frame = self._frame, None
        self._slave = self._master = None
        if frame is not None:
            self._on_gone(frame)


class _StepDispatch(unohelper.Base, XDispatch):
    """Undo or Redo in one frame: an assistant's step through :func:`undo_step`, anything else as before."""

    def __init__(self, frame, redo: bool, slave):
        self._frame, self._redo, self._slave = frame, redo, slave

    @logged
    def dispatch(self, url, arguments):
        document, manager = self._own_step(arguments)
        if document is None:
            self._slave.dispatch(url, arguments)
            return
        undo_step(document, manager, redo=self._redo)

    def addStatusListener(self, listener, url):
        self._slave.addStatusListener(listener, url)

    def removeStatusListener(self, listener, url):
        self._slave.removeStatusListener(listener, url)

    def _own_step(self, arguments):
        """``(document, undo manager)`` when one assistant's step is asked for; ``(None, None)`` otherwise."""
        if any(a.Name in ("Undo", "Redo") and a.Value not in (None, 1) for a in arguments):
            return None, None  # several steps at once, from the toolbar's list
        try:
            document = self._frame.getController().getModel()
            if not is_text_document(document):  # another kind of document loaded into the frame since
                return None, None
            manager = document.getUndoManager()
            if self._redo:
                title = manager.getCurrentRedoActionTitle() if manager.isRedoPossible() else ""
            else:
                title = manager.getCurrentUndoActionTitle() if manager.isUndoPossible() else ""
        except Exception:
            log.warning("could not see which step Undo or Redo would take", exc_info=True)
            return None, None
        return (document, manager) if title.startswith(TITLE_PREFIX) else (None, None)
