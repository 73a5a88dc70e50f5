"""The user is asked in the panel the first time a new agent calls a tool: Allow, Allow always, Deny."""
import asyncio
import threading
import time

import pytest

from support.mcp_kit import http_session, mcp_server, run, text_of
from officectl import read_settings
from support.panel import Panel, wait_until
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


class PatientAgent(threading.Thread):
    """An SDK client that calls once, then (in the same session) calls again or leaves when told."""

    def __init__(self, url, token, name):
        super().__init__(daemon=True)
        self.url, self.token, self.name = url, token, name
        self.results, self.seconds = [], []
        self.error = None
        self.answered = threading.Event()
        self.next_step = threading.Event()
        self.retry = False
        self.start()

    def run(self):
        async def call(session):
            started = time.monotonic()
            self.results.append(await session.call_tool("get_document", {}))
            self.seconds.append(time.monotonic() - started)

        async def scenario():
            async with http_session(self.url, self.token, name=self.name) as session:
                await call(session)
                self.answered.set()
                while not self.next_step.is_set():
                    await asyncio.sleep(0.05)
                if self.retry:
                    await call(session)
        try:
            run(scenario, timeout=60)
        except BaseException as error:  # reported by the test
            self.error = error
        finally:
            self.answered.set()

    def first_result(self):
        assert self.answered.wait(60), "no answer to the first call"
        assert self.error is None, repr(self.error)
        return self.results[0]

    def call_again(self):
        self.retry = True
        self.next_step.set()
        self.join(60)
        assert self.error is None, repr(self.error)
        return self.results[-1]

    def leave(self):
        self.next_step.set()
        self.join(60)
        assert self.error is None, repr(self.error)


@pytest.fixture
def quick_question_server(office):
    """The server asking about new agents, waiting only QUESTION_SECONDS for the user's answer per call."""
    with mcp_server(office, AskApproval=True, AllowedClients="", QuestionSeconds=QUESTION_SECONDS) as running:
        yield running


QUESTION_SECONDS = 2


def test_no_answer_is_not_a_denial_and_the_question_stays_until_answered(office, writer, quick_question_server):
    url, token = quick_question_server
    writer.getText().setString("Draft.")
    approval = Approval(Panel(writer).open())
    agent = PatientAgent(url, token, "Patient Agent")
    first = agent.first_result()
    assert first.is_error and "has not answered yet" in text_of(first)
    assert "denied" not in text_of(first).lower() and "Draft." not in text_of(first)
    assert QUESTION_SECONDS - 0.5 < agent.seconds[0] < QUESTION_SECONDS + 5
    time.sleep(0.5)
    assert approval.is_open() and "Patient Agent" in approval.question()  # still asked
    approval.answer("once")
    again = agent.call_again()
    assert not again.is_error and "Draft." in text_of(again)


def test_the_question_goes_when_its_agent_goes_away(office, writer, quick_question_server):
    url, token = quick_question_server
    approval = Approval(Panel(writer).open())
    agent = PatientAgent(url, token, "Leaving Agent")
    assert "has not answered yet" in text_of(agent.first_result())
    assert approval.is_open() and "Leaving Agent" in approval.question()
    agent.leave()  # the SDK ends its session (HTTP DELETE)
    wait_until(lambda: not approval.is_open(), 10, message="the question to close")


def test_two_new_agents_are_asked_at_once(office, writer, quick_question_server):
    url, token = quick_question_server
    writer.getText().setString("Shared draft.")
    approval = Approval(Panel(writer).open())
    first = PatientAgent(url, token, "First Agent")
    approval.wait_question("First Agent")
    second = PatientAgent(url, token, "Second Agent")
    wait_until(lambda: "1 more" in approval.question(), 10, message="the panel to count the second question")
    for agent in (first, second):
        assert "has not answered yet" in text_of(agent.first_result())
        assert agent.seconds[0] < QUESTION_SECONDS + 5  # neither waited behind the other's question
    approval.answer("once")
    assert "Second Agent" in approval.wait_question("Second Agent")
    approval.answer("deny")
    assert not approval.is_open()
    assert "Shared draft." in text_of(first.call_again())
    assert "denied" in text_of(second.call_again())
