"""PROMPT without LibreOffice: inputs as text, the cache key, one cell value from a reply, the stored
answers, the worker queue, and one request end to end against the in-memory server."""
import threading
import time

import pytest

from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.llm.request import ChatOptions, EndpointConfig
from marginalia.core.prompt.answer import (ERROR_MARK, AnswerSource, NotOneValue, PromptAnswer, cell_value,
                                           error_answer, from_another_model, kept_answer_note, user_message)
from marginalia.core.prompt.ask import PromptJob, ask_model
from marginalia.core.prompt.cache import StoredAnswers, dump_answers, load_answers
from marginalia.core.prompt.inputs import cache_key, input_text, legacy_key, normalized, question, shows_placeholder
from marginalia.core.prompt.queue import PromptQueue
from marginalia.core.threads import start_worker
from support.scripted_server import json_reply, text_stream_reply


def test_inputs_become_text_ranges_as_rows():
    assert normalized([1.0, 2.5, "x", None, True]) == ["1", "2.5", "x", "", "TRUE"]
    assert input_text((("a", 1.0), ("b", None))) == "a\t1\nb\t"


def test_the_key_is_the_instruction_and_the_inputs_only():
    """The model, endpoint and settings are not part of it: a kept answer is found whatever they are now."""
    base = cache_key("up", ["a"])
    assert base == cache_key("up", ("a",))
    others = {cache_key("down", ["a"]), cache_key("up", ["b"]), cache_key("up", ["a", ""]), cache_key("up", [])}
    assert base not in others and len(others) == 4


def test_the_first_format_key_is_the_one_stored_before():
    """Files saved before version 2 keep their answers under this key (sha256 of the JSON below)."""
    import hashlib
    old = hashlib.sha256('["1","up",["a"],"m",["url","0.5"]]'.encode()).hexdigest()[:32]
    assert legacy_key("up", ["a"], "m", ["url", 0.5]) == old != cache_key("up", ["a"])


def test_a_question_needs_an_instruction_and_an_empty_input_is_empty():
    assert question("  up ", [None, 0.0, (("a", None),)]) == ("up", ("", "0", "a\t"))
    assert question("", ["a"]) is None and question(None, ["a"]) is None and question("  ", []) is None


def test_an_input_showing_the_pending_placeholder_is_seen_in_ranges_too():
    assert shows_placeholder(["a", "\u2026"]) and shows_placeholder([(("x", "\u2026"),)])
    assert not shows_placeholder(["a", "\u2026 and more", (("x", 1.0),), None])


def test_a_reply_becomes_one_cell_value():
    assert cell_value("  Paris \n") == "Paris"
    assert cell_value('"Paris"') == "Paris"
    assert cell_value("```\n42\n```") == 42.0
    assert cell_value("-3.5e2") == -350.0
    assert cell_value("1,234") == "1,234"
    assert cell_value("Pomme\n\nExplanation: the French word.") == "Pomme"  # a small model's chatter
    for bad in ("", "  ", "one\ntwo", "x" * 3000):
        with pytest.raises(NotOneValue):
            cell_value(bad)


def test_the_user_message_numbers_the_inputs():
    assert user_message("up", ["a", "b\tc\nd"]) == "Instruction: up\n\nInput 1: a\n\nInput 2:\nb\tc\nd"


def test_stored_answers_round_trip_with_their_model_and_time():
    answers = {"k1": PromptAnswer("Paris", source=AnswerSource("m", "2025-03-02T09:04Z")),
               "k2": PromptAnswer(42.0, source=AnswerSource("n", ""))}
    stored = StoredAnswers(answers, {"old": "kept"})
    assert load_answers(dump_answers(stored)) == stored
    assert load_answers(dump_answers(StoredAnswers(answers))) == StoredAnswers(answers)


def test_foreign_text_is_ignored_and_the_first_format_is_kept_apart():
    empty = StoredAnswers()
    assert load_answers("") == empty and load_answers("not json") == empty and load_answers('{"format": 9}') == empty
    assert load_answers('{"format": 1, "answers": {"a": true, "b": [1], "c": "ok"}}') == StoredAnswers(
        legacy={"c": "ok"})
    assert load_answers('{"format": 2, "answers": {"a": [true], "b": [], "c": ["ok"], "d": "x"}}') == StoredAnswers(
        {"c": PromptAnswer("ok")})


def test_only_an_answer_of_another_model_than_the_one_set_now_is_from_another_model():
    answer = PromptAnswer("Paris", source=AnswerSource("m", "2025-03-02T09:04Z"))
    assert from_another_model(answer, "other") and from_another_model(answer, "")  # "": no model set now
    assert not from_another_model(answer, "m")
    assert not from_another_model(error_answer("server down", "why"), "other") and not from_another_model(None, "m")


def test_a_kept_answer_note_names_the_model_and_when_in_local_time(monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        note = kept_answer_note(AnswerSource("llama3", "2025-07-02T09:04Z"))
    finally:
        monkeypatch.undo()
        time.tzset()
    assert "llama3" in note and "2025-07-02 11:04" in note and "Refresh AI Cells" in note
    assert "llama3" in kept_answer_note(AnswerSource("llama3", ""))


def job(key, client=None):
    return PromptJob(key, "up", (key,), EndpointConfig("http://127.0.0.1:1/v1", "m"), ChatOptions(), client)


def test_the_queue_asks_each_key_once_in_order_at_most_limit_at_a_time():
    running, most, order, lock = [0], [0], [], threading.Lock()
    done = threading.Event()
    delivered = []

    def ask(item):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
            order.append(item.key)
        time.sleep(0.01)
        with lock:
            running[0] -= 1
        return PromptAnswer(item.key.upper())

    def deliver(item, answer):
        delivered.append(answer.value)
        if len(delivered) == 20:
            done.set()

    queue = PromptQueue(ask, deliver, start_worker, limit=3)
    assert all(queue.submit(job("k%02d" % n)) for n in range(20))
    assert not queue.submit(job("k05"))  # pending already
    assert done.wait(10)
    assert most[0] == 3 and queue.started == 20
    assert order[:3] == sorted(order[:3]) and sorted(order) == ["k%02d" % n for n in range(20)]
    time.sleep(0.05)
    assert queue.pending_count == 0 and sorted(delivered) == ["K%02d" % n for n in range(20)]


def test_a_failing_ask_still_delivers_an_error():
    delivered = threading.Event()
    answers = []
    queue = PromptQueue(lambda item: 1 / 0, lambda item, answer: (answers.append(answer), delivered.set()),
                        start_worker)
    queue.submit(job("k"))
    assert delivered.wait(5)
    assert answers[0].failed and answers[0].value.startswith(ERROR_MARK)


def memory_job(server, client):
    return PromptJob("k", "up", ("tea",), EndpointConfig(server.base_url, "m"), ChatOptions(), client)


def test_one_request_end_to_end(memory_server, memory_client):
    memory_server.enqueue(text_stream_reply(["TE", "A"]))
    answer = ask_model(memory_client, memory_job(memory_server, memory_client), EndpointFacts())
    assert answer.value == "TEA" and not answer.failed and answer.source.model == "m"
    body = memory_server.chat_requests()[0].json()
    assert body["messages"][-1]["content"] == "Instruction: up\n\nInput 1: tea"


@pytest.mark.parametrize("reply, shown", [
    (json_reply({"error": {"message": "bad key"}}, status=401), "#AI! key refused"),
    (json_reply({"error": {"message": "This model's maximum context length is 8192 tokens"}}, status=400),
     "#AI! too long"),
    (text_stream_reply(["a\nb"]), "#AI! not one value"),
])
def test_failures_are_short_error_values_with_a_reason(memory_server, memory_client, reply, shown):
    memory_server.default_reply = reply
    answer = ask_model(memory_client, memory_job(memory_server, memory_client), EndpointFacts())
    assert answer.failed and answer.value == shown and answer.error


def test_cancelled_jobs_leave_the_queue_and_are_never_asked():
    """A closed document's questions: those no worker took are dropped; the one being asked goes on."""
    gate, asked, lock = threading.Event(), [], threading.Lock()

    def ask(item):
        with lock:
            asked.append(item.key)
        gate.wait(5)
        return PromptAnswer(item.key)

    queue = PromptQueue(ask, lambda item, answer: None, start_worker, limit=1)
    for n in range(5):
        queue.submit(job("k%d" % n))
    deadline = time.monotonic() + 5
    while not asked and time.monotonic() < deadline:
        time.sleep(0.01)
    dropped = queue.cancel(["k0", "k2", "k3", "other"])
    assert sorted(item.key for item in dropped) == ["k2", "k3"]
    assert not queue.is_pending("k2") and queue.is_pending("k0") and queue.is_pending("k4")
    gate.set()
    while queue.pending_count and time.monotonic() < deadline:
        time.sleep(0.01)
    assert asked == ["k0", "k1", "k4"]
