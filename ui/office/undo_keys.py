"""Ctrl+Z and Ctrl+Y of an assistant's step undo it as the panel's Revert does, the user's selection kept.

LibreOffice's own undo of a format on thousands of places selects every place and draws
them (see :mod:`.undo_step`): at 473 pages its Ctrl+Z of a format on 8,000 places took
1.15 s and left them all selected. So before a turn starts in a Writer frame (or an agent
or a selection action changes its document), an interceptor is registered on the frame,
once, for ``.uno:Undo`` and ``.uno:Redo`` (what Ctrl+Z, Ctrl+Y, the Edit menu and the
toolbar buttons dispatch). When the step to undo or redo is an assistant's (its title
begins with "Marginalia: "), it goes through :func:`.undo_step.undo_step`, which keeps
the user's own selection; so do several steps at once from the toolbar's
list when one of them is an assistant's. Anything else (the user's own steps, other
documents) goes to LibreOffice unchanged.

The views are locked, and block selection mode held (quicker still on many formatted places:
45 ms for the step above), only for the newest step of the undo scope the frame was last
covered with, when every change of it stayed in place (:class:`.undo.TurnStep`): undoing
added or removed paragraphs or tables so aborted LibreOffice 7.4 (issue 30, see
:mod:`.undo_step`). Any other assistant's step is undone with the views unlocked.
"""
from __future__ import annotations

import unohelper
from com.sun.star.frame import XDispatch, XDispatchProviderInterceptor, XInterceptorInfo
from com.sun.star.lang import XEventListener

from .dispatch import frame_of
from .log import get_logger, logged
from .undo_step import TITLE_PREFIX, is_text_document, undo_step

log = get_logger("undo_keys")

UNDO, REDO = ".uno:Undo", ".uno:Redo"


class UndoKeys:
    """The Writer frames whose Undo and Redo take assistants' steps the quick way (one owner per process).

    Registering the interceptor costs ~7 ms and asking a frame whether it has one ~2 ms
    (measured at 142 pages), so it is done once per frame, before a turn or an agent's
    first change, never inside a tool's run.
    """

    def __init__(self):
        self._frames = []
        self._scopes = []  # (frame, the undo scope it was last covered with)

    def cover(self, document, scope=None) -> None:
        """Make Undo and Redo of assistants' steps in ``document``'s frame quick (once per frame).

        ``scope`` (a :class:`.undo.DocumentUndo`) is the undo scope about to change the document:
        Ctrl+Z of its step may hold block selection mode when its changes stayed in place.
        """
        frame = _frame(document)
        if frame is not None and scope is not None:
            self._scopes = [(known, kept) for known, kept in self._scopes if not known == frame] + [(frame, scope)]
        if frame is None or any(frame == known for known in self._frames):
            return
        keys = _UndoKeys(frame, self._forget, self._step_of)
        try:
            frame.registerDispatchProviderInterceptor(keys)
            frame.addEventListener(keys)
        except Exception:  # Ctrl+Z stays LibreOffice's own (slow on many places); Revert is not affected
            log.warning("could not take over Undo and Redo of assistants' steps", exc_info=True)
            return
        self._frames.append(frame)

    def __len__(self) -> int:
        """How many frames are covered."""
        return len(self._frames)

    def covers(self, document) -> bool:
        """True when ``document``'s frame is covered."""
        frame = _frame(document)
        return frame is not None and any(frame == known for known in self._frames)

    def _forget(self, frame) -> None:
        self._frames = [known for known in self._frames if not known == frame]
        self._scopes = [(known, scope) for known, scope in self._scopes if not known == frame]

    def _step_of(self, frame):
        """The newest step of the undo scope ``frame`` was last covered with, or None."""
        for known, scope in self._scopes:
            if known == frame:
                return scope.step
        return None


def _steps_asked(arguments) -> int:
    """How many steps an Undo or Redo asks for (the toolbar's list gives a count; the key, one)."""
    for argument in arguments:
        if argument.Name in ("Undo", "Redo") and isinstance(argument.Value, int) and argument.Value > 1:
            return argument.Value
    return 1


def _frame(document):
    """The frame of a Writer document's view, or None (another kind of document, or no view)."""
    return frame_of(document) if is_text_document(document) else None


class _UndoKeys(unohelper.Base, XDispatchProviderInterceptor, XInterceptorInfo, XEventListener):
    """The frame's interceptor: hands out a step-aware dispatch for Undo and Redo, passes the rest on."""

    def __init__(self, frame, on_gone, step_of):
        self._frame, self._on_gone, self._step_of = frame, on_gone, step_of
        self._slave = self._master = None

    def getInterceptedURLs(self):
        return (UNDO, REDO)

    @logged
    def queryDispatch(self, url, target, flags):
        slave = self._slave.queryDispatch(url, target, flags) if self._slave is not None else None
        if slave is not None and url.Complete in (UNDO, REDO) and self._frame is not None:
            return _StepDispatch(self._frame, url.Complete == REDO, slave, self._step_of)
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

    def __init__(self, frame, redo: bool, slave, step_of):
        self._frame, self._redo, self._slave, self._step_of = frame, redo, slave, step_of

    @logged
    def dispatch(self, url, arguments):
        steps = _steps_asked(arguments)
        document, manager = self._own_steps(steps)
        if document is None:
            self._slave.dispatch(url, arguments)
            return
        in_place = self._known_in_place(manager, steps)
        undo_step(document, manager, redo=self._redo, steps=steps, in_place=in_place, many_places=in_place)

    def _known_in_place(self, manager, steps: int) -> bool:
        """True when the one step to undo or redo is the covered scope's and may hold block mode (module docstring)."""
        step = self._step_of(self._frame)
        if steps != 1 or step is None or not step.in_place:
            return False
        current = manager.getCurrentRedoActionTitle() if self._redo else manager.getCurrentUndoActionTitle()
        return current == step.title

    def addStatusListener(self, listener, url):
        self._slave.addStatusListener(listener, url)

    def removeStatusListener(self, listener, url):
        self._slave.removeStatusListener(listener, url)

    def _own_steps(self, steps: int):
        """``(document, undo manager)`` when one of the ``steps`` asked for is an assistant's; ``(None, None)`` otherwise."""
        try:
            document = self._frame.getController().getModel()
            if not is_text_document(document):  # another kind of document loaded into the frame since
                return None, None
            manager = document.getUndoManager()
            if steps == 1:
                possible = manager.isRedoPossible() if self._redo else manager.isUndoPossible()
                current = manager.getCurrentRedoActionTitle() if self._redo else manager.getCurrentUndoActionTitle()
                titles = [current] if possible else []
            else:  # from the toolbar's list: the newest first
                titles = list(manager.getAllRedoActionTitles() if self._redo else manager.getAllUndoActionTitles())
                titles = titles[:steps] if len(titles) >= steps else []
        except Exception:
            log.warning("could not see which step Undo or Redo would take", exc_info=True)
            return None, None
        return (document, manager) if any(t.startswith(TITLE_PREFIX) for t in titles) else (None, None)
