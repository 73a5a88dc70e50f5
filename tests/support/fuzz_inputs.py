"""Seeded random inputs for the streaming engine, and a plain reference SSE parser to compare with.

Everything takes a ``random.Random`` so a failing case is reproduced from its seed alone.

* :func:`sse_body` builds bodies from the pieces the event-stream format is made of (field
  names, colons, every kind of line end, byte order marks, multi-byte and invalid UTF-8);
* :func:`reference_events` parses a whole body the simple way, line by line, as the WHATWG
  rules describe (with Marginalia's one deliberate difference: a last event not followed by a
  blank line is still dispatched), to check the fast incremental decoder against;
* :func:`mutate` breaks a recorded body (flips, cuts, repeats, splices, JSON-ish insertions);
* :func:`chunk_value` builds Chat Completions chunks of plausible and implausible shapes;
* :func:`split` cuts bytes into random pieces, as a network would.
"""
from __future__ import annotations

import codecs
import json
import random
from typing import List, Optional, Tuple

_FIELDS = ["data", "data", "data", "event", "id", "retry", "dat", "", "Data", "data ", "id\x00"]
_VALUES = ["", " ", "x", " hello", "[DONE]", " [DONE]", "{}", ' {"choices":[]}', "é", "日本", "\U0001F600",
           "12", " 3000", "1e3", "-1", ":", "::", "a:b", " \x00", "\ufeff"]
_LINE_ENDS = ["\n", "\r\n", "\r", "\n\n", "\r\r", "\r\n\r\n", "\n\r"]
_RAW_BYTES = [b"\xff", b"\xc3", b"\xe6\x97", b"\xf0\x9f\x98", b"\x80", b"\xef\xbb\xbf", b"\x00"]


def sse_body(rng: random.Random, max_lines: int = 12) -> bytes:
    """A random body made of event-stream lines, line ends and stray bytes."""
    parts: List[bytes] = []
    if rng.random() < 0.1:
        parts.append(b"\xef\xbb\xbf")
    for _ in range(rng.randint(0, max_lines)):
        roll = rng.random()
        if roll < 0.1:
            parts.append(rng.choice(_RAW_BYTES))
        elif roll < 0.2:
            parts.append((":" + rng.choice(_VALUES)).encode("utf-8"))
        else:
            field = rng.choice(_FIELDS)
            colon = rng.choice([":", ":", ":", ""])
            parts.append((field + colon + rng.choice(_VALUES)).encode("utf-8"))
        parts.append(rng.choice(_LINE_ENDS).encode("ascii"))
    if parts and rng.random() < 0.3:
        parts.pop()   # end without a line end
    return b"".join(parts)


def split(rng: random.Random, data: bytes, max_pieces: int = 8) -> List[bytes]:
    """``data`` cut at random places (empty pieces included now and then)."""
    if not data:
        return [b""] if rng.random() < 0.5 else []
    cuts = sorted(rng.randint(0, len(data)) for _ in range(rng.randint(0, max_pieces - 1)))
    bounds = [0] + cuts + [len(data)]
    return [data[a:b] for a, b in zip(bounds, bounds[1:])]


def reference_events(body: bytes) -> List[Tuple[str, str, Optional[str], Optional[int]]]:
    """``(event, data, id, retry)`` of every event in ``body``, parsed the plain way."""
    text = codecs.getincrementaldecoder("utf-8")(errors="replace").decode(body, True)
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    events = []
    data: List[str] = []
    kind, last_id, retry = "", None, None
    for line in lines + [""]:
        if line == "":
            if data:
                events.append((kind or "message", "\n".join(data), last_id, retry))
            data, kind, retry = [], "", None
            continue
        if line.startswith(":"):
            continue
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if name == "data":
            data.append(value)
        elif name == "event":
            kind = value
        elif name == "id" and "\0" not in value:
            last_id = value
        elif name == "retry" and value and all(c in "0123456789" for c in value):
            retry = int(value)
    return events


_INSERTIONS = [b"{", b"}", b"[", b"]", b'"', b"\\", b",", b":", b"null", b"true", b"1e999", b"-0", b"NaN",
               b'"tool_calls":', b'"index":', b'"choices":', b'"delta":', b'"content":', b'"error":',
               b'"finish_reason":', b'"usage":', b"\n\n", b"\r\n", b"data: ", b"data: [DONE]\n\n",
               b"[" * 200, b"{\"a\":" * 100, b"\xff\xfe", b"\x00", b"</think>", b"<think>",
               b"<tool_call>", b"</tool_call>", b"[TOOL_CALLS]", b'{"type":"response.completed"}',
               b"\\ud83d", b"\\ude00", b"\\u0000"]


def mutate(rng: random.Random, body: bytes, others: List[bytes], rounds: int = 3) -> bytes:
    """``body`` with a few random changes (from a list of the ways streams really break)."""
    data = bytearray(body)
    for _ in range(rng.randint(1, rounds)):
        position = rng.randint(0, len(data))
        roll = rng.random()
        if roll < 0.2 and data:
            data[min(position, len(data) - 1)] = rng.getrandbits(8)
        elif roll < 0.35:
            del data[position:position + rng.randint(1, 64)]
        elif roll < 0.5:
            end = min(len(data), position + rng.randint(1, 256))
            data[position:position] = data[position:end]
        elif roll < 0.6 and others:
            other = rng.choice(others)
            start = rng.randint(0, len(other))
            data[position:position] = other[start:start + rng.randint(1, 512)]
        elif roll < 0.7:
            del data[position:]
        else:
            data[position:position] = rng.choice(_INSERTIONS)
    return bytes(data)


def _scalar(rng: random.Random):
    return rng.choice([None, True, False, 0, 1, -1, 2 ** 70, 1.5, float("inf"), "", "x", "0", "call_1",
                       "stop", "tool_calls", "length", "function_call", "<think>", "</think>", "é\U0001F600",
                       "\x00", "a" * 100, [], {}, [None], {"x": 1}])


def _text_or_junk(rng: random.Random):
    if rng.random() < 0.7:
        return rng.choice(["Hel", "lo", " ", "<think>", "hm", "</think>", "<", "</", "<thi", "\n", "é", "",
                           "<tool_call>", '{"name": "f", "arguments": {}}', "</tool_call>", "[TOOL_CALLS]",
                           "\ud83d", "\ude00"])
    return _scalar(rng)


def _tool_call_delta(rng: random.Random):
    delta = {}
    for key, make in (("index", lambda: rng.choice([0, 1, 2, -1, None, "0", 1.0, 10 ** 9])),
                      ("id", lambda: rng.choice(["call_a", "call_b", "", None, 7, ["x"]])),
                      ("type", lambda: rng.choice(["function", "", None, 3])),
                      ("function", lambda: _function(rng))):
        if rng.random() < 0.7:
            delta[key] = make()
    return delta if rng.random() < 0.9 else _scalar(rng)


def _function(rng: random.Random):
    function = {}
    if rng.random() < 0.7:
        function["name"] = rng.choice(["get_weather", "get_", "weather", "", None, 5, ["n"], {"n": 1}])
    if rng.random() < 0.8:
        function["arguments"] = rng.choice(['{"city":', ' "Paris"}', "{}", "", None, "{", "}", '"',
                                            {"city": "Paris"}, 12, [1, 2], "\x00", "\ud800"])
    return function if rng.random() < 0.9 else _scalar(rng)


def _delta(rng: random.Random):
    delta = {}
    makers = (("content", lambda: _text_or_junk(rng)),
              ("content", lambda: [{"type": rng.choice(["text", "thinking", "refusal", 3]),
                                    "text": _text_or_junk(rng), "thinking": _text_or_junk(rng)}]),
              ("reasoning_content", lambda: _text_or_junk(rng)),
              ("reasoning", lambda: _text_or_junk(rng)),
              ("reasoning_details", lambda: [{"type": rng.choice(["reasoning.text", "reasoning.encrypted", 1]),
                                             "text": _text_or_junk(rng), "index": rng.choice([0, 1, None])}]),
              ("refusal", lambda: _text_or_junk(rng)),
              ("role", lambda: rng.choice(["assistant", None, 1])),
              ("tool_calls", lambda: [_tool_call_delta(rng) for _ in range(rng.randint(0, 3))]
               if rng.random() < 0.9 else _tool_call_delta(rng)),
              ("function_call", lambda: _function(rng)))
    for key, make in makers:
        if rng.random() < 0.3:
            delta[key] = make()
    return delta if rng.random() < 0.95 else _scalar(rng)


def chunk_value(rng: random.Random):
    """One decoded stream chunk, usually shaped like Chat Completions, sometimes not at all."""
    if rng.random() < 0.03:
        return _scalar(rng)
    chunk = {}
    if rng.random() < 0.9:
        choices = []
        for _ in range(rng.choice([1, 1, 1, 0, 2])):
            choice = {"index": rng.choice([0, 0, 1, None, "0"]), "delta": _delta(rng)}
            if rng.random() < 0.2:
                choice["finish_reason"] = _scalar(rng) if rng.random() < 0.3 else rng.choice(
                    ["stop", "length", "tool_calls", "function_call", "content_filter"])
            choices.append(choice if rng.random() < 0.97 else _scalar(rng))
        chunk["choices"] = choices if rng.random() < 0.97 else _scalar(rng)
    if rng.random() < 0.1:
        chunk["usage"] = rng.choice([{"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7},
                                     {"prompt_tokens": "3"}, None, 5, {"completion_tokens_details": []}])
    if rng.random() < 0.03:
        chunk["error"] = rng.choice([{"message": "boom", "code": 500}, "boom", {"code": None}, [1], 0, True])
    return chunk


def json_body(rng: random.Random, count: int) -> bytes:
    """``count`` random chunks framed as SSE events (sometimes with ``[DONE]``)."""
    parts = [b"data: " + json.dumps(chunk_value(rng)).encode("utf-8") + b"\n\n" for _ in range(count)]
    if rng.random() < 0.5:
        parts.append(b"data: [DONE]\n\n")
    return b"".join(parts)
