"""Marginalia as an MCP server in a real soffice, driven by the official MCP Python SDK (``mcp`` from PyPI)."""
import pytest

from support.commands import press, select_phrase, selected_text
from support.mcp_kit import http_session, mcp_server, run, text_of
from support.panel import wait_until

pytest.importorskip("mcp")


@pytest.fixture
def server(office):
    with mcp_server(office) as running:
        yield running


def document_undo(doc):
    return doc.getUndoManager()


def test_the_sdk_lists_the_sidebar_tools_with_a_document_argument(server):
    url, token = server

    async def scenario():
        async with http_session(url, token) as session:
            return (await session.list_tools()).tools

    tools = {tool.name: tool for tool in run(scenario)}
    assert {"list_documents", "get_document", "replace_text", "read_range", "write_range"} <= set(tools)
    assert "web_search" not in tools  # worker-thread (web) tools are not offered
    assert "document" in tools["replace_text"].input_schema["properties"]
    assert tools["replace_text"].description.startswith("[Writer]")
    assert tools["get_document"].annotations.read_only_hint is True
    assert tools["replace_text"].annotations.read_only_hint is False


def test_an_agent_reads_and_edits_a_writer_document_in_one_undo_step(office, writer, server):
    url, token = server
    writer.getText().setString("The quick brown fox.\nA second paragraph about foxes.")
    document_undo(writer).clear()

    async def scenario():
        async with http_session(url, token, name="Claude Code") as session:
            listing = text_of(await session.call_tool("list_documents", {}))
            read = text_of(await session.call_tool("get_document", {}))
            first = await session.call_tool("replace_text", {"old_text": "quick", "new_text": "slow"})
            second = await session.call_tool("replace_text", {"old_text": "foxes", "new_text": "dogs"})
            return listing, read, first, second

    listing, read, first, second = run(scenario)
    assert '"kind": "writer"' in listing
    assert "The quick brown fox." in read
    assert not first.is_error and not second.is_error, (text_of(first), text_of(second))
    assert writer.getText().getString() == "The slow brown fox.\nA second paragraph about dogs."
    manager = document_undo(writer)
    assert manager.getCurrentUndoActionTitle() == "Marginalia: Claude Code"
    select_phrase(writer, "second")
    press(office, writer, ".uno:Undo")  # Ctrl+Z
    assert writer.getText().getString() == "The quick brown fox.\nA second paragraph about foxes."
    # the agent's step was undone as Revert does: the user's selection stays (LibreOffice's would move it)
    assert selected_text(writer) == "second"


def test_an_agent_writes_a_calc_range_named_by_its_title(office, calc, writer, server):
    url, token = server
    document_undo(calc).clear()
    title = calc.getTitle()

    async def scenario():
        async with http_session(url, token, name="Codex") as session:
            wrote = await session.call_tool("write_range", {"document": title, "range": "A1",
                                                            "values": [["Item", "Price"], ["Tea", 3.5],
                                                                       ["Total", "=SUM(B2:B2)"]]})
            read = await session.call_tool("read_range", {"document": title, "range": "A1:B3"})
            return wrote, read

    wrote, read = run(scenario)
    assert not wrote.is_error, text_of(wrote)
    sheet = calc.getSheets().getByIndex(0)
    assert sheet.getCellByPosition(0, 1).getString() == "Tea"
    assert sheet.getCellByPosition(1, 2).getValue() == 3.5
    assert "Tea" in text_of(read)
    assert document_undo(calc).getCurrentUndoActionTitle() == "Marginalia: Codex"
    document_undo(calc).undo()
    assert sheet.getCellByPosition(0, 1).getString() == ""


def test_the_agents_calls_appear_in_the_documents_transcript(office, writer, server):
    url, token = server
    writer.getText().setString("Micheal wrote this.")

    async def scenario():
        async with http_session(url, token, name="Claude Code") as session:
            return await session.call_tool("replace_text", {"old_text": "Micheal", "new_text": "Michael"})

    assert not run(scenario).is_error
    from support.panel import Panel
    panel = Panel(writer).open()
    wait_until(lambda: "Claude Code" in panel.transcript(), message="the agent's tool line")
    assert "Claude Code\nReplaced “Micheal” with “Michael”" in panel.transcript()
