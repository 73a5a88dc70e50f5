"""The careful Writer tools on a 150-page report: every match changed, formatting and guard kept, one Revert.

The report is the benchmark's (scripts/bench_writer.py): 20 paragraphs a page, headings, lists,
tables, and "Micheal Smith" in nearly every body paragraph in four looks (bold, highlighted,
"Micheal" in red, plain), plus footnotes, comments and tracked insertions. It is built once for the
module; every test changes it inside a turn's undo step and takes the change back with the panel's
Revert, checking that text, paragraph styles and sampled character formats are exactly as before.
"""
import json

import pytest

from bench_writer import Inside, document_html
from support.commands import press
from support.panel import Panel, wait_until
from support.scripted_server import Reply, text_stream_reply
from support.scripted_turns import tool_round_body
from marginalia.ui.writer.spans import TextSpan

PAGES = 150
SAMPLED = range(2, 3000, 47)
"""Paragraph numbers whose character formats are compared (every 47th: all four looks occur)."""
RED = 0xC9211E
YELLOW = 0xFFFF00


@pytest.fixture(scope="module")
def report(office, tmp_path_factory):
    path = tmp_path_factory.mktemp("large") / "report.html"
    path.write_text(document_html(PAGES), encoding="utf-8")
    doc = office.open_document(str(path), filter_name="HTML (StarWriter)")
    _decorate(doc)
    doc.getUndoManager().clear()
    yield doc
    office.close_document(doc)


def _decorate(doc):
    """A footnote, a comment and a tracked insertion every 600 paragraphs (as the benchmark adds them)."""
    text = doc.getText()
    for number, paragraph in enumerate(_blocks(doc), start=1):
        if number % 600 or not paragraph.supportsService("com.sun.star.text.Paragraph"):
            continue
        note = doc.createInstance("com.sun.star.text.Footnote")
        text.insertTextContent(paragraph.getEnd(), note, False)
        note.setString("A note.")
        comment = doc.createInstance("com.sun.star.text.textfield.Annotation")
        comment.Author, comment.Content = "Reviewer", "Check this."
        text.insertTextContent(paragraph.getStart(), comment, False)
        doc.RecordChanges = True
        text.insertString(paragraph.getEnd(), " (added in review)", False)
        doc.RecordChanges = False


def _blocks(doc):
    return list(doc.getText().createEnumeration())


def _looks(paragraph):
    if not paragraph.supportsService("com.sun.star.text.Paragraph"):
        return []
    result = []
    for portion in paragraph.createEnumeration():
        if portion.TextPortionType != "Text":
            continue
        looks = (portion.CharWeight, portion.CharBackColor, portion.CharColor)
        if result and result[-1][1:] == looks:  # an undo may merge two portions that look alike
            result[-1] = (result[-1][0] + portion.getString(),) + looks
        else:
            result.append((portion.getString(),) + looks)
    return result


def _state(doc):
    """The whole body text, every paragraph's style, and the sampled paragraphs' formats.

    Read with the views locked, as the tools read (unlocked, every call lays out pages again
    while the layout is out of date after a Revert).
    """
    doc.lockControllers()
    try:
        return _read_state(doc)
    finally:
        doc.unlockControllers()


def _read_state(doc):
    blocks = _blocks(doc)
    styles = [b.ParaStyleName if b.supportsService("com.sun.star.text.Paragraph") else "table" for b in blocks]
    looks = [_looks(blocks[n - 1]) for n in SAMPLED]
    return doc.getText().getString(), styles, looks, doc.getRedlines().getCount()


@pytest.fixture(scope="module")
def inside(office):
    """Runs tools inside the office, on its main thread, as the panel does (the benchmark's in-office half)."""
    return Inside(office)


class Turn:
    """One tool call in a turn's undo step, inside the office, and the panel's Revert of it."""

    def __init__(self, inside, doc, review_mode=False):
        self.inside, self.uid, self.review_mode = inside, doc.RuntimeUID, review_mode

    def run(self, name, **arguments):
        return self.inside.call("run_tool", self.uid, name, json.dumps(arguments), "large document test", False,
                                self.review_mode)

    def revert(self):
        assert self.inside.call("revert", self.uid)["ok"]


def _count(doc, text):
    return doc.getText().getString().count(text)


def _paragraph_with(doc, prefix_look):
    """The first sampled paragraph whose "Michael"/"Micheal" portion has the given look."""
    blocks = _blocks(doc)
    for number in SAMPLED:
        for text, weight, back, color in _looks(blocks[number - 1]):
            if text.startswith("Mich") and prefix_look(weight, back, color):
                return number
    raise AssertionError("no sampled paragraph with that look")


def test_replace_all_changes_every_match_keeps_formatting_and_reverts(inside, report):
    before = _state(report)
    occurrences = _count(report, "Micheal")
    assert occurrences > 2500
    turn = Turn(inside, report)
    outcome = turn.run("replace_text", old_text="Micheal", new_text="Michael", all=True)
    assert outcome["ok"], outcome["content"]
    assert _count(report, "Micheal") == 0 and _count(report, "Michael") == occurrences
    assert "%d occurrences" % occurrences in outcome["content"]
    blocks = _blocks(report)
    bold = _paragraph_with(report, lambda weight, back, color: weight > 100)
    assert ("Michael Smith", 150.0) in [(t, w) for t, w, _b, _c in _looks(blocks[bold - 1])]
    highlighted = _paragraph_with(report, lambda weight, back, color: back & 0xFFFFFF == YELLOW)
    assert ("Michael Smith", YELLOW) in [(t, b & 0xFFFFFF) for t, _w, b, _c in _looks(blocks[highlighted - 1])]
    red = _paragraph_with(report, lambda weight, back, color: color & 0xFFFFFF == RED)
    looks = [(t, c & 0xFFFFFF) for t, _w, _b, c in _looks(blocks[red - 1])]
    assert ("Michael", RED) in looks and not any(t.startswith(" Smith") and c == RED for t, c in looks)
    turn.revert()
    assert _state(report) == before


def test_markdown_replacement_everywhere_is_bold_and_reverts(inside, report):
    before = _state(report)
    occurrences = _count(report, "Micheal Smith")
    turn = Turn(inside, report)
    assert turn.run("replace_text", old_text="Micheal Smith", new_text="**Michael Smith**", format="markdown",
                    all=True)["ok"]
    assert _count(report, "Michael Smith") == occurrences and _count(report, "Micheal Smith") == 0
    blocks = _blocks(report)
    for number in SAMPLED[:20]:
        for text, weight, _back, _color in _looks(blocks[number - 1]):
            if "Michael Smith" in text:
                assert text == "Michael Smith" and weight == 150.0
    turn.revert()
    assert _state(report) == before


def test_format_everywhere_and_revert(inside, report):
    before = _state(report)
    turn = Turn(inside, report)
    outcome = turn.run("format_text", text="Smith", bold=True, all=True)
    assert outcome["ok"], outcome["content"]
    blocks = _blocks(report)
    smiths = [w for n in SAMPLED for t, w, _b, _c in _looks(blocks[n - 1]) if "Smith" in t]
    assert smiths and all(weight == 150.0 for weight in smiths)
    turn.revert()
    assert _state(report) == before


def test_review_mode_records_every_replacement_at_size(inside, report):
    before = _state(report)
    turn = Turn(inside, report, review_mode=True)
    occurrences = _count(report, "Micheal")
    assert turn.run("replace_text", old_text="Micheal", new_text="Michael", all=True)["ok"]
    redlines = report.getRedlines()
    assert redlines.getCount() >= before[3] + occurrences  # at least one tracked change per replacement
    authors = {r.RedlineAuthor for r in redlines.createEnumeration() if r.RedlineAuthor != "Reviewer"}
    assert "Marginalia (bench)" in authors
    turn.revert()
    assert _state(report) == before


def test_stale_text_is_refused_at_size(inside, report):
    before = _state(report)
    turn = Turn(inside, report)
    outcome = turn.run("replace_text", paragraph=2, old_text="Micheal Smyth", new_text="Michael Smith")
    assert not outcome["ok"] and "does not contain" in outcome["content"]
    outcome = turn.run("replace_text", old_text="Micheal Smyth", new_text="Michael Smith", all=True)
    assert not outcome["ok"] and "was not found" in outcome["content"]
    assert _state(report) == before


def test_insert_long_markdown_section_and_revert(inside, report):
    before = _state(report)
    sections = "\n".join("## Appendix %d\n\nThis explains **item %d**.\n\n- first\n- second\n" % (n, n)
                         for n in range(1, 41))
    turn = Turn(inside, report)
    outcome = turn.run("insert_content", content=sections, position="after", paragraph=1500)
    assert outcome["ok"], outcome["content"]
    blocks = _blocks(report)
    assert blocks[1500].getString() == "Appendix 1" and blocks[1500].ParaStyleName.startswith("Heading")
    assert _count(report, "Appendix ") == 40
    turn.revert()
    assert _state(report) == before


APPENDIX = ("\n".join("## Appendix %d\n\nThis explains **item %d**.\n\n- first\n- second\n" % (n, n)
                       for n in range(1, 41))
            + "\n| Item | Count |\n|---|---|\n" + "".join("| r%d | %d |\n" % (n, n) for n in range(30)))


@pytest.mark.parametrize("how", ["revert", "ctrl_z"])
def test_a_sidebar_turn_with_an_appendix_is_taken_back_and_the_office_runs(office, endpoint, report, how):
    """A sidebar turn (replace all, then an appendix with a table at the end), taken back by the panel's
    Revert or by Ctrl+Z: in block selection mode this aborted LibreOffice 7.4 (issue 30)."""
    before = _state(report)
    tables = report.getTextTables().getCount()
    report.getCurrentController().getViewCursor().gotoEnd(False)  # the user reading the end
    panel = Panel(report).open()
    endpoint.enqueue(Reply(headers={"Content-Type": "text/event-stream"}, chunks=[tool_round_body([
        ("replace_text", {"old_text": "Micheal Smith", "new_text": "Michael Smith", "all": True}),
        ("insert_content", {"content": APPENDIX, "position": "end"})])]), text_stream_reply(["Done."]))
    panel.send("Fix the name everywhere and add an appendix.")
    panel.wait_idle(120)
    assert _count(report, "Appendix ") == 40 and report.getTextTables().getCount() == tables + 1
    assert _count(report, "Micheal Smith") == 0, panel.transcript()[-1500:]
    if how == "revert":
        assert panel.press("revert")
        wait_until(lambda: "Reverted every change" in panel.transcript(), timeout=60, message="the Revert")
    else:
        press(office, report, ".uno:Undo")
    assert office.alive()
    assert _state(report) == before


def _is_table(element):
    return element.supportsService("com.sun.star.text.TextTable")


def test_delete_a_stretch_in_the_middle_and_revert(inside, report):
    before = _state(report)
    elements = list(report.getText().createEnumeration())
    start = next(index for index, element in enumerate(elements) if index > len(elements) // 2 and _is_table(element)
                 and not _is_table(elements[index - 1]) and not _is_table(elements[index + 200]))
    first, last = start + 1, start + 200  # a stretch that starts with a table (numbers from 1)
    stretch = elements[first - 1:last]
    old_text = "\n".join(TextSpan.of_range(e).text for e in stretch if not _is_table(e))
    following = elements[last].getString()
    turn = Turn(inside, report)
    stale = turn.run("delete_paragraphs", paragraph=first + 1, to_paragraph=last + 1, old_text=old_text)
    assert not stale["ok"] and "do not read" in stale["content"] and _state(report) == before
    outcome = turn.run("delete_paragraphs", paragraph=first, to_paragraph=last, old_text=old_text)
    assert outcome["ok"], outcome["content"]
    after = list(report.getText().createEnumeration())
    assert len(after) == len(elements) - 200 and after[first - 1].getString() == following
    assert after[first - 2].getString() == elements[first - 2].getString()
    turn.revert()
    assert _state(report) == before
