"""An agent's work is visible and undoable: review mode, the panel's Revert, bursts, a busy sidebar."""
import time

import pytest

from support.mcp_kit import http_session, mcp_server, run, text_of
from support.panel import Panel, set_settings, wait_until

pytest.importorskip("mcp")


@pytest.fixture
def server(office):
    with mcp_server(office) as running:
        yield running


def replace(url, token, pairs, name="Claude Code", pause=0.0):
    async def scenario():
        results = []
        async with http_session(url, token, name=name) as session:
            for number, (old, new) in enumerate(pairs):
                if number and pause:
                    time.sleep(pause)  # nothing else runs in this client meanwhile
                results.append(await session.call_tool("replace_text", {"old_text": old, "new_text": new}))
        return results
    results = run(scenario)
    assert not any(result.is_error for result in results), [text_of(r) for r in results]
    return results


def test_review_mode_records_the_agents_edits_as_its_tracked_changes(office, writer, server):
    url, token = server
    writer.getText().setString("Dear Micheal, thanks.")
    set_settings(office.ctx, "Writer", ReviewMode=True)
    try:
        replace(url, token, [("Micheal", "Michael")])
    finally:
        set_settings(office.ctx, "Writer", ReviewMode=False)
    redlines = list(writer.getRedlines())
    assert redlines and {r.RedlineAuthor for r in redlines} == {"Marginalia (Claude Code)"}
    assert not writer.RecordChanges


def test_the_panels_revert_takes_the_agents_last_burst_back(office, writer, server):
    url, token = server
    writer.getText().setString("One two three.")
    panel = Panel(writer).open()
    replace(url, token, [("One", "1"), ("two", "2")])
    assert writer.getText().getString() == "1 2 three."
    wait_until(lambda: panel.enabled("revert"), message="Revert to be offered")
    assert panel.press("revert")
    wait_until(lambda: writer.getText().getString() == "One two three.", message="the burst to be reverted")


def test_calls_apart_by_more_than_the_burst_gap_are_two_undo_steps(office, writer, server):
    url, token = server
    writer.getText().setString("alpha beta")
    writer.getUndoManager().clear()
    replace(url, token, [("alpha", "A"), ("beta", "B")], pause=5.5)
    manager = writer.getUndoManager()
    assert manager.getAllUndoActionTitles()[:2] == ("Marginalia: Claude Code", "Marginalia: Claude Code")
    manager.undo()
    assert writer.getText().getString() == "A beta"


def test_a_users_edit_between_two_calls_stays_its_own_step(office, writer, server):
    url, token = server
    writer.getText().setString("red green")
    writer.getUndoManager().clear()

    async def scenario():
        async with http_session(url, token, name="Claude Code") as session:
            first = await session.call_tool("replace_text", {"old_text": "red", "new_text": "RED"})
            text = writer.getText()
            text.insertString(text.getEnd(), " blue", False)  # the user types
            second = await session.call_tool("replace_text", {"old_text": "green", "new_text": "GREEN"})
            return first, second

    first, second = run(scenario)
    assert not first.is_error and not second.is_error
    manager = writer.getUndoManager()
    manager.undo()
    assert writer.getText().getString() == "RED green blue"


def test_while_the_sidebar_works_in_a_document_agents_may_read_it_but_not_change_it(office, writer, server,
                                                                                     scripted_server):
    from support.scripted_server import text_stream_reply
    url, token = server
    writer.getText().setString("Shared document.")
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    try:
        scripted_server.enqueue(text_stream_reply(["Thinking "] * 12 + ["done."], delay=0.25))
        panel = Panel(writer).open()
        panel.send("Say something slowly.")
        panel.wait_busy()

        async def scenario():
            async with http_session(url, token, name="Claude Code") as session:
                read = await session.call_tool("get_document", {})
                change = await session.call_tool("replace_text", {"old_text": "Shared", "new_text": "Mine"})
                return read, change

        read, change = run(scenario)
        assert not read.is_error and "Shared document." in text_of(read)
        assert change.is_error and "sidebar is working" in text_of(change)
        panel.wait_idle()
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
    assert writer.getText().getString() == "Shared document."
