#!/usr/bin/env python3
"""Benchmark the Writer tools against LibreOffice's own operations, at 30, 150 and 500 pages.

Starts a headless LibreOffice with the freshly built extension, builds each document (headings,
body text with bold, highlighted and coloured words, bullet lists, tables, footnotes, comments
and tracked changes; a misspelt name in nearly every paragraph) and, for each Writer tool that
reads or changes text, runs the tool the way the panel runs it — inside the office process, on
its main thread, in the turn's undo step — and then the nearest native operation, on the same
document in the same run. Changing tools are taken back with the panel's Revert, native ones
with LibreOffice's own undo; both are timed, and the text is checked to be exactly as before.

A second UNO client (scripts/uno_latency_probe.py, in its own process) asks the office how many
frames its desktop has every 10 ms throughout (a call that waits for the office's main lock, as a
document's title does, but holds no document); the table shows its worst wait during each step.

Prints one table per size: tool time, native time, ratio; Revert, native undo, ratio; the
worst wait of the second client. Goals (issue 16): at 150 pages every changing tool at most
3x its native operation and Revert at most 2x the native undo and under 0.5 s; time from 30 to
500 pages growing at most 11x; no second-client wait over 200 ms outside one native call.

Usage::

    python3 scripts/bench_writer.py [--sizes 30,150,500] [--only replace_all,revert...]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import devpath  # noqa: E402

devpath.install()

import officectl  # noqa: E402
from inside import Inside  # noqa: E402,F401  (the tests take it from here too)
from officectl import Office, office_available  # noqa: E402

PARAGRAPHS_PER_PAGE = 20
REPEAT_BELOW = 1.0  # seconds: quicker changing steps run REPEATS times, their medians shown
REPEATS = 3
READ_REPEATS = 7  # reads of a few milliseconds: their medians steady the growth from 30 to 500 pages
EARLIER_TURNS = 20
"""Turns of the assistant in the document before the last changing step (one note at the end each):
a turn must cost the same however many came before it in the same document."""
WORDS = ("report quarterly results revenue growth market analysis customer service product team budget "
         "forecast review project schedule milestone delivery quality risk strategy plan policy office "
         "the of and to in for with on by from that this").split()


# --- the documents ------------------------------------------------------------------------------

def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words))


def _body_paragraph(rng: random.Random, number: int) -> str:
    look = number % 4
    name = "Micheal Smith"
    if look == 0:
        name = "<b>Micheal Smith</b>"
    elif look == 1:
        name = '<span style="background: #ffff00">Micheal Smith</span>'
    elif look == 2:
        name = '<font color="#c9211e">Micheal</font> Smith'
    return "<p>%s %s %s <i>%s</i>.</p>" % (_sentence(rng, 8), name, _sentence(rng, 8), _sentence(rng, 3))


def document_html(pages: int, seed: int = 7) -> str:
    """A report of about ``pages`` pages as HTML (LibreOffice's HTML import builds it quickly)."""
    rng = random.Random(seed)
    parts = ["<html><head><meta charset='utf-8'></head><body>"]
    for page in range(pages):
        heading = "h1" if page % 10 == 0 else "h2"
        parts.append("<%s>%s %d</%s>" % (heading, "Chapter" if heading == "h1" else "Section", page + 1, heading))
        for number in range(PARAGRAPHS_PER_PAGE - 4):
            parts.append(_body_paragraph(rng, number))
        parts.append("<ul>%s</ul>" % "".join("<li>%s Micheal %s</li>" % (_sentence(rng, 3), _sentence(rng, 2))
                                             for _ in range(3)))
        if page % 5 == 4:
            rows = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % _sentence(rng, 2) for _ in range(3))
                           for _ in range(4))
            parts.append("<table border='1'>%s</table>" % rows)
    parts.append("</body></html>")
    return "\n".join(parts)


def appendix(sections: int = 40):
    """The same long section as Markdown (for the tool) and HTML (for LibreOffice's own import)."""
    markdown, html = [], []
    for number in range(1, sections + 1):
        markdown.append("## Appendix %d\n\nThis part explains **item %d** in *detail*, with a [link](https://"
                        "example.org/%d).\n\n- first point\n- second point\n" % (number, number, number))
        html.append("<h2>Appendix %d</h2><p>This part explains <b>item %d</b> in <i>detail</i>, with a <a href="
                    "'https://example.org/%d'>link</a>.</p><ul><li>first point</li><li>second point</li></ul>"
                    % (number, number, number))
    markdown.append("| Name | Value |\n|---|---|\n| a | 1 |\n| b | 2 |\n")
    html.append("<table border='1'><tr><th>Name</th><th>Value</th></tr><tr><td>a</td><td>1</td></tr>"
                "<tr><td>b</td><td>2</td></tr></table>")
    return "\n".join(markdown), "<html><body>%s</body></html>" % "".join(html)


# --- talking to the in-office half --------------------------------------------------------------

class Probe:
    """The second UNO client: the office's answer time to a trivial call (how many frames the desktop has:
    see uno_latency_probe.py for why not a document's title), every 10 ms."""

    def __init__(self, port: int):
        self._process = subprocess.Popen([sys.executable, os.path.join(HERE, "uno_latency_probe.py"), str(port),
                                          "frames"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                         env=officectl.clean_env({"PYTHONPATH": ""}))
        assert self._process.stdout.readline().strip() == "ready"

    def finish(self):
        output, _ = self._process.communicate("", timeout=60)
        return [tuple(pair) for pair in json.loads(output.strip().splitlines()[-1])]


@dataclass
class Row:
    step: str
    tool: float
    native: Optional[float]
    revert: Optional[float] = None
    native_undo: Optional[float] = None
    windows: tuple = ()
    note: str = ""

    def worst_wait(self, samples) -> float:
        """The longest time the probe's calls were kept waiting inside this step's windows.

        A call that began while a document was being opened, between steps, counts only
        with the part of its wait that fell inside the step.
        """
        worst = 0.0
        for begun, latency in samples:
            for window in self.windows:
                worst = max(worst, _overlap(begun, begun + latency, window))
        return worst


def _overlap(start: float, end: float, window) -> float:
    return min(end, window[1]) - max(start, window[0])


def _median_row(runs: List[Row]) -> Row:
    """One row of the medians of ``runs`` (the same step run several times), with all their windows."""
    def middle(values):
        return statistics.median(values) if None not in values else values[0]
    return Row(runs[0].step, middle([r.tool for r in runs]), middle([r.native for r in runs]),
               middle([r.revert for r in runs]), middle([r.native_undo for r in runs]),
               tuple(window for r in runs for window in r.windows),
               " ".join(sorted({r.note for r in runs if r.note})))


class Bench:
    """One document of one size: every step, timed against its native counterpart."""

    def __init__(self, office: Office, inside: Inside, pages: int, workdir: str):
        self.office, self.inside, self.pages = office, inside, pages
        self.path = os.path.join(workdir, "report-%d.html" % pages)
        with open(self.path, "w", encoding="utf-8") as out:
            out.write(document_html(pages))
        self.doc = None
        self.load()
        markdown, html = appendix()
        self.appendix_markdown = markdown
        self.appendix_url = "file://" + os.path.join(workdir, "appendix.html")
        with open(self.appendix_url[7:], "w", encoding="utf-8") as out:
            out.write(html)
        self.rows: List[Row] = []

    def load(self):
        """Open the document afresh (LibreOffice's own undo of a format leaves every place it
        touched selected, and each later call then costs ~250 ms, so each changing step starts anew)."""
        if self.doc is not None:
            self.office.close_document(self.doc)
        self.doc = self.office.open_document(self.path, filter_name="HTML (StarWriter)")
        self.uid = self.doc.RuntimeUID
        facts = self.inside.call("decorate", self.uid, 60)
        self.paragraphs, self.page_count = facts["paragraphs"], facts["pages"]
        # The whole text, read once before any step (as the model reads a document before editing
        # it): the first calls on a freshly opened document cost a few milliseconds more, and both
        # the native operation and the tool start after this same read.
        self.text = self.inside.call("text_of", self.uid)["text"]

    def _timed_window(self, function, *args):
        """The call's result and the window it ran in inside the office (the call as the client saw
        it also waited for LibreOffice's own background work, such as laying out a freshly opened document)."""
        started = time.monotonic()
        result = self.inside.call(function, *args)
        window = result.get("window") if isinstance(result, dict) else None
        return result, tuple(window) if window else (started, time.monotonic())

    def tool(self, name: str, **arguments):
        """Run tool ``name`` as one turn; with name ``turn``, ``arguments["calls"]`` (several tools) as one turn."""
        if name == "turn":
            result, window = self._timed_window("run_calls", self.uid, json.dumps(arguments["calls"]), "bench turn")
        else:
            result, window = self._timed_window("run_tool", self.uid, name, json.dumps(arguments), "bench " + name)
        if not result["ok"]:
            raise RuntimeError("%s refused: %s" % (name, result["content"]))
        return result, window

    def native(self, operation: str, **arguments):
        return self._timed_window("native", self.uid, operation, json.dumps(arguments))

    def reading(self, step: str, name: str, arguments: Dict, operation: str, native_args: Dict):
        """The tool and the native operation, READ_REPEATS times each on the same document; the medians shown
        (a read of a few milliseconds varies by a sixth from one run to the next)."""
        runs = []
        for _ in range(READ_REPEATS):
            result, tool_window = self.tool(name, **arguments)
            native, native_window = self.native(operation, **native_args)
            runs.append(Row(step, result["seconds"], native["seconds"], windows=(tool_window, native_window)))
        self.rows.append(_median_row(runs))

    def changing(self, step: str, name: str, arguments: Dict, operation: str, native_args: Dict, earlier: int = 0):
        """The native operation and its undo, then the tool and Revert, each on a freshly opened document
        (after ``earlier`` turns of the assistant in it, each adding a note at the end, for both).

        Steps of a few milliseconds vary by as much as they take from one run to the next, so
        when the tool took under REPEAT_BELOW seconds the pair runs REPEATS times in all and
        each figure is the median (the second client's wait counts every run).
        """
        once = lambda: self._changing_once(step, name, arguments, operation, native_args, earlier)  # noqa: E731
        runs = [once()]
        if runs[0].tool < REPEAT_BELOW:
            runs += [once() for _ in range(REPEATS - 1)]
        self.rows.append(_median_row(runs))

    def _load_after_turns(self, earlier: int) -> str:
        """Open the document afresh, run ``earlier`` one-note turns in it; return its text then."""
        self.load()
        for turn in range(earlier):
            content = {"content": "Note %d." % turn, "position": "end", "format": "plain"}
            result = self.inside.call("run_tool", self.uid, "insert_content", json.dumps(content), "turn %d" % turn)
            if not result["ok"]:
                raise RuntimeError("an earlier turn was refused: %s" % result["content"])
        return self.inside.call("text_of", self.uid)["text"] if earlier else self.text

    def _changing_once(self, step: str, name: str, arguments: Dict, operation: str, native_args: Dict,
                       earlier: int = 0) -> Row:
        before = self._load_after_turns(earlier)
        native, native_window = self.native(operation, **native_args)
        undone, undo_window = self._timed_window("native_undo", self.uid)
        native_restored = self.inside.call("text_of", self.uid)["text"] == before
        if self._load_after_turns(earlier) != before:
            raise RuntimeError("the document opened afresh differs from the first opening")
        result, tool_window = self.tool(name, **arguments)
        reverted, revert_window = self._timed_window("revert", self.uid)
        restored = self.inside.call("text_of", self.uid)["text"] == before
        note = "" if reverted["ok"] and restored else "REVERT DID NOT RESTORE THE TEXT"
        if undone["ok"] and not native_restored:
            note += " (native undo did not restore the text)"
        elif not undone["ok"]:
            note += " (the native operation is not undoable)"
        return Row(step, result["seconds"], native["seconds"], reverted["seconds"], undone["seconds"],
                   (tool_window, revert_window, native_window, undo_window), note.strip())

    def run(self, only: Optional[set]):
        steps = self.steps()
        for step, kind, name, arguments, operation, native_args in steps:
            if only and step not in only:
                continue
            print("  %s" % step, file=sys.stderr, flush=True)
            if kind == "read":
                self.reading(step, name, arguments, operation, native_args)
            else:
                self.changing(step, name, arguments, operation, native_args,
                              earlier=EARLIER_TURNS if kind == "change after turns" else 0)
            self.inside.call("clear_undo", self.uid)

    def steps(self):
        middle = self.paragraphs // 2
        delete_from = middle + 3
        delete_text = self.inside.call("paragraphs_text", self.uid, delete_from, delete_from + 199)["text"]
        chapter = "Chapter %d" % (self.pages // 2 // 10 * 10 + 1)  # a heading in the middle (see document_html)
        return [
            ("get_document (first page)", "read", "get_document", {}, "read_all", {}),
            ("get_document (middle, 40 paragraphs)", "read", "get_document",
             {"from_paragraph": middle, "to_paragraph": middle + 39}, "read_all", {}),
            ("get_document (outline)", "read", "get_document", {"outline_only": True}, "read_all", {}),
            ("search_text", "read", "search_text", {"text": "Micheal Smith", "max_results": 20}, "find_all",
             {"text": "Micheal Smith"}),
            ("comments (list)", "read", "comments", {"action": "list"}, "list_comments", {}),
            ("replace_text (one match)", "change", "replace_text",
             {"old_text": "Micheal Smith", "new_text": "Michael Smith", "paragraph": 2}, "replace_first",
             {"old": "Micheal Smith", "new": "Michael Smith"}),
            ("replace_text (all, plain)", "change", "replace_text",
             {"old_text": "Micheal", "new_text": "Michael", "all": True}, "replace_all",
             {"old": "Micheal", "new": "Michael"}),
            ("format_text (all matches)", "change", "format_text", {"text": "Smith", "bold": True, "all": True},
             "format_all", {"text": "Smith"}),
            ("format_paragraphs (all: double spacing)", "change", "format_paragraphs",
             {"line_spacing": 2, "all": True}, "double_space_all", {}),
            ("format_text (whole document: Times New Roman throughout)", "change", "format_text",
             {"all": True, "font": "Times New Roman"}, "font_all", {"font": "Times New Roman"}),
            ("insert_content (40 sections)", "change", "insert_content",
             {"content": self.appendix_markdown, "position": "after", "paragraph": middle}, "insert_file",
             {"url": self.appendix_url, "paragraph": middle + 1}),
            ("delete_paragraphs (200)", "change", "delete_paragraphs",
             {"paragraph": delete_from, "to_paragraph": delete_from + 199, "old_text": delete_text},
             "delete_paragraphs", {"first": delete_from, "count": 200}),
            ("track_changes (accept all)", "change", "track_changes", {"action": "accept", "all": True},
             "accept_all", {}),
            ("replace_text (all, Markdown)", "change", "replace_text",
             {"old_text": "Micheal Smith", "new_text": "**Michael Smith**", "format": "markdown", "all": True},
             "replace_all", {"old": "Micheal Smith", "new": "Michael Smith", "bold": True}),
            ("replace all, then an appendix with a table at the end (one turn)", "change", "turn",
             {"calls": [["replace_text", {"old_text": "Micheal", "new_text": "Michael", "all": True}],
                        ["insert_content", {"content": self.appendix_markdown, "position": "end"}]]},
             "replace_all_then_insert", {"old": "Micheal", "new": "Michael", "url": self.appendix_url}),
            ("replace_text (all, plain) after %d turns" % EARLIER_TURNS, "change after turns", "replace_text",
             {"old_text": "Micheal", "new_text": "Michael", "all": True}, "replace_all",
             {"old": "Micheal", "new": "Michael"}),
            ("table_of_contents (insert after the first paragraph)", "change", "table_of_contents",
             {"action": "insert", "position": "after", "paragraph": 1}, "insert_contents", {"paragraph": 2}),
            ("page_setup (landscape)", "change", "page_setup", {"action": "set", "orientation": "landscape"},
             "landscape", {}),
            ("a bookmark in the middle, a cross-reference to its page at the start (one turn)", "change", "turn",
             {"calls": [["bookmarks", {"action": "insert", "name": "Middle", "text": chapter}],
                        ["fields", {"action": "insert", "kind": "reference", "bookmark": "Middle", "paragraph": 2}]]},
             "bookmark_reference", {"text": chapter, "at": 2}),
        ]


def _ms(seconds: Optional[float]) -> str:
    return "–" if seconds is None else "%.0f ms" % (seconds * 1000) if seconds < 10 else "%.1f s" % seconds


def _ratio(mine: Optional[float], theirs: Optional[float]) -> str:
    if mine is None or not theirs:
        return "–"
    return "%.1f×" % (mine / theirs)


def print_table(bench: Bench, samples) -> None:
    print("\n%d pages (%d paragraphs)" % (bench.page_count, bench.paragraphs))
    print("| step | tool | native | ratio | Revert | native undo | ratio | worst 2nd-client wait |")
    print("|---|---|---|---|---|---|---|---|")
    for row in bench.rows:
        print("| %s | %s | %s | %s | %s | %s | %s | %s |%s" % (
            row.step, _ms(row.tool), _ms(row.native), _ratio(row.tool, row.native), _ms(row.revert),
            _ms(row.native_undo), _ratio(row.revert, row.native_undo), _ms(row.worst_wait(samples)),
            (" " + row.note) if row.note else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="30,150,500", help="pages, comma-separated")
    parser.add_argument("--only", default="", help="steps to run (their names as printed), separated by ';'")
    options = parser.parse_args()
    if not office_available():
        print("LibreOffice is not installed (make deps installs it)")
        return 1
    import build_oxt
    workdir = tempfile.mkdtemp(prefix="bench-writer-")
    office = Office([build_oxt.build(os.path.join(workdir, "marginalia.oxt"))], workdir=os.path.join(workdir, "o"))
    office.start()
    only = {s.strip() for s in options.only.split(";") if s.strip()} or None
    try:
        inside = Inside(office)
        totals = {}
        for pages in [int(s) for s in options.sizes.split(",")]:
            bench = Bench(office, inside, pages, workdir)
            probe = Probe(office.port)
            bench.run(only)
            samples = probe.finish()
            print_table(bench, samples)
            totals[pages] = bench.rows
            office.close_document(bench.doc)
        print_growth(totals)
    except Exception:
        _report_office_log(office)
        raise
    finally:
        office.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


def _report_office_log(office: Office, lines: int = 40) -> None:
    """The end of the office's own output, where it says why it stopped (its working folder goes with it)."""
    try:
        with open(office.log_path, "rb") as log:
            tail = log.read().decode("utf-8", "replace").splitlines()[-lines:]
    except OSError:
        return
    print("The office's output ended with:\n" + "\n".join(tail), file=sys.stderr)


def print_growth(totals) -> None:
    sizes = sorted(totals)
    if len(sizes) < 2:
        return
    small, large = totals[sizes[0]], totals[sizes[-1]]
    print("\nGrowth from %d to %d pages (tool time, Revert time):" % (sizes[0], sizes[-1]))
    for first, last in zip(small, large):
        revert = _ratio(last.revert, first.revert) if first.revert else "–"
        print("- %s: %s, %s" % (first.step, _ratio(last.tool, first.tool), revert))


if __name__ == "__main__":
    sys.exit(main())
