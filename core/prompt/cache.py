"""PROMPT's answers by cache key, in memory and as the text a document keeps them in."""
from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Dict, Iterable, Optional

from .answer import AnswerSource, CellValue, PromptAnswer

log = logging.getLogger("marginalia.prompt")

FORMAT = 2
"""``{"format": 2, "answers": {key: [value, model, asked_at]}, "legacy": {key: value}}``."""
LEGACY_FORMAT = 1
"""``{"format": 1, "answers": {key: value}}``, keys made with the model and settings (see ``legacy_key``)."""


class AnswerCache:
    """Answers by key (thread-safe): workers add, the office's main thread reads."""

    def __init__(self):
        self._answers: Dict[str, PromptAnswer] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> Optional[PromptAnswer]:
        """The answer for ``key``, or None."""
        with self._lock:
            return self._answers.get(key)

    def put(self, key: str, answer: PromptAnswer) -> None:
        """Remember ``answer`` for ``key``."""
        with self._lock:
            self._answers[key] = answer

    def forget(self, keys: Iterable[str]) -> None:
        """Drop the answers for ``keys`` (they will be asked again)."""
        with self._lock:
            for key in keys:
                self._answers.pop(key, None)


@dataclass
class StoredAnswers:
    """What a document keeps: answers by key, and answers stored in the first format (found by their old key)."""

    answers: Dict[str, PromptAnswer] = field(default_factory=dict)
    legacy: Dict[str, CellValue] = field(default_factory=dict)


def dump_answers(stored: StoredAnswers) -> str:
    """The text a document stores."""
    data = {"format": FORMAT, "answers": {key: [answer.value] + _source_fields(answer.source)
                                          for key, answer in stored.answers.items()}}
    if stored.legacy:
        data["legacy"] = stored.legacy
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _source_fields(source: Optional[AnswerSource]) -> list:
    return [source.model, source.asked_at] if source is not None else []


def load_answers(text: str) -> StoredAnswers:
    """The answers a document stored (none for no text or text that is not ours)."""
    if not text:
        return StoredAnswers()
    try:
        data = json.loads(text)
    except ValueError:
        log.warning("the document's PROMPT answers could not be read; they are ignored")
        return StoredAnswers()
    if not isinstance(data, dict):
        return StoredAnswers()
    if data.get("format") == LEGACY_FORMAT:
        return StoredAnswers(legacy=_values(data.get("answers")))
    if data.get("format") != FORMAT:
        return StoredAnswers()
    answers = data.get("answers")
    entries = answers.items() if isinstance(answers, dict) else ()
    found = {str(key): _answer(entry) for key, entry in entries}
    return StoredAnswers({key: answer for key, answer in found.items() if answer is not None},
                         _values(data.get("legacy")))


def _answer(entry) -> Optional[PromptAnswer]:
    if not isinstance(entry, list) or not entry or not _is_value(entry[0]):
        return None
    texts = [str(part) for part in entry[1:3]]
    source = AnswerSource(texts[0], texts[1] if len(texts) > 1 else "") if texts else None
    return PromptAnswer(entry[0], source=source)


def _values(answers) -> Dict[str, CellValue]:
    if not isinstance(answers, dict):
        return {}
    return {str(key): value for key, value in answers.items() if _is_value(value)}


def _is_value(value) -> bool:
    return isinstance(value, (str, float, int)) and not isinstance(value, bool)
