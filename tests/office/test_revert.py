"""Revert last turn: every change of the assistant's last turn goes, in one step, from the panel."""
import json
import time

import pytest

from support.commands import press, select_phrase, selected_text
from support.keyboard import focus_office_window, xdotool
from support.panel import Panel, endpoint_at, set_settings, wait_until
from support.scripted_server import Reply, chat_chunk, sse_reply, text_stream_reply
from support.scripted_turns import tool_round_body


def insert_round(text, call_id):
    arguments = json.dumps({"content": text, "position": "end", "format": "plain"})
    return sse_reply([chat_chunk(tool_calls=[{"index": 0, "id": call_id, "type": "function",
                                              "function": {"name": "insert_content", "arguments": arguments}}]),
                      chat_chunk(finish_reason="tool_calls")])


def run_editing_turn(panel, server):
    server.enqueue(insert_round("First added line.", "c1"), insert_round("Second added line.", "c2"),
                   text_stream_reply(["Added two lines."]))
    panel.send("Add two lines.")
    panel.wait_idle()


def test_revert_takes_back_every_change_of_the_last_turn(office, writer, scripted_server):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    try:
        writer.getText().setString("Original text.")
        panel = Panel(writer).open()
        assert not panel.enabled("revert")
        run_editing_turn(panel, scripted_server)
        assert "Second added line." in writer.getText().getString()
        assert panel.enabled("revert")
        assert panel.press("revert")
        wait_until(lambda: writer.getText().getString() == "Original text.", message="the turn's changes undone")
        wait_until(lambda: "Reverted every change of the last turn." in panel.transcript(), message="the note")
        assert not panel.enabled("revert")
        scripted_server.enqueue(text_stream_reply(["Understood."]))
        panel.send("Thanks.")
        panel.wait_idle()
        last_user = scripted_server.chat_requests()[-1].json()["messages"][-1]["content"]
        assert last_user.startswith("(The user reverted") and last_user.endswith("Thanks.")
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")


def test_revert_refuses_when_the_user_edited_afterwards(office, writer, scripted_server):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    try:
        writer.getText().setString("Original text.")
        panel = Panel(writer).open()
        run_editing_turn(panel, scripted_server)
        text = writer.getText()
        text.insertString(text.getEnd(), " My own edit.", False)  # the user's edit is now the newest step
        assert panel.press("revert")
        wait_until(lambda: "were not reverted" in panel.transcript(), message="the refusal")
        assert text.getString().endswith("My own edit.") and "Second added line." in text.getString()
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")


def test_ctrl_z_of_the_turn_undoes_it_as_revert_does(office, endpoint, writer):
    writer.getText().setString("Original text.")
    panel = Panel(writer).open()
    run_editing_turn(panel, endpoint)
    select_phrase(writer, "Original")  # the user's selection
    press(office, writer, ".uno:Undo")  # Ctrl+Z
    assert writer.getText().getString() == "Original text."
    # undone as Revert does, the user's selection kept (LibreOffice's own undo moves it to the change)
    assert selected_text(writer) == "Original"


def test_a_real_ctrl_z_in_the_document_undoes_the_turn_and_keeps_the_selection(gui_office, gui_writer, xvfb,
                                                                              scripted_server):
    """The key itself, on the office's main thread: LibreOffice dispatches it to the frame's interceptor."""
    doc = gui_writer
    with endpoint_at(gui_office.ctx, scripted_server.base_url):
        doc.getText().setString("Original text.")
        panel = Panel(doc).open()
        run_editing_turn(panel, scripted_server)
        assert "Second added line." in doc.getText().getString()
        select_phrase(doc, "Original")
        focus_office_window(xvfb, doc)
        doc.getCurrentController().getFrame().getComponentWindow().setFocus()
        time.sleep(0.2)
        xdotool(xvfb, "key", "ctrl+z")
        wait_until(lambda: doc.getText().getString() == "Original text.", message="the turn undone by Ctrl+Z")
        assert selected_text(doc) == "Original"  # LibreOffice's own undo would select the removed lines' place
        xdotool(xvfb, "key", "ctrl+y")
        wait_until(lambda: "Second added line." in doc.getText().getString(), message="the turn redone by Ctrl+Y")
        assert selected_text(doc) == "Original"


def appendix(sections=40):
    """A long Markdown appendix: sections with bold text and a two-item list each, then a 30-row table."""
    parts = ["## Appendix %d\n\nThis section has **bold text** and more words.\n\n- first item\n- second item\n" % k
             for k in range(1, sections + 1)]
    rows = ["| Item | Count | Note |", "|---|---|---|"] + ["| r%d | %d | x |" % (i, i) for i in range(30)]
    return "\n".join(parts) + "\n" + "\n".join(rows) + "\n"


def tool_turn(*calls):
    """One assistant turn making ``calls`` (name, arguments) in one round, then a short answer."""
    return [Reply(headers={"Content-Type": "text/event-stream"}, chunks=[tool_round_body(list(calls))]),
            text_stream_reply(["Done."])]


PLAIN = "\n".join("Paragraph %d of a plain document about Micheal." % k for k in range(1, 21))


@pytest.mark.parametrize("cursor", ["start", "end"])
@pytest.mark.parametrize("how", ["revert", "ctrl_z"])
def test_taking_back_an_appended_section_with_a_table_keeps_the_office_running(office, endpoint, writer, how,
                                                                                cursor):
    """Block selection mode left by its command after such an undo aborted LibreOffice 7.4 (issue 30)."""
    writer.getText().setString(PLAIN)
    if cursor == "end":
        writer.getCurrentController().getViewCursor().gotoEnd(False)
    panel = Panel(writer).open()
    endpoint.enqueue(*tool_turn(("insert_content", {"content": appendix(), "position": "end"})))
    panel.send("Add an appendix with a table.")
    panel.wait_idle(60)
    assert writer.getText().getString().count("Appendix ") == 40 and writer.getTextTables().getCount() == 1
    if how == "revert":
        assert panel.press("revert")
        wait_until(lambda: "Reverted every change" in panel.transcript(), timeout=30, message="the Revert")
    else:
        press(office, writer, ".uno:Undo")
    assert office.alive()
    assert writer.getText().getString() == PLAIN and writer.getTextTables().getCount() == 0
    assert writer.getCurrentController().getSelection().getCount() == 1


def test_revert_of_a_replace_all_and_an_appendix_keeps_the_office_running(office, endpoint, writer):
    writer.getText().setString(PLAIN)
    panel = Panel(writer).open()
    endpoint.enqueue(*tool_turn(("replace_text", {"old_text": "Micheal", "new_text": "Michael", "all": True}),
                                ("insert_content", {"content": appendix(), "position": "end"})))
    panel.send("Fix the name and add an appendix.")
    panel.wait_idle(60)
    assert "Micheal" not in writer.getText().getString() and writer.getTextTables().getCount() == 1
    assert panel.press("revert")
    wait_until(lambda: "Reverted every change" in panel.transcript(), timeout=30, message="the Revert")
    assert office.alive() and writer.getText().getString() == PLAIN


def test_revert_of_a_table_made_at_the_start_and_an_appendix_keeps_the_office_running(office, endpoint, writer):
    """Found by make test-crash (mammoth's footnotes.docx): after undoing these in block selection mode,
    LibreOffice 7.4 aborted when the views were unlocked, though the user's selection was put back."""
    writer.getText().setString("Ouch.")
    panel = Panel(writer).open()
    endpoint.enqueue(*tool_turn(("tables", {"action": "create", "position": "start",
                                            "rows": [["Name", "Value"], ["row 0", "0"], ["row 1", "1"]]}),
                                ("insert_content", {"content": appendix(), "position": "after", "paragraph": 1})))
    panel.send("Add a table at the start and an appendix.")
    panel.wait_idle(60)
    assert writer.getTextTables().getCount() == 2
    assert panel.press("revert")
    wait_until(lambda: "Reverted every change" in panel.transcript(), timeout=30, message="the Revert")
    assert office.alive() and writer.getText().getString() == "Ouch." and writer.getTextTables().getCount() == 0
