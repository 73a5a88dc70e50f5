"""The page structure tools on the 150-page report: each turn taken back by the panel's Revert or by Ctrl+Z.

The report is test_large_document.py's (the benchmark's document: headings, lists, tables, footnotes,
comments, tracked insertions). After each take-back the document must be exactly as before: text,
paragraph styles, tables, every page style's set-up and header and footer text, the paragraphs that
start a page style, the notes and the indexes (scripts/turns_inside.py's state, as the crash hunt
compares it), and the office must still answer.
"""
import json

import pytest

from bench_writer import Inside
from support.commands import press
from test_large_document import report  # noqa: F401  (a fixture: the 150-page report)


@pytest.fixture(scope="module")
def turns(office):
    """Turns, Revert and the document's state, inside the office (scripts/turns_inside.py)."""
    return Inside(office, "turns_inside.py")


@pytest.fixture(scope="module")
def middle(report):  # noqa: F811
    """The number of a body paragraph in the middle of the report (one with text, not a heading)."""
    for number, block in enumerate(report.getText().createEnumeration(), start=1):
        if number >= 1500 and block.supportsService("com.sun.star.text.Paragraph") and \
                "Micheal" in block.getString() and not block.OutlineLevel:
            return number
    raise AssertionError("no body paragraph after 1500")


def _state(turns, doc):
    return turns.call("state", doc.RuntimeUID)["digests"]


def _turn(turns, doc, *calls):
    result = turns.call("turn", doc.RuntimeUID, json.dumps([[name, arguments] for name, arguments in calls]),
                        "large page test")
    assert all(ok for ok, _content in result["outcomes"]), result["outcomes"]
    assert result["step"]
    return result


def _take_back(office, turns, doc, how):
    if how == "revert":
        assert turns.call("revert", doc.RuntimeUID)["ok"]
    else:
        press(office, doc, ".uno:Undo")
    assert office.alive()


def _changed(before, after):
    return sorted(part for part in before if before[part] != after[part])


CALLS = {
    "landscape, margins and columns everywhere": lambda p: [
        ("page_setup", {"action": "set", "orientation": "landscape", "margin_cm": 2, "columns": 2})],
    "landscape pages of their own in the middle": lambda p: [
        ("page_setup", {"action": "set", "paragraph": p, "to_paragraph": p + 10, "orientation": "landscape",
                        "header": True})],
    "header, footer and a different first page": lambda p: [
        ("page_setup", {"action": "set", "header": True, "footer": True, "different_first_page": True})],
    "a footer with page X of Y": lambda p: [
        ("header_footer", {"kind": "footer", "content": "Page {page} of {pages}", "alignment": "center"})],
    "a page number field in the middle": lambda p: [("fields", {"action": "insert", "kind": "page", "paragraph": p})],
    "a footnote in the middle": lambda p: [
        ("notes", {"action": "insert", "kind": "footnote", "paragraph": p, "content": "A note on the figures."})],
    "a footnote rewritten": lambda p: [("notes", {"action": "edit", "note": "footnote 1", "content": "Rewritten."})],
    "a footnote deleted": lambda p: [("notes", {"action": "delete", "note": "footnote 2"})],
    "a bookmark in the middle and a cross-reference to it": lambda p: [
        ("bookmarks", {"action": "insert", "name": "Middle", "paragraph": p}),
        ("fields", {"action": "insert", "kind": "reference", "bookmark": "Middle", "paragraph": 2})],
    "a table of contents after the title": lambda p: [
        ("table_of_contents", {"action": "insert", "position": "after", "paragraph": 1})],
    "header, pages of their own, contents and an endnote in one turn": lambda p: [
        ("header_footer", {"kind": "header", "content": "Quarterly report\n{date}", "alignment": "right"}),
        ("page_setup", {"action": "set", "paragraph": p, "to_paragraph": p + 3, "paper": "A3"}),
        ("table_of_contents", {"action": "insert", "position": "start", "levels": 1}),
        ("notes", {"action": "insert", "kind": "endnote", "paragraph": p + 1, "content": "An endnote."})],
}


@pytest.mark.parametrize("how", ["revert", "ctrl_z"])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_page_turn_is_taken_back_exactly(office, turns, report, middle, name, how):  # noqa: F811
    before = _state(turns, report)
    _turn(turns, report, *CALLS[name](middle))
    assert _state(turns, report) != before, "the turn changed nothing"
    _take_back(office, turns, report, how)
    assert _changed(before, _state(turns, report)) == []


SECOND = {
    "a page break removed": (
        lambda p: [("format_paragraphs", {"paragraph": p, "page_break_before": True})],
        lambda p: [("page_setup", {"action": "remove_break", "paragraph": p})]),
    "pages of their own ended": (
        lambda p: [("page_setup", {"action": "set", "paragraph": p, "to_paragraph": p + 5, "margin_cm": 1})],
        lambda p: [("page_setup", {"action": "remove_break", "paragraph": p})]),
    "a table of contents updated": (
        lambda p: [("table_of_contents", {"action": "insert", "position": "start", "levels": 2}),
                   ("apply_style", {"style": "Heading 1", "paragraph": p + 2})],
        lambda p: [("table_of_contents", {"action": "update"})]),
    "a table of contents removed": (
        lambda p: [("table_of_contents", {"action": "insert", "position": "after", "paragraph": 1})],
        lambda p: [("table_of_contents", {"action": "remove"})]),
}


@pytest.mark.parametrize("how", ["revert", "ctrl_z"])
@pytest.mark.parametrize("name", sorted(SECOND))
def test_a_turn_on_an_earlier_page_turn_is_taken_back_exactly(office, turns, report, middle, name,  # noqa: F811
                                                              how):
    """A first turn makes something (a page break, a table of contents) the second changes; the second is
    taken back, then the first with Ctrl+Z."""
    first, second = SECOND[name]
    before = _state(turns, report)
    _turn(turns, report, *first(middle))
    between = _state(turns, report)
    _turn(turns, report, *second(middle))
    assert _state(turns, report) != between, "the second turn changed nothing"
    _take_back(office, turns, report, how)
    assert _changed(between, _state(turns, report)) == []
    _take_back(office, turns, report, "ctrl_z")
    assert _changed(before, _state(turns, report)) == []
