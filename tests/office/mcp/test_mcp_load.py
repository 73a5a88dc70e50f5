"""20 agents hammer tools/list and reads while the user types: the office keeps answering a second UNO client."""
import json
import os
import subprocess
import sys
import time

import pytest

from support.mcp_kit import mcp_server

pytest.importorskip("mcp")

AGENTS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      "support", "mcp_load_agents.py")
CLIENTS = 20
ROUNDS = 5


def test_twenty_agents_and_a_typing_user(office, writer):
    writer.getText().setString("A short document the agents read.\nSecond paragraph.")
    latencies = []
    with mcp_server(office) as (url, token):
        agents = subprocess.Popen([sys.executable, AGENTS, url, str(CLIENTS), str(ROUNDS)], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=dict(os.environ, MARGINALIA_MCP_TOKEN=token))
        text = writer.getText()
        while agents.poll() is None:  # the user types, through a second UNO client (this test)
            started = time.perf_counter()
            text.insertString(text.getEnd(), "x", False)
            latencies.append(time.perf_counter() - started)
            time.sleep(0.02)
        out, err = agents.communicate(timeout=30)
    assert agents.returncode == 0, err[-2000:]
    result = json.loads(out.strip().splitlines()[-1])
    assert result["failures"] == []
    assert result["calls"] == CLIENTS * ROUNDS * 2
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95)]
    print("\n%d agents: %d calls in %.1f s; typing meanwhile: %d keystrokes, median %.1f ms, p95 %.1f ms, "
          "worst %.1f ms" % (CLIENTS, result["calls"], result["seconds"], len(latencies),
                             latencies[len(latencies) // 2] * 1000, p95 * 1000, latencies[-1] * 1000))
    assert len(latencies) >= 10
    assert p95 < 0.1
    assert writer.getText().getString().endswith("x" * len(latencies))
