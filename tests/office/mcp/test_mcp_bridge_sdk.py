"""The official MCP SDK's stdio client, through the bridge shipped in the .oxt, working in a real soffice."""
import os
import zipfile

import pytest

from support.mcp_kit import mcp_server, run, stdio_session, text_of

pytest.importorskip("mcp")


@pytest.fixture
def shipped_bridge(built_oxt, tmp_path):
    """The bridge script as the installed extension ships it."""
    with zipfile.ZipFile(built_oxt) as archive:
        archive.extract("bridge/marginalia_mcp_bridge.py", str(tmp_path))
    return os.path.join(str(tmp_path), "bridge", "marginalia_mcp_bridge.py")


def test_writer_and_calc_through_the_stdio_bridge(office, writer, calc, shipped_bridge):
    writer.getText().setString("Bridges carry text.")
    writer.getUndoManager().clear()
    calc.getUndoManager().clear()
    writer_title = writer.getTitle()
    calc_title = calc.getTitle()
    with mcp_server(office) as (url, token):
        async def scenario():
            async with stdio_session(shipped_bridge, url, token, name="Claude Desktop") as session:
                names = {tool.name for tool in (await session.list_tools()).tools}
                read = await session.call_tool("get_document", {"document": writer_title})
                replaced = await session.call_tool("replace_text", {"document": writer_title,
                                                                    "old_text": "carry", "new_text": "relay"})
                wrote = await session.call_tool("write_range", {"document": calc_title, "range": "B2",
                                                                "values": [[1, 2], [3, "=B2+C2"]]})
                return names, read, replaced, wrote

        names, read, replaced, wrote = run(scenario)
    assert {"list_documents", "replace_text", "write_range"} <= names
    assert "Bridges carry text." in text_of(read)
    assert not replaced.is_error and not wrote.is_error, (text_of(replaced), text_of(wrote))
    assert writer.getText().getString() == "Bridges relay text."
    assert calc.getSheets().getByIndex(0).getCellRangeByName("C3").getValue() == 3
    assert writer.getUndoManager().getCurrentUndoActionTitle() == "Marginalia: Claude Desktop"
    writer.getUndoManager().undo()
    calc.getUndoManager().undo()
    assert writer.getText().getString() == "Bridges carry text."
    assert calc.getSheets().getByIndex(0).getCellRangeByName("B2").getString() == ""


def test_the_bridge_relays_the_server_s_not_answered_yet(office, writer, shipped_bridge):
    """Issue 30: the bridge waits longer than the server's own question time, so the agent reads what happens."""
    from support.panel import Panel, wait_until
    from support.research_panel import Approval
    approval = Approval(Panel(writer).open())
    with mcp_server(office, AskApproval=True, AllowedClients="", QuestionSeconds=2) as (url, token):
        async def scenario():
            async with stdio_session(shipped_bridge, url, token, name="Bridged Agent") as session:
                result = await session.call_tool("get_document", {})
                return result, approval.is_open() and approval.question()

        result, question = run(scenario)
        assert "Bridged Agent" in question  # still asked while the agent is there
        wait_until(lambda: not approval.is_open(), 10, message="the question to go with the bridge's session")
    assert result.is_error and "has not answered yet" in text_of(result), text_of(result)
    assert "Is LibreOffice running" not in text_of(result)
