"""What the user sees of a turn: labelled transcript segments and a status line.

:class:`TranscriptDisplay` turns the events of a :class:`~marginalia.core.agent.turn.Turn`
into :class:`~marginalia.core.chat.transcript.Transcript` changes (the panel mirrors those)
and status texts (passed to ``set_status``). It owns no UNO object, so it is tested
directly; the panel only applies the transcript's edits and shows the status.
"""
from __future__ import annotations

import time
from typing import Callable, Dict, Optional

from ..i18n import _, format_count
from .tool_titles import tool_title
from .transcript import Transcript
from ..loop.task import Outcome


def labels():
    """The segment labels in the current language."""
    return {"user": _("You"), "answer": _("Marginalia"), "thinking": _("Thinking"), "tool": _("Action"),
            "notice": _("Note"), "error": _("Problem")}


class TranscriptDisplay:
    """Writes a turn's progress into the session transcript and the status line."""

    def __init__(self, transcript: Transcript, set_status: Callable[[str], None],
                 clock: Callable[[], float] = time.monotonic,
                 collapse_thinking: Optional[Callable[[int], None]] = None):
        """
        Args:
            transcript: the session's transcript.
            set_status: shows a status text.
            clock: a monotonic clock (injected by tests).
            collapse_thinking: called with a thinking segment's id when the answer starts
                (the session collapses it unless the user chose to see thinking).
        """
        self._transcript = transcript
        self._set_status = set_status
        self._clock = clock
        self._collapse_thinking = collapse_thinking
        self._labels = labels()
        self._answer: Optional[int] = None
        self._thinking: Optional[int] = None
        self._tool_lines: Dict[int, int] = {}
        self._arriving: Dict[int, list] = {}  # index -> [tool name, characters of arguments so far]
        self._stream_chars = 0
        self._stream_started: Optional[float] = None
        self._round_usage = None  # the last report of the round streaming now (reports may repeat, cumulative)
        self._turn_usage = [None, None]  # prompt and completion tokens of the finished rounds

    # turn lifecycle -----------------------------------------------------------
    def begin_turn(self, user_text: str) -> None:
        self._transcript.add("user", self._labels["user"], user_text)
        self._set_status(_("Waiting for the model…"))

    def round_started(self, number: int) -> None:
        self._fold_round_usage()
        self._arriving = {}
        self._settle_answer()
        self._thinking = None
        self._stream_chars = 0
        self._stream_started = None
        self._set_status(_("Waiting for the model…") if number == 1
                         else _("Sending the tool results (round %d)…") % number)

    def finished(self, outcome: Outcome) -> None:
        self._settle_answer()
        self._fold_round_usage()
        self._set_status(self._final_status(outcome))

    # streamed text --------------------------------------------------------------
    def thinking(self, text: str) -> None:
        if self._thinking is None:
            self._thinking = self._transcript.add("thinking", self._labels["thinking"])
        self._transcript.append(self._thinking, text)
        self._count(text, _("Thinking"))

    def answer(self, text: str) -> None:
        if self._answer is None:
            if self._thinking is not None and self._collapse_thinking is not None:
                self._collapse_thinking(self._thinking)
            self._answer = self._transcript.add("answer", self._labels["answer"])
        self._transcript.append(self._answer, text)
        self._count(text, _("Answering"))

    def replace_answer(self, text: str) -> None:
        """Show ``text`` as this round's whole answer (after tool calls were taken out of it)."""
        if self._answer is not None:
            self._transcript.replace_body(self._answer, text)
        elif text:
            self.answer(text)

    def usage(self, usage) -> None:
        """Note a usage report of the current round (the last one of a round counts)."""
        self._round_usage = usage

    # tools ------------------------------------------------------------------------
    def tool_call_arriving(self, index: int, name: str) -> None:
        """The model began writing a tool call (its arguments follow)."""
        self._arriving[index] = [name, 0]
        self._set_status(_("Preparing %s…") % tool_title(name) if name else _("Preparing an action…"))

    def tool_call_growing(self, index: int, characters: int) -> None:
        """More of a tool call's arguments arrived: the status counts them (long inserts take a while)."""
        arriving = self._arriving.setdefault(index, ["", 0])
        arriving[1] += characters
        title = tool_title(arriving[0]) if arriving[0] else _("an action")
        self._set_status(_("Preparing %s… %s characters") % (title, format_count(arriving[1])))

    def _settle_answer(self) -> None:
        """The answer block is complete: render it whole once (reference links then resolve everywhere)."""
        if self._answer is not None:
            self._transcript.render_again(self._answer)
        self._answer = None

    def tool_started(self, call) -> None:
        self._settle_answer()  # text after a tool starts a new block
        line = self._transcript.add("tool", self._labels["tool"], "%s…" % _tool_title(call))
        self._tool_lines[id(call)] = line
        self._set_status(_("Running %s…") % _tool_title(call))

    def tool_progress(self, call, phase: str, message: str) -> None:
        line = self._tool_lines.get(id(call))
        if line is not None:
            self._transcript.replace_body(line, "%s: %s" % (_tool_title(call), message))
        self._set_status(message)

    def tool_finished(self, call, outcome) -> None:
        line = self._tool_lines.pop(id(call), None)
        if outcome.ok:
            text = outcome.summary or _first_line(outcome.content) or _tool_title(call)
        else:
            text = _("%s failed: %s") % (_tool_title(call), outcome.summary or outcome.content)
        if line is not None:
            self._transcript.replace_body(line, text)

    # messages -----------------------------------------------------------------------
    def notice(self, text: str) -> None:
        self._transcript.add("notice", self._labels["notice"], text)

    def error(self, message: str, hint: str = "") -> None:
        body = _sentence(message) if not hint else "%s %s" % (_sentence(message), hint)
        self._transcript.add("error", self._labels["error"], body)
        self._set_status(message)

    # internals ------------------------------------------------------------------------
    def _count(self, text: str, verb: str) -> None:
        now = self._clock()
        if self._stream_started is None:
            self._stream_started = now
        self._stream_chars += len(text)
        elapsed = now - self._stream_started
        if elapsed >= 0.5:
            rate = self._stream_chars / 4.0 / elapsed  # ~4 characters per token
            self._set_status(_("%s… ≈%d tokens/s") % (verb, rate))
        else:
            self._set_status(_("%s…") % verb)

    def _final_status(self, outcome: Outcome) -> str:
        finals = {
            Outcome.DONE: _("Ready"),
            Outcome.CANCELLED: _("Stopped"),
            Outcome.ERROR: None,
            Outcome.MAX_ROUNDS: _("Ready (round limit reached)"),
            Outcome.CLOSED: _("Document closed"),
        }
        label = finals.get(outcome, _("Ready"))
        if label is None:
            return _error_status_from(self._transcript)
        usage = _usage_text(*self._turn_usage)
        return "%s. %s" % (label, usage) if usage else label

    def _fold_round_usage(self) -> None:
        """Add the finished round's usage to the turn's totals."""
        for slot, count in enumerate(_usage_counts(self._round_usage)):
            if count is not None:
                self._turn_usage[slot] = (self._turn_usage[slot] or 0) + count
        self._round_usage = None


def _sentence(text: str) -> str:
    """End ``text`` with a full stop unless it already ends with punctuation."""
    text = text.strip()
    return text if not text or text[-1] in ".!?…:" else text + "."


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


def _tool_title(call) -> str:
    return tool_title(call.name)


def _usage_counts(usage):
    """(prompt tokens, completion tokens) of a usage report or dict; None where unknown."""
    if not usage:
        return None, None
    if isinstance(usage, dict):
        return _count_or_none(usage.get("prompt_tokens")), _count_or_none(usage.get("completion_tokens"))
    return (_count_or_none(getattr(usage, "prompt_tokens", None)),
            _count_or_none(getattr(usage, "completion_tokens", None)))


def _count_or_none(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _usage_text(prompt, completion) -> str:
    if prompt is None and completion is None:
        return ""
    return _("Tokens: %s in, %s out") % (prompt if prompt is not None else "?",
                                         completion if completion is not None else "?")


def _error_status_from(transcript: Transcript) -> str:
    ids = transcript.segment_ids()
    for seg_id in reversed(ids):
        if transcript.kind(seg_id) == "error":
            return transcript.body(seg_id).split(". ")[0].rstrip(".") + "."
    return _("Ready")


def not_configured_message() -> str:
    """One sentence telling a new user how to connect."""
    return _("Marginalia is not connected to a model yet: press Settings… above, which finds a model server "
             "running on this computer (such as Ollama or LM Studio), or enter the address of another.")
