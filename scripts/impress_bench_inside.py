"""The in-office half of bench_impress.py: builds a long deck, runs Impress tools and the same work
through the UNO API directly, on the office's main thread (see inside.py and inside_common.py)."""
import re

import inside_common as common

BULLETS = ("First point of slide %d, with a few words", "A second point", "A third point to close")


def build(uid, slides):
    """Fill the presentation ``uid`` with ``slides`` title-and-content slides (3 bullets, notes); undo cleared."""
    def work():
        doc = common.document(uid)
        pages = doc.getDrawPages()
        while pages.getCount() < slides:
            pages.insertNewByIndex(pages.getCount() - 1)
        for index in range(slides):
            _fill(pages.getByIndex(index), index + 1)
        doc.getUndoManager().clear()
        return {"slides": pages.getCount()}
    return common.on_main(work)


def read_whole(uid, profile=False):
    """get_presentation called part after part until every slide was read, as a model reads a long deck.

    With ``profile``, the answer also holds the 30 costliest functions (cProfile, cumulative).
    """
    def work():
        parts, chars, start = 0, 0, 1
        total = common.document(uid).getDrawPages().getCount()
        common.run_turn_calls(uid, [("get_presentation", {"to_slide": 1})], "warm")  # the tools are loaded once

        def read_all():
            nonlocal parts, chars, start
            seconds = 0.0
            while start <= total:
                took, outcomes, _ = common.run_turn_calls(uid, [("get_presentation", {"from_slide": start})], "read")
                text = outcomes[0].content
                parts, chars, seconds = parts + 1, chars + len(text), seconds + took
                more = re.search(r"continue with from_slide=(\d+)", text)
                start = int(more.group(1)) if more else total + 1
            return seconds
        if profile:
            return {"profile": _profiled(read_all)}
        seconds = read_all()  # the calls' own times (each after a garbage collection, as a turn's call)
        return {"seconds": seconds, "parts": parts, "chars": chars}
    return common.on_main(work)


def add_tool(uid, count, profile=False):
    """add_slides with ``count`` slides at the end, as one turn; then the turn undone (not timed)."""
    def work():
        if profile:
            text = _profiled(lambda: _add(uid, count))
            common.document(uid).getUndoManager().undo()
            return {"profile": text}
        return _add_once()

    def _add_once():
        seconds, outcomes, undo = _add(uid, count)
        doc = common.document(uid)
        added = doc.getDrawPages().getCount()
        doc.getUndoManager().undo()
        return {"seconds": seconds, "ok": outcomes[0].ok, "content": outcomes[0].content[:200], "after": added,
                "restored": doc.getDrawPages().getCount()}
    return common.on_main(work)


def _add(uid, count):
    outline = "\n\n".join("# Added %d\n- %s\n  - %s\n- %s\nNotes: Say slide %d." % (
        k, BULLETS[0] % k, BULLETS[1], BULLETS[2], k) for k in range(1, count + 1))
    return common.run_turn_calls(uid, [("add_slides", {"outline": outline})], "add")


def _profiled(action):
    import cProfile
    import io
    import pstats
    profiler = cProfile.Profile()
    profiler.runcall(action)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(30)
    return out.getvalue()


def add_native(uid, count):
    """The same slides through the UNO API directly (insertNewByIndex, texts, levels, notes); then removed."""
    def work():
        doc = common.document(uid)
        pages = doc.getDrawPages()
        before = pages.getCount()

        def add():
            for k in range(1, count + 1):
                page = pages.insertNewByIndex(pages.getCount() - 1)
                page.Layout = 1
                _fill(page, k)
        seconds, _ = common.timed(add)
        added = pages.getCount()
        while pages.getCount() > before:
            pages.remove(pages.getByIndex(pages.getCount() - 1))
        return {"seconds": seconds, "after": added, "restored": pages.getCount()}
    return common.on_main(work)


def _fill(page, number):
    page.Layout = 1
    title, body = page.getByIndex(0), page.getByIndex(1)
    title.setString("Slide %d" % number)
    body.setString("\n".join((BULLETS[0] % number, BULLETS[1], BULLETS[2])))
    paragraphs = body.createEnumeration()
    paragraphs.nextElement()
    paragraphs.nextElement().NumberingLevel = 1
    notes = page.getNotesPage()
    for index in range(notes.getCount()):
        if notes.getByIndex(index).getShapeType().endswith("NotesShape"):
            notes.getByIndex(index).setString("Say slide %d." % number)


g_exportedScripts = (build, read_whole, add_tool, add_native)
