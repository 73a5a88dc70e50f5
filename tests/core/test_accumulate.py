"""StreamState: one accumulator for every provider's Chat Completions chunk quirks."""
from marginalia.core.stream.accumulate import StreamState
from marginalia.core.stream.errors import StreamError
from marginalia.core.loop.messages import (ContentDelta, Message, ReasoningDelta, RefusalDelta, StreamFinished,
    ToolCallArgumentsDelta, ToolCallStarted, UsageReport)


def _chunk(delta=None, finish=None, **extra):
    chunk = {"object": "chat.completion.chunk",
             "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}]}
    chunk.update(extra)
    return chunk


def _call(index=None, id=None, name=None, arguments=None, **extra):
    function = {}
    if name is not None:
        function["name"] = name
    if arguments is not None:
        function["arguments"] = arguments
    call = dict(extra, function=function)
    if index is not None:
        call["index"] = index
    if id is not None:
        call["id"] = id
    return call


def _feed(chunks, state=None):
    state = state or StreamState()
    events = []
    for chunk in chunks:
        state.handle_chunks([chunk], events)
    events.extend(state.close())
    return state, events


def _calls(state):
    return [(c.id, c.name, c.arguments_raw) for c in state.final_message().tool_calls]


# -- content -------------------------------------------------------------------------------

def test_content_string_deltas_are_joined():
    state, events = _feed([_chunk({"role": "assistant", "content": ""}), _chunk({"content": "Hel"}),
                           _chunk({"content": "lo"}), _chunk({}, "stop")])
    assert state.final_message().content == "Hello"
    assert events == [ContentDelta("Hel"), ContentDelta("lo"), StreamFinished("stop")]


def test_mistral_content_array_of_thinking_and_text_parts():
    state, events = _feed([
        _chunk({"content": [{"type": "thinking", "thinking": [{"type": "text", "text": "Hmm"}]}]}),
        _chunk({"content": [{"type": "text", "text": "4"}]}), _chunk({"content": ""}, "stop")])
    message = state.final_message()
    assert (message.content, message.reasoning) == ("4", "Hmm")
    assert events[:2] == [ReasoningDelta("Hmm"), ContentDelta("4")]


def test_refusal_deltas_are_kept_apart_from_content():
    state, events = _feed([_chunk({"content": None, "refusal": ""}), _chunk({"refusal": "I can't"}),
                           _chunk({"refusal": " help."}), _chunk({}, "stop")])
    message = state.final_message()
    assert (message.content, message.refusal) == ("", "I can't help.")
    assert RefusalDelta("I can't") in events


# -- reasoning ------------------------------------------------------------------------------

def test_reasoning_content_field():
    state, _ = _feed([_chunk({"reasoning_content": "Let me"}), _chunk({"reasoning_content": " think",
                                                                       "content": None}),
                      _chunk({"reasoning_content": None, "content": "Yes"}), _chunk({}, "stop")])
    assert (state.final_message().reasoning, state.final_message().content) == ("Let me think", "Yes")


def test_groq_reasoning_field():
    state, _ = _feed([_chunk({"reasoning": "a", "channel": "analysis"}), _chunk({"reasoning": "b"})])
    assert state.final_message().reasoning == "ab"


def test_openrouter_same_text_in_reasoning_and_reasoning_details_counted_once():
    detail = {"type": "reasoning.text", "text": "Think", "format": "anthropic-claude-v1", "index": 0}
    state, events = _feed([_chunk({"reasoning": "Think", "reasoning_details": [detail]}),
                           _chunk({"reasoning": "ing", "reasoning_details": [dict(detail, text="ing")]})])
    assert state.final_message().reasoning == "Thinking"
    assert [e for e in events if isinstance(e, ReasoningDelta)] == [ReasoningDelta("Think"),
                                                                     ReasoningDelta("ing")]
    assert state.final_message().reasoning_details == [dict(detail, text="Thinking")]


def test_reasoning_details_text_and_summary_alone_are_shown():
    state, _ = _feed([_chunk({"reasoning_details": [{"type": "reasoning.summary", "summary": "S. "}]}),
                      _chunk({"reasoning_details": [{"type": "reasoning.text", "text": "T"}]})])
    assert state.final_message().reasoning == "S. T"


def test_reasoning_encrypted_is_kept_opaque_and_not_shown():
    item = {"type": "reasoning.encrypted", "data": "gAAAA==", "id": "rs_1", "index": 0}
    state, events = _feed([_chunk({"content": "", "reasoning": None, "reasoning_details": [item]}),
                           _chunk({"content": "Hi"}, "stop")])
    message = state.final_message()
    assert message.reasoning == "" and not any(isinstance(e, ReasoningDelta) for e in events)
    assert message.reasoning_details == [item]
    assert message.to_api_dict(include_reasoning_details=True)["reasoning_details"] == [item]
    assert "reasoning_details" not in message.to_api_dict()


def test_inline_think_block_in_content_is_reasoning_not_answer():
    state, events = _feed([_chunk({"content": "<think>plan"}), _chunk({"content": " it</think>"}),
                           _chunk({"content": "\n\nAnswer"}), _chunk({}, "stop")])
    message = state.final_message()
    assert (message.content, message.reasoning) == ("Answer", "plan it")
    assert "".join(e.text for e in events if isinstance(e, ContentDelta)) == "Answer"


def test_inline_think_tag_split_across_chunks():
    pieces = ["Hi <th", "ou", "ght>secret</tho", "ught> there"]
    state, _ = _feed([_chunk({"content": p}) for p in pieces] + [_chunk({}, "stop")])
    message = state.final_message()
    assert (message.content, message.reasoning) == ("Hi there", "secret")


def test_lone_angle_bracket_at_chunk_end_is_released():
    state, events = _feed([_chunk({"content": "a <"}), _chunk({"content": "b"})])
    assert state.final_message().content == "a <b"
    state, events = _feed([_chunk({"content": "a <"})])
    assert state.final_message().content == "a <"
    assert "".join(e.text for e in events if isinstance(e, ContentDelta)) == "a <"


# -- tool calls -----------------------------------------------------------------------------

def test_openai_tool_call_arguments_merged_by_index():
    state, events = _feed([
        _chunk({"tool_calls": [_call(0, "call_1", "get_weather", "")]}),
        _chunk({"tool_calls": [_call(0, arguments='{"city":')]}),
        _chunk({"tool_calls": [_call(0, arguments=' "Paris"}')]}),
        _chunk({"tool_calls": [_call(1, "call_2", "get_time", "{}")]}), _chunk({}, "tool_calls")])
    assert _calls(state) == [("call_1", "get_weather", '{"city": "Paris"}'),
                             ("call_2", "get_time", "{}")]
    assert events[0] == ToolCallStarted(0, "call_1", "get_weather")
    assert ToolCallArgumentsDelta(0, '{"city":') in events
    assert state.final_message().tool_calls[0].arguments == {"city": "Paris"}


def test_ollama_reused_index_new_id_starts_new_call():
    state, _ = _feed([
        _chunk({"tool_calls": [_call(0, "call_a", "run", '{"c":"ls"}')]}),
        _chunk({"tool_calls": [_call(0, "call_b", "run", '{"c":"ls -l"}')]}), _chunk({}, "tool_calls")])
    assert _calls(state) == [("call_a", "run", '{"c":"ls"}'), ("call_b", "run", '{"c":"ls -l"}')]


def test_ollama_quirk_is_one_overridable_method():
    class IndexOnly(StreamState):
        def starts_new_call(self, current, call_id):
            return False

    state, _ = _feed([_chunk({"tool_calls": [_call(0, "call_a", "run", '{"a":')]}),
                      _chunk({"tool_calls": [_call(0, "call_b", "run", '1}')]})], IndexOnly())
    assert _calls(state) == [("call_a", "run", '{"a":1}')]


def test_mistral_tool_call_without_index_merged_by_id():
    state, _ = _feed([_chunk({"tool_calls": [_call(None, "A", "f", '{"x":')]}),
                      _chunk({"tool_calls": [_call(None, "B", "g", "{}")]}),
                      _chunk({"tool_calls": [_call(None, "A", None, "1}")]})])
    assert _calls(state) == [("A", "f", '{"x":1}'), ("B", "g", "{}")]


def test_no_index_and_no_id_continues_the_last_call():
    state, _ = _feed([_chunk({"tool_calls": [_call(None, "A", "f", '{"x":')]}),
                      _chunk({"tool_calls": [_call(None, None, None, "2}")]})])
    assert _calls(state) == [("A", "f", '{"x":2}')]


def test_first_tool_call_index_1():
    state, events = _feed([_chunk({"tool_calls": [_call(1, "c1", "f", "")]}),
                           _chunk({"tool_calls": [_call(1, arguments='{"a":1}')]}),
                           _chunk({"tool_calls": [_call(2, "c2", "g", "{}")]})])
    assert _calls(state) == [("c1", "f", '{"a":1}'), ("c2", "g", "{}")]
    assert [e.index for e in events if isinstance(e, ToolCallStarted)] == [0, 1]


def test_alibaba_empty_id_on_continuations():
    state, _ = _feed([_chunk({"tool_calls": [_call(0, "call_x", "weather", "")]}),
                      _chunk({"tool_calls": [_call(0, "", None, '{"l": "SF"}', type="function")]}),
                      _chunk({"tool_calls": [_call(0, "", None, "", type="function")]})])
    assert _calls(state) == [("call_x", "weather", '{"l": "SF"}')]


def test_llama_cpp_python_full_name_repeated_on_every_delta_is_not_concatenated():
    chunks = [_chunk({"tool_calls": [_call(0, "call_0", "get_weather", piece)]})
              for piece in ("{", ' "city"', ": 1", "}")]
    state, events = _feed(chunks)
    assert _calls(state) == [("call_0", "get_weather", '{ "city": 1}')]
    assert sum(isinstance(e, ToolCallStarted) for e in events) == 1


def test_empty_name_never_overwrites():
    state, _ = _feed([_chunk({"tool_calls": [_call(0, "c", "f", "")]}),
                      _chunk({"tool_calls": [_call(0, None, "", "{}")]})])
    assert _calls(state) == [("c", "f", "{}")]


def test_name_sent_in_fragments_is_joined():
    state, _ = _feed([_chunk({"tool_calls": [_call(0, "c", "get_", "")]}),
                      _chunk({"tool_calls": [_call(0, None, "weather", "{}")]})])
    assert _calls(state) == [("c", "get_weather", "{}")]


def test_legacy_function_call_field():
    state, _ = _feed([_chunk({"function_call": {"name": "f", "arguments": '{"a"'}}),
                      _chunk({"function_call": {"arguments": ": 1}"}}), _chunk({}, "function_call")])
    assert _calls(state) == [(None, "f", '{"a": 1}')]
    assert state.final_message().finish_reason == "tool_calls"


def test_legacy_function_call_beside_tool_calls_is_not_counted_twice():
    delta = {"function_call": {"name": "f", "arguments": "{}"},
             "tool_calls": [_call(0, "c", "f", "{}")]}
    state, _ = _feed([_chunk(delta), _chunk({"function_call": None, "tool_calls": None}, "tool_calls")])
    assert _calls(state) == [("c", "f", "{}")]


def test_legacy_function_call_after_tool_calls_in_an_earlier_chunk_is_ignored():
    """Once a stream used tool_calls, a later chunk's function_call (the same call again, as some servers
    repeat it) adds nothing."""
    state, _ = _feed([_chunk({"tool_calls": [_call(0, "c", "f", '{"a": 1}')]}),
                      _chunk({"function_call": {"name": "f", "arguments": '{"a": 1}'}}), _chunk({}, "tool_calls")])
    assert _calls(state) == [("c", "f", '{"a": 1}')]


def test_arguments_sent_as_an_object_are_serialised():
    state, _ = _feed([_chunk({"tool_calls": [_call(0, "c", "f", {"a": 1})]})])
    assert state.final_message().tool_calls[0].arguments == {"a": 1}


# -- finish and usage ---------------------------------------------------------------------------

def test_finish_reason_in_same_chunk_as_last_tool_delta():
    state, events = _feed([_chunk({"tool_calls": [_call(None, "g", "weather", "{}")]}, "tool_calls",
                                  usage={"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3})])
    assert _calls(state) == [("g", "weather", "{}")]
    assert [type(e) for e in events] == [ToolCallStarted, ToolCallArgumentsDelta, StreamFinished,
                                         UsageReport]


def test_missing_finish_reason_inferred_tool_calls():
    state, events = _feed([_chunk({"tool_calls": [_call(0, "c", "f", "{}")]})])
    assert state.final_message().finish_reason == "tool_calls"
    assert events[-1] == StreamFinished("tool_calls")


def test_missing_finish_reason_inferred_stop():
    state, events = _feed([_chunk({"content": "x"})])
    assert events[-1] == StreamFinished("stop")


def test_finish_reported_once_even_when_repeated():
    _, events = _feed([_chunk({}, "length"), _chunk({}, "length")])
    assert events == [StreamFinished("length")]


def test_usage_in_final_chunk_with_empty_choices():
    state, events = _feed([_chunk({"content": "x"}, "stop"),
                           {"choices": [], "usage": {"prompt_tokens": 5, "completion_tokens": 1,
                                                     "total_tokens": 6}}])
    assert state.usage == UsageReport(5, 1, 6) and events[-1] == UsageReport(5, 1, 6)


def test_usage_on_every_chunk_reports_changes_only():
    chunks = [_chunk({"content": "a"}, usage={"prompt_tokens": 5, "completion_tokens": n})
              for n in (1, 1, 2)]
    state, events = _feed(chunks)
    assert [e for e in events if isinstance(e, UsageReport)] == [UsageReport(5, 1, 6),
                                                                   UsageReport(5, 2, 7)]
    assert state.usage == UsageReport(5, 2, 7)


def test_usage_absent_or_null():
    state, _ = _feed([_chunk({"content": "a"}, "stop", usage=None)])
    assert state.usage is None


# -- errors -------------------------------------------------------------------------------------

def test_error_object_inside_stream_keeps_text_and_reports():
    state, events = _feed([_chunk({"reasoning": "We"}, "length"),
                           dict(_chunk({"content": ""}), error={"code": 400, "message": "Token limit reached"})])
    assert state.errors == [StreamError("Token limit reached", "400")]
    assert all(isinstance(e, Message) for e in events)  # errors are recorded, not handed on as events
    assert state.final_message().reasoning == "We"
    assert state.final_message().finish_reason == "length"


def test_malformed_chunks_are_reported_not_raised():
    bad = [[], "text", 3, None, {"choices": "x"}, {"choices": [{"delta": "x"}]},
           {"choices": [{"delta": {"content": 5}}]}, {"choices": [{"delta": {"tool_calls": [3]}}]},
           {"choices": [{"delta": {"tool_calls": [{"index": [1]}]}}]},
           {"choices": [{"finish_reason": 7}]}, {"choices": {"0": {}}}]
    for chunk in bad:
        state = StreamState()
        state.handle_chunks([chunk], [])
        assert [e.code for e in state.errors] == ["malformed_chunk"], chunk
    state, _ = _feed([_chunk({"content": "ok"}), {"choices": [{"delta": {"content": 5}}]},
                      _chunk({"content": "!"})])
    assert state.final_message().content == "ok!"


def test_second_choice_is_ignored():
    state, _ = _feed([{"choices": [{"index": 1, "delta": {"content": "B"}},
                                   {"index": 0, "delta": {"content": "A"}}]}])
    assert state.final_message().content == "A"


def test_handle_chunks_merges_consecutive_plain_content_into_one_event():
    state = StreamState()
    events = []
    state.handle_chunks([_chunk({"content": "a"}), _chunk({"content": "b"}),
                         _chunk({"reasoning": "r"}), _chunk({"content": "c"})], events)
    assert events == [ContentDelta("ab"), ReasoningDelta("r"), ContentDelta("c")]


# -- what make mutate found unchecked ----------------------------------------------------------

def test_a_chunk_of_choice_0_and_another_counts_the_other():
    state, _ = _feed([{"choices": [{"index": 0, "delta": {"content": "A"}}, {"index": 1, "delta": {"content": "B"}}]}])
    assert state.final_message().content == "A" and state.other_choices == {1: 1}


def test_empty_content_beside_another_field_still_delivers_that_field():
    state, events = _feed([_chunk({"content": "", "reasoning_content": "think"}), _chunk({"content": "ok"}, "stop")])
    assert (state.final_message().reasoning, state.final_message().content) == ("think", "ok")
    assert events == [ReasoningDelta("think"), ContentDelta("ok"), StreamFinished("stop")]


def test_text_before_a_usage_chunk_is_reported_before_the_usage():
    state = StreamState()
    events = []
    state.handle_chunks([_chunk({"content": "a"}), {"choices": [], "usage": {"prompt_tokens": 5, "completion_tokens": 1}},
                         _chunk({"content": "b"})], events)
    assert events == [ContentDelta("a"), UsageReport(5, 1, 6), ContentDelta("b")]


def test_another_choice_after_choice_0_was_followed_in_an_earlier_batch_is_never_replayed():
    state = StreamState()
    state.handle_chunks([_chunk({"content": "A"})], [])
    state.handle_chunks([{"choices": [{"index": 1, "delta": {"content": "B"}}]}], [])
    state.close()
    assert state.final_message().content == "A" and state.other_choices == {1: 1}


def test_closing_twice_states_the_finish_once():
    state = StreamState()
    state.handle_chunks([_chunk({"content": "a"})], [])
    assert state.close() == [StreamFinished("stop")]
    assert state.close() == []


def test_the_message_read_before_the_end_includes_text_held_back_for_a_possible_tag():
    """A stream stopped midway is read without close(): held-back text still counts, on its side."""
    state = StreamState()
    state.handle_chunks([_chunk({"content": "Hi <thi"})], [])
    assert (state.final_message().content, state.final_message().reasoning) == ("Hi <thi", "")
    state = StreamState()
    state.handle_chunks([_chunk({"content": "<think>abc</thi"})], [])
    assert (state.final_message().content, state.final_message().reasoning) == ("", "abc</thi")


def test_a_tool_call_delta_that_is_no_object_is_named_in_the_error():
    state = StreamState()
    state.handle_chunks([_chunk({"tool_calls": [3]})], [])
    assert "tool call delta is int, not an object" in state.errors[0].message


def test_a_call_first_seen_without_an_id_takes_the_id_that_comes_later():
    state, _ = _feed([_chunk({"tool_calls": [_call(index=0, name="f")]}),
                      _chunk({"tool_calls": [_call(index=0, id="c1", arguments="{}")]})])
    assert _calls(state) == [("c1", "f", "{}")]


def test_reasoning_or_refusal_that_is_no_text_is_left_out_and_the_answer_kept():
    state, _ = _feed([_chunk({"reasoning": ["a"], "refusal": {"x": 1}}), _chunk({"content": "ok"}, "stop")])
    message = state.final_message()
    assert (message.content, message.reasoning, message.refusal, state.errors) == ("ok", "", None, [])


def test_a_refusal_part_of_a_content_array_is_a_refusal():
    state, events = _feed([_chunk({"content": [{"type": "refusal", "refusal": "No."}]}, "stop")])
    assert (state.final_message().refusal, state.final_message().content) == ("No.", "")
    assert RefusalDelta("No.") in events


def test_a_choice_that_is_no_object_among_several_is_passed_over():
    state, _ = _feed([{"choices": [None, {"index": 0, "delta": {"content": "A"}}]}])
    assert state.final_message().content == "A" and state.errors == []
