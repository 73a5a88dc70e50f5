"""A round fits the conversation into the model's context before streaming it."""
from marginalia.core.llm.budgeted_round import stream_budgeted_round
from marginalia.core.net.cancel import CancelToken
from marginalia.core.llm.request import ChatRequest, EndpointConfig, build_chat_body
from marginalia.core.llm.context_budget import ContextTooSmall, TokenCalibration
from marginalia.core.net.transport import HttpClient
from marginalia.core.llm.endpoint_facts import EndpointFacts
from support.posts import Posts
from support.scripted_server import chat_chunk, sse_reply


def history(turns, size=2000):
    messages = []
    for number in range(turns):
        messages.append({"role": "user", "content": "question %d " % number + "x" * size})
        messages.append({"role": "assistant", "content": "answer %d" % number})
    messages.append({"role": "user", "content": "the latest question"})
    return messages


def run(server, messages, window, calibration=None):
    posted = Posts()
    endpoint = EndpointConfig(base_url=server.base_url, model="m")
    request = ChatRequest(endpoint, build_chat_body(messages, "m", "You are helpful."))
    with HttpClient() as client:
        stream_budgeted_round(client, calibration or TokenCalibration(), request,
                              posted, CancelToken(), facts=EndpointFacts(), window_for=lambda *args: window)
    return posted


def test_oldest_exchanges_are_left_out_with_a_note(scripted_server):
    scripted_server.enqueue(sse_reply([chat_chunk(content="ok"), chat_chunk(finish_reason="stop")]))
    posted = run(scripted_server, history(10), window=4096)
    kinds = [kind for kind, _ in posted]
    assert kinds[0] == "Notice" and "left out" in posted[0][1].lower()
    sent = scripted_server.chat_requests()[0].json()["messages"]
    assert sent[0]["role"] == "system" and sent[-1]["content"] == "the latest question"
    assert "question 0 " not in str(sent) and len(sent) < 22
    assert kinds[-1] == "RoundDone"


def test_a_conversation_that_fits_is_sent_whole(scripted_server):
    scripted_server.enqueue(sse_reply([chat_chunk(content="ok"), chat_chunk(finish_reason="stop")]))
    posted = run(scripted_server, history(3, size=10), window=32768)
    assert "Notice" not in [kind for kind, _ in posted]
    assert len(scripted_server.chat_requests()[0].json()["messages"]) == 1 + 7


def test_unknown_window_sends_everything(scripted_server):
    scripted_server.enqueue(sse_reply([chat_chunk(content="ok"), chat_chunk(finish_reason="stop")]))
    run(scripted_server, history(10), window=None)
    assert len(scripted_server.chat_requests()[0].json()["messages"]) == 1 + 21


def test_too_small_a_window_is_a_plain_error_and_nothing_is_sent(scripted_server):
    posted = run(scripted_server, [{"role": "user", "content": "y" * 20000}], window=1024)
    assert posted[-1][0] == "RoundFailed" and isinstance(posted[-1][1], ContextTooSmall)
    assert scripted_server.chat_requests() == []


def test_reported_usage_calibrates_later_estimates(scripted_server):
    usage = {"id": "u", "choices": [], "usage": {"prompt_tokens": 5000, "completion_tokens": 2, "total_tokens": 5002}}
    scripted_server.enqueue(sse_reply([chat_chunk(content="ok"), chat_chunk(finish_reason="stop"), usage]))
    calibration = TokenCalibration()
    run(scripted_server, history(2, size=100), window=None, calibration=calibration)
    assert calibration.scale > 1.5


def test_assistant_tool_call_messages_carry_empty_string_content():
    from marginalia.core.llm.request import normalize_history
    history = [{"role": "user", "content": "hi"},
               {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "type": "function",
                                                                       "function": {"name": "f", "arguments": "{}"}}]},
               {"role": "tool", "tool_call_id": "c", "name": "f", "content": "ok"}]
    normalized = normalize_history(history)
    assert normalized[1]["content"] == "" and "name" not in normalized[2]
    assert history[1]["content"] is None  # the session's own history is untouched
