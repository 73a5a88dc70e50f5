"""Helpers for the MCP tests against a real soffice: turning the server on, its token, the SDK client."""
import asyncio
import contextlib
import socket
import time

from support.office import free_port
from support.panel import set_settings

TOKEN_URL = "http://127.0.0.1/marginalia-mcp"


def read_token(ctx) -> str:
    """The token Marginalia keeps in the office's password store ("" when none)."""
    container = ctx.ServiceManager.createInstanceWithContext("com.sun.star.task.PasswordContainer", ctx)
    handler = ctx.ServiceManager.createInstanceWithContext("com.sun.star.task.InteractionHandler", ctx)
    record = container.findForName(TOKEN_URL, "marginalia", handler)
    if record is None or record.Url != TOKEN_URL:
        return ""
    for user in record.UserList:
        if user.UserName == "marginalia" and user.Passwords:
            return user.Passwords[0]
    return ""


def wait_for_port(port: int, listening: bool = True, timeout: float = 20.0) -> None:
    """Wait until 127.0.0.1:port accepts connections (or, with ``listening`` False, refuses them)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                if listening:
                    return
        except OSError:
            if not listening:
                return
        time.sleep(0.05)
    raise AssertionError("port %d did not %s in %.0f s" % (port, "open" if listening else "close", timeout))


@contextlib.contextmanager
def mcp_server(office, **settings):
    """Turn Marginalia's MCP server on (a free port) for the block; yield ``(url, token)``."""
    port = free_port()
    values = dict({"ServerEnabled": True, "Port": port, "ReadOnly": False, "AskApproval": False}, **settings)
    set_settings(office.ctx, "Agents", **values)
    reset = {"ServerEnabled": False, "ReadOnly": False, "AskApproval": True, "AllowedClients": ""}
    reset.update({name: agent_defaults()[name] for name in settings if name not in reset})
    try:
        wait_for_port(port)
        yield "http://127.0.0.1:%d/mcp" % port, read_token(office.ctx)
    finally:
        set_settings(office.ctx, "Agents", **reset)
        wait_for_port(port, listening=False)


def agent_defaults() -> dict:
    """The schema's defaults of the Agents settings."""
    from support.settings_schema import defaults
    return defaults()["Agents"]


def run(coroutine_function, *args, timeout: float = 60.0):
    """Run an async function to completion (the SDK is asyncio-based)."""
    return asyncio.run(asyncio.wait_for(coroutine_function(*args), timeout))


@contextlib.asynccontextmanager
async def http_session(url: str, token: str, name: str = "pytest-agent", headers=None, statuses=None):
    """An initialized SDK ClientSession over Streamable HTTP, with the token (HTTP statuses seen go to ``statuses``)."""
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client
    from mcp_types import Implementation
    sent = {"Authorization": "Bearer " + token} if token is not None else {}
    sent.update(headers or {})
    async def record(response):
        if statuses is not None:
            statuses.append(response.status_code)

    async with httpx2.AsyncClient(headers=sent, timeout=60, event_hooks={"response": [record]}) as http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write, client_info=Implementation(name=name, version="1.0")) as session:
                await session.initialize()
                yield session


def text_of(result) -> str:
    """The text of a tools/call result."""
    return "".join(getattr(part, "text", "") for part in result.content)


@contextlib.asynccontextmanager
async def stdio_session(bridge_path: str, url: str, token: str, name: str = "stdio-agent"):
    """An initialized SDK ClientSession over stdio, through the shipped bridge script."""
    import sys
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client
    from mcp_types import Implementation
    parameters = StdioServerParameters(command=sys.executable, args=[bridge_path, "--url", url],
                                       env={"MARGINALIA_MCP_TOKEN": token})
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write, client_info=Implementation(name=name, version="1.0")) as session:
            await session.initialize()
            yield session
