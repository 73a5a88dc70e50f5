"""What PROMPT asks (system prompt and user message) and how a reply becomes one cell value."""
from __future__ import annotations

import calendar
import re
import time
from dataclasses import dataclass
from typing import List, Optional, Sequence, Union

from ..i18n import _

SYSTEM_PROMPT = ("You fill one spreadsheet cell. Follow the instruction using the inputs given. "
                 "Reply with the bare value only: one line, no explanation, no quotes, no Markdown, "
                 "no label. A number is written as digits with a dot for decimals.")
MAX_VALUE_CHARS = 2000
"""Longer replies are not one cell value."""
ERROR_MARK = "#AI!"
"""Every PROMPT error text starts with this, so formulas can test ``LEFT(A1;4)="#AI!"``."""
PENDING = "…"
"""What a cell shows while its answer is on the way."""

CellValue = Union[str, float]
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_FENCE = re.compile(r"^```[\w-]*\n?(.*?)\n?```$", re.S)


@dataclass(frozen=True)
class AnswerSource:
    """Which model gave an answer, and when."""

    model: str
    asked_at: str = ""
    """UTC time as ``2025-03-02T09:04Z``; "" when unknown (answers stored before it was kept)."""

    @classmethod
    def now(cls, model: str) -> "AnswerSource":
        """The model ``model``, answering now."""
        return cls(model, time.strftime(TIME_FORMAT, time.gmtime()))

    def local_time(self) -> str:
        """When, in the office's time zone (``2025-03-02 10:04``), or "" when unknown."""
        try:
            moment = calendar.timegm(time.strptime(self.asked_at, TIME_FORMAT))
        except (ValueError, OverflowError):
            return ""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(moment))


TIME_FORMAT = "%Y-%m-%dT%H:%MZ"


@dataclass(frozen=True)
class PromptAnswer:
    """A finished PROMPT: the cell's value, or an error with its reason."""

    value: CellValue
    error: str = ""
    """The reason in words when ``value`` is an error text, else ""."""
    source: Optional[AnswerSource] = None
    """Which model gave the value (None for errors)."""

    @property
    def failed(self) -> bool:
        """Whether this is an error rather than the model's value."""
        return bool(self.error)


class NotOneValue(Exception):
    """The reply is not a single cell value."""


def user_message(instruction: str, inputs: Sequence[str]) -> str:
    """The one user message: the instruction, then each input under its number."""
    parts = ["Instruction: %s" % instruction]
    for number, text in enumerate(inputs, 1):
        parts.append("Input %d:\n%s" % (number, text) if "\n" in text else "Input %d: %s" % (number, text))
    return "\n\n".join(parts)


def chat_messages(instruction: str, inputs: Sequence[str]) -> List[dict]:
    """System and user messages for one PROMPT call."""
    return [{"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": user_message(instruction, inputs)}]


def cell_value(reply: str) -> CellValue:
    """The reply as one cell value: trimmed, unwrapped from fences or quotes, a number when it is one.

    A one-line first paragraph followed by a blank line and more text ("Paris" then an
    explanation, as small models write) is the value; the rest is dropped.

    Raises:
        NotOneValue: The reply is empty, several lines or too long.
    """
    text = reply.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1).strip()
    first = re.split(r"\n\s*\n", text, maxsplit=1)[0].strip()
    if "\n" not in first:
        text = first
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        text = text[1:-1].strip()
    if not text:
        raise NotOneValue(_("The model's reply was empty."))
    if "\n" in text or len(text) > MAX_VALUE_CHARS:
        raise NotOneValue(_("The model's reply was not a single value."))
    if _NUMBER.match(text):
        return float(text)
    return text


def error_answer(short: str, reason: str) -> PromptAnswer:
    """An error cell: ``#AI! <short>`` with the reason kept for the comment or log."""
    return PromptAnswer("%s %s" % (ERROR_MARK, short), reason or short)


def from_another_model(answer: Optional[PromptAnswer], model: str) -> bool:
    """Whether ``answer`` was given by another model than ``model``, the one set now ("" for none)."""
    return answer is not None and answer.source is not None and answer.source.model != model


def kept_answer_note(source: AnswerSource) -> str:
    """A cell comment saying that the cell shows a kept answer of another model (or of no model set now)."""
    when = source.local_time()
    if when:
        return _("Kept answer of the model %(model)s, asked on %(when)s. It is not asked again; "
                 "Refresh AI Cells asks the model set now.") % {"model": source.model, "when": when}
    return _("Kept answer of the model %s. It is not asked again; Refresh AI Cells asks the model set now.") \
        % source.model
