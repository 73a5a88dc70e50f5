#!/usr/bin/env python3
"""Replay a recorded SSE body through Marginalia's streaming pipeline and print the result.

Usage::

    python3 scripts/replay_stream.py [--split N] [--api chat|responses|auto] FILE

Prints one JSON object: ``content`` (the answer without inline think blocks), ``reasoning``,
``tool_calls`` (``id``, ``name``, ``arguments``: parsed JSON, or the raw string when it is not
valid), ``finish_reason``, ``usage`` (``prompt_tokens``, ``completion_tokens``) and ``error``.
Exits 0 whenever the file could be read, whatever it contains; 2 when it could not.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import devpath  # noqa: E402

devpath.install()

from marginalia.core.stream.assembler import StreamAssembler, StreamResult  # noqa: E402


def replay(body: bytes, split: int = 0, api: str = "auto") -> StreamResult:
    """Feed ``body`` to a fresh pipeline, whole or in ``split``-byte pieces, and close it."""
    assembler = StreamAssembler(api)
    step = split if split > 0 else max(len(body), 1)
    for start in range(0, len(body), step):
        assembler.feed(body[start:start + step])
    assembler.close()
    return assembler.result()


def result_to_json(result: StreamResult) -> dict:
    """The replay command's output object for one result."""
    message = result.message
    usage = None
    if result.usage is not None:
        usage = {"prompt_tokens": result.usage.prompt_tokens,
                 "completion_tokens": result.usage.completion_tokens}
    return {
        "content": message.content,
        "reasoning": message.reasoning,
        "tool_calls": [{"id": call.id, "name": call.name,
                        "arguments": call.arguments if call.arguments is not None
                        else call.arguments_raw}
                       for call in message.tool_calls],
        "finish_reason": result.finish_reason,
        "usage": usage,
        "error": result.error,
    }


def main(argv: list = None) -> int:
    parser = argparse.ArgumentParser(description="Replay a raw SSE body and print the result.")
    parser.add_argument("--split", type=int, default=0, metavar="N",
                        help="feed the body in N-byte pieces (default: whole)")
    parser.add_argument("--api", choices=("chat", "responses", "auto"), default="auto")
    parser.add_argument("file")
    args = parser.parse_args(argv)
    try:
        with open(args.file, "rb") as handle:
            body = handle.read()
    except OSError as exc:
        print("replay_stream: cannot read %s: %s" % (args.file, exc.strerror or exc),
              file=sys.stderr)
        return 2
    output = result_to_json(replay(body, args.split, args.api))
    text = json.dumps(output, ensure_ascii=False, indent=1)
    sys.stdout.buffer.write(text.encode("utf-8", "surrogatepass") + b"\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
