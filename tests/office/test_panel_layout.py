"""The panel follows the deck width, keeps its session, and answers the keyboard."""
import time

import pytest

from support.keyboard import focus_office_window, focused_control, xdotool
from support.panel import Panel, set_settings, wait_until
from support.scripted_server import text_stream_reply

CONTROLS = ("model", "transcript", "status", "input", "send", "stop")


def rect(control):
    r = control.getPosSize()
    return r.X, r.Y, r.Width, r.Height


def wait_for_width(panel, width):
    """Wait until the transcript spans the panel's new width (the failure names the widths last seen)."""
    seen = []

    def laid_out():
        seen.append((rect(panel.dialog)[2], rect(panel.control("transcript"))[2]))
        return seen[-1][1] == width - 12
    try:
        wait_until(laid_out, message="relayout to %d px" % width)
    except AssertionError as error:
        raise AssertionError("%s; last seen: panel %d px, transcript %d px" % ((error,) + seen[-1])) from None


@pytest.mark.parametrize("width", [250, 300, 400, 600])
def test_nothing_is_clipped_from_250_to_600_px(writer, width):
    panel = Panel(writer).open()
    panel.dialog.setPosSize(0, 0, width, 700, 12)  # SIZE: width and height
    wait_for_width(panel, width)
    boxes = {name: rect(panel.control(name)) for name in CONTROLS}
    _, _, window_width, window_height = rect(panel.dialog)
    assert window_width == width
    for name, (x, y, w, h) in boxes.items():
        assert x >= 0 and y >= 0 and x + w <= width and y + h <= window_height, (name, boxes[name], window_height)
        assert w > 0 and h > 0, name
    for name in ("send", "stop", "model"):
        preferred = panel.control(name).getPreferredSize()
        assert preferred.Width <= boxes[name][2] and preferred.Height <= boxes[name][3] + 2, (name, preferred)
    names = list(boxes)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            assert not overlaps(boxes[first], boxes[second]), (first, second)


def test_a_long_status_wraps_onto_two_lines_in_a_narrow_panel(office, writer, scripted_server):
    from support.scripted_server import json_reply
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    try:
        panel = Panel(writer).open()
        panel.dialog.setPosSize(0, 0, 250, 700, 12)
        wait_for_width(panel, 250)
        one_line = rect(panel.control("status"))
        transcript_before = rect(panel.control("transcript"))
        scripted_server.enqueue(json_reply({"error": {"message": "Invalid API key"}}, status=401),
                                path="/v1/chat/completions")
        panel.send("hello")
        panel.wait_idle()
        status = panel.control("status")
        assert status.getPreferredSize().Width > one_line[2]  # too long for one line here
        wait_until(lambda: rect(status)[3] > one_line[3], message="the status to take two lines")
        assert rect(panel.control("transcript"))[3] < transcript_before[3]  # the transcript made room
        boxes = {name: rect(panel.control(name)) for name in CONTROLS}
        for name, (x, y, w, h) in boxes.items():
            assert x + w <= 250 and y + h <= 700, name
        names = list(boxes)
        for i, first in enumerate(names):
            for second in names[i + 1:]:
                assert not overlaps(boxes[first], boxes[second]), (first, second)
        scripted_server.enqueue(text_stream_reply(["Fine."]))
        panel.send("again")
        panel.wait_idle()
        wait_until(lambda: rect(status) == one_line, message="a short status back on one line")
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_session_survives_closing_and_reopening_the_sidebar(office, writer, scripted_server):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    try:
        scripted_server.enqueue(text_stream_reply(["Remember me."]))
        panel = Panel(writer).open()
        panel.send("hello")
        panel.wait_idle()
        writer.getCurrentController().getSidebar().setVisible(False)
        reopened = Panel(writer).open()
        assert "Remember me." in reopened.transcript()
        scripted_server.enqueue(text_stream_reply(["Still the same chat."]))
        reopened.send("again")
        reopened.wait_idle()
        history = scripted_server.chat_requests()[-1].json()["messages"]
        assert [m["content"] for m in history if m["role"] != "system"] == ["hello", "Remember me.", "again"]
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")


def test_enter_sends_and_shift_enter_adds_a_line(gui_office, xvfb, scripted_server):
    set_settings(gui_office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    doc = gui_office.new_document("swriter")
    try:
        scripted_server.enqueue(text_stream_reply(["Got both lines."]))
        panel = Panel(doc).open()
        focus_office_window(xvfb, doc)
        panel.control("input").setFocus()
        # keys typed before the focus arrived were lost on a busy machine ("first " of "first line")
        wait_until(lambda: focused_control(panel, ["input"]), message="the input to have the focus")
        xdotool(xvfb, "type", "--delay", "20", "first line")
        xdotool(xvfb, "key", "shift+Return")
        xdotool(xvfb, "type", "--delay", "20", "second line")
        wait_until(lambda: "second line" in panel.control("input").getText(), message="typed text")
        assert panel.control("input").getText().replace("\r\n", "\n") == "first line\nsecond line"
        xdotool(xvfb, "key", "Return")
        wait_until(lambda: "Got both lines." in panel.transcript(), message="the reply")
        panel.wait_idle()
        sent = scripted_server.chat_requests()[0].json()["messages"][-1]["content"]
        assert sent.replace("\r\n", "\n") == "first line\nsecond line"
        assert panel.control("input").getText() == ""
    finally:
        set_settings(gui_office.ctx, "Endpoint", URL="", Model="")
        gui_office.close_document(doc)


def test_tab_reaches_every_control_of_the_panel(gui_office, xvfb, scripted_server):
    """From the message field, Tab walks through every enabled control, top to bottom, and comes back."""
    set_settings(gui_office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    doc = gui_office.new_document("swriter")
    names = ["model", "settings", "transcript", "show_thinking", "input", "send", "stop", "clear", "revert"]
    try:
        scripted_server.enqueue(text_stream_reply(["Done."]))
        panel = Panel(doc).open()
        panel.send("hello")
        panel.wait_idle()
        focus_office_window(xvfb, doc)
        panel.control("input").setFocus()
        wait_until(lambda: focused_control(panel, names) == "input", message="the message field to take the focus")
        reached = []
        for _ in range(len(names) + 8):  # past the panel's end, Tab visits the sidebar's own title and tabs
            before = focused_control(panel, names)
            xdotool(xvfb, "key", "Tab")
            deadline = time.monotonic() + 2.0  # the focus moves when the office has handled the key
            while focused_control(panel, names) == before and before is not None and time.monotonic() < deadline:
                time.sleep(0.02)
            time.sleep(0.05)
            reached.append(focused_control(panel, names))
        in_panel = [name for name in reached if name is not None]
        expected = ["send", "clear"] + (["revert"] if panel.enabled("revert") else []) + [
            "model", "settings", "transcript", "show_thinking", "input"]
        assert in_panel[:len(expected)] == expected, reached  # top to bottom; Stop is disabled between turns
    finally:
        set_settings(gui_office.ctx, "Endpoint", URL="", Model="")
        gui_office.close_document(doc)


def test_every_control_has_a_meaningful_accessible_name(writer):
    panel = Panel(writer).open()
    expected = {"model": "Model", "settings": "Settings…", "show_thinking": "Thinking", "send": "Send", "stop": "Stop", "clear": "Clear", "revert": "Revert"}
    for name, accessible in expected.items():
        assert panel.control(name).getAccessibleContext().getAccessibleName() == accessible, name
    assert panel.control("input").getAccessibleContext().getAccessibleName().startswith("Message to the assistant")
    assert panel.control("status").getAccessibleContext().getAccessibleName() == panel.status()
    # the rich text transcript is named by its content, which a screen reader then reads out
    assert panel.control("transcript").getAccessibleContext().getAccessibleName().startswith("Note")


def test_escape_in_the_document_stops_a_running_turn(gui_office, xvfb, scripted_server):
    """The user works in the document while the reply streams; Escape stops it (the sidebar
    itself uses Escape to return to the document)."""
    set_settings(gui_office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    doc = gui_office.new_document("swriter")
    try:
        scripted_server.enqueue(text_stream_reply(["tick "] * 200, delay=0.1))
        panel = Panel(doc).open()
        panel.send("count")
        wait_until(lambda: "tick tick" in panel.transcript(), message="the stream to start")
        focus_office_window(xvfb, doc)
        doc.getCurrentController().getFrame().getComponentWindow().setFocus()
        time.sleep(0.2)
        xdotool(xvfb, "type", "Typing on.")
        xdotool(xvfb, "key", "Escape")
        panel.wait_idle(timeout=5)
        assert panel.transcript().endswith("Stopped.")
        assert "Typing on." in doc.getText().getString()  # the user kept working in the document
        xdotool(xvfb, "key", "Escape")  # with no turn running, Escape is the document's again
        assert panel.transcript().endswith("Stopped.")
    finally:
        set_settings(gui_office.ctx, "Endpoint", URL="", Model="")
        gui_office.close_document(doc)
