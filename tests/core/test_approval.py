"""The approval broker and the research gate: a worker asks, the UI answers, Stop denies."""
import threading
import time

import pytest

from marginalia.core.research.approval import DENY, HOST, ONCE, ApprovalBroker, shown_question
from marginalia.core.net.cancel import CancelToken
from marginalia.core.agent.tools import ToolError
from marginalia.core.research.web_access import LOCAL_ONLY_MESSAGE, HostApprovals, WebAccess


def ask_in_thread(broker, url="https://example.org/a", host="example.org", cancel=None, **kwargs):
    outcome = {}

    def work():
        outcome["choice"] = broker.ask(url, host, cancel, **kwargs)
        outcome["at"] = time.monotonic()
    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    return thread, outcome


def wait_pending(broker, timeout=2.0):
    deadline = time.monotonic() + timeout
    while broker.pending() is None:
        assert time.monotonic() < deadline, "no question was asked"
        time.sleep(0.005)
    return broker.pending()


@pytest.mark.parametrize("choice", [ONCE, HOST, DENY])
def test_the_worker_waits_for_the_answer(choice):
    changes = []
    broker = ApprovalBroker(on_change=lambda: changes.append(broker.pending()))
    thread, outcome = ask_in_thread(broker)
    request = wait_pending(broker)
    assert request.url == "https://example.org/a" and request.host == "example.org"
    assert "https://example.org/a" in request.question()
    time.sleep(0.05)
    assert thread.is_alive()
    assert broker.answer(request.request_id, choice)
    thread.join(2)
    assert outcome["choice"] == choice
    assert broker.pending() is None and changes[0] == request and changes[-1] is None
    assert not broker.answer(request.request_id, ONCE)  # answered already


def test_stop_denies_an_open_question_at_once():
    broker, token = ApprovalBroker(), CancelToken()
    thread, outcome = ask_in_thread(broker, cancel=token)
    wait_pending(broker)
    stopped = time.monotonic()
    token.cancel()
    thread.join(2)
    assert outcome["choice"] == DENY and outcome["at"] - stopped < 0.1
    assert broker.pending() is None


def test_an_already_cancelled_token_denies_without_waiting():
    token = CancelToken()
    token.cancel()
    assert ApprovalBroker().ask("https://a.org/", "a.org", token) == DENY


def test_questions_are_answered_in_order_and_timeouts_deny():
    broker = ApprovalBroker()
    first, first_out = ask_in_thread(broker, "https://a.org/", "a.org")
    wait_pending(broker)
    second, second_out = ask_in_thread(broker, "https://b.org/", "b.org", timeout=0.2)
    second.join(2)
    assert second_out["choice"] == DENY
    assert broker.pending().host == "a.org"
    broker.answer(broker.pending().request_id, ONCE)
    first.join(2)
    assert first_out["choice"] == ONCE


def test_a_bad_choice_is_refused_and_leaves_the_question_open():
    broker = ApprovalBroker()
    thread, outcome = ask_in_thread(broker)
    request = wait_pending(broker)
    with pytest.raises(ValueError):
        broker.answer(request.request_id, "maybe")
    assert broker.pending() == request
    broker.answer(request.request_id, DENY)
    thread.join(2)
    assert outcome["choice"] == DENY


def test_a_failing_listener_does_not_break_the_question():
    def explode():
        raise RuntimeError("panel gone")
    broker = ApprovalBroker(on_change=explode)
    thread, outcome = ask_in_thread(broker)
    broker.answer(wait_pending(broker).request_id, ONCE)
    thread.join(2)
    assert outcome["choice"] == ONCE


class Answering:
    """Answers every question with ``choice`` as soon as it is asked (records the URLs)."""

    def __init__(self, choice):
        self.choice, self.asked = choice, []
        self.broker = ApprovalBroker(on_change=self._on_change)

    def _on_change(self):
        request = self.broker.pending()
        if request is not None:
            self.asked.append(request.url)
            self.broker.answer(request.request_id, self.choice)


def gate(choice=ONCE, resolve=lambda host, port, cancel: ["93.184.216.34"], **kwargs):
    answering = Answering(choice)
    return WebAccess(answering.broker, HostApprovals(), resolve=resolve, **kwargs), answering


def test_allow_once_asks_again_next_time():
    access, answering = gate(ONCE)
    access.admit("https://example.org/a")
    access.admit("https://example.org/b")
    assert answering.asked == ["https://example.org/a", "https://example.org/b"]


def test_allow_host_is_remembered_for_that_host_only():
    access, answering = gate(HOST)
    access.admit("https://example.org/a")
    access.admit("https://EXAMPLE.org/b")
    access.admit("https://other.org/c")
    assert answering.asked == ["https://example.org/a", "https://other.org/c"]
    assert access.approvals.hosts() == ["example.org", "other.org"]


def test_deny_is_an_error_for_the_model():
    access, _ = gate(DENY)
    with pytest.raises(ToolError) as caught:
        access.admit("https://example.org/a")
    assert "denied" in caught.value.user_message and "https://example.org/a" in caught.value.user_message


def test_local_only_refuses_without_asking():
    access, answering = gate(ONCE, local_only=True)
    with pytest.raises(ToolError) as caught:
        access.admit("https://example.org/a")
    assert caught.value.user_message == LOCAL_ONLY_MESSAGE and answering.asked == []


@pytest.mark.parametrize("url", ["http://127.0.0.1:8080/", "http://localhost/x", "http://192.168.1.1/admin",
                                 "http://[::1]/", "http://nas/"])
def test_local_addresses_are_refused_without_asking(url):
    access, answering = gate(HOST)
    with pytest.raises(ToolError) as caught:
        access.admit(url)
    assert "local network" in caught.value.user_message and answering.asked == []


def test_a_public_name_resolving_to_a_private_address_is_refused():
    access, answering = gate(HOST, resolve=lambda host, port, cancel: ["10.0.0.5"])
    with pytest.raises(ToolError):
        access.admit("https://rebinding.example.org/")
    assert answering.asked == []


def test_an_explicitly_allowed_local_host_is_still_asked_about():
    access, answering = gate(ONCE, allowed_local=["127.0.0.2", " nas "])
    access.admit("http://127.0.0.2:9000/page")
    access.admit("http://nas/share")
    assert answering.asked == ["http://127.0.0.2:9000/page", "http://nas/share"]
    with pytest.raises(ToolError):
        access.admit("http://127.0.0.3/")


def test_stop_while_asking_reports_stopped():
    token = CancelToken()
    broker = ApprovalBroker(on_change=lambda: token.cancel() if broker.pending() else None)
    access = WebAccess(broker, HostApprovals(), resolve=lambda *a: [])
    with pytest.raises(ToolError) as caught:
        access.admit("https://example.org/", token)
    assert caught.value.user_message == "Stopped by the user."


def test_progress_says_what_waits_for_approval():
    seen = []
    access, _ = gate(ONCE)
    access.admit("https://example.org/a", progress=lambda phase, message: seen.append((phase, message)))
    assert seen == [("progress", "Waiting for your approval: https://example.org/a")]


def test_a_posted_question_waits_for_nobody_and_reports_its_answer():
    answers = []
    broker = ApprovalBroker()
    first = broker.post("", "Agent A", purpose="agent", on_answer=answers.append)
    second = broker.post("", "Agent B", purpose="agent", on_answer=answers.append)
    assert broker.count() == 2 and broker.pending().host == "Agent A"
    assert broker.answer(first, HOST)
    assert answers == [HOST] and broker.pending().host == "Agent B"
    assert broker.withdraw(second) and not broker.withdraw(second)
    assert answers == [HOST] and broker.count() == 0  # withdrawn: no answer reported


def test_the_shown_question_counts_those_waiting_behind_it():
    broker = ApprovalBroker()
    broker.post("", "Agent A", purpose="agent")
    request = broker.pending()
    assert shown_question(request, 0) == request.question()
    assert shown_question(request, 1).endswith("(1 more question is waiting.)")
    assert shown_question(request, 2).endswith("(2 more questions are waiting.)")
