"""Conversations belong to documents: kept across reopening a saved document, per document, cleared on demand."""
import os

import uno  # noqa: F401
from com.sun.star.beans import PropertyValue

from support.panel import Panel, set_settings, wait_until
from support.scripted_server import text_stream_reply


def load(office, path):
    hidden = PropertyValue()
    hidden.Name, hidden.Value = "Hidden", False
    return office.desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (hidden,))


def test_conversation_survives_closing_and_reopening_a_saved_document(office, scripted_server, tmp_path):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    path = str(tmp_path / "memo.odt")
    doc = office.new_document("swriter")
    try:
        scripted_server.enqueue(text_stream_reply(["The capital is Paris."]))
        panel = Panel(doc).open()
        panel.send("What is the capital of France?")
        panel.wait_idle()
        doc.storeToURL(uno.systemPathToFileUrl(path), ())
        office.close_document(doc)
        reopened = load(office, path)
        try:
            panel = Panel(reopened).open()
            wait_until(lambda: "The capital is Paris." in panel.transcript(), message="the restored conversation")
            scripted_server.enqueue(text_stream_reply(["Lyon is second."]))
            panel.send("And the second city?")
            panel.wait_idle()
            messages = scripted_server.chat_requests()[-1].json()["messages"]
            assert [m["content"] for m in messages if m["role"] != "system"] == [
                "What is the capital of France?", "The capital is Paris.", "And the second city?"]
        finally:
            office.close_document(reopened)
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
    stored = os.listdir(office.profile_path("user", "marginalia", "sessions"))
    assert any(name.endswith(".json") for name in stored)


def test_each_document_has_its_own_conversation(office, scripted_server):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    first, second = office.new_document("swriter"), office.new_document("scalc")
    try:
        scripted_server.enqueue(text_stream_reply(["Answer one."]), text_stream_reply(["Answer two."]))
        Panel(first).open().send("question one")
        Panel(first).open().wait_idle()
        panel_two = Panel(second).open()
        panel_two.send("question two")
        panel_two.wait_idle()
        assert "question one" not in panel_two.transcript()
        assert "question one" in Panel(first).open().transcript()
        last = scripted_server.chat_requests()[-1].json()["messages"]
        assert [m["content"] for m in last if m["role"] != "system"] == ["question two"]
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
        office.close_document(first)
        office.close_document(second)


def test_a_chat_does_not_mark_a_saved_document_modified(office, scripted_server, tmp_path):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    path = str(tmp_path / "clean.odt")
    doc = office.new_document("swriter")
    try:
        doc.storeAsURL(uno.systemPathToFileUrl(path), ())
        assert not doc.isModified()
        scripted_server.enqueue(text_stream_reply(["Just talking."]))
        panel = Panel(doc).open()
        panel.send("hello")
        panel.wait_idle()
        # the session id was stored without dirtying the document; the office's main thread stores it and then
        # clears the flag, and this test's calls over the bridge may come between the two
        wait_until(lambda: not doc.isModified(), 10, message="the document to be unmodified")
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
        office.close_document(doc)
