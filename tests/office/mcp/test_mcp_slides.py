"""Agents over MCP reach Impress and Draw documents: listed, named by title, changed in one undo step."""
import json
import sys
import os

import pytest

from support.mcp_kit import http_session, mcp_server, run, text_of

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "slides"))
from slides_docs import make_deck, pages, state, title_of  # noqa: E402

pytest.importorskip("mcp")


@pytest.fixture
def server(office):
    with mcp_server(office) as running:
        yield running


@pytest.fixture
def presentation(office):
    doc = office.new_document("simpress")
    yield doc
    office.close_document(doc)


@pytest.fixture
def drawing(office):
    doc = office.new_document("sdraw")
    yield doc
    office.close_document(doc)


def title(doc):
    """The title agents name a document by: the model's own (the frame's adds the application, after " - " on 7.4
    and " — " on 25.2 and 26.8)."""
    return doc.getTitle()


def test_an_agent_lists_reads_and_adds_slides_in_one_undo_step(office, server, presentation, drawing):
    url, token = server
    make_deck(presentation)
    original = state(presentation)

    async def scenario():
        async with http_session(url, token, name="Claude Code") as session:
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            listing = text_of(await session.call_tool("list_documents", {}))
            read = text_of(await session.call_tool("get_presentation", {"document": title(presentation)}))
            added = await session.call_tool("add_slides", {"document": title(presentation),
                                                           "outline": "# Agenda\n- one\n# Close"})
            drawing_read = text_of(await session.call_tool("get_presentation", {"document": title(drawing)}))
            wrong = await session.call_tool("add_slides", {"document": title(drawing), "outline": "# A"})
            return tools, listing, read, added, drawing_read, wrong

    tools, listing, read, added, drawing_read, wrong = run(scenario)
    kinds = {entry["title"]: entry["kind"] for entry in json.loads(listing)["documents"]}
    assert kinds[title(presentation)] == "impress" and kinds[title(drawing)] == "draw"
    assert tools["get_presentation"].description.startswith("[Impress and Draw]")
    assert tools["add_slides"].description.startswith("[Impress]")
    assert "Slide 2: layout title_content" in read and drawing_read.startswith("Drawing: 1 page")
    assert not added.is_error, text_of(added)
    assert [title_of(p) for p in pages(presentation)][3:] == ["Agenda", "Close"]
    assert wrong.is_error and "add_slides works in Impress documents" in text_of(wrong)
    manager = presentation.getUndoManager()
    assert manager.getCurrentUndoActionTitle() == "Marginalia: Claude Code"
    manager.undo()
    assert state(presentation) == original
