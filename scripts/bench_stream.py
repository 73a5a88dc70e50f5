#!/usr/bin/env python3
"""Benchmark the streaming pipeline against the cost of merely parsing its JSON.

For each N, generates a Chat Completions stream of N content chunks plus one tool call whose
arguments arrive in N/10 fragments, then measures in the same run:

* the floor: a loop that only ``json.loads`` each event's payload (already cut out);
* the pipeline: ``StreamAssembler.feed`` over the raw body in network-sized pieces, ``close``,
  and ``result()`` (bytes → SSE decode → json.loads → accumulator → final message with the
  tool arguments parsed).

Prints ``pipeline / floor`` per N and the growth of the pipeline time from the smallest to the
largest N. Goals: at most 1.5× the floor at 100k chunks; growth at most 11× for 10× chunks.

Usage::

    python3 scripts/bench_stream.py [--sizes 10000 100000] [--piece 8192] [--repeat 7]
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import devpath  # noqa: E402

devpath.install()

from marginalia.core.stream.assembler import StreamAssembler  # noqa: E402

_HEAD = ('{"id":"chatcmpl-ABfwAwrNePHUgBBezonVC6MX3zd63","object":"chat.completion.chunk",'
         '"created":1727346178,"model":"gpt-4o-2024-08-06","system_fingerprint":"fp_5050236cbd",'
         '"choices":[{"index":0,"delta":')
_TAIL = ',"logprobs":null,"finish_reason":%s}]}'
_WORDS = ("The", " quick", " brown", " fox", " jumps", " over", " the", " lazy", " dog", ".",
          " Ça", " coûte", " 5 €", "\n\n")


def _chunk(delta: dict, finish: str = "null") -> str:
    return _HEAD + json.dumps(delta, ensure_ascii=False, separators=(",", ":")) + _TAIL % finish


def generate_payloads(n: int) -> list:
    """The ``data:`` payloads of a stream: N content chunks, then one tool call in N/10 pieces."""
    payloads = [_chunk({"role": "assistant", "content": ""})]
    payloads += [_chunk({"content": _WORDS[i % len(_WORDS)]}) for i in range(n)]
    fragments = max(n // 10, 1)
    payloads.append(_chunk({"tool_calls": [{"index": 0, "id": "call_bench", "type": "function",
                                            "function": {"name": "insert_text",
                                                         "arguments": ""}}]}))
    pieces = ['{"text": "'] + ["word%d " % i for i in range(fragments - 2)] + ['"}']
    for piece in pieces:
        payloads.append(_chunk({"tool_calls": [{"index": 0, "function": {"arguments": piece}}]}))
    payloads.append(_chunk({}, '"tool_calls"'))
    payloads.append('{"id":"chatcmpl-x","object":"chat.completion.chunk","choices":[],'
                    '"usage":{"prompt_tokens":10,"completion_tokens":%d,"total_tokens":%d}}'
                    % (n, n + 10))
    return payloads


def body_of(payloads: list) -> bytes:
    """The raw SSE body carrying ``payloads``, ending with ``data: [DONE]``."""
    return ("".join("data: %s\n\n" % p for p in payloads) + "data: [DONE]\n\n").encode("utf-8")


def time_floor(payloads: list) -> float:
    """Seconds for ``json.loads`` of every payload."""
    loads = json.loads
    start = time.perf_counter()
    for payload in payloads:
        loads(payload)
    return time.perf_counter() - start


def time_pipeline(pieces: list) -> float:
    """Seconds for the whole pipeline over the body pieces, up to the final message."""
    start = time.perf_counter()
    assembler = StreamAssembler("chat")
    for piece in pieces:
        assembler.feed(piece)
    assembler.close()
    result = assembler.result()
    elapsed = time.perf_counter() - start
    if result.error or result.message.tool_calls[0].arguments is None:
        raise SystemExit("benchmark stream did not assemble cleanly: %r" % result.error)
    return elapsed


def measure(repeat: int, payloads: list, pieces: list) -> tuple:
    """Fastest floor and pipeline times of ``repeat`` rounds, run alternately so that a change
    in the machine's load during the run affects both alike."""
    floors, pipelines = [], []
    for _ in range(repeat):
        gc.collect()
        floors.append(time_floor(payloads))
        gc.collect()
        pipelines.append(time_pipeline(pieces))
    return min(floors), min(pipelines)


def main(argv: list = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10000, 100000])
    parser.add_argument("--piece", type=int, default=8192, help="network read size in bytes")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    print("Python %s; body fed in %d-byte pieces; best of %d runs"
          % (sys.version.split()[0], args.piece, args.repeat))
    pipeline_times = []
    for n in args.sizes:
        payloads = generate_payloads(n)
        body = body_of(payloads)
        pieces = [body[i:i + args.piece] for i in range(0, len(body), args.piece)]
        floor, pipeline = measure(args.repeat, payloads, pieces)
        pipeline_times.append(pipeline)
        print("N=%-7d events=%-7d floor %8.1f ms  pipeline %8.1f ms  ratio %.2fx"
              % (n, len(payloads), floor * 1e3, pipeline * 1e3, pipeline / floor))
    if len(args.sizes) > 1:
        print("growth %d -> %d chunks: %.1fx the time for %.0fx the chunks"
              % (args.sizes[0], args.sizes[-1], pipeline_times[-1] / pipeline_times[0],
                 args.sizes[-1] / args.sizes[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
