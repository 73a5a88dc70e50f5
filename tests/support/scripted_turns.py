"""Building blocks for sidebar tests that script whole assistant turns against a real soffice.

* :func:`tool_round_body` / :func:`text_body`: SSE bodies of one model round, tool-call
  arguments streamed in pieces the way real servers send them;
* :func:`tool_round` / :func:`tool_results`: a round asking for several calls at once (each call's id
  names its tool), and the tool results a later request sends back by those ids;
* :func:`offset_of`: where a marker sits in a body (to cut or stall there);
* :class:`LogWatch`: what Marginalia's log and soffice's own output gained during a test that
  looks like an exception escaping (handled errors are fine, leaks are not);
* :func:`uno_latency`: the slowest of a few UNO calls, i.e. whether the office still answers.
"""
from __future__ import annotations

import json
import os
import re
import time
from typing import Iterable, List, Sequence, Tuple

from support.office_fixtures import marginalia_log
from support.scripted_server import chat_chunk, sse_event, sse_reply

CHAT = "/v1/chat/completions"
LOG_LEAKS = re.compile(r"unhandled exception|task .* failed|failed while reporting|finishing the turn failed|"
                       r"streaming failed|UI pump failed")
"""Marginalia log lines that mean an exception got past the code meant to handle it."""
OUTPUT_LEAKS = re.compile(r"Traceback|Fatal Python|Segmentation fault|Exception in thread")
"""soffice output that means an exception escaped to the office (threads print there)."""


def tool_round_body(calls: Sequence[Tuple[str, dict]], text: str = "", reasoning: str = "",
                    pieces: int = 3, first_id: int = 0) -> bytes:
    """One round: optional reasoning and text, then ``calls`` (name, arguments), their
    arguments split into ``pieces`` deltas each, ``finish_reason: tool_calls`` and ``[DONE]``."""
    events = []
    if reasoning:
        events.append(chat_chunk(reasoning=reasoning))
    if text:
        events += [chat_chunk(content=word) for word in _words(text)]
    for index, (name, arguments) in enumerate(calls):
        raw = json.dumps(arguments)
        size = max(1, len(raw) // pieces + 1)
        parts = [raw[i:i + size] for i in range(0, len(raw), size)]
        call_id = "call_%d" % (first_id + index)
        events.append(chat_chunk(tool_calls=[{"index": index, "id": call_id, "type": "function",
                                              "function": {"name": name, "arguments": parts[0]}}]))
        events += [chat_chunk(tool_calls=[{"index": index, "function": {"arguments": part}}]) for part in parts[1:]]
    events.append(chat_chunk(finish_reason="tool_calls"))
    return b"".join(sse_event(e) for e in events) + sse_event("[DONE]")


def tool_round(*calls):
    """One model round asking for ``calls`` (name, arguments) at once; call K of tool T has the id call_K_T."""
    tool_calls = [{"index": i, "id": "call_%d_%s" % (i, name), "type": "function",
                   "function": {"name": name, "arguments": json.dumps(arguments)}}
                  for i, (name, arguments) in enumerate(calls)]
    return sse_reply([chat_chunk(tool_calls=tool_calls), chat_chunk(finish_reason="tool_calls")])


def tool_results(request) -> dict:
    """``{tool_call_id: content}`` of the tool results a chat request sends back."""
    return {m["tool_call_id"]: m["content"] for m in request.json()["messages"] if m["role"] == "tool"}


def text_body(text: str, reasoning: str = "") -> bytes:
    """One answering round: optional reasoning, the text word by word, ``stop`` and ``[DONE]``."""
    events = [chat_chunk(reasoning=reasoning)] if reasoning else []
    events += [chat_chunk(content=word) for word in _words(text)]
    events.append(chat_chunk(finish_reason="stop"))
    return b"".join(sse_event(e) for e in events) + sse_event("[DONE]")


def _words(text: str) -> List[str]:
    return re.findall(r"\S+\s*|\s+", text)


def offset_of(body: bytes, marker: bytes, after: bool = False) -> int:
    """The offset of ``marker`` in ``body`` (just after it with ``after``)."""
    position = body.index(marker)
    return position + len(marker) if after else position


class LogWatch:
    """Remembers where Marginalia's log and soffice's output end, to read only what a test adds."""

    def __init__(self, office):
        self.office = office
        self._log_start = len(marginalia_log(office))
        self._out_start = _size(office.log_path)

    def added(self) -> Tuple[str, str]:
        """``(marginalia log, soffice output)`` written since the watch began."""
        with open(self.office.log_path, "rb") as handle:
            handle.seek(self._out_start)
            output = handle.read().decode("utf-8", "replace")
        return marginalia_log(self.office)[self._log_start:], output

    def leaks(self) -> List[str]:
        """Lines that show an exception escaping (none may appear), each with the traceback after it."""
        log, output = self.added()
        return _with_context(log, LOG_LEAKS) + _with_context(output, OUTPUT_LEAKS)


def _with_context(text: str, pattern, lines: int = 25) -> List[str]:
    rows = text.splitlines()
    return ["\n".join(rows[i:i + lines]) for i, row in enumerate(rows) if pattern.search(row)]


def _size(path: str) -> int:
    return os.path.getsize(path) if os.path.exists(path) else 0


def uno_latency(office, doc=None, calls: int = 10) -> float:
    """Seconds taken by the slowest of ``calls`` simple UNO calls (the office's reaction time)."""
    slowest = 0.0
    for _ in range(calls):
        started = time.monotonic()
        if doc is not None:
            doc.getText().getString() if doc.supportsService("com.sun.star.text.TextDocument") else doc.getSheets()
        else:
            office.desktop.getComponents().createEnumeration().hasMoreElements()
        slowest = max(slowest, time.monotonic() - started)
        time.sleep(0.01)
    return slowest


def paragraphs(doc) -> List[str]:
    return [p.getString() for p in doc.getText().createEnumeration()]


def fill(doc, lines: Iterable[str]) -> None:
    """Make the Writer document ``doc`` exactly these paragraphs, undo history cleared."""
    from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK
    text = doc.getText()
    text.setString("")
    cursor = text.createTextCursor()
    for number, line in enumerate(lines):
        if number:
            text.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
        text.insertString(cursor, line, False)
    doc.getUndoManager().clear()
