"""Edit Selection and Extend Selection in a real soffice, streamed from a scripted server (their shortcuts:
tests/office/test_shortcuts.py)."""
import os
import time

from support.commands import press
from support.panel import Panel, set_settings
from writer_docs import eventually as wait_until
from support.scripted_server import json_reply, text_stream_reply
from writer_docs import YELLOW, blocks, make_sample, portions, select_in, snapshot, texts

ORIGINAL_2 = "Dear Micheal Smith, this report covers the first quarter."
CHAT = "/v1/chat/completions"


def dispatch(office, doc, command, **args):
    press(office, doc, "org.marginalia:" + command, **args)


def select_paragraph(doc, number):
    paragraph = blocks(doc)[number - 1]
    cursor = doc.getText().createTextCursorByRange(paragraph.getStart())
    cursor.gotoEndOfParagraph(True)
    doc.getCurrentController().select(cursor)


def undo_titles(doc):
    return list(doc.getUndoManager().getAllUndoActionTitles())


def test_menu_entries(office):
    from writer_docs import config_node
    submenu = config_node(office.ctx, "/org.openoffice.Office.Addons/AddonUI/OfficeMenuBar/org.marginalia.menubar/"
                                      "Submenu")
    entries = {submenu.getByName(name).getByName("URL"): submenu.getByName(name)
               for name in submenu.getElementNames()}
    assert entries["org.marginalia:ExtendSelection"].getByName("Context") == "com.sun.star.text.TextDocument"
    assert entries["org.marginalia:EditSelection"].getByName("Context") == (
        "com.sun.star.text.TextDocument,com.sun.star.presentation.PresentationDocument,"
        "com.sun.star.drawing.DrawingDocument")  # a selected text shape in Impress and Draw
    assert entries["org.marginalia:EditSelection"].getByName("Title") == "~Edit Selection\u2026"


def test_instruction_dialog_has_its_controls(office):
    from marginalia.ui.selection import instruction_dialog
    dialog = instruction_dialog.create(office.ctx)
    try:
        for name in instruction_dialog.CONTROLS:
            assert dialog.getControl(name) is not None, name
        instruction_dialog.fill(dialog, "")
        assert dialog.getControl("selected").getText() == instruction_dialog.NOTHING_SELECTED
    finally:
        dialog.dispose()


def test_edit_selection_rewrites_streams_keeps_formatting_and_undoes_in_one_step(office, endpoint, writer):
    make_sample(writer)
    before = snapshot(writer)
    select_paragraph(writer, 2)
    endpoint.enqueue(text_stream_reply(["Dear Michael ", "Smith, this report covers ", "the first quarter of 2026."],
                                       delay=0.05), path=CHAT)
    dispatch(office, writer, "EditSelection", Instruction="Fix the name and add the year")
    expected = "Dear Michael Smith, this report covers the first quarter of 2026."
    wait_until(lambda: texts(writer)[1] == expected, message="the rewrite")
    wait_until(lambda: ("Michael Smith", True, False, YELLOW, None) in portions(blocks(writer)[1]),
               message="the old formatting laid back")
    assert portions(blocks(writer)[1])[0] == ("Dear ", False, False, None, None)
    body = endpoint.chat_requests()[0].json()
    assert body["stream"] is True and "resulting text only" in body["messages"][0]["content"]
    assert "Instruction: Fix the name and add the year" in body["messages"][1]["content"]
    assert body["messages"][1]["content"].endswith("Text:\n" + ORIGINAL_2)
    assert "Project report" in body["messages"][1]["content"]  # context before the selection
    Panel(writer).open().wait_idle()
    assert len(undo_titles(writer)) == 1 and undo_titles(writer)[0].startswith("Marginalia: Edit Selection")
    writer.getUndoManager().undo()
    assert snapshot(writer) == before


def test_extend_selection_continues_after_the_selection(office, endpoint, writer):
    make_sample(writer)
    before = snapshot(writer)
    select_paragraph(writer, 9)
    endpoint.enqueue(text_stream_reply(["They ", "start in May.\n"]), path=CHAT)
    dispatch(office, writer, "ExtendSelection")
    wait_until(lambda: texts(writer)[8] == "We will hire two engineers. They start in May.", message="continuation")
    assert "continuation only" in endpoint.chat_requests()[0].json()["messages"][0]["content"]
    Panel(writer).open().wait_idle()
    assert len(undo_titles(writer)) == 1
    writer.getUndoManager().undo()
    assert snapshot(writer) == before


def test_edit_with_nothing_selected_writes_at_the_cursor(office, endpoint, writer):
    make_sample(writer)
    cursor = select_in(writer, 9, "engineers")
    cursor.collapseToEnd()
    writer.getCurrentController().select(cursor)
    endpoint.enqueue(text_stream_reply(["and a designer"]), path=CHAT)
    dispatch(office, writer, "EditSelection", Instruction="add a designer")
    wait_until(lambda: texts(writer)[8] == "We will hire two engineers and a designer.", message="the insertion")
    assert "at the cursor" in endpoint.chat_requests()[0].json()["messages"][0]["content"]


def test_server_error_leaves_the_document_and_says_so(office, endpoint, writer):
    make_sample(writer)
    before = snapshot(writer)
    select_paragraph(writer, 2)
    endpoint.enqueue(json_reply({"error": {"message": "boom"}}, status=500), path=CHAT)
    dispatch(office, writer, "EditSelection", Instruction="shorten")
    panel = Panel(writer).open()
    wait_until(lambda: "Edit Selection:" in panel.transcript(), message="the problem report")
    assert "Problem" in panel.transcript()
    assert snapshot(writer) == before and undo_titles(writer) == []


def test_stream_cut_midway_is_undone(office, endpoint, writer):
    make_sample(writer)
    before = snapshot(writer)
    select_paragraph(writer, 2)
    reply = text_stream_reply(["Partial ", "text ", "that ", "never ", "ends"], delay=0.05)
    reply.cut_after = 3
    endpoint.enqueue(reply, path=CHAT)
    dispatch(office, writer, "EditSelection", Instruction="rewrite")
    panel = Panel(writer).open()
    wait_until(lambda: "Edit Selection:" in panel.transcript(), message="the problem report")
    time.sleep(0.2)
    assert snapshot(writer) == before


def test_review_mode_makes_the_edit_a_tracked_change(office, endpoint, writer):
    make_sample(writer)
    set_settings(office.ctx, "Writer", ReviewMode=True)
    try:
        select_paragraph(writer, 9)
        endpoint.enqueue(text_stream_reply(["We will hire three engineers."]), path=CHAT)
        dispatch(office, writer, "EditSelection", Instruction="three")
        wait_until(lambda: len(list(writer.getRedlines())) >= 2, message="tracked changes")
        assert {r.RedlineAuthor for r in writer.getRedlines()} == {"Marginalia (m)"}
        assert not writer.RecordChanges
    finally:
        set_settings(office.ctx, "Writer", ReviewMode=False)


def test_not_configured_is_reported(office, writer):
    make_sample(writer)
    set_settings(office.ctx, "Endpoint", URL="", Model="")
    select_paragraph(writer, 2)
    dispatch(office, writer, "ExtendSelection")
    panel = Panel(writer).open()
    wait_until(lambda: "Extend Selection: No endpoint" in panel.transcript(), message="the note")



def test_text_arrives_in_the_document_while_streaming(office, endpoint, writer):
    """The office stays free while the reply streams: the document shows the text growing chunk by chunk."""
    make_sample(writer)
    select_paragraph(writer, 9)
    endpoint.enqueue(text_stream_reply(["One. ", "Two. ", "Three. ", "Four. ", "Five."], delay=0.3), path=CHAT)
    dispatch(office, writer, "EditSelection", Instruction="count to five")
    seen = []
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and (not seen or seen[-1] != "One. Two. Three. Four. Five."):
        text = texts(writer)[8]
        if not seen or seen[-1] != text:
            seen.append(text)
        time.sleep(0.05)
    assert seen[-1] == "One. Two. Three. Four. Five."
    assert "One. Two." in seen and "One. Two. Three." in seen, seen  # intermediate states were visible
    assert len(writer.getUndoManager().getAllUndoActionTitles()) == 1


def test_the_panel_shows_the_action_busy_and_stop_undoes_it(office, endpoint, writer):
    make_sample(writer)
    before = snapshot(writer)
    panel = Panel(writer).open()
    select_paragraph(writer, 2)
    endpoint.enqueue(text_stream_reply(["Slow ", "rewrite ", "that ", "takes ", "a ", "while."], delay=0.4), path=CHAT)
    dispatch(office, writer, "EditSelection", Instruction="rewrite slowly")
    panel.wait_busy()
    assert not panel.enabled("send")
    wait_until(lambda: texts(writer)[1].startswith("Slow"), message="the first words")
    assert panel.press("stop")
    panel.wait_idle()
    wait_until(lambda: snapshot(writer) == before, message="the document as it was")
    assert "Edit Selection: Stopped; the document was left as it was." in panel.transcript()


def test_the_instruction_box_from_the_menu_command(gui_office, scripted_server):
    """Without an instruction the command asks for one in its dialog, as after its shortcut."""
    from support.office_fixtures import ROOT
    from support.top_windows import click, control_text, find_top_window, type_into, xdl_controls
    set_settings(gui_office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    doc = gui_office.new_document("swriter")
    try:
        make_sample(doc)
        select_paragraph(doc, 9)
        scripted_server.enqueue(text_stream_reply(["We will hire three engineers."]), path=CHAT)
        dispatch(gui_office, doc, "EditSelection")
        window = wait_until(lambda: find_top_window(gui_office.ctx, "Marginalia: Edit Selection"), 15,
                            message="the instruction box")
        controls = xdl_controls(window, os.path.join(ROOT, "extension", "dialogs", "EditSelection.xdl"))
        type_into(gui_office.display, window, controls["instruction"], "say three instead of two")
        assert control_text(controls["ok"]) == "Edit"
        click(gui_office.display, window, controls["ok"])
        wait_until(lambda: texts(doc)[8] == "We will hire three engineers.", 15, message="the rewrite")
        prompt = scripted_server.chat_requests()[0].json()["messages"][1]["content"]
        assert "Instruction: say three instead of two" in prompt
    finally:
        gui_office.close_document(doc)
        set_settings(gui_office.ctx, "Endpoint", URL="", Model="")
