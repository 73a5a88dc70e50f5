"""The in-office half of bench_writer.py: runs Writer tools and native operations on the main thread.

bench_writer.py copies this file into the office profile's ``Scripts/python`` folder (with
inside_common.py, which hands each call to the office's main thread and runs tools as a turn
does) and calls its functions through LibreOffice's script provider, so everything here runs
inside the office process, as the panel's tools do. Results come back as JSON text.
"""
import json

import uno
from com.sun.star.beans import PropertyValue
import inside_common as common


def run_tool(uid, name, arguments, request, profile=False, review_mode=False):
    """Run tool ``name`` as a turn's first change would (one visible undo step titled after ``request``).

    With ``profile``, the result also holds the 25 costliest functions (cProfile, cumulative).
    """
    def work():
        if profile:
            return _profiled(work_once)
        return work_once()

    def work_once():
        seconds, outcomes, undo = common.run_turn_calls(uid, [(name, json.loads(arguments))], request, review_mode)
        outcome = outcomes[0]
        return common.with_window({"seconds": seconds, "ok": outcome.ok, "content": outcome.content[:300],
                             "length": len(outcome.content), "title": undo.title})
    return common.on_main(work)


def run_calls(uid, calls, request):
    """Run ``calls`` (JSON ``[[name, arguments], …]``) as one turn (one undo step), as the panel does."""
    def work():
        seconds, outcomes, undo = common.run_turn_calls(uid, json.loads(calls), request)
        failed = [outcome.content[:300] for outcome in outcomes if not outcome.ok]
        return common.with_window({"seconds": seconds, "ok": not failed, "content": "; ".join(failed),
                                   "title": undo.title})
    return common.on_main(work)


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
        seconds, undone = common.revert_last_turn(uid)
        return common.with_window({"seconds": seconds, "ok": undone})
    return common.on_main(work)


def native(uid, operation, arguments):
    """Run LibreOffice's own operation named ``operation`` (see NATIVE)."""
    def work():
        document = common.document(uid)
        args = json.loads(arguments)
        seconds, detail = common.timed(lambda: NATIVE[operation](document, **args))
        return common.with_window({"seconds": seconds, "ok": True, "content": str(detail)[:300]})
    return common.on_main(work)


def native_undo(uid):
    """LibreOffice's own undo of the last action (Ctrl+Z)."""
    def work():
        manager = common.document(uid).getUndoManager()
        if not manager.isUndoPossible():
            return {"seconds": None, "ok": False}  # the operation left nothing to undo
        seconds, _ = common.timed(manager.undo)
        return common.with_window({"seconds": seconds, "ok": True})
    return common.on_main(work)


def collect(uid):
    """Run Python's cycle collector (positions held in reference cycles slow every later edit)."""
    def work():
        import gc
        return {"ok": True, "collected": gc.collect()}
    return common.on_main(work)


def clear_undo(uid):
    def work():
        common.document(uid).getUndoManager().clear()
        return {"ok": True}
    return common.on_main(work)


def text_of(uid):
    """The whole body text (to check that an undo restored it)."""
    def work():
        return {"text": common.document(uid).getText().getString()}
    return common.on_main(work)


def paragraphs_text(uid, first, last):
    """Paragraphs ``first``..``last`` as the tools read them (what a model would quote to delete them)."""
    def work():
        from marginalia.ui.writer.blocks import body_blocks
        from marginalia.ui.writer.spans import TextSpan
        blocks = body_blocks(common.document(uid))[first - 1:last]
        return {"text": "\n".join(TextSpan.of_range(b.obj).text for b in blocks if b.kind == "paragraph")}
    return common.on_main(work)


def decorate(uid, every):
    """Add what HTML import cannot make: footnotes, comments and tracked changes, every ``every`` paragraphs."""
    def work():
        document = common.document(uid)
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
    return common.on_main(work)


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


def _replace_all_then_insert(document, old, new, url):
    """Replace All, then a file inserted at the end, in one undo step (what the same turn does)."""
    manager = document.getUndoManager()
    manager.enterUndoContext("replace and insert")
    try:
        count = _replace_all(document, old, new)
        text = document.getText()
        text.insertControlCharacter(text.getEnd(), 0, False)  # a paragraph of its own for the file
        text.createTextCursorByRange(text.getEnd()).insertDocumentFromURL(url, ())
    finally:
        manager.leaveUndoContext()
    return count


def _double_space_all(document):
    """Select everything, then Format ▸ Paragraph ▸ double spacing: one call on a cursor over the body."""
    spacing = uno.createUnoStruct("com.sun.star.style.LineSpacing")
    spacing.Mode, spacing.Height = 0, 200
    cursor = document.getText().createTextCursor()
    cursor.gotoStart(False)
    cursor.gotoEnd(True)
    cursor.setPropertyValue("ParaLineSpacing", spacing)
    return "double"


def _font_all(document, font):
    """Select everything, then a font in the sidebar's font box: one call on a cursor over the body."""
    cursor = document.getText().createTextCursor()
    cursor.gotoStart(False)
    cursor.gotoEnd(True)
    cursor.setPropertyValue("CharFontName", font)
    return font


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


def _insert_contents(document, paragraph):
    """Insert ▸ Table of Contents before paragraph ``paragraph``: an index from the outline, then its update
    (one undo step, as the dialog makes)."""
    manager = document.getUndoManager()
    manager.enterUndoContext("insert contents")
    try:
        contents = document.createInstance("com.sun.star.text.ContentIndex")
        contents.CreateFromOutline = True
        contents.Level = 3
        document.getText().insertTextContent(_cursor_at_paragraph(document, paragraph), contents, False)
        contents.update()
    finally:
        manager.leaveUndoContext()
    return paragraph


def _landscape(document):
    """The sidebar's Orientation ▸ Landscape: the page size turned, then the orientation flag (one undo step)."""
    style = document.getStyleFamilies().getByName("PageStyles").getByName(
        document.getText().createEnumeration().nextElement().PageStyleName)
    width, height = style.Width, style.Height
    ctx = uno.getComponentContext()
    dispatcher = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", ctx)
    frame = document.getCurrentController().getFrame()
    manager = document.getUndoManager()
    manager.enterUndoContext("landscape")
    try:
        for command, values in ((".uno:AttributePageSize", (("AttributePageSize.Width", height),
                                                            ("AttributePageSize.Height", width))),
                                (".uno:AttributePage", (("AttributePage.Landscape", True),))):
            arguments = []
            for name, value in values:
                argument = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
                argument.Name, argument.Value = name, value
                arguments.append(argument)
            dispatcher.executeDispatch(frame, command, "", 0, tuple(arguments))
    finally:
        manager.leaveUndoContext()
    return "landscape %s, %d x %d, undo steps %s" % (style.IsLandscape, style.Width, style.Height,
                                                  manager.getAllUndoActionTitles())


def _bookmark_reference(document, text, at):
    """Find ``text``, Insert ▸ Bookmark on it, then Insert ▸ Cross-reference to its page at the end of paragraph
    ``at`` (the dialog updates the fields), in one undo step."""
    manager = document.getUndoManager()
    manager.enterUndoContext("bookmark and reference")
    try:
        search = document.createSearchDescriptor()
        search.SearchString = text
        cursor = document.findFirst(search)
        text = document.getText()
        mark = document.createInstance("com.sun.star.text.Bookmark")
        mark.setName("Middle")
        text.insertTextContent(cursor, mark, True)
        reference = document.createInstance("com.sun.star.text.textfield.GetReference")
        reference.ReferenceFieldSource = uno.getConstantByName("com.sun.star.text.ReferenceFieldSource.BOOKMARK")
        reference.SourceName = "Middle"
        reference.ReferenceFieldPart = uno.getConstantByName("com.sun.star.text.ReferenceFieldPart.PAGE")
        place = _cursor_at_paragraph(document, at)
        place.gotoEndOfParagraph(False)
        text.insertTextContent(place, reference, False)
        document.getTextFields().refresh()
    finally:
        manager.leaveUndoContext()
    return reference.getPresentation(False)


NATIVE = {"replace_all": _replace_all, "replace_first": _replace_first, "find_all": _find_all,
          "format_all": _format_all, "read_all": _read_all, "insert_file": _insert_file,
          "delete_paragraphs": _delete_paragraphs, "accept_all": _accept_all, "list_comments": _list_comments,
          "replace_all_then_insert": _replace_all_then_insert, "double_space_all": _double_space_all,
          "font_all": _font_all,
          "insert_contents": _insert_contents, "landscape": _landscape, "bookmark_reference": _bookmark_reference}

g_exportedScripts = (run_tool, run_calls, revert, collect, native, native_undo, clear_undo, text_of, paragraphs_text, decorate)
