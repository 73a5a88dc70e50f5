#!/usr/bin/env python3
"""`make test-crash`: random assistant turns and every way of taking them back, looking for crashes.

Each cycle, in a real headless LibreOffice with the freshly built extension:
  1. the user's cursor or selection is put somewhere at random (body start, middle, end, a table
     cell, a selection; a cell or range in Calc);
  2. one assistant turn runs 1-3 random calls of the Writer, Calc, Impress or Draw tools with valid
     arguments made from what the document holds (inserts at the start, middle and end, Markdown with
     headings, lists and tables, HTML with paragraph looks, sub/superscripts, page breaks and
     pictures, the images tool's inserts, changes and deletes, replace all, formats, deletes,
     comments, tables, tracked changes, page set-up, headers and footers, fields, notes, contents,
     bookmarks; in Calc writes, formats, sorts, filters, rows and columns, sheets, charts, comments, CSV; in Impress
     and Draw shape texts, notes, moves, deletions, objects, slide commands, diagrams, new slides), as
     the panel runs them (one undo step, Ctrl+Z covered);
  3. it is taken back at random: the panel's Revert, Ctrl+Z, Ctrl+Z then Ctrl+Y then Ctrl+Z,
     the user's typing then the toolbar's undo of both steps, a macro's undo (or undo, redo and
     undo again) through the API, kept (the next turn builds on it), or the document saved, closed
     and opened again.
After every step the office must answer (a crash ends the cycle, is counted, and the office
restarts), a turn that left no undo step must have changed nothing, and every undo must restore
the text, every paragraph's style, every table's cells, the set of table names, the pictures'
sizes, alignments, wraps and alt texts, the numbers of frames, drawing shapes and embedded objects
(Calc: every sheet's formulas, its number of charts, its comments and its data bars; Impress and Draw:
every page's name, layout, notes, visibility and transition and each shape's kind, name, text, position and size)
exactly. (Not compared: which table bears which name and the charts' names, which LibreOffice's
own undo changes too, and the numbers LibreOffice appends to the names of shapes on a page undo
or redo puts back.) In Impress and Draw the user's own step before an undo of both is a Duplicate
Slide (no text cursor to type at). A difference seen only after a redo is reported apart and does
not fail the hunt (see REDO_NOTE).

Documents: the corpus of documents written by others (tests/fixtures/documents/), generated
reports up to 150 pages (scripts/bench_writer.py's), a generated 12-slide deck and a drawing.
Prints a line per problem and a summary; the exit status is 1 when any crash or mismatch was seen.

Usage: python3 scripts/crash_hunt.py [--cycles 500] [--seed 1] [--max-pages 150] [--only .odp,.pptx,.odg]
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import devpath  # noqa: E402

devpath.install()

import build_oxt  # noqa: E402
from crash_hunt_turns import calc_turn, slides_turn, writer_turn  # noqa: E402
from inside import Inside  # noqa: E402
from officectl import Office, office_available  # noqa: E402

DOCUMENTS = os.path.join(ROOT, "tests", "fixtures", "documents")
WRITER_FILES = (".odt", ".docx", ".ott")
CALC_FILES = (".ods", ".xlsx")
SLIDES_FILES = (".odp", ".pptx", ".odg")
SCRIPT = "turns_inside.py"
TAKE_BACK = ("revert", "ctrl_z", "ctrl_z_y_z", "type_then_undo_both", "api_undo", "api_undo_redo_undo", "keep",
             "reopen")
CYCLES_PER_DOCUMENT = 6
REDO_NOTE = ("LibreOffice's own redo (a macro's redo through the API does the same) brings some steps back "
             "otherwise: a Replace All in a document with comments leaves their anchors doubled after undo, redo and "
             "undo again")
"""Why differences after a redo are reported apart: what undo must restore is checked before any redo."""
IGNORED = ("chart_names",)
"""Parts of a document's state not compared: LibreOffice's own undo and redo rename charts."""


@dataclass
class Tally:
    """What the hunt saw."""

    cycles: int = 0
    crashes: List[str] = field(default_factory=list)
    mismatches: List[str] = field(default_factory=list)
    after_redo: List[str] = field(default_factory=list)
    """Differences seen only once a step was redone (see REDO_NOTE): reported, not failing the hunt."""
    actions: Dict[str, int] = field(default_factory=collections.Counter)
    tools: Dict[str, int] = field(default_factory=collections.Counter)
    refused: int = 0
    documents: Dict[str, int] = field(default_factory=collections.Counter)

    def problem(self, kind: str, text: str) -> None:
        {"crash": self.crashes, "mismatch": self.mismatches, "after redo": self.after_redo}[kind].append(text)
        print("%s: %s" % (kind.upper(), text), flush=True)


class OfficeDied(Exception):
    """The office stopped answering during a step."""


class Hunt:
    """One office, one document at a time, cycles of turn and take-back (see the module docstring).

    Each cycle is chosen (cursor seed, calls, way of taking back) from the document as it is, then
    played; a document's cycles since it was opened form its history, which ``--keep`` saves with
    a copy of the file as opened when a problem shows, and ``--replay`` plays again.
    """

    def __init__(self, office: Office, rng: random.Random, pool: List[str], workdir: str, keep: bool = False):
        self.office, self.rng, self.pool, self.workdir, self.keep = office, rng, pool, workdir, keep
        self.context = ""
        self.number = 0
        self.inside = Inside(office, SCRIPT)
        self.doc = None
        self.name = ""
        self.left = 0
        self.opened = ""
        self.history = []
        self.tally = Tally()

    # documents --------------------------------------------------------------------------------
    def next_document(self) -> None:
        self.close()
        path = self.rng.choice(self.pool)
        self.open(path, os.path.basename(path))
        self.left = CYCLES_PER_DOCUMENT
        self.tally.documents[self.name] += 1

    def open(self, path: str, name: str) -> None:
        """Open ``path`` (named ``name`` in reports); its history starts from a copy of it."""
        self.opened = os.path.join(self.workdir, "opened-%d%s" % (self.number, os.path.splitext(path)[1]))
        shutil.copy(path, self.opened)
        working = os.path.join(self.workdir, "working%s" % os.path.splitext(path)[1])
        shutil.copy(path, working)  # a dead office leaves a lock file beside what it had open
        self.doc = self._guard(lambda: self.office.open_document(working))
        self.name, self.history = name, []

    def close(self) -> None:
        if self.doc is not None and self.office.alive():
            self.office.close_document(self.doc)
        self.doc = None

    # one cycle --------------------------------------------------------------------------------
    def cycle(self, number: int) -> None:
        """Choose and play one cycle (a new document first when the current one has had its share)."""
        if self.doc is None or self.left <= 0:
            self.next_document()
        self.left -= 1
        self._run(number, self._choose)

    def replay(self, path: str) -> None:
        """Play again the cycles a problem file (``--keep``) holds, on the document as it was opened."""
        with open(path, encoding="utf-8") as handle:
            kept = json.load(handle)
        self.open(kept["document"], os.path.basename(kept["document"]))
        for number, plan in enumerate(kept["cycles"], start=1):
            if self.doc is None:
                break
            self._run(number, lambda uid, plan=plan: plan)

    def _run(self, number: int, choose) -> None:
        self.number = number
        self.context = label = "cycle %d, %s" % (number, self.name)
        try:
            self._play(label, choose)
        except OfficeDied as died:
            self._problem("crash", "%s: %s" % (self.context, died))
            self.office.restart()
            self.inside = Inside(self.office, SCRIPT)
            self.doc = None
        self.tally.cycles += 1

    def _choose(self, uid) -> dict:
        """A cycle for the document as it is: where the cursor goes, the turn's calls, how it is taken back."""
        outline = self._call("outline", uid)
        calls = {"calc": calc_turn, "impress": slides_turn, "draw": slides_turn}.get(outline["app"], writer_turn)(
            self.rng, outline)
        return {"cursor_seed": self.rng.randrange(1 << 30), "calls": calls, "take_back": self.rng.choice(TAKE_BACK)}

    def _play(self, label: str, choose) -> None:
        uid = self.doc.RuntimeUID
        before = self._state(uid)
        plan = choose(uid)
        self.history.append(plan)
        where = self._call("place_cursor", uid, plan["cursor_seed"])["where"]
        for name, _ in plan["calls"]:
            self.tally.tools[name] += 1
        calls = _short(plan["calls"])
        self.context = context = "%s, cursor %s, during the turn, calls %s" % (label, where, calls)
        done = self._call("turn", uid, json.dumps(plan["calls"]), "crash hunt")
        self.tally.refused += sum(1 for ok, _ in done["outcomes"] if not ok)
        after = self._state(uid)
        if not done["step"]:
            self._expect(uid, before, context + ", nothing recorded")
            return
        action = plan["take_back"]
        self.tally.actions[action] += 1
        self.context = context = "%s, cursor %s, %s, calls %s" % (label, where, action, calls)
        getattr(self, "_" + action)(uid, before, after, context)

    # ways of taking a turn back ---------------------------------------------------------------
    def _revert(self, uid, before, after, context):
        if not self._call("revert", uid)["ok"]:
            self._problem("mismatch", context + ": Revert did not undo the turn")
        self._expect(uid, before, context)

    def _ctrl_z(self, uid, before, after, context):
        self._dispatch(".uno:Undo")
        self._expect(uid, before, context)

    def _api_undo(self, uid, before, after, context):
        self._guard(lambda: self.doc.getUndoManager().undo())  # a macro's undo: LibreOffice's own
        self._expect(uid, before, context)

    def _api_undo_redo_undo(self, uid, before, after, context):
        manager = self.doc.getUndoManager()  # a macro's undo and redo: LibreOffice's own
        self._undo_redo_undo(uid, before, after, context, lambda: self._guard(manager.undo),
                             lambda: self._guard(manager.redo))

    def _ctrl_z_y_z(self, uid, before, after, context):
        self._undo_redo_undo(uid, before, after, context, lambda: self._dispatch(".uno:Undo"),
                             lambda: self._dispatch(".uno:Redo"))

    def _undo_redo_undo(self, uid, before, after, context, undo, redo):
        undo()
        if not self._expect(uid, before, context + " (undo)"):
            return
        redo()
        if self._expect(uid, after, context + " (redo)", kind="after redo"):
            undo()
            self._expect(uid, before, context + " (undo again)", kind="after redo")

    def _type_then_undo_both(self, uid, before, after, context):
        if self.doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
            self._dispatch(".uno:EnterString", StringName="typed by the user")
        elif self.doc.supportsService("com.sun.star.drawing.GenericDrawingDocument"):
            self._dispatch(".uno:DuplicatePage")
        else:
            self._dispatch(".uno:InsertText", Text="typed")  # one word: one undo step (a space starts another)
        self._dispatch(".uno:Undo", Undo=2)  # the toolbar's list: the user's step and the turn's
        self._expect(uid, before, context)

    def _keep(self, uid, before, after, context):
        pass

    def _reopen(self, uid, before, after, context):
        path = os.path.join(self.workdir, "reopened" + self._extension())
        self._store(path)
        self.close()
        name = self.name if self.name.endswith("(reopened)") else "%s (reopened)" % self.name
        self.open(path, name)

    def _problem(self, kind: str, text: str) -> None:
        """Count and print a problem; with ``keep``, save the document's history to replay it."""
        self.tally.problem(kind, text)
        if self.keep:
            path = os.path.join(self.workdir, "problem-%d.json" % self.number)
            with open(path, "w", encoding="utf-8") as handle:
                json.dump({"problem": text, "document": self.opened, "cycles": self.history}, handle, indent=1)
            print("  to replay: python3 scripts/crash_hunt.py --replay %s" % path, flush=True)

    def _extension(self) -> str:
        if self.doc.supportsService("com.sun.star.presentation.PresentationDocument"):
            return ".odp"
        if self.doc.supportsService("com.sun.star.drawing.DrawingDocument"):
            return ".odg"
        return ".ods" if self.doc.supportsService("com.sun.star.sheet.SpreadsheetDocument") else ".odt"

    def _store(self, path: str) -> None:
        import uno
        self._guard(lambda: self.doc.storeToURL(uno.systemPathToFileUrl(path), ()))

    # checks -----------------------------------------------------------------------------------
    def _expect(self, uid, wanted, context, kind: str = "mismatch") -> bool:
        """True when the document's state is ``wanted``; else the problem is counted as ``kind``."""
        got = self._state(uid)
        compared = [name for name in wanted["digests"] if name not in IGNORED]
        if all(got["digests"].get(name) == wanted["digests"][name] for name in compared):
            return True
        self._problem(kind, "%s: %s" % (context, difference(wanted["parts"], got["parts"])))
        self.left = 0  # the next cycle starts from a freshly opened document
        return False

    def _state(self, uid):
        return self._call("state", uid, True)

    def _call(self, function, *args):
        return self._guard(lambda: self.inside.call(function, *args))

    def _dispatch(self, command: str, **arguments) -> None:
        self._guard(lambda: self.office.dispatch(self.doc, command, **arguments))

    def _guard(self, action):
        try:
            value = action()
        except Exception as error:
            if not self.office.alive():
                raise OfficeDied(type(error).__name__) from None
            raise
        if not self.office.alive():
            raise OfficeDied("the office stopped answering")
        return value


def difference(wanted: dict, got: dict) -> str:
    """Where two states (see turns_inside.state) first differ, in a few words."""
    for name in wanted:
        if wanted[name] != got.get(name):
            return "%s differ: %s" % (name, _first_difference(wanted[name], got.get(name)))
    return "no difference"


def _first_difference(wanted, got, path="") -> str:
    if isinstance(wanted, list) and isinstance(got, list):
        for index, (a, b) in enumerate(zip(wanted, got)):
            if a != b:
                return _first_difference(a, b, "%s[%d]" % (path, index))
        return "%s: %d items, now %d" % (path, len(wanted), len(got))
    if isinstance(wanted, str) and isinstance(got, str):
        at = next((i for i, (a, b) in enumerate(zip(wanted, got)) if a != b), min(len(wanted), len(got)))
        return "%s at %d: %r, now %r" % (path, at, wanted[max(0, at - 30):at + 50], got[max(0, at - 30):at + 50])
    return "%s: %r, now %r" % (path, str(wanted)[:120], str(got)[:120])


def _short(calls) -> str:
    return json.dumps(calls)[:300]


def document_pool(max_pages: int, workdir: str, office: Office) -> List[str]:
    """Copies of the corpus's Writer and Calc files, and generated reports up to ``max_pages`` saved as .odt."""
    from bench_writer import document_html
    pool = []
    for name in sorted(os.listdir(DOCUMENTS)):  # copies: an office that dies leaves lock files beside them
        if name.endswith(WRITER_FILES + CALC_FILES + SLIDES_FILES):
            shutil.copy(os.path.join(DOCUMENTS, name), workdir)
            pool.append(os.path.join(workdir, name))
    for pages in sorted({2, 10, min(30, max_pages), max_pages}):
        html = os.path.join(workdir, "report-%d.html" % pages)
        with open(html, "w", encoding="utf-8") as handle:
            handle.write(document_html(pages))
        doc = office.open_document(html, filter_name="HTML (StarWriter)")
        path = os.path.join(workdir, "report-%d.odt" % pages)
        import uno
        doc.storeToURL(uno.systemPathToFileUrl(path), ())
        office.close_document(doc)
        pool.append(path)
    return pool + slides_pool(workdir, office)


def slides_pool(workdir: str, office: Office) -> List[str]:
    """A 12-slide deck (title and bullets, speaker notes) and a drawing with a few shapes, saved."""
    import uno
    deck = office.new_document("simpress")
    pages = deck.getDrawPages()
    for number in range(1, 12):
        pages.insertNewByIndex(number - 1)
    for number in range(pages.getCount()):
        page = pages.getByIndex(number)
        page.Layout = 0 if number == 0 else 1
        texts = ["Slide %d title" % (number + 1), "First point of slide %d\nSecond point\nThird point" % (number + 1)]
        for index in range(min(page.getCount(), 2)):
            page.getByIndex(index).setString(texts[index])
        notes = page.getNotesPage()
        for index in range(notes.getCount()):
            if notes.getByIndex(index).getShapeType().endswith("NotesShape"):
                notes.getByIndex(index).setString("Say something about slide %d." % (number + 1))
    deck_path = os.path.join(workdir, "deck-12.odp")
    deck.storeToURL(uno.systemPathToFileUrl(deck_path), ())
    office.close_document(deck)
    drawing = office.new_document("sdraw")
    page = drawing.getDrawPages().getByIndex(0)
    for index, (x, y) in enumerate(((2000, 2000), (9000, 2000), (2000, 9000))):
        shape = drawing.createInstance("com.sun.star.drawing.RectangleShape")
        page.add(shape)
        shape.setPosition(uno.createUnoStruct("com.sun.star.awt.Point", x, y))
        shape.setSize(uno.createUnoStruct("com.sun.star.awt.Size", 5000, 3000))
        shape.setString("Box number %d" % (index + 1))
        shape.setName("Box %d" % (index + 1) if index else "")
    drawing_path = os.path.join(workdir, "drawing.odg")
    drawing.storeToURL(uno.systemPathToFileUrl(drawing_path), ())
    office.close_document(drawing)
    return [deck_path, drawing_path]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cycles", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-pages", type=int, default=150)
    parser.add_argument("--keep", action="store_true",
                        help="for each problem, save the document as it was opened and every cycle since, to replay")
    parser.add_argument("--replay", help="play again the cycles of a problem file saved by --keep")
    parser.add_argument("--only", help="only documents with these endings, e.g. .odp,.pptx,.odg")
    args = parser.parse_args(argv)
    if not office_available():
        print("LibreOffice is not installed (make deps installs it)")
        return 1
    workdir = tempfile.mkdtemp(prefix="marginalia-crash-hunt-")
    oxt = build_oxt.build(os.path.join(workdir, "marginalia.oxt"))
    office = Office([oxt], workdir=os.path.join(workdir, "office")).start()
    started = time.monotonic()
    try:
        if args.replay:
            hunt = Hunt(office, random.Random(args.seed), [], workdir, keep=True)
            hunt.replay(args.replay)
            args.cycles = 0
        else:
            pool = document_pool(args.max_pages, workdir, office)
            if args.only:
                pool = [path for path in pool if path.endswith(tuple(args.only.split(",")))]
            hunt = Hunt(office, random.Random(args.seed), pool, workdir, args.keep)
        for number in range(1, args.cycles + 1):
            hunt.cycle(number)
            if number % 25 == 0:
                print("crash hunt: %d cycles, %d crashes, %d mismatches, %.0f s"
                      % (number, len(hunt.tally.crashes), len(hunt.tally.mismatches),
                         time.monotonic() - started), flush=True)
        hunt.close()
    finally:
        office.stop()
    _summary(hunt.tally, time.monotonic() - started, args)

    return 1 if hunt.tally.crashes or hunt.tally.mismatches else 0


def _summary(tally: Tally, seconds: float, args) -> None:
    print("tools called: %s" % ", ".join("%s %d" % item for item in sorted(tally.tools.items())))
    print("taken back by: %s" % ", ".join("%s %d" % item for item in sorted(tally.actions.items())))
    print("documents opened: %d kinds, %d times; refused calls: %d"
          % (len(tally.documents), sum(tally.documents.values()), tally.refused))
    if tally.after_redo:
        print("%d differences after a redo (not failing: %s)" % (len(tally.after_redo), REDO_NOTE))
    print("crash hunt (seed %d): %d cycles, %d crashes, %d mismatches in %.0f s"
          % (args.seed, tally.cycles, len(tally.crashes), len(tally.mismatches), seconds))


if __name__ == "__main__":
    sys.exit(main())
