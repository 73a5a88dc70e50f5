"""The official MCP SDK's high-level Client (default mode: probe server/discover, then initialize) against core/mcp."""
import asyncio

import pytest

from marginalia.core.mcp.dispatch import SerialDispatcher
from marginalia.core.mcp.http_server import McpHttpServer
from marginalia.core.mcp.protocol import McpProtocol, ToolHost, ToolResult

mcp = pytest.importorskip("mcp")


class Host(ToolHost):
    def tools(self, session):
        return [{"name": "whoami", "description": "Who is asking", "inputSchema": {"type": "object"}}]

    def call(self, session, name, arguments):
        return ToolResult("%s %s" % (session.client_name, session.protocol_version))


def test_the_sdk_client_falls_back_to_the_initialize_handshake():
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp_types import Implementation

    async def scenario(url):
        async with httpx2.AsyncClient(headers={"Authorization": "Bearer t0ken"}) as http:
            transport = streamable_http_client(url, http_client=http)
            async with Client(transport, client_info=Implementation(name="auto-client", version="1")) as client:
                tools = await client.list_tools()
                result = await client.call_tool("whoami", {})
                return [tool.name for tool in tools.tools], result

    with McpHttpServer(McpProtocol(Host(), SerialDispatcher(lambda call: call())), lambda: "t0ken") as server:
        names, result = asyncio.run(asyncio.wait_for(scenario(server.url), 30))
    assert names == ["whoami"]
    assert not result.is_error
    assert result.content[0].text == "auto-client 2025-11-25"
