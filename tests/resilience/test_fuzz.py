"""Fuzzing the streaming engine: seeded random and mutated inputs, bounded in time.

Every case is reproducible from ``(target, seed)``: the base seed is fixed (set
``MARGINALIA_FUZZ_SEED`` for another run) and case ``n`` uses ``base + n``. Every case runs
under a watchdog timer, so a hang fails the test instead of stopping the run. What must hold:

* the SSE decoder gives exactly the events of a plain line-by-line reference parser, in any
  chunking, through both of its entry points;
* the assembler (Chat Completions, Responses API, Ollama's NDJSON) turns any bytes, in any
  chunking, into the same result, never raises, and builds a message that can be sent back:
  text is ``str``, tool calls have a ``str`` name, id and arguments, and the history entry
  encodes to a request body;
* the accumulator takes any decoded value as a chunk without raising.

Only our own errors may come out (the engine never raises for data at all); anything else is
a failure, reported with the seed that reproduces it.
"""
import json
import os
import random
import signal
import time

import pytest

from marginalia.core.stream.accumulate import StreamState
from marginalia.core.stream.assembler import StreamAssembler
from marginalia.core.llm.request import build_chat_body
from marginalia.core.stream.ollama import OllamaStreamAssembler
from marginalia.core.stream.sse import SSEDecoder
from marginalia.core.stream.errors import StreamUsageError
from marginalia.core.agent.text_tool_calls import TextToolCallFilter, parse_text_tool_calls
from marginalia.core.stream.think_tags import ThinkTagSplitter

from support import fuzz_inputs, stream_recordings

BASE_SEED = int(os.environ.get("MARGINALIA_FUZZ_SEED", "20240611"))
CASE_LIMIT = 2.0
"""Seconds one case may take before it counts as a hang."""


class Hang(Exception):
    """Raised by the watchdog inside a case that ran too long."""


def _alarm(signum, frame):
    raise Hang()


def run_cases(name, count, case, figures=None):
    """Run ``case(rng)`` for ``count`` seeds under the watchdog; return the seconds taken."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    started = time.monotonic()
    try:
        for number in range(count):
            seed = BASE_SEED + number
            signal.setitimer(signal.ITIMER_REAL, CASE_LIMIT)
            try:
                case(random.Random(seed))
            except Hang:
                pytest.fail("%s: seed %d ran longer than %.0f s (a hang)" % (name, seed, CASE_LIMIT))
            except StreamUsageError:
                pass   # our own error type: allowed
            except Exception as error:
                raise AssertionError("%s: seed %d: %s: %s" % (name, seed, type(error).__name__, error)) from error
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, previous)
    seconds = time.monotonic() - started
    if figures is not None:
        figures("fuzz_%s" % name, {"cases": count, "seconds": round(seconds, 1)})
    return seconds


# -- the SSE decoder -------------------------------------------------------------------

def _events(decoder, pieces):
    found = []
    for piece in pieces:
        found += decoder.decode(piece)
    return found + decoder.flush()


def _as_tuples(events):
    return [(e.event, e.data, e.id, e.retry) for e in events]


def _payloads(pieces):
    decoder = SSEDecoder()
    found = []
    for piece in pieces:
        found += decoder.decode_payloads(piece)
    found += decoder.flush()
    return [(item, "message") if isinstance(item, str) else (item.data, item.event) for item in found]


def sse_case(rng):
    body = fuzz_inputs.sse_body(rng)
    expected = fuzz_inputs.reference_events(body)
    pieces = fuzz_inputs.split(rng, body)
    got = _as_tuples(_events(SSEDecoder(), pieces))
    assert got == expected, "body %r in %r: %r != %r" % (body, pieces, got, expected)
    assert _payloads(pieces) == [(data, kind) for kind, data, _, _ in expected], "decode_payloads differs"


def test_sse_decoder_matches_the_reference_parser(figures):
    run_cases("sse_decoder", 45000, sse_case, figures)


# -- the assembler on recordings, mutated ----------------------------------------------

CHAT_BODIES = [stream_recordings.body(name) for name in
               ("openai_9", "openrouter_2", "mistral_3", "vllm_1", "alibaba_1", "ollama_2", "openrouter_3",
                "llama-cpp-python-local_2", "mistral_2", "groq_3", "llamacpp_1")]
RESPONSES_BODIES = [stream_recordings.body(name, "responses") for name in stream_recordings.responses_recordings()
                    if len(stream_recordings.body(name, "responses")) < 40000]


def assemble(pieces, api):
    assembler = StreamAssembler(api=api)
    events = []
    for piece in pieces:
        events += assembler.feed(piece)
    events += assembler.close()
    return assembler.result(), events


def check_sendable(message):
    """The message can be shown, stored in the history and sent in the next request."""
    assert isinstance(message.content, str) and isinstance(message.reasoning, str)
    assert message.refusal is None or isinstance(message.refusal, str)
    for call in message.tool_calls:
        assert isinstance(call.name, str), "tool call name %r" % (call.name,)
        assert isinstance(call.call_id, str) and isinstance(call.arguments_raw, str), repr(call)
        assert call.arguments is not None or call.arguments_error
    history = [{"role": "user", "content": "hi"}, message.to_api_dict()]
    history += [{"role": "tool", "tool_call_id": call.call_id, "content": "ok"} for call in message.tool_calls]
    json.dumps(build_chat_body(history, "m", "system", []), ensure_ascii=False).encode("utf-8")  # as sent


def summary(result):
    message = result.message
    return (message.content, message.reasoning, message.refusal, [repr(c) for c in message.tool_calls],
            result.finish_reason, result.error, result.done_seen)


def assembler_case(bodies, api):
    def case(rng):
        body = fuzz_inputs.mutate(rng, rng.choice(bodies), bodies)
        whole, _ = assemble([body], api)
        pieces = fuzz_inputs.split(rng, body, max_pieces=12)
        split, events = assemble(pieces, api)
        assert summary(split) == summary(whole), "chunking changed the result"
        check_sendable(split.message)
        assert sum(e.type == "stream.finished" for e in events) == 1
    return case


def test_assembler_on_mutated_chat_recordings(figures):
    run_cases("assembler_chat", 18000, assembler_case(CHAT_BODIES, "chat"), figures)


def test_assembler_on_mutated_responses_recordings(figures):
    run_cases("assembler_responses", 5000, assembler_case(RESPONSES_BODIES, "auto"), figures)


def test_assembler_on_random_chunks(figures):
    def case(rng):
        body = fuzz_inputs.json_body(rng, rng.randint(0, 12))
        whole, _ = assemble([body], "chat")
        split, _ = assemble(fuzz_inputs.split(rng, body), "chat")
        assert summary(split) == summary(whole)
        check_sendable(split.message)
    run_cases("assembler_random_chunks", 12000, case, figures)


def test_ollama_assembler_on_mutated_lines(figures):
    lines = [json.dumps({"message": {"role": "assistant", "content": "Hel"}, "done": False}),
             json.dumps({"message": {"role": "assistant", "thinking": "hm"}, "done": False}),
             json.dumps({"message": {"role": "assistant", "content": "",
                                     "tool_calls": [{"function": {"name": "f", "arguments": {"x": 1}}}]},
                         "done": False}),
             json.dumps({"message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop",
                         "prompt_eval_count": 3, "eval_count": 4})]
    bodies = [("\n".join(lines) + "\n").encode("utf-8")]

    def case(rng):
        body = fuzz_inputs.mutate(rng, bodies[0], bodies)
        results = []
        for pieces in ([body], fuzz_inputs.split(rng, body)):
            assembler = OllamaStreamAssembler()
            for piece in pieces:
                assembler.feed(piece)
            assembler.close()
            results.append(summary(assembler.result()))
            check_sendable(assembler.result().message)
        assert results[0] == results[1], "chunking changed the result"
    run_cases("assembler_ollama", 5000, case, figures)


# -- the accumulator and the text filters on decoded values --------------------------------

def test_accumulator_takes_any_chunk(figures):
    def case(rng):
        state = StreamState()
        for _ in range(rng.randint(1, 10)):
            state.handle_chunks([fuzz_inputs.chunk_value(rng)], [])
        state.close()
        check_sendable(state.final_message())
    run_cases("accumulator", 15000, case, figures)


def test_think_and_tool_call_filters_take_any_text(figures):
    """Any text, in any chunking: both filters return text, and the tool-call filter shows exactly
    what the parser leaves (or the text itself when the parser finds no call)."""
    pieces = ["<think>", "</think>", "<thought>", "</thought>", "<", "</", "think", ">", "a", " ", "\n",
              "<tool_call>", "</tool_call>", '{"name": "get_document", "arguments": {}}', "[TOOL_CALLS]",
              '[{"name": "get_document", "arguments": {}}]', "```", "json", "{", "}", "é",
              # every other format's markers (core/agent/tool_formats), cut into pieces too
              "<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>", "get_document<｜tool▁sep｜>{}", "<｜tool▁calls",
              "<|tool_calls_section_begin|>", "<|tool_call_begin|>functions.get_document:0",
              "<|tool_call_argument_begin|>", "<|tool_call_end|>", "<|channel|>commentary to=functions.get_document",
              "<|message|>", "<|call|>", "to=functions.", "<tool_calls>", "</tool_calls>",
              "<|action_start|><|plugin|>", "<|action_end|>", "<|tool_call_start|>", "[get_document()]",
              "<minimax:tool_call>", '<invoke name="get_document">', "</invoke>", "<TOOLCALL>", "</TOOLCALL>",
              "Action:", "<|START_ACTION|>", "<|END_ACTION|>", "functools[", "<tool>", "</tool>", "<arg_key>",
              "[", "(", ")", "]", "'", '"', "\\", "<|python_start|>", '{"tool_name": "get_document", "parameters": {}}']

    def case(rng):
        chunks = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(0, 8))]
        splitter = ThinkTagSplitter()
        segments = [s for chunk in chunks for s in splitter.feed(chunk)] + splitter.flush()
        assert all(isinstance(text, str) for _, text in segments)
        shown = TextToolCallFilter({"get_document"})
        text = "".join(shown.feed(chunk) for chunk in chunks) + shown.flush()
        assert isinstance(text, str)
        remaining, calls = parse_text_tool_calls("".join(chunks), {"get_document"})
        removed = calls or remaining != "".join(chunks)  # a call, or [TOOL_CALLS] opening the reply without one
        assert (text.strip() == remaining) if removed else (text == "".join(chunks)), chunks
    run_cases("text_filters", 20000, case, figures)
