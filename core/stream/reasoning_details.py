"""Merge OpenRouter's streamed ``reasoning_details`` items and pick out their visible text.

Each delta may carry a list of items ``{"type": "reasoning.text" | "reasoning.summary" |
"reasoning.encrypted", "index": n, ...}``; items with the same ``index`` and ``type`` are pieces
of one item (strings concatenated). ``reasoning.encrypted`` data stays opaque: it is kept, to be
sent back, but never shown. See https://openrouter.ai/docs/use-cases/reasoning-tokens.
"""
from __future__ import annotations

from typing import Any, Dict, List, Tuple

#: Item type → the field holding its visible text.
VISIBLE_FIELDS = {"reasoning.text": "text", "reasoning.summary": "summary"}
_CONCATENATED = frozenset(("text", "summary", "data", "signature"))


class ReasoningDetailsMerger:
    """Accumulates ``reasoning_details`` items across deltas (strings kept as lists of pieces)."""

    def __init__(self) -> None:
        self._items: List[Tuple[Dict[str, Any], Dict[str, List[str]]]] = []
        self._by_key: Dict[Any, int] = {}

    def add(self, items: Any) -> str:
        """Merge one delta's ``reasoning_details``.

        Args:
            items: The list from the delta (anything else is ignored).

        Returns:
            The visible text these items add (``reasoning.text`` / ``reasoning.summary``).
        """
        if isinstance(items, dict):
            items = [items]
        if not isinstance(items, list):
            return ""
        visible = []
        for item in items:
            if isinstance(item, dict):
                text = self._merge(item)
                if text:
                    visible.append(text)
        return "".join(visible)

    def items(self) -> List[Dict[str, Any]]:
        """The merged items, in order of first appearance."""
        merged = []
        for fixed, pieces in self._items:
            item = dict(fixed)
            for field, parts in pieces.items():
                item[field] = "".join(parts)
            merged.append(item)
        return merged

    def _merge(self, item: Dict[str, Any]) -> str:
        kind = item.get("type")
        key = (item.get("index", len(self._items)), kind)
        try:
            position = self._by_key.get(key)
        except TypeError:   # an unhashable index: keep the item on its own
            key, position = ("unhashable", len(self._items)), None
        if position is None:
            position = self._by_key[key] = len(self._items)
            self._items.append(({}, {}))
        fixed, pieces = self._items[position]
        for field, value in item.items():
            if field in _CONCATENATED and isinstance(value, str):
                pieces.setdefault(field, []).append(value)
            elif value is not None or field not in fixed:
                fixed[field] = value
        text = item.get(VISIBLE_FIELDS.get(kind, ""), "") if isinstance(kind, str) else ""
        return text if isinstance(text, str) else ""
