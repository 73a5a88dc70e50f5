"""new_document: an agent creates a new Writer (or Calc) document, then works in it by its title."""
import json

import pytest

from support.mcp_kit import http_session, mcp_server, run, text_of

from marginalia.ui.office.open_documents import open_documents

pytest.importorskip("mcp")


def _titles(office):
    return {document.title: document.model for document in open_documents(office.ctx)}


def test_an_agent_creates_a_writer_document_and_writes_in_it(office, writer):
    before = set(_titles(office))
    with mcp_server(office) as (url, token):
        async def scenario():
            async with http_session(url, token, name="Codex") as session:
                tools = {tool.name: tool for tool in (await session.list_tools()).tools}
                created = await session.call_tool("new_document", {})
                title = json.loads(text_of(created))["title"]
                wrote = await session.call_tool("insert_content", {"document": title, "content": "Hello there.",
                                                                   "position": "end"})
                return tools["new_document"], created, title, wrote

        declared, created, title, wrote = run(scenario)
    new = _titles(office)
    try:
        assert declared.annotations.read_only_hint is False
        assert not created.is_error and set(new) - before == {title}
        answer = json.loads(text_of(created))
        assert answer == {"title": title, "kind": "writer", "url": "", "note": (
            "A new, empty Writer document, not saved yet: pass its title as 'document' to the other tools; it gets "
            "a file only when the user saves it (File ▸ Save As).")}
        assert new[title].supportsService("com.sun.star.text.TextDocument")
        assert not wrote.is_error, text_of(wrote)
        assert "Hello there." in new[title].getText().getString()
        assert writer.getText().getString() == ""  # the document that was active is untouched
    finally:
        if title in new:
            office.close_document(new[title])


def test_a_calc_document_and_an_unknown_kind(office):
    before = len(open_documents(office.ctx))
    with mcp_server(office) as (url, token):
        async def scenario():
            async with http_session(url, token) as session:
                return (await session.call_tool("new_document", {"kind": "calc"}),
                        await session.call_tool("new_document", {"kind": "impress"}))

        calc, wrong = run(scenario)
    title = json.loads(text_of(calc))["title"]
    documents = _titles(office)
    try:
        assert documents[title].supportsService("com.sun.star.sheet.SpreadsheetDocument")
        assert wrong.is_error and "kind must be writer or calc" in text_of(wrong)
        assert len(documents) == before + 1  # the calc one alone
    finally:
        office.close_document(documents[title])


def test_in_read_only_mode_no_document_is_created(office, writer):
    before = len(open_documents(office.ctx))
    with mcp_server(office, ReadOnly=True) as (url, token):
        async def scenario():
            async with http_session(url, token) as session:
                names = {tool.name for tool in (await session.list_tools()).tools}
                return names, await session.call_tool("new_document", {})

        names, result = run(scenario)
    assert "new_document" not in names
    assert result.is_error and "read-only" in text_of(result), text_of(result)
    assert len(open_documents(office.ctx)) == before
