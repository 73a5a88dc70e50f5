"""PROMPT without LibreOffice: inputs as text, the cache key, one cell value from a reply, the stored
answers, the worker queue, and one request end to end against the in-memory server."""
import threading
import time

import pytest

from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.llm.request import ChatOptions, EndpointConfig
from marginalia.core.prompt.answer import ERROR_MARK, NotOneValue, PromptAnswer, cell_value, user_message
from marginalia.core.prompt.ask import PromptJob, ask_model
from marginalia.core.prompt.cache import AnswerCache, dump_values, load_values
from marginalia.core.prompt.inputs import cache_key, input_text, normalized
from marginalia.core.prompt.queue import PromptQueue
from marginalia.core.threads import start_worker
from support.scripted_server import json_reply, text_stream_reply


def test_inputs_become_text_ranges_as_rows():
    assert normalized([1.0, 2.5, "x", None, True]) == ["1", "2.5", "x", "", "TRUE"]
    assert input_text((("a", 1.0), ("b", None))) == "a\t1\nb\t"


def test_the_key_changes_with_every_part_and_only_then():
    base = cache_key("up", ["a"], "m", ["url", 0.5])
    assert base == cache_key("up", ["a"], "m", ["url", 0.5])
    others = {cache_key("down", ["a"], "m", ["url", 0.5]), cache_key("up", ["b"], "m", ["url", 0.5]),
              cache_key("up", ["a"], "n", ["url", 0.5]), cache_key("up", ["a"], "m", ["url", 0.7]),
              cache_key("up", ["a", ""], "m", ["url", 0.5])}
    assert base not in others and len(others) == 5


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


def test_stored_answers_round_trip_and_foreign_text_is_ignored():
    values = {"k1": "Paris", "k2": 42.0}
    assert load_values(dump_values(values)) == values
    assert load_values("") == {} and load_values("not json") == {} and load_values('{"format": 9}') == {}
    assert load_values('{"format": 1, "answers": {"a": true, "b": [1], "c": "ok"}}') == {"c": "ok"}
    cache = AnswerCache()
    cache.put("k1", PromptAnswer("known"))
    assert cache.merge(values) == 1
    assert cache.get("k1").value == "known" and cache.get("k2").value == 42.0


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
    assert answer == PromptAnswer("TEA")
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
