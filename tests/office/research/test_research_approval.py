"""The approval flow from the real sidebar: deny, allow once, allow this host, Stop, local-only mode."""
import time

import pytest

from support.keyboard import focus_office_window, focused_control, xdotool
from support.panel import Panel, set_settings, wait_until
from support.research_panel import Approval, offered_tools, reset_research, tool_results, wait_for_status
from support.scripted_turns import CHAT, tool_round
from support.scripted_server import text_stream_reply
from support.web_pages import PageServer

PAGE = "<html><head><title>Figures</title></head><body><h1>Figures</h1><p>Output grew by 24%.</p></body></html>"


@pytest.fixture
def pages(office):
    with PageServer("127.0.0.2") as server:
        set_settings(office.ctx, "Research", AllowedLocalHosts="127.0.0.2")
        yield server
    reset_research(office.ctx)


def test_deny_shows_the_full_url_and_the_model_gets_an_error(endpoint, pages, writer):
    url = pages.add("/report", PAGE) + "?quarter=Q3+numbers&draft=1"
    endpoint.enqueue(tool_round(("fetch_page", {"url": url})), path=CHAT)
    endpoint.enqueue(text_stream_reply(["I could not read the page."]), path=CHAT)
    panel = Panel(writer).open()
    approval = Approval(panel)
    panel.send("Check the report")
    question = approval.wait_question(url)
    assert "127.0.0.2" in question and url in question
    assert not panel.control("input").isVisible()
    wait_until(lambda: "fetch page: Waiting for your approval: %s" % url in panel.transcript(),
               message="the tool line to say what it waits for")  # the bar may show a moment before the line
    assert "Waiting for your approval" in panel.status()
    approval.answer("deny")
    panel.wait_idle()
    assert not approval.is_open() and panel.control("input").isVisible()
    assert tool_results(endpoint, 1)[0].startswith("Error: The user denied the request to %s" % url)
    assert pages.hits == []
    assert "fetch page failed: The user denied the request" in panel.transcript()


def test_allow_once_asks_for_every_request(endpoint, pages, writer):
    first, second = pages.add("/a", PAGE), pages.add("/b", PAGE)
    endpoint.enqueue(tool_round(("fetch_page", {"url": first}), ("fetch_page", {"url": second})), path=CHAT)
    endpoint.enqueue(text_stream_reply(["Both read."]), path=CHAT)
    panel = Panel(writer).open()
    approval = Approval(panel)
    panel.send("Read both")
    approval.wait_question(first)
    approval.answer("once")
    approval.wait_question(second)
    approval.answer("once")
    panel.wait_idle()
    results = tool_results(endpoint, 1)
    assert all("Output grew by 24%." in result for result in results), results
    assert pages.paths() == ["/a", "/b"]
    assert "Read \u201cFigures\u201d" in panel.transcript()


def test_allow_this_host_covers_the_rest_of_the_session(endpoint, pages, writer):
    urls = [pages.add("/p%d" % n, PAGE) for n in range(3)]
    endpoint.enqueue(tool_round(("fetch_page", {"url": urls[0]}), ("fetch_page", {"url": urls[1]})), path=CHAT)
    endpoint.enqueue(text_stream_reply(["Read."]), path=CHAT)
    endpoint.enqueue(tool_round(("fetch_page", {"url": urls[2]})), path=CHAT)
    endpoint.enqueue(text_stream_reply(["Read again."]), path=CHAT)
    panel = Panel(writer).open()
    approval = Approval(panel)
    panel.send("Read two")
    approval.wait_question(urls[0])
    approval.answer("host")
    panel.wait_idle()  # the second page needed no answer
    panel.send("And the third")
    panel.wait_idle()  # nor does a page of that host in the next turn
    assert pages.paths() == ["/p0", "/p1", "/p2"]
    assert all(result.startswith("Title: Figures") for result in tool_results(endpoint, 1) + tool_results(endpoint, 3))


def test_a_local_host_not_allowed_is_refused_without_asking(endpoint, writer, office):
    with PageServer("127.0.0.3") as local:
        url = local.add("/admin", PAGE)
        endpoint.enqueue(tool_round(("fetch_page", {"url": url})), path=CHAT)
        endpoint.enqueue(text_stream_reply(["Refused."]), path=CHAT)
        panel = Panel(writer).open()
        panel.send("Read the admin page")
        panel.wait_idle()
        assert "127.0.0.3 is on this computer or the local network" in tool_results(endpoint, 1)[0]
        assert local.hits == [] and not Approval(panel).is_open()


def test_stop_during_a_slow_fetch_ends_within_half_a_second(endpoint, pages, writer):
    url = pages.add("/slow", chunks=[b"<p>line %d</p>" % n for n in range(400)], delay=0.05, chunked=True)
    endpoint.enqueue(tool_round(("fetch_page", {"url": url})), path=CHAT)
    panel = Panel(writer).open()
    approval = Approval(panel)
    panel.send("Read the slow page")
    approval.wait_question(url)
    approval.answer("once")
    wait_for_status(panel, "Reading 127.0.0.2")
    stopped = time.monotonic()
    assert panel.press("stop")
    panel.wait_idle(timeout=5)
    assert time.monotonic() - stopped < 0.5 + 0.1  # the test's own polling adds a little
    deadline = time.monotonic() + 2
    while not pages.disconnects and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pages.disconnects and pages.disconnects[0] - stopped < 0.5
    assert "Stopped." in panel.transcript()
    assert len(endpoint.chat_requests()) == 1


def test_stop_while_a_question_is_open_denies_it(endpoint, pages, writer):
    url = pages.add("/q", PAGE)
    endpoint.enqueue(tool_round(("fetch_page", {"url": url})), path=CHAT)
    panel = Panel(writer).open()
    approval = Approval(panel)
    panel.send("Read it")
    approval.wait_question(url)
    assert panel.press("stop")
    panel.wait_idle(timeout=5)
    wait_until(lambda: not approval.is_open(), 5, message="the question to close")
    assert panel.control("input").isVisible() and pages.hits == []


def test_local_only_mode_offers_no_research_tools(endpoint, office, writer):
    set_settings(office.ctx, "Research", LocalOnly=True)
    try:
        endpoint.enqueue(tool_round(("fetch_page", {"url": "https://example.org/"})), path=CHAT)
        endpoint.enqueue(text_stream_reply(["Understood."]), path=CHAT)
        panel = Panel(writer).open()
        panel.send("Look it up online")
        panel.wait_idle()
        offered = offered_tools(endpoint, 0)
        assert offered and not {"fetch_page", "web_search", "research_web"} & set(offered)
        assert "local-only mode" in tool_results(endpoint, 1)[0]
    finally:
        reset_research(office.ctx)


def test_local_only_mode_refuses_a_model_server_elsewhere(endpoint, office, writer):
    set_settings(office.ctx, "Research", LocalOnly=True)
    set_settings(office.ctx, "Endpoint", URL="http://192.0.2.10:8080/v1", Model="m")
    try:
        panel = Panel(writer).open()
        panel.send("Hello", expect_turn=False)
        wait_until(lambda: "Local-only mode is on" in panel.transcript(), message="the refusal")
        assert ("Local-only mode is on, and the model server 192.0.2.10 is not on this computer, so nothing was "
                "sent. Use a model server on this computer, or turn local-only mode off in Settings."
                in panel.transcript())
        panel.wait_idle()
        assert endpoint.chat_requests() == []
    finally:
        reset_research(office.ctx)


def rect_of(control):
    rect = control.getPosSize()
    return rect.X, rect.Y, rect.Width, rect.Height


def test_the_question_follows_the_input_area_when_the_window_is_resized(endpoint, pages, writer):
    url = pages.add("/r", PAGE)
    endpoint.enqueue(tool_round(("fetch_page", {"url": url})), path=CHAT)
    endpoint.enqueue(text_stream_reply(["Read."]), path=CHAT)
    panel = Panel(writer).open()
    approval = Approval(panel)
    panel.send("Read it")
    approval.wait_question(url)
    question, once, deny = (panel.control(name) for name in ("approval_question", "approval_once", "approval_deny"))
    x, y, width, height = rect_of(panel.control("input"))
    assert rect_of(question)[:3] == (x, y, width) and rect_of(once)[1] + rect_of(once)[3] == y + height
    assert rect_of(deny)[0] + rect_of(deny)[2] <= x + width
    window = writer.getCurrentController().getFrame().getContainerWindow()
    window.setPosSize(0, 0, 1000, 600, 15)
    try:
        wait_until(lambda: rect_of(panel.control("input"))[1] != y, message="the panel to lay out again")
        wait_until(lambda: rect_of(question)[1] == rect_of(panel.control("input"))[1], message="the question to move")
    finally:
        window.setPosSize(0, 0, 1280, 860, 15)
    approval.answer("once")
    panel.wait_idle()


def test_the_question_can_be_answered_from_the_keyboard(gui_office, xvfb, scripted_server):
    """Enter sends; the question takes the focus on Deny (the safe answer); Shift+Tab reaches Allow once;
    after the answer the focus is back in the message field."""
    set_settings(gui_office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    doc = gui_office.new_document("swriter")
    names = ["input", "approval_question", "approval_once", "approval_host", "approval_deny", "send"]
    with PageServer("127.0.0.2") as pages:
        set_settings(gui_office.ctx, "Research", AllowedLocalHosts="127.0.0.2")
        try:
            url = pages.add("/report", PAGE)
            scripted_server.enqueue(tool_round(("fetch_page", {"url": url})), path=CHAT)
            scripted_server.enqueue(text_stream_reply(["Output grew by 24%."]), path=CHAT)
            panel = Panel(doc).open()
            approval = Approval(panel)
            focus_office_window(xvfb, doc)
            panel.control("input").setFocus()
            wait_until(lambda: focused_control(panel, names) == "input", message="the message field to take the focus")
            xdotool(xvfb, "type", "--delay", "20", "Read the report")
            xdotool(xvfb, "key", "Return")
            approval.wait_question(url)
            wait_until(lambda: focused_control(panel, names) == "approval_deny", message="Deny to take the focus")
            xdotool(xvfb, "key", "shift+Tab")
            xdotool(xvfb, "key", "shift+Tab")
            wait_until(lambda: focused_control(panel, names) == "approval_once", message="Shift+Tab to reach Allow once")
            xdotool(xvfb, "key", "space")  # presses the focused button
            panel.wait_idle(timeout=20)
            assert [hit.path for hit in pages.hits] == ["/report"]
            assert "Output grew by 24%." in panel.transcript()
            wait_until(lambda: focused_control(panel, names) == "input", message="the focus to return to the message field")
        finally:
            set_settings(gui_office.ctx, "Endpoint", URL="", Model="")
            reset_research(gui_office.ctx)
            gui_office.close_document(doc)
