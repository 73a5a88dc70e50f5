"""Calc's =PROMPT() add-in in a real soffice, answered by the scripted server.

The function never waits: cells show the pending value, then the scripted answers;
answers are asked once and kept in memory and in the document.
"""
import time

import pytest

from support.panel import set_settings, wait_until
from support.scripted_server import text_stream_reply

PENDING = "…"


def answer_from(request):
    """The scripted model: ``<instruction>:<input 1>`` in capitals."""
    user = request.json()["messages"][-1]["content"]
    lines = dict(line.split(": ", 1) for line in user.split("\n\n") if ": " in line)
    return text_stream_reply([("%s:%s" % (lines["Instruction"], lines.get("Input 1", ""))).upper()])


@pytest.fixture
def model(endpoint):
    """The scripted server answering every PROMPT request from its content."""
    endpoint.responder = answer_from
    return endpoint


def test_a_prompt_cell_calls_our_function(model, calc):
    sheet = calc.getSheets().getByIndex(0)
    sheet.getCellRangeByName("A1").setString("tea")
    cell = sheet.getCellRangeByName("B1")
    cell.setFormula('=PROMPT("x";A1)')
    wait_until(lambda: cell.getString() == "X:TEA", timeout=15, message="the answer in B1")
    assert len(model.chat_requests()) == 1
    body = model.chat_requests()[0].json()
    assert body["model"] == "m"
    assert body["messages"][0]["role"] == "system" and "bare value" in body["messages"][0]["content"]
    assert body["messages"][-1]["content"] == "Instruction: x\n\nInput 1: tea"
