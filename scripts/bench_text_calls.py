#!/usr/bin/env python3
"""Benchmark the recovery of text-written tool calls against the cost of merely passing deltas on.

Generates an answer of N characters of Markdown prose (links, lists, code spans, braces, the
words "to", "function", "Action") cut into deltas of 1-12 characters, as a server streams them,
in two variants: prose only, and prose with a tool call every 2,000 characters written in
one of several formats (Hermes, DeepSeek, Kimi K2, harmony, pythonic, a bare object). Measures
in the same run:

* the floor: a loop that only appends each delta to a list and joins it (what showing the
  deltas costs anyway);
* the filter: :class:`TextToolCallFilter` over the same deltas, plus its flush;
* the parser: :func:`parse_text_tool_calls` over the whole answer once.

Prints the filter's and the parser's time divided by the floor's, per N. Goal: linear growth
(10x the text in at most 11x the time).

Usage::

    python3 scripts/bench_text_calls.py [--sizes 100000 1000000] [--repeat 5]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import devpath  # noqa: E402

devpath.install()

from marginalia.core.agent.text_tool_calls import TextToolCallFilter, parse_text_tool_calls  # noqa: E402

KNOWN = ("get_document", "replace_text", "insert_content", "read_paragraphs", "set_cell", "format_text")
WORDS = ("The", "budget", "grows", "to", "ten", "percent", "in", "2024;", "see", "[the report](https://x.org/r)",
         "and", "[^3]", "- item", "`code`", "{braces}", "function", "Action", "**bold**", "Ça", "coûte", "5 €.",
         "\n\n", "[1]", "for", "a", "total", "of", "(12)", "items", "<b>", "tools")
CALLS = (
    '<tool_call>{"name": "replace_text", "arguments": {"old_text": "a", "new_text": "b"}}</tool_call>',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read_paragraphs<｜tool▁sep｜>{"start": 1}<｜tool▁call▁end｜>'
    '<｜tool▁calls▁end｜>',
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.set_cell:0<|tool_call_argument_begin|>'
    '{"cell": "A1", "value": 3}<|tool_call_end|><|tool_calls_section_end|>',
    '<|channel|>commentary to=functions.get_document <|constrain|>json<|message|>{}<|call|>',
    '[insert_content(content="Hello", position="end")]',
    'Now: {"name": "format_text", "arguments": {"bold": true}} done.',
)


def answer(size: int, with_calls: bool, rng: random.Random) -> str:
    pieces, length, next_call = [], 0, 2000
    while length < size:
        word = rng.choice(WORDS) + " "
        pieces.append(word)
        length += len(word)
        if with_calls and length >= next_call:
            pieces.append(" " + rng.choice(CALLS) + " ")
            next_call += 2000
    return "".join(pieces)


def deltas_of(text: str, rng: random.Random):
    cut, position = [], 0
    while position < len(text):
        step = rng.randint(1, 12)
        cut.append(text[position:position + step])
        position += step
    return cut


def best_of(repeat: int, work) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def floor(deltas):
    shown = []
    for delta in deltas:
        shown.append(delta)
    return "".join(shown)


def filtered(deltas):
    keeper = TextToolCallFilter(KNOWN)
    shown = [keeper.feed(delta) for delta in deltas]
    shown.append(keeper.flush())
    return "".join(shown)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100000, 1000000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(7)
    print("Python %s; best of %d runs" % (sys.version.split()[0], args.repeat))
    times = {}
    for with_calls in (False, True):
        for size in args.sizes:
            text = answer(size, with_calls, rng)
            deltas = deltas_of(text, rng)
            remaining, calls = parse_text_tool_calls(text, KNOWN)
            assert filtered(deltas).strip() == remaining.strip()
            base = best_of(args.repeat, lambda: floor(deltas))
            stream = best_of(args.repeat, lambda: filtered(deltas))
            whole = best_of(args.repeat, lambda: parse_text_tool_calls(text, KNOWN))
            times[(with_calls, size)] = stream
            print("%-10s %9d chars %7d deltas %4d calls  floor %7.1f ms  filter %7.1f ms (%5.1fx)  "
                  "parser %6.1f ms (%4.1fx)" % ("with calls" if with_calls else "prose", len(text), len(deltas),
                                              len(calls), base * 1e3, stream * 1e3, stream / base, whole * 1e3,
                                              whole / base))
    small, large = min(args.sizes), max(args.sizes)
    for with_calls in (False, True):
        print("growth %d -> %d chars (%s): %.1fx the filter's time" % (
            small, large, "with calls" if with_calls else "prose", times[(with_calls, large)] / times[(with_calls, small)]))


if __name__ == "__main__":
    main()
