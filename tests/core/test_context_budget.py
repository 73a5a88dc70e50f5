"""Context budgeting: the history is cut to the model's window, oldest exchanges first."""
import json
import random

import pytest

from marginalia.core.llm.request import build_chat_body
from marginalia.core.llm.context_budget import (PER_MESSAGE, SHORTENED_NOTE, ContextTooSmall, TokenCalibration,
    estimate_prompt_tokens, estimate_tokens, estimate_tools_tokens, fit_chat_body, fit_history, split_turns)

SYSTEM = "You are Marginalia, an AI assistant working inside LibreOffice Writer. " * 3
TOOLS = [{"type": "function", "function": {
    "name": "read_paragraphs", "description": "Read paragraphs of the document by number.",
    "parameters": {"type": "object", "properties": {"start": {"type": "integer"}, "count": {"type": "integer"}},
                   "required": ["start"]}}}]
PARAGRAPH = "The committee met on Tuesday to review the quarterly budget and agreed to postpone purchases. "


def _turn(number, result_chars=2000):
    """One realistic exchange: a question, a tool call, its (long) result and an answer."""
    call_id = "call_%d" % number
    return [
        {"role": "user", "content": "Question %d: summarise section %d." % (number, number)},
        {"role": "assistant", "content": None, "tool_calls": [{"id": call_id, "type": "function", "function": {
            "name": "read_paragraphs", "arguments": json.dumps({"start": number * 10, "count": 10})}}]},
        {"role": "tool", "tool_call_id": call_id, "name": "read_paragraphs",
         "content": (PARAGRAPH * (result_chars // len(PARAGRAPH) + 1))[:result_chars]},
        {"role": "assistant", "content": "Section %d says the budget purchases were postponed." % number},
    ]


def _history(turns, result_chars=2000):
    return [message for number in range(1, turns + 1) for message in _turn(number, result_chars)]


def _prompt_tokens(messages):
    return estimate_tokens(SYSTEM) + PER_MESSAGE + estimate_tools_tokens(TOOLS) + estimate_tokens(messages)


def _assert_well_formed(messages):
    assert not messages or messages[0]["role"] == "user"
    offered = set()
    for message in messages:
        for call in message.get("tool_calls") or ():
            offered.add(call["id"])
        if message["role"] == "tool":
            assert message["tool_call_id"] in offered, message


# --- estimates ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, tokens", [
    ("", 0),
    ("abcd", 1),
    ("abcdefgh", 2),
    ("2024", 4),            # digits count one token each
    ("日本語", 3),           # one token per CJK character
    ("🙂", 2),
    ("crème brûlée", 5),    # 10 plain characters / 4 + 2 accented * 0.6 + 1 rounded up
])
def test_text_estimates(text, tokens):
    assert estimate_tokens(text) == tokens


def test_estimate_grows_with_the_text():
    assert estimate_tokens(PARAGRAPH * 10) > estimate_tokens(PARAGRAPH * 9) > 0
    assert abs(estimate_tokens(PARAGRAPH * 100) - len(PARAGRAPH) * 100 / 4.0) < len(PARAGRAPH) * 100 * 0.05


def test_message_estimate_counts_framing_content_and_tool_calls():
    assert estimate_tokens({"role": "user", "content": "abcd"}) == PER_MESSAGE + 1
    call = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "x", "type": "function", "function": {"name": "read_paragraphs", "arguments": '{"start": 1}'}}]}
    assert estimate_tokens(call) > PER_MESSAGE + 10
    parts = {"role": "user", "content": [{"type": "text", "text": "abcd"}, {"type": "image_url", "image_url": {}}]}
    assert estimate_tokens(parts) == PER_MESSAGE + 1 + 800
    assert estimate_tokens([call, parts]) == estimate_tokens(call) + estimate_tokens(parts)


def test_tools_cost_their_json_plus_template_instructions():
    assert estimate_tools_tokens(None) == 0 and estimate_tools_tokens([]) == 0
    assert estimate_tools_tokens(TOOLS) > estimate_tokens(json.dumps(TOOLS))


def test_calibration_follows_the_server_within_bounds():
    calibration = TokenCalibration()
    assert calibration.scale == 1.0
    calibration.observe(1000, 1300)
    assert calibration.scale == pytest.approx(1.3)
    calibration.observe(1000, None)
    assert calibration.scale == pytest.approx(1.3)
    calibration.observe(1000, 100000)
    assert calibration.scale == 3.0
    calibration.observe(1000, 10)
    assert calibration.scale == 0.6


# --- turns ------------------------------------------------------------------------------------

def test_turns_start_at_user_messages():
    history = _history(3)
    turns = split_turns(history)
    assert [len(turn) for turn in turns] == [4, 4, 4]
    assert [turn[0]["role"] for turn in turns] == ["user"] * 3
    damaged = [{"role": "assistant", "content": "orphan"}, {"role": "tool", "tool_call_id": "z", "content": ""}]
    assert [len(turn) for turn in split_turns(damaged + history)] == [2, 4, 4, 4]


# --- fitting ------------------------------------------------------------------------------------

def test_unknown_window_keeps_everything():
    history = _history(30)
    assert fit_history(SYSTEM, history, TOOLS, None, 1024) == (history, 0, "")


def test_history_that_fits_is_untouched():
    history = _history(3)
    messages, dropped, note = fit_history(SYSTEM, history, TOOLS, 128000, 4096)
    assert (messages, dropped, note) == (history, 0, "")


def test_oldest_turns_are_left_out_with_a_note():
    history = _history(20)
    messages, dropped, note = fit_history(SYSTEM, history, TOOLS, 8192, 1024)
    assert 5 < dropped < 20
    assert messages == history[4 * dropped:]
    assert note == "The oldest %d exchanges were left out to fit the model's 8,192-token context." % dropped
    assert _prompt_tokens(messages) + 1024 <= 8192
    assert _prompt_tokens(history[4 * (dropped - 1):]) + 1024 > 8192 * 0.95  # one turn more would not fit
    _assert_well_formed(messages)


def test_one_turn_left_out_reads_well():
    history = _history(2)
    window = _prompt_tokens(history[4:]) + 1024 + 200
    messages, dropped, note = fit_history(SYSTEM, history, TOOLS, int(window / 0.95), 1024)
    assert (messages, dropped) == (history[4:], 1)
    assert note.startswith("The oldest exchange was left out to fit the model's ")


def test_current_turn_with_its_tool_exchange_is_kept_whole():
    history = _history(8) + [{"role": "user", "content": "Now fix section 2."}] + _turn(9)[1:3]
    messages, dropped, _ = fit_history(SYSTEM, history, TOOLS, 4096, 1024)
    assert messages[-3:] == history[-3:]  # the current request, its tool call and result, whole
    assert messages == history[4 * dropped:]
    assert 0 < dropped < 8
    _assert_well_formed(messages)


def test_a_huge_current_tool_result_is_shortened_not_failed():
    history = _history(3) + _turn(4, result_chars=200000)[:3]
    original = json.dumps(history)
    messages, dropped, note = fit_history(SYSTEM, history, TOOLS, 8192, 1024)
    assert dropped == 3
    assert [m["role"] for m in messages] == ["user", "assistant", "tool"]
    assert messages[2]["content"].endswith(SHORTENED_NOTE)
    assert messages[2]["content"].startswith(PARAGRAPH)
    assert 1000 < len(messages[2]["content"]) < 200000
    assert _prompt_tokens(messages) + 1024 <= 8192
    assert note == ("The oldest 3 exchanges were left out and long tool results were shortened to fit the "
                    "model's 8,192-token context.")
    assert json.dumps(history) == original  # the caller's history is not changed


def test_only_the_largest_tool_results_are_shortened():
    turn = [{"role": "user", "content": "Compare the three sections."}]
    for number, size in ((1, 600), (2, 60000), (3, 30000)):
        turn += _turn(number, size)[1:3]
    messages, dropped, note = fit_history(SYSTEM, turn, TOOLS, 16384, 2048)
    contents = [m["content"] for m in messages if m["role"] == "tool"]
    assert contents[0] == turn[2]["content"]  # the small one is whole
    assert contents[1].endswith(SHORTENED_NOTE) and contents[2].endswith(SHORTENED_NOTE)
    assert abs(len(contents[1]) - len(contents[2])) < 200  # cut to one common size
    assert (dropped, note) == (0, "Long tool results were shortened to fit the model's 16,384-token context.")
    assert _prompt_tokens(messages) + 2048 <= 16384


def test_window_smaller_than_the_system_prompt_is_a_plain_error():
    with pytest.raises(ContextTooSmall) as caught:
        fit_history(SYSTEM * 40, _history(1), TOOLS, 2048, 512)
    error = caught.value
    assert error.context_window == 2048 and error.needed > 2048
    assert "2,048 tokens" in error.user_message and "too small" in error.user_message
    assert "num_ctx" in error.hint


def test_a_user_message_larger_than_the_window_is_a_plain_error():
    history = _history(2) + [{"role": "user", "content": PARAGRAPH * 2000}]
    with pytest.raises(ContextTooSmall) as caught:
        fit_history(SYSTEM, history, TOOLS, 8192, 1024)
    assert caught.value.needed > 8192


def test_scale_makes_the_budget_stricter():
    history = _history(20)
    _, plain, _ = fit_history(SYSTEM, history, TOOLS, 16384, 1024)
    _, scaled, _ = fit_history(SYSTEM, history, TOOLS, 16384, 1024, scale=1.5)
    assert (plain, scaled > plain) == (0, True)


def test_damaged_leading_fragment_goes_first():
    history = [{"role": "assistant", "content": "left over " * 300}] + _history(6)
    messages, dropped, _ = fit_history(SYSTEM, history, TOOLS, 4096, 1024)
    assert dropped >= 1
    _assert_well_formed(messages)


def test_random_histories_always_come_out_well_formed_and_within_the_window():
    rng = random.Random(2)
    for _ in range(200):
        history = []
        for number in range(rng.randint(1, 12)):
            turn = _turn(number, rng.choice((100, 2000, 9000, 40000)))
            history += turn[:rng.choice((1, 3, 4))]
        window = rng.choice((4096, 8192, 32768))
        try:
            messages, dropped, note = fit_history(SYSTEM, history, TOOLS, window, 512)
        except ContextTooSmall:
            continue
        _assert_well_formed(messages)
        assert _prompt_tokens(messages) + 512 <= window
        assert bool(note) == (messages != history)


# --- whole request bodies ---------------------------------------------------------------------------

def test_request_body_is_fitted_keeping_its_system_message_and_settings():
    body = build_chat_body(_history(20), "qwen2.5", SYSTEM, TOOLS)
    body["max_tokens"] = 1024
    fitted, dropped, note, estimate = fit_chat_body(body, 8192)
    assert dropped > 0 and note
    assert fitted["messages"][0] == {"role": "system", "content": SYSTEM}
    assert fitted["messages"][1:] == body["messages"][1 + 4 * dropped:]
    assert {k: v for k, v in fitted.items() if k != "messages"} == {k: v for k, v in body.items() if k != "messages"}
    assert len(body["messages"]) == 81  # the built body is not changed
    assert estimate == estimate_prompt_tokens(SYSTEM, fitted["messages"][1:], TOOLS) == _prompt_tokens(
        fitted["messages"][1:])
    assert estimate + 1024 <= 8192


def test_body_that_fits_is_returned_as_is():
    body = build_chat_body(_history(2), "m", "", None)
    fitted, dropped, note, estimate = fit_chat_body(body, 32768, 512)
    assert fitted is body and (dropped, note) == (0, "")
    assert estimate == estimate_tokens(body["messages"])


def test_reply_reserve_defaults_to_max_tokens():
    body = build_chat_body(_history(20), "m", SYSTEM, TOOLS)
    loose = fit_chat_body(dict(body, max_tokens=256), 16384)[1]
    tight = fit_chat_body(dict(body, max_tokens=8000), 16384)[1]
    assert tight > loose
