"""PROMPT's inputs as Calc passes them (numbers, texts, ranges as rows) turned into text and a key."""
from __future__ import annotations

import hashlib
import json
from typing import List, Sequence

PROMPT_VERSION = "1"
"""Changes when the system prompt or the message layout changes (old answers are then not reused)."""


def cell_text(value) -> str:
    """One cell's value as text: whole numbers without ``.0``, empty cells as ""."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return str(value)


def input_text(value) -> str:
    """One PROMPT argument as text: a range becomes tab-separated rows, one per line."""
    if isinstance(value, (tuple, list)):
        rows = [row if isinstance(row, (tuple, list)) else (row,) for row in value]
        return "\n".join("\t".join(cell_text(cell) for cell in row) for row in rows)
    return cell_text(value)


def normalized(inputs: Sequence) -> List[str]:
    """Every input as text, in order (what both the request and the cache key are made of)."""
    return [input_text(value) for value in inputs]


def cache_key(instruction: str, inputs: Sequence[str], model: str, settings: Sequence) -> str:
    """A short stable key for (instruction, inputs, model, settings).

    Args:
        instruction: The instruction as the cell gives it.
        inputs: The inputs as :func:`normalized` made them.
        model: The model asked.
        settings: Whatever else changes the answer (endpoint, temperature, token limit).
    """
    material = json.dumps([PROMPT_VERSION, instruction, list(inputs), model, [str(s) for s in settings]],
                          ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(material.encode("utf-8")).hexdigest()[:32]
