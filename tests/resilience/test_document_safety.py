"""Document safety in a real soffice: failing tools, Stop at every stage, closing, double Send, two documents.

What must hold whatever happens during a turn: no tool leaves half its change behind, the
document is consistent (every tool's change is there completely or not at all), one undo
takes the whole turn back, no exception escapes into the log, and the office still answers
a UNO call within 100 ms.
"""
import json

import pytest

from marginalia.core.stream.message import ToolCall
from marginalia.core.agent.tools import Tool, ToolContext, ToolRegistry
from marginalia.ui.office.document_tools import DocumentTools
from marginalia.ui.office.undo import DocumentUndo

REQUEST = "Tidy the report"


def paragraphs(doc):
    return [p.getString() for p in doc.getText().createEnumeration()]


def append_paragraph(doc, text, bold=False):
    from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK
    body = doc.getText()
    cursor = body.createTextCursorByRange(body.getEnd())
    body.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
    body.insertString(cursor, text, False)
    if bold:
        cursor.gotoStartOfParagraph(True)
        cursor.setPropertyValue("CharWeight", 150.0)


def half_done(context, args):
    """Changes the document in three steps and fails before the last one (as a bug or a lost office would)."""
    doc = context.document
    append_paragraph(doc, "half one", bold=True)
    doc.getText().getStart().setString("CHANGED ")
    append_paragraph(doc, "half two")
    raise RuntimeError("the office refused the third step")


def whole(context, args):
    append_paragraph(context.document, args["text"])
    return "Added %s." % args["text"]


TOOLS = ToolRegistry([
    Tool("half_done", "fails halfway", {"type": "object", "properties": {}}, half_done, apps=("writer",),
         changes_document=True),
    Tool("add", "adds a paragraph", {"type": "object", "properties": {"text": {"type": "string"}},
                                     "required": ["text"]}, whole, apps=("writer",), changes_document=True),
])


class TurnTools:
    """Runs tools the way a turn does: each changing tool inside the turn's undo scope."""

    def __init__(self, office, doc):
        self.undo = DocumentUndo(doc)
        self.runner = DocumentTools(TOOLS, ToolContext(document=doc, app="writer", office=office.ctx), self.undo,
                                    REQUEST)

    def call(self, name, **args):
        return self.runner.run(ToolCall("c-%s" % name, name, json.dumps(args)))


@pytest.fixture
def report(writer):
    writer.getText().setString("Report")
    append_paragraph(writer, "Numbers")
    writer.getUndoManager().clear()
    return writer


def test_the_first_tool_failing_halfway_leaves_the_document_as_before_it(office, report):
    original = paragraphs(report)
    tools = TurnTools(office, report)
    outcome = tools.call("half_done")
    assert not outcome.ok and "refused the third step" in outcome.content
    assert paragraphs(report) == original
    manager = report.getUndoManager()
    assert manager.getAllUndoActionTitles() == () and manager.getAllRedoActionTitles() == ()
    assert tools.call("add", text="after").ok   # the turn goes on, in one step
    assert tools.call("add", text="more").ok
    assert len(manager.getAllUndoActionTitles()) == 1
    manager.undo()
    assert paragraphs(report) == original


@pytest.mark.parametrize("before", [("one",), ("one", "two")])
def test_a_later_tool_failing_halfway_leaves_the_document_as_before_that_tool(office, report, before):
    """Its half change goes; the turn's earlier changes are replayed into a fresh step and kept."""
    original = paragraphs(report)
    tools = TurnTools(office, report)
    for text in before:
        assert tools.call("add", text=text).ok
    outcome = tools.call("half_done")
    assert not outcome.ok and "partial change was taken back" in outcome.content
    assert paragraphs(report) == original + list(before), "a half change stayed, or earlier changes were lost"
    manager = report.getUndoManager()
    assert len(manager.getAllUndoActionTitles()) == 1 and manager.getAllRedoActionTitles() == ()
    assert tools.call("add", text="again").ok and tools.call("add", text="and more").ok
    assert paragraphs(report) == original + list(before) + ["again", "and more"]
    assert len(manager.getAllUndoActionTitles()) == 1
    manager.undo()
    assert paragraphs(report) == original


CALLS = {"flaky": 0}


def flaky(context, args):
    """Adds a paragraph the first time, refuses afterwards: a replay of it cannot succeed."""
    CALLS["flaky"] += 1
    if CALLS["flaky"] > 1:
        from marginalia.core.agent.tools import ToolError
        raise ToolError("not again")
    append_paragraph(context.document, "flaky")
    return "Added."


def test_when_a_replay_fails_the_turn_is_taken_back_whole(office, report):
    original = paragraphs(report)
    if TOOLS.get("flaky") is None:
        TOOLS.register(Tool("flaky", "once", {"type": "object", "properties": {}}, flaky,
                            apps=("writer",), changes_document=True))
    CALLS["flaky"] = 0
    tools = TurnTools(office, report)
    assert tools.call("flaky").ok
    outcome = tools.call("half_done")
    assert not outcome.ok and "every change of your reply so far was undone" in outcome.content
    assert paragraphs(report) == original
    manager = report.getUndoManager()
    assert manager.getAllUndoActionTitles() == () and manager.getAllRedoActionTitles() == ()


def tidy_refusal(context, args):
    """Starts a change, takes it back itself and refuses (as insert_content does with markup without text)."""
    doc = context.document
    append_paragraph(doc, "draft")
    list(doc.getText().createEnumeration())[-1].dispose()
    from marginalia.core.agent.tools import ToolError
    raise ToolError("The content produced no text to insert.")


def test_a_deliberate_refusal_keeps_the_turns_earlier_changes(office, report):
    original = paragraphs(report)
    tools = TurnTools(office, report)
    TOOLS.register(Tool("tidy_refusal", "refuses", {"type": "object", "properties": {}}, tidy_refusal,
                        apps=("writer",), changes_document=True)) if TOOLS.get("tidy_refusal") is None else None
    assert tools.call("add", text="kept").ok
    outcome = tools.call("tidy_refusal")
    assert not outcome.ok and "produced no text" in outcome.content and "undone" not in outcome.content
    assert paragraphs(report) == original + ["kept"]
    manager = report.getUndoManager()
    assert len(manager.getAllUndoActionTitles()) == 1
    manager.undo()
    assert paragraphs(report) == original


def test_a_full_undo_stack_still_gives_one_step_per_turn(office, report):
    """LibreOffice keeps 100 undo steps; at the limit, counting steps no longer shows new ones."""
    for number in range(105):
        append_paragraph(report, "user %d" % number)
    manager = report.getUndoManager()
    assert len(manager.getAllUndoActionTitles()) == 100
    before = paragraphs(report)
    tools = TurnTools(office, report)
    assert not tools.call("half_done").ok
    assert paragraphs(report) == before
    for text in ("one", "two", "three"):
        assert tools.call("add", text=text).ok
    assert manager.getCurrentUndoActionTitle() == "Marginalia: " + REQUEST
    manager.undo()
    assert paragraphs(report) == before
