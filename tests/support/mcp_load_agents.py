"""Run N MCP SDK clients at once against a URL (a separate process, so their work does not slow the test's).

Usage: python3 mcp_load_agents.py URL CLIENTS ROUNDS  (the token in MARGINALIA_MCP_TOKEN).
Prints one JSON line: {"failures": [...], "calls": n, "seconds": s}.
"""
import asyncio
import json
import os
import sys
import time

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TESTS)
sys.path.insert(0, os.path.join(os.path.dirname(TESTS), "scripts"))

from support.mcp_kit import http_session, text_of  # noqa: E402


async def agent(url, token, number, rounds, failures, calls):
    try:
        async with http_session(url, token, name="load-%d" % number) as session:
            for _ in range(rounds):
                tools = (await session.list_tools()).tools
                read = await session.call_tool("get_document", {})
                calls.append(2)
                if len(tools) < 10 or read.is_error or "agents read" not in text_of(read):
                    failures.append([number, text_of(read)[:200]])
    except BaseException as error:  # reported to the test
        failures.append([number, repr(error)])


async def main(url, token, clients, rounds):
    failures, calls = [], []
    started = time.monotonic()
    await asyncio.wait_for(asyncio.gather(*(agent(url, token, n, rounds, failures, calls)
                                            for n in range(clients))), 180)
    return {"failures": failures, "calls": sum(calls), "seconds": time.monotonic() - started}


if __name__ == "__main__":
    result = asyncio.run(main(sys.argv[1], os.environ["MARGINALIA_MCP_TOKEN"], int(sys.argv[2]), int(sys.argv[3])))
    print(json.dumps(result))
