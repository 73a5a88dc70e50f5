"""The user is asked in the panel the first time a new agent calls a tool: Allow, Allow always, Deny."""
import threading

import pytest

from support.mcp_kit import http_session, mcp_server, run, text_of
from officectl import read_settings
from support.panel import Panel
from support.research_panel import Approval

pytest.importorskip("mcp")


class AgentCall(threading.Thread):
    """An SDK client making calls on its own thread (it waits for the user's answer)."""

    def __init__(self, url, token, name, calls=1):
        super().__init__(daemon=True)
        self.url, self.token, self.name, self.calls = url, token, name, calls
        self.results = []
        self.error = None
        self.start()

    def run(self):
        async def scenario():
            async with http_session(self.url, self.token, name=self.name) as session:
                for _ in range(self.calls):
                    self.results.append(await session.call_tool("get_document", {}))
        try:
            run(scenario, timeout=60)
        except BaseException as error:  # reported by the test
            self.error = error

    def outcome(self):
        self.join(60)
        assert self.error is None, repr(self.error)
        return self.results


@pytest.fixture
def asking_server(office):
    with mcp_server(office, AskApproval=True, AllowedClients="") as running:
        yield running


def test_a_denied_agent_gets_an_error_and_is_not_asked_again_in_its_session(office, writer, asking_server):
    url, token = asking_server
    writer.getText().setString("Private notes.")
    approval = Approval(Panel(writer).open())
    agent = AgentCall(url, token, "Sneaky Agent", calls=2)
    question = approval.wait_question("Sneaky Agent")
    assert "wants to work in your open documents" in question
    assert approval.panel.control("approval_once").getModel().Label == "Allow"
    assert approval.panel.control("approval_host").getModel().Label in ("Allow always", "Always")
    approval.answer("deny")
    first, second = agent.outcome()
    assert first.is_error and "denied" in text_of(first)
    assert second.is_error and "denied" in text_of(second)
    assert "Private notes." not in text_of(first) + text_of(second)
    assert not approval.is_open()


def test_allow_always_is_remembered_in_the_settings(office, writer, asking_server):
    url, token = asking_server
    writer.getText().setString("Shared notes.")
    approval = Approval(Panel(writer).open())
    agent = AgentCall(url, token, "Trusted Agent")
    approval.wait_question("Trusted Agent")
    approval.answer("host")
    (result,) = agent.outcome()
    assert not result.is_error and "Shared notes." in text_of(result)
    assert "Trusted Agent" in read_settings(office.ctx, "Agents")["AllowedClients"].splitlines()
    again = AgentCall(url, token, "Trusted Agent")  # a new session of the same client: not asked
    (result,) = again.outcome()
    assert not result.is_error and not approval.is_open()


def test_allow_lets_the_agent_work_until_the_office_closes(office, writer, asking_server):
    url, token = asking_server
    writer.getText().setString("Notes.")
    approval = Approval(Panel(writer).open())
    agent = AgentCall(url, token, "Once Agent", calls=2)
    approval.wait_question("Once Agent")
    approval.answer("once")
    results = agent.outcome()
    assert [r.is_error for r in results] == [False, False]
    assert "Once Agent" not in read_settings(office.ctx, "Agents")["AllowedClients"]
