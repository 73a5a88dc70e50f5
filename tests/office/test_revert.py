"""Revert last turn: every change of the assistant's last turn goes, in one step, from the panel."""
import json
import time

from support.commands import press, select_phrase, selected_text
from support.keyboard import focus_office_window, xdotool
from support.panel import Panel, endpoint_at, set_settings, wait_until
from support.scripted_server import chat_chunk, sse_reply, text_stream_reply


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
