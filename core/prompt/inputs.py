"""PROMPT's inputs as Calc passes them (numbers, texts, ranges as rows) turned into text and a key."""
from __future__ import annotations

import hashlib
import json
from typing import List, Optional, Sequence, Tuple

from .answer import PENDING

KEY_VERSION = "2"
"""The cache key is made of the instruction and the inputs only (version 1 also held the model and settings)."""
LEGACY_VERSION = "1"


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


def question(instruction, inputs: Sequence) -> Optional[Tuple[str, Tuple[str, ...]]]:
    """The instruction and the inputs as PROMPT sends them, or None when there is no instruction."""
    text = cell_text(instruction).strip()
    return (text, tuple(normalized(inputs))) if text else None


def shows_placeholder(inputs: Sequence) -> bool:
    """Whether an input (or a cell of a range input) is the value a pending PROMPT cell shows."""
    for value in inputs:
        if isinstance(value, (tuple, list)):
            if shows_placeholder(value):
                return True
        elif value == PENDING:
            return True
    return False


def cache_key(instruction: str, inputs: Sequence[str]) -> str:
    """A short stable key for (instruction, inputs): the same question gets the same answer,
    whatever the endpoint, model or settings are now (an answer is the user's data)."""
    return _digest([KEY_VERSION, instruction, list(inputs)])


def legacy_key(instruction: str, inputs: Sequence[str], model: str, settings: Sequence) -> str:
    """The key documents stored before version 2 (it held the model and settings), to find their answers."""
    return _digest([LEGACY_VERSION, instruction, list(inputs), model, [str(s) for s in settings]])


def _digest(material: list) -> str:
    text = json.dumps(material, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
