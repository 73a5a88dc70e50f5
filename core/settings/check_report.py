"""The endpoint check's findings in plain words (one summary sentence, one line per step)."""
from __future__ import annotations

from typing import Any, Dict, Iterable, Optional

from ..llm.endpoints import PRESETS
from ..i18n import N_, _, format_count

STATE_MARKS = {"ok": "✓", "warning": "!", "failed": "✗", "skipped": "–", "running": "…"}
TOOL_WORDS = {"structured": N_("yes"), "text": N_("no (written as text)"),
              "none": N_("no (the model did not call the tool)"),
              "rejected": N_("no (the server refuses tools)"),
              "unsupported": N_("no (the model has no tool support)")}
"""What a tool probe's verdict means (English; :func:`tool_words` translates)."""
STRATEGY_WORDS = {"forced": N_("step by step (the model does not choose tools itself)"),
                  "prompted": N_("tools described in the prompt"), "none": N_("chat only")}
REASONING_WORDS = {"reasoning_content": N_("reasoning_content field"), "reasoning": N_("reasoning field"),
                   "thinking": N_("thinking field"), "reasoning_details": N_("reasoning_details field"),
                   "think_tags": N_("<think> tags in the text"),
                   "reasoning_summary": N_("reasoning summaries (Responses API)")}


def tool_words(verdict: str) -> str:
    """A tool probe's verdict in words, in the current language (the verdict itself when unknown)."""
    return _(TOOL_WORDS[verdict]) if verdict in TOOL_WORDS else verdict


def _words(table: Dict[str, str], key: str) -> str:
    return _(table[key]) if key in table else key


def tokens(count: Optional[int]) -> str:
    """``40960`` -> ``40,960``."""
    return format_count(count) if count else _("unknown")


def server_label(data: Dict[str, Any]) -> str:
    """``Ollama 0.5.7``, ``llama.cpp server``, ``LM Studio`` … or ``an OpenAI-compatible server``."""
    server = data.get("server")
    if server == "ollama":
        version = data.get("server_version")
        return "Ollama %s" % version if version else "Ollama"
    preset = PRESETS.get(server or "")
    if preset is not None and server != "custom":
        return _(preset.label)
    return _("an OpenAI-compatible server")


def context_words(data: Dict[str, Any]) -> str:
    """``40,960-token context`` or ``context size unknown``."""
    window = data.get("context_window")
    return _("%s-token context") % tokens(window) if window else _("context size unknown")


def summary(data: Dict[str, Any]) -> str:
    """The one-sentence report of a check that got through."""
    label = server_label(data)
    parts = [_("model %s") % data.get("model"), context_words(data),
             _("streaming: %s") % (_("yes") if data.get("streaming") else _("no"))]
    if data.get("openai_api") == "responses":
        parts.append(_("API: Responses"))
    if data.get("tool_calls"):
        parts.append(_("structured tool calls: %s") % tool_words(data["tool_calls"]))
    if data.get("tool_strategy") and data["tool_strategy"] != "native":
        parts.append(_("tool strategy: %s") % _words(STRATEGY_WORDS, data["tool_strategy"]))
    reasoning = data.get("reasoning_field")
    parts.append(_("thinking: %s") % (_words(REASONING_WORDS, reasoning) if reasoning else _("none seen")))
    return _("Connected to %s at %s: %s.") % (label, data.get("base_url"), ", ".join(parts))


def failure(message: str, hint: str) -> str:
    """The report's first line when the check stopped at a problem."""
    return ("%s %s" % (message, hint)).strip()


def step_lines(steps: Iterable[Any]) -> str:
    """One line per finished step: ``✓ Streaming works.``"""
    return "\n".join("%s %s" % (STATE_MARKS.get(s.state, "?"), s.message) for s in steps
                     if s.state != "running")
