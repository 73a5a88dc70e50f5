"""Every tool call runs one way (ui/office/document_tools.py): views locked in Writer, changes in the undo step."""
import json

from marginalia.core.agent.declare import Arg, tool
from marginalia.core.agent.tools import ToolContext, ToolOutcome, ToolRegistry
from marginalia.core.stream.message import ToolCall
from marginalia.ui.office.document_tools import DocumentTools
from marginalia.ui.office.undo import DocumentUndo

SEEN = {}


@tool(apps=("writer", "calc"), changes_document=True)
def add_words(context, words: str = Arg("What to add.")) -> ToolOutcome:
    """Adds words at the end of the document's text (a test tool)."""
    SEEN["locked"] = bool(context.document.hasControllersLocked())
    text = context.document.getText()
    text.insertString(text.getEnd(), words, False)
    return ToolOutcome.success("Added %s." % words)


@tool(apps=("writer",))
def look(context) -> ToolOutcome:
    """Reads whether the views are locked (a test tool)."""
    SEEN["locked"] = bool(context.document.hasControllersLocked())
    return ToolOutcome.success("Looked.")


@tool(apps=("writer",), is_async=True)
def count_words(context) -> ToolOutcome:
    """Counts the document's words on a worker thread, reporting progress (a test tool)."""
    context.progress("counting")
    return ToolOutcome.success("%d words." % len(context.document.getText().getString().split()))


def tools_for(office, document, app="writer", undo=None):
    context = ToolContext(document=document, app=app, office=office.ctx)
    return DocumentTools(ToolRegistry([add_words, look, count_words]), context, undo, "add some words")


def call(name, **arguments):
    return ToolCall("c1", name, json.dumps(arguments))


def test_a_writer_tool_runs_with_the_views_locked_and_unlocks_them(office, writer):
    tools = tools_for(office, writer)
    assert tools.run(call("look")).ok and SEEN["locked"] is True
    assert not writer.hasControllersLocked()


def test_a_changing_tool_runs_in_the_undo_step_titled_after_the_request(office, writer):
    undo = DocumentUndo(writer)
    tools = tools_for(office, writer, undo=undo)
    assert tools.run(call("add_words", words="one")).ok
    assert tools.run(call("add_words", words=" two")).ok
    manager = writer.getUndoManager()
    assert manager.getAllUndoActionTitles() == ("Marginalia: add some words",)  # both in one step
    manager.undo()
    assert writer.getText().getString() == ""


def test_a_reading_tool_opens_no_undo_step(office, writer):
    tools = tools_for(office, writer, undo=DocumentUndo(writer))
    assert tools.run(call("look")).ok
    assert writer.getUndoManager().getAllUndoActionTitles() == ()


def test_invalid_arguments_are_refused_before_anything_changes(office, writer):
    tools = tools_for(office, writer, undo=DocumentUndo(writer))
    outcome = tools.run(call("add_words", words=3))
    assert not outcome.ok and "Invalid arguments for add_words" in outcome.content
    assert writer.getText().getString() == "" and writer.getUndoManager().getAllUndoActionTitles() == ()


def test_a_worker_threads_tool_is_named_and_runs_with_its_progress(office, writer):
    writer.getText().setString("three small words")
    tools = tools_for(office, writer)
    assert tools.is_async("count_words") and not tools.is_async("add_words")
    said = []
    outcome = tools.run_async(call("count_words"), said.append, None)
    assert outcome.ok and outcome.content == "3 words." and said == ["counting"]


def test_the_views_are_held_locked_and_an_error_inside_passes_through(writer):
    from marginalia.ui.office.document_tools import views_locked
    try:
        with views_locked(writer):
            assert writer.hasControllersLocked()
            raise KeyError("inside")
    except KeyError:
        pass
    else:
        raise AssertionError("views_locked swallowed the error")
    assert not writer.hasControllersLocked()


def test_a_document_whose_views_cannot_be_locked_is_left_as_it_is(office):
    from marginalia.ui.office.document_tools import views_locked
    closed = office.new_document("swriter")
    office.close_document(closed)
    with views_locked(closed):  # a closed document: nothing to lock, nothing raised
        pass
