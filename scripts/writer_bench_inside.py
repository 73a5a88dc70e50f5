"""The in-office half of bench_writer.py: runs Writer tools and native operations on the main thread.

bench_writer.py copies this file into the office profile's ``Scripts/python`` folder and calls
its functions through LibreOffice's script provider, so everything here runs inside the office
process, as the panel's tools do. Each call is handed to the office's main thread (through
``com.sun.star.awt.AsyncCallback``, as the panel's pump is woken) and timed there; the calling
bridge thread only waits. Results come back as JSON text.
"""
import gc
import json
import threading
import time
import traceback

import uno
import unohelper
from com.sun.star.awt import XCallback
from com.sun.star.beans import PropertyValue

_STATE = {"undo": None, "step": None}


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


def _on_main(work):
    ctx = uno.getComponentContext()
    runner = _OnMain(work)
    ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.AsyncCallback", ctx).addCallback(runner, None)
    runner.done.wait(1800)
    return json.dumps(runner.result)


def _document(uid):
    ctx = uno.getComponentContext()
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    components = desktop.getComponents().createEnumeration()
    while components.hasMoreElements():
        component = components.nextElement()
        if getattr(component, "RuntimeUID", None) == uid:
            return component
    raise RuntimeError("no document %s" % uid)


def _timed(action):
    """``(seconds, value)``; the run's monotonic window is kept for the caller (see :func:`_with_window`)."""
    gc.collect()  # the setup's garbage is not the timed operation's (timeit sets the collector aside too)
    began = time.monotonic()
    started = time.perf_counter()
    value = action()
    seconds = time.perf_counter() - started
    _STATE["window"] = (began, time.monotonic())
    return seconds, value


def _with_window(result):
    """``result`` with the window of the last timed run: the probe's clock (monotonic) is the same."""
    result["window"] = _STATE.get("window")
    return result


def run_tool(uid, name, arguments, request, profile=False, review_mode=False):
    """Run tool ``name`` as a turn's first change would (one visible undo step titled after ``request``).

    With ``profile``, the result also holds the 25 costliest functions (cProfile, cumulative).
    """
    def work():
        if profile:
            return _profiled(work_once)
        return work_once()

    def work_once():
        from marginalia.core.agent.tools import ToolContext, ToolRegistry, ToolRunner
        from marginalia.core.stream.message import ToolCall
        from marginalia.ui.chat.toolset import build_registry
        from marginalia.ui.office.undo import DocumentUndo
        from marginalia.ui.office.undo_keys import UndoKeys
        document = _document(uid)
        registry = ToolRegistry(build_registry().for_app("writer"))
        context = ToolContext(document=document, app="writer", office=uno.getComponentContext(),
                              options={"review_mode": review_mode, "model": "bench"})
        runner = ToolRunner(registry, context)
        undo = DocumentUndo(document)
        _STATE.setdefault("undo_keys", UndoKeys()).cover(document)  # as a turn does before its tools
        call = ToolCall("bench", name, arguments, 0)
        tool = registry.get(name)
        if tool is not None and tool.changes_document:
            seconds, outcome = _timed(lambda: undo.run(request, lambda: runner.run(call)))
        else:
            seconds, outcome = _timed(lambda: runner.run(call))
        _STATE["step"] = undo.step
        return _with_window({"seconds": seconds, "ok": outcome.ok, "content": outcome.content[:300],
                             "length": len(outcome.content), "title": undo.title})
    return _on_main(work)


def _profiled(work):
    import cProfile
    import io
    import pstats
    profiler = cProfile.Profile()
    result = profiler.runcall(work)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
    result["profile"] = out.getvalue()
    return result


def revert(uid):
    """The panel's Revert: undo the turn's step."""
    def work():
        from marginalia.ui.office.undo import revert_turn
        seconds, undone = _timed(lambda: revert_turn(_document(uid), _STATE["step"]))
        return _with_window({"seconds": seconds, "ok": undone})
    return _on_main(work)


def native(uid, operation, arguments):
    """Run LibreOffice's own operation named ``operation`` (see NATIVE)."""
    def work():
        document = _document(uid)
        args = json.loads(arguments)
        seconds, detail = _timed(lambda: NATIVE[operation](document, **args))
        return _with_window({"seconds": seconds, "ok": True, "content": str(detail)[:300]})
    return _on_main(work)


def native_undo(uid):
    """LibreOffice's own undo of the last action (Ctrl+Z)."""
    def work():
        manager = _document(uid).getUndoManager()
        if not manager.isUndoPossible():
            return {"seconds": None, "ok": False}  # the operation left nothing to undo
        seconds, _ = _timed(manager.undo)
        return _with_window({"seconds": seconds, "ok": True})
    return _on_main(work)


def collect(uid):
    """Run Python's cycle collector (positions held in reference cycles slow every later edit)."""
    def work():
        import gc
        return {"ok": True, "collected": gc.collect()}
    return _on_main(work)


def clear_undo(uid):
    def work():
        _document(uid).getUndoManager().clear()
        return {"ok": True}
    return _on_main(work)


def text_of(uid):
    """The whole body text (to check that an undo restored it)."""
    def work():
        return {"text": _document(uid).getText().getString()}
    return _on_main(work)


def paragraphs_text(uid, first, last):
    """Paragraphs ``first``..``last`` as the tools read them (what a model would quote to delete them)."""
    def work():
        from marginalia.ui.writer.blocks import body_blocks
        from marginalia.ui.writer.spans import TextSpan
        blocks = body_blocks(_document(uid))[first - 1:last]
        return {"text": "\n".join(TextSpan.of_range(b.obj).text for b in blocks if b.kind == "paragraph")}
    return _on_main(work)


def decorate(uid, every):
    """Add what HTML import cannot make: footnotes, comments and tracked changes, every ``every`` paragraphs."""
    def work():
        document = _document(uid)
        paragraphs = document.getText().createEnumeration()
        number, notes = 0, 0
        while paragraphs.hasMoreElements():
            paragraph = paragraphs.nextElement()
            number += 1
            if not paragraph.supportsService("com.sun.star.text.Paragraph") or number % every:
                continue
            end = paragraph.getEnd()
            kind = (number // every) % 3
            if kind == 0:
                note = document.createInstance("com.sun.star.text.Footnote")
                document.getText().insertTextContent(end, note, False)
                note.setString("A footnote on paragraph %d." % number)
            elif kind == 1:
                comment = document.createInstance("com.sun.star.text.textfield.Annotation")
                comment.Author, comment.Content = "Reviewer", "Check paragraph %d." % number
                document.getText().insertTextContent(paragraph.getStart(), comment, False)
            else:
                document.RecordChanges = True
                document.getText().insertString(end, " (added in review)", False)
                document.RecordChanges = False
            notes += 1
        document.getUndoManager().clear()
        view = document.getCurrentController().getViewCursor()
        view.jumpToLastPage()
        pages = view.getPage()
        view.jumpToFirstPage()
        return {"ok": True, "added": notes, "paragraphs": number, "pages": pages}
    return _on_main(work)


# --- LibreOffice's own operations -------------------------------------------------------------

def _descriptor(document, text, regex=False):
    search = document.createReplaceDescriptor()
    search.SearchString, search.SearchCaseSensitive, search.SearchRegularExpression = text, True, regex
    return search


def _replace_all(document, old, new, bold=False):
    search = _descriptor(document, old)
    search.ReplaceString = new
    if bold:
        weight = PropertyValue()
        weight.Name, weight.Value = "CharWeight", 150.0
        search.setReplaceAttributes((weight,))
    return document.replaceAll(search)


def _replace_first(document, old, new):
    found = document.findFirst(_descriptor(document, old))
    found.setString(new)
    return 1


def _find_all(document, text):
    return document.findAll(_descriptor(document, text)).getCount()


def _format_all(document, text, bold=True):
    """Find All, then Bold on the multiple selection: what a user does in LibreOffice.

    (Setting the property on each found range through the API instead takes minutes at
    150 pages: every single change is a separate attribute change with its own undo.)
    """
    found = document.findAll(_descriptor(document, text))
    controller = document.getCurrentController()
    controller.select(found)
    _dispatch(document, ".uno:Bold")
    controller.getViewCursor().collapseToStart()
    return found.getCount()


def _dispatch(document, command):
    ctx = uno.getComponentContext()
    dispatcher = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", ctx)
    dispatcher.executeDispatch(document.getCurrentController().getFrame(), command, "", 0, ())


def _read_all(document):
    return len(document.getText().getString())


def _insert_file(document, url, paragraph):
    cursor = _cursor_at_paragraph(document, paragraph)
    cursor.insertDocumentFromURL(url, ())
    return url


def _cursor_at_paragraph(document, number):
    cursor = document.getText().createTextCursor()
    cursor.gotoStart(False)
    for _ in range(number - 1):
        cursor.gotoNextParagraph(False)
    return cursor


def _delete_paragraphs(document, first, count):
    cursor = _cursor_at_paragraph(document, first)
    for _ in range(count):
        cursor.gotoNextParagraph(True)
    cursor.setString("")
    return count


def _accept_all(document):
    _dispatch(document, ".uno:AcceptAllTrackedChanges")
    return "changes left: %s" % document.getRedlines().createEnumeration().hasMoreElements()


def _list_comments(document):
    fields = document.getTextFields().createEnumeration()
    count = 0
    while fields.hasMoreElements():
        if fields.nextElement().supportsService("com.sun.star.text.textfield.Annotation"):
            count += 1
    return count


NATIVE = {"replace_all": _replace_all, "replace_first": _replace_first, "find_all": _find_all,
          "format_all": _format_all, "read_all": _read_all, "insert_file": _insert_file,
          "delete_paragraphs": _delete_paragraphs, "accept_all": _accept_all, "list_comments": _list_comments}

g_exportedScripts = (run_tool, revert, collect, native, native_undo, clear_undo, text_of, paragraphs_text, decorate)
