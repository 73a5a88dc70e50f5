"""Every fault the fault server can inject, through the real client and the worker side of a round.

Each test sends one broken response and checks what ``stream_round`` posts: the whole answer
when nothing was lost, otherwise one of our own errors with a plain message, the text that
came before the fault kept, and never an exception or a hang.
"""
import time

import pytest

from marginalia.core import errors
from marginalia.core.net.cancel import CancelToken
from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.llm.round import END_GRACE, InternalError, stream_round
from marginalia.core.net.retry import RetryPolicy
from marginalia.core.net.transport import HttpClient

from support.posts import Posts
from support import cut_sweep, stream_recordings
from support.fault_server import (Fault, close_before_headers, garbage, huge_event,
                                  huge_event_body, replay, status_reply, wrong_type)

FAST_RETRY = RetryPolicy(max_attempts=3, base_delay=0.01, max_delay=0.05)


@pytest.fixture
def client():
    with HttpClient(read_timeout=3.0, connect_timeout=3.0, retry=FAST_RETRY) as http:
        yield http


def run_round(server, client, *faults, cancel=None):
    """Queue ``faults`` and run one round; return ``(posts, seconds)``."""
    server.enqueue(*faults)
    posts = Posts()
    started = time.monotonic()
    stream_round(client, cut_sweep.request_for(server.base_url), posts, cancel or CancelToken(), EndpointFacts())
    return posts, time.monotonic() - started


def final(posts):
    kinds = [kind for kind, _ in posts if kind in ("RoundDone", "RoundFailed")]
    assert kinds == [posts[-1][0]], "expected one final message, got %s" % kinds
    return posts[-1]


def failure(posts, error_type=errors.MarginaliaError):
    kind, payload = final(posts)
    assert kind == "RoundFailed", "expected a failure, the round ended %s" % (payload.error or "normally")
    assert isinstance(payload, error_type) and not isinstance(payload, InternalError), repr(payload)
    assert payload.user_message.strip() and "Traceback" not in payload.user_message
    return payload


def text_of(posts):
    return "".join(payload for kind, payload in posts if kind == "ContentDelta")


def assert_complete(posts, name):
    ref = cut_sweep.reference(stream_recordings.body(name))
    kind, result = final(posts)
    assert kind == "RoundDone" and result.error is None, getattr(result, "error", result)
    assert text_of(posts) == ref.content == result.message.content
    assert cut_sweep._calls(result.message.tool_calls) == ref.tool_calls


# -- drip, stall, cut ------------------------------------------------------------------

@pytest.mark.parametrize("name", ["openai_9", "openrouter_2", "llama-cpp-python-local_2"])
def test_one_byte_at_a_time_gives_the_whole_answer(fault_server, client, name):
    posts, _ = run_round(fault_server, client, replay(name, drip=True))
    assert_complete(posts, name)


@pytest.mark.parametrize("framing", ["chunked", "length", "close"])
def test_a_stall_shorter_than_the_read_timeout_is_waited_out(fault_server, client, framing):
    posts, seconds = run_round(fault_server, client,
                               replay("openai_1", stall_at=4000, stall_seconds=1.0, framing=framing))
    assert_complete(posts, "openai_1")
    assert seconds >= 1.0


def test_a_stall_longer_than_the_read_timeout_fails_plainly_and_keeps_the_text(fault_server):
    with HttpClient(read_timeout=0.5, retry=FAST_RETRY) as client:
        posts, seconds = run_round(fault_server, client, replay("openai_1", stall_at=4000, stall_seconds=5))
    error = failure(posts, errors.NetworkTimeout)
    assert "stopped sending data" in error.user_message and error.hint
    assert seconds < 2.5
    ref = cut_sweep.reference(stream_recordings.body("openai_1"))
    assert text_of(posts) and ref.content.startswith(text_of(posts))


@pytest.mark.parametrize("framing", ["chunked", "length", "close"])
def test_a_stall_after_done_does_not_hold_the_round(fault_server, client, framing):
    body = stream_recordings.body("openai_9")
    posts, seconds = run_round(fault_server, client,
                               Fault(body=body + b"\n", stall_at=len(body), stall_seconds=5, framing=framing))
    assert_complete(posts, "openai_9")
    assert seconds < END_GRACE + 1.0, "the round waited %.1f s after [DONE]" % seconds


@pytest.mark.parametrize("framing", ["chunked", "length"])
@pytest.mark.parametrize("reset", [False, True])
def test_a_cut_just_after_done_ends_normally(fault_server, client, framing, reset):
    body = stream_recordings.body("openai_9")
    posts, _ = run_round(fault_server, client, Fault(body=body, cut_at=len(body), framing=framing, reset=reset))
    assert_complete(posts, "openai_9")


@pytest.mark.parametrize("reset", [False, True])
def test_a_cut_mid_answer_fails_plainly_and_keeps_the_text(fault_server, client, reset):
    posts, _ = run_round(fault_server, client, replay("openai_1", cut_at=5000, reset=reset))
    error = failure(posts, errors.ConnectionDropped)
    assert "before the reply was complete" in error.user_message
    ref = cut_sweep.reference(stream_recordings.body("openai_1"))
    assert len(text_of(posts)) > 50 and ref.content.startswith(text_of(posts))


def test_the_connection_is_reused_after_a_complete_stream(fault_server, client):
    for _ in range(3):
        posts, _ = run_round(fault_server, client, replay("openai_9"))
        assert_complete(posts, "openai_9")
    assert client.stats.opened == 1 and client.stats.reused == 2


def test_after_a_cut_the_next_round_works(fault_server, client):
    run_round(fault_server, client, replay("openai_9", cut_at=3000))
    posts, _ = run_round(fault_server, client, replay("openai_9"))
    assert_complete(posts, "openai_9")


# -- garbage, huge events ----------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_random_bytes_give_one_of_our_errors(fault_server, client, seed):
    posts, seconds = run_round(fault_server, client, garbage(4096, seed=seed))
    kind, payload = final(posts)
    if kind == "RoundDone":
        assert payload.error, "random bytes were taken for an answer"
    else:
        failure(posts)
    assert seconds < 2


def test_garbage_between_good_events_is_skipped_and_reported(fault_server, client):
    body = stream_recordings.body("openai_1")
    cut = body.index(b"\n\n", 3000) + 2
    posts, _ = run_round(fault_server, client, Fault(body=body[:cut] + b"data: {\x00\xff garbage\n\n" + body[cut:]))
    kind, result = final(posts)
    assert kind == "RoundDone" and "not valid JSON" in result.error
    assert text_of(posts) == cut_sweep.reference(body).content   # the rest of the answer still came


def test_a_10_mb_single_event_is_read_whole(fault_server, client):
    size = 10 << 20
    posts, seconds = run_round(fault_server, client, huge_event(size))
    kind, result = final(posts)
    assert kind == "RoundDone" and result.error is None
    assert len(text_of(posts)) == size and result.message.content == "x" * size
    assert seconds < 20


def test_a_10_mb_event_cut_in_the_middle_fails_plainly(fault_server, client):
    body = huge_event_body(10 << 20)
    posts, _ = run_round(fault_server, client, Fault(body=body, cut_at=len(body) // 2))
    failure(posts, errors.ConnectionDropped)
    assert text_of(posts) == ""   # half an event is never shown


# -- status codes, early closes, content types ---------------------------------------------

@pytest.mark.parametrize("status, error_type, retried", [
    (429, errors.RateLimited, True), (500, errors.ServerError, False), (502, errors.ServerError, True)])
@pytest.mark.parametrize("with_body", [True, False])
def test_error_statuses_give_plain_errors(fault_server, client, status, error_type, retried, with_body):
    attempts = FAST_RETRY.max_attempts if retried else 1
    faults = [status_reply(status, body=None if with_body else b"") for _ in range(attempts)]
    posts, _ = run_round(fault_server, client, *faults)
    error = failure(posts, error_type)
    assert error.status == status and str(status) in error.user_message
    if with_body and status != 429:
        assert "scripted failure" in error.user_message
    assert len(fault_server.chat_requests()) == attempts


def test_429_then_success_retries_once_and_answers(fault_server, client):
    posts, _ = run_round(fault_server, client, status_reply(429, retry_after="0"), replay("openai_9"))
    assert_complete(posts, "openai_9")
    assert client.stats.retries == 1


def test_a_long_retry_after_is_reported_not_slept(fault_server, client):
    posts, seconds = run_round(fault_server, client, status_reply(429, retry_after="3600"))
    error = failure(posts, errors.RateLimited)
    assert error.retry_after == 3600 and "try again in 3600 seconds" in error.user_message
    assert seconds < 1


def test_close_before_headers_fails_plainly_after_retries(fault_server, client):
    faults = [close_before_headers() for _ in range(FAST_RETRY.max_attempts)]
    posts, _ = run_round(fault_server, client, *faults)
    error = failure(posts, errors.ConnectionDropped)
    assert "without answering" in error.user_message


def test_close_before_headers_once_is_retried(fault_server, client):
    posts, _ = run_round(fault_server, client, close_before_headers(), replay("openai_1"))
    assert_complete(posts, "openai_1")


def test_html_instead_of_a_stream_fails_plainly(fault_server, client):
    posts, _ = run_round(fault_server, client, wrong_type(b"<html><body>Gateway login</body></html>"))
    error = failure(posts, errors.NotAStreamError)
    assert "text/html" in error.user_message


@pytest.mark.parametrize("content_type", ["text/plain", "application/json", "application/octet-stream", None])
def test_a_stream_with_the_wrong_content_type_is_still_read(fault_server, client, content_type):
    posts, _ = run_round(fault_server, client, replay("openai_9", content_type=content_type))
    assert_complete(posts, "openai_9")


def test_empty_200_fails_plainly(fault_server, client):
    posts, _ = run_round(fault_server, client, Fault(body=b""))
    failure(posts, errors.EmptyBodyError)


def test_stop_during_a_stall_ends_the_round_at_once(fault_server, client):
    import threading
    cancel = CancelToken()
    threading.Timer(0.3, cancel.cancel).start()
    posts, seconds = run_round(fault_server, client, replay("openai_1", stall_at=2000, stall_seconds=10),
                               cancel=cancel)
    failure(posts, errors.Cancelled)
    assert seconds < 1.0
