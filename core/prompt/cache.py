"""PROMPT's answers by cache key, in memory and as the text a document keeps them in."""
from __future__ import annotations

import json
import logging
import threading
from typing import Dict, Iterable, Optional

from .answer import PromptAnswer

log = logging.getLogger("marginalia.prompt")

FORMAT = 1


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

    def merge(self, values: Dict[str, object]) -> int:
        """Add stored values (from a document) that are not known yet; return how many were new."""
        added = 0
        with self._lock:
            for key, value in values.items():
                if key not in self._answers:
                    self._answers[key] = PromptAnswer(value)
                    added += 1
        return added


def dump_values(values: Dict[str, object]) -> str:
    """The text a document stores: ``{"format": 1, "answers": {key: value}}``."""
    return json.dumps({"format": FORMAT, "answers": values}, ensure_ascii=False, separators=(",", ":"),
                      sort_keys=True)


def load_values(text: str) -> Dict[str, object]:
    """The answers a document stored (``{}`` for no text or text that is not ours)."""
    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        log.warning("the document's PROMPT answers could not be read; they are ignored")
        return {}
    answers = data.get("answers") if isinstance(data, dict) and data.get("format") == FORMAT else None
    if not isinstance(answers, dict):
        return {}
    return {str(key): value for key, value in answers.items()
            if isinstance(value, (str, float, int)) and not isinstance(value, bool)}
