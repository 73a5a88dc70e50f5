"""Only one loop drives the office: a turn in a second document joins the running loop."""
import time

from support.panel import Panel, set_settings, wait_until
from support.scripted_server import text_stream_reply


def test_turns_in_two_documents_at_once_both_complete(office, scripted_server):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    first, second = office.new_document("swriter"), office.new_document("scalc")
    try:
        scripted_server.enqueue(text_stream_reply(["slow "] * 30, delay=0.05),
                                text_stream_reply(["quick ", "answer"], delay=0.01))
        panel_one, panel_two = Panel(first).open(), Panel(second).open()
        panel_one.send("first, slowly")
        panel_one.wait_busy()
        panel_two.send("second, while the first streams")
        panel_two.wait_idle(timeout=20)
        assert panel_one.enabled("stop"), "the first turn must still be running"
        assert panel_two.transcript().endswith("quick answer")
        panel_one.wait_idle(timeout=20)
        assert panel_one.transcript().endswith(("slow " * 30).rstrip())  # an answer shows rendered: no trailing space
        started = time.monotonic()
        first.getText().getString()
        assert time.monotonic() - started < 1.0  # the office answers afterwards (a generous bound, not a benchmark)
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
        office.close_document(first)
        office.close_document(second)


def test_closing_the_document_mid_turn_ends_quietly(office, scripted_server):
    from support.office_fixtures import marginalia_log
    log_before = len(marginalia_log(office))
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    doc = office.new_document("swriter")
    try:
        scripted_server.enqueue(text_stream_reply(["tick "] * 100, delay=0.05))
        panel = Panel(doc).open()
        panel.send("keep talking")
        wait_until(lambda: "tick tick" in panel.transcript(), message="the stream to start")
        office.close_document(doc)
        other = office.new_document("swriter")
        try:
            started = time.monotonic()
            other.getText().setString("still alive")
            assert other.getText().getString() == "still alive"
            assert time.monotonic() - started < 0.5
            scripted_server.enqueue(text_stream_reply(["fine"]))
            panel_two = Panel(other).open()
            panel_two.send("are you ok?")
            panel_two.wait_idle()
            assert panel_two.transcript().endswith("fine")
        finally:
            office.close_document(other)
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
    assert "unhandled exception" not in marginalia_log(office)[log_before:]
