"""The endpoint check's findings in plain words (one summary sentence, one line per step)."""
from __future__ import annotations

from typing import Any, Dict, Iterable, Optional

from .endpoints import PRESETS

STATE_MARKS = {"ok": "✓", "warning": "!", "failed": "✗", "skipped": "–", "running": "…"}
TOOL_WORDS = {"structured": "yes", "text": "no (written as text)", "none": "no (the model did not call the tool)",
              "rejected": "no (the server refuses tools)", "unsupported": "no (the model has no tool support)"}
STRATEGY_WORDS = {"forced": "step by step (the model does not choose tools itself)",
                  "prompted": "tools described in the prompt", "none": "chat only"}
REASONING_WORDS = {"reasoning_content": "reasoning_content field", "reasoning": "reasoning field",
                   "thinking": "thinking field", "reasoning_details": "reasoning_details field",
                   "think_tags": "<think> tags in the text"}


def tokens(count: Optional[int]) -> str:
    """``40960`` -> ``40,960``."""
    return "{:,}".format(count) if count else "unknown"


def server_label(data: Dict[str, Any]) -> str:
    """``Ollama 0.5.7``, ``llama.cpp server``, ``LM Studio`` … or ``an OpenAI-compatible server``."""
    server = data.get("server")
    if server == "ollama":
        version = data.get("server_version")
        return "Ollama %s" % version if version else "Ollama"
    preset = PRESETS.get(server or "")
    if preset is not None and server != "custom":
        return preset.label
    return "an OpenAI-compatible server"


def context_words(data: Dict[str, Any]) -> str:
    """``40,960-token context`` or ``context size unknown``."""
    window = data.get("context_window")
    return "%s-token context" % tokens(window) if window else "context size unknown"


def summary(data: Dict[str, Any]) -> str:
    """The one-sentence report of a check that got through."""
    label = server_label(data)
    parts = ["model %s" % data.get("model"), context_words(data),
             "streaming: %s" % ("yes" if data.get("streaming") else "no")]
    if data.get("tool_calls"):
        parts.append("structured tool calls: %s" % TOOL_WORDS.get(data["tool_calls"], data["tool_calls"]))
    if data.get("tool_strategy") and data["tool_strategy"] != "native":
        parts.append("tool strategy: %s" % STRATEGY_WORDS.get(data["tool_strategy"], data["tool_strategy"]))
    reasoning = data.get("reasoning_field")
    parts.append("thinking: %s" % (REASONING_WORDS.get(reasoning, reasoning) if reasoning else "none seen"))
    return "Connected to %s at %s: %s." % (label, data.get("base_url"), ", ".join(parts))


def failure(message: str, hint: str) -> str:
    """The report's first line when the check stopped at a problem."""
    return ("%s %s" % (message, hint)).strip()


def step_lines(steps: Iterable[Any]) -> str:
    """One line per finished step: ``✓ Streaming works.``"""
    return "\n".join("%s %s" % (STATE_MARKS.get(s.state, "?"), s.message) for s in steps
                     if s.state != "running")
