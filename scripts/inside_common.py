"""What every in-office script of the benchmarks and test drivers shares (runs inside the office).

:class:`inside.Inside` copies this module into the office profile's ``Scripts/python/pythonpath``
folder (which LibreOffice's Python script provider puts on ``sys.path``) beside the script that
imports it. Work is handed to the office's main thread through ``com.sun.star.awt.AsyncCallback``,
as the panel's pump is woken, and its result comes back as JSON text; tool calls run as the
panel's turn runs them: in one undo step per turn, Ctrl+Z of the document covered.
"""
import gc
import json
import threading
import time
import traceback

import uno
import unohelper
from com.sun.star.awt import XCallback

STATE = {"steps": {}, "window": None, "undo_keys": None, "registry": None}
"""What outlives one call: each document's last turn step (by RuntimeUID), the last timed window."""


class _OnMain(unohelper.Base, XCallback):
    def __init__(self, work):
        self.work, self.done, self.result = work, threading.Event(), None

    def notify(self, data):
        try:
            self.result = self.work()
        except Exception:
            self.result = {"error": traceback.format_exc()}
        finally:
            self.done.set()


def on_main(work) -> str:
    """Run ``work()`` on the office's main thread; its result (or the error) as JSON text."""
    ctx = uno.getComponentContext()
    runner = _OnMain(work)
    ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.AsyncCallback", ctx).addCallback(runner, None)
    runner.done.wait(1800)
    return json.dumps(runner.result)


def document(uid):
    """The open document whose ``RuntimeUID`` is ``uid``."""
    ctx = uno.getComponentContext()
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    components = desktop.getComponents().createEnumeration()
    while components.hasMoreElements():
        component = components.nextElement()
        if getattr(component, "RuntimeUID", None) == uid:
            return component
    raise RuntimeError("no document %s" % uid)


def app_of(doc) -> str:
    """"writer", "calc", "impress" or "draw" (as the panel's turn says)."""
    from marginalia.ui.office.open_documents import app_of as app
    return app(doc)


def timed(action):
    """``(seconds, value)``; the run's monotonic window is kept for :func:`with_window`."""
    gc.collect()  # the setup's garbage is not the timed operation's (timeit sets the collector aside too)
    began = time.monotonic()
    started = time.perf_counter()
    value = action()
    seconds = time.perf_counter() - started
    STATE["window"] = (began, time.monotonic())
    return seconds, value


def with_window(result):
    """``result`` with the window of the last timed run: the probe's clock (monotonic) is the same."""
    result["window"] = STATE.get("window")
    return result


def run_turn_calls(uid, calls, request, review_mode=False, model="bench"):
    """Run ``calls`` (``(name, arguments dict)``) as one assistant turn: ``(seconds, [outcomes], undo)``.

    Through the one office-side runner the panel uses (``ui/office/document_tools.py``): changing
    tools share the turn's one undo step; the document's Ctrl+Z is covered first, as a turn covers it.
    """
    from marginalia.core.agent.tools import ToolContext
    from marginalia.core.stream.message import ToolCall
    from marginalia.ui.chat.toolset import build_registry
    from marginalia.ui.office.document_tools import DocumentTools
    from marginalia.ui.office.undo import DocumentUndo
    from marginalia.ui.office.undo_keys import UndoKeys
    doc = document(uid)
    app = app_of(doc)
    context = ToolContext(document=doc, app=app, office=uno.getComponentContext(),
                          options={"review_mode": review_mode, "model": model})
    undo = DocumentUndo(doc)
    if STATE["registry"] is None:
        STATE["registry"] = build_registry()
    tools = DocumentTools(STATE["registry"], context, undo, request)
    if STATE["undo_keys"] is None:
        STATE["undo_keys"] = UndoKeys()
    STATE["undo_keys"].cover(doc, undo)

    def run_all():
        return [tools.run(ToolCall("driver%d" % index, name, json.dumps(arguments), index))
                for index, (name, arguments) in enumerate(calls)]

    seconds, outcomes = timed(run_all)
    STATE["steps"][uid] = undo.step
    return seconds, outcomes, undo


def revert_last_turn(uid):
    """The panel's Revert of the document's last turn: ``(seconds, undone)``."""
    from marginalia.ui.office.undo import revert_turn
    return timed(lambda: revert_turn(document(uid), STATE["steps"].get(uid)))
