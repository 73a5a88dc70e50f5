"""Fit the conversation into the model's context window, oldest exchanges first out.

Token counts are estimated without a tokenizer (none can be shipped for every model).
:func:`estimate_tokens` counts, per character class:

* ASCII letters and spaces: 1 token per 4 characters (English runs 4.2–4.6 characters a
  token with the Llama 3, Qwen 2.5 and Mistral Nemo vocabularies);
* ASCII digits: 1 token each (the Qwen, Gemma, Mistral and SmolLM2 vocabularies give each
  digit its own token; Llama 3 groups up to three, so numbers count high for it);
* ASCII punctuation, tabs and line ends: 0.6 token each (they rarely merge);
* characters from U+0080 to U+07FF (accented letters, Cyrillic, Greek, Arabic, Hebrew):
  0.6 token each;
* characters from U+0800 to U+FFFF (CJK, kana, hangul, Indic scripts, but also curly
  quotes and dashes): 1 token each;
* characters beyond U+FFFF (emoji): 2 tokens each;
* per message 5 tokens of chat-template framing, per tool call 10, and for a tools list
  120 tokens of template instructions plus its JSON.

NOTE: Measured against SmolLM2's 49k vocabulary (an English-centred tokenizer, the one
the local test model uses), the estimate was off by +48% (English prose), −14% (French),
−32% (German), −24% (Russian), −44% (Chinese, Japanese), +16% (Python code), +3% (a JSON
tool result) and −27% (a Calc cell listing). Larger vocabularies (Llama 3, Qwen, Gemma)
need fewer tokens for non-English text, so the estimate errs high for them. Two things
absorb the error: a safety share of the window kept free, and :class:`TokenCalibration`,
which scales estimates by what the server reported (``usage.prompt_tokens``) for the
previous request of the same conversation.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

from ..errors import MarginaliaError
from ..i18n import _, format_count, ngettext

PER_MESSAGE = 5
PER_TOOL_CALL = 10
TOOLS_PREAMBLE = 120
IMAGE_PART = 800
"""Tokens counted for an image part (servers charge 256–1,500 depending on the model)."""
SAFETY_SHARE = 0.05
"""Share of the window kept free for the estimate's error."""
MIN_TOOL_RESULT = 60
"""Tokens a shortened tool result keeps at least."""
SHORTENED_NOTE = "\n[shortened to fit the model's context]"

_SYMBOLS = re.compile(r"[!-/:-@\[-`{-~\t\n\r]")

Messages = List[dict]


class ContextTooSmall(MarginaliaError):
    """The system prompt, tools and the current request alone exceed the context window.

    Attributes:
        needed: Estimated tokens of what cannot be left out (with the reply's reserve).
        context_window: The model's context window.
    """

    def __init__(self, needed: int, context_window: int):
        self.needed, self.context_window = needed, context_window
        super().__init__(
            _("The model's context (%(window)s tokens) is too small for this request, which needs about "
              "%(needed)s tokens.") % {"window": _number(context_window), "needed": _number(needed)},
            _("Use a model or server setting with a larger context (for Ollama, a larger num_ctx), "
              "or shorten your message, the selection or your standing instructions."))


class TokenCalibration:
    """Scales estimates by the ratio the server reported for an earlier request.

    Attributes:
        scale: Multiply estimates by this (1.0 until a request was observed).
    """

    LOWEST, HIGHEST = 0.6, 3.0

    def __init__(self) -> None:
        self.scale = 1.0

    def observe(self, estimated: int, actual: Optional[int]) -> None:
        """Record a request's estimated tokens and the server's ``usage.prompt_tokens`` for it."""
        if estimated > 0 and actual:
            self.scale = min(self.HIGHEST, max(self.LOWEST, actual / float(estimated)))


def estimate_tokens(value: Union[str, dict, Iterable[dict]]) -> int:
    """Estimate the tokens of a text, one message or a list of messages.

    Args:
        value: Text, an API message dict, or a list of them.

    Returns:
        The estimated token count (see the module's notes for the rule and its error).
    """
    if isinstance(value, str):
        return _text_tokens(value)
    if isinstance(value, dict):
        return _message_tokens(value)
    return sum(_message_tokens(message) for message in value)


def estimate_tools_tokens(tools_schema: Optional[Sequence[dict]]) -> int:
    """Estimate the tokens the ``tools`` list of a request costs (0 for none)."""
    if not tools_schema:
        return 0
    return TOOLS_PREAMBLE + _text_tokens(json.dumps(list(tools_schema), ensure_ascii=False))


def _text_tokens(text: str) -> int:
    if not text:
        return 0
    digits = sum(text.count(digit) for digit in "0123456789")
    symbols = len(_SYMBOLS.findall(text))
    if text.isascii():
        return int((len(text) - symbols - digits) / 4.0 + symbols * 0.6 + digits + 0.999)
    # Character classes from encoded lengths (C speed): UTF-8 takes 2 bytes below U+0800,
    # 3 up to U+FFFF and 4 beyond; UTF-16 takes 2 units beyond U+FFFF.
    ascii_count = len(text.encode("ascii", "ignore"))
    astral = len(text.encode("utf-16-le", "surrogatepass")) // 2 - len(text)
    extra_bytes = len(text.encode("utf-8", "surrogatepass")) - ascii_count - 4 * astral
    non_ascii = len(text) - ascii_count - astral
    wide = extra_bytes - 2 * non_ascii        # characters of 3 UTF-8 bytes
    narrow = non_ascii - wide                 # characters of 2 UTF-8 bytes
    plain = ascii_count - symbols - digits
    return int(plain / 4.0 + (symbols + narrow) * 0.6 + digits + wide + astral * 2 + 0.999)


def _message_tokens(message: dict) -> int:
    tokens = PER_MESSAGE + _content_tokens(message.get("content"))
    for call in message.get("tool_calls") or ():
        function = call.get("function") or {}
        tokens += PER_TOOL_CALL + _text_tokens(str(function.get("name") or ""))
        tokens += _text_tokens(str(function.get("arguments") or ""))
    return tokens


def _content_tokens(content: Any) -> int:
    if isinstance(content, str):
        return _text_tokens(content)
    if isinstance(content, list):
        total = 0
        for part in content:
            if isinstance(part, dict) and part.get("type") in ("text", "input_text"):
                total += _text_tokens(str(part.get("text") or ""))
            elif isinstance(part, dict):
                total += IMAGE_PART
        return total
    return 0


# --- turns ------------------------------------------------------------------------------

def split_turns(history: Sequence[dict]) -> List[Messages]:
    """Split a history into turns: a user message and everything up to the next one.

    Messages before the first user message (a damaged history) form a turn of their own.
    """
    turns: List[Messages] = []
    for message in history:
        if message.get("role") == "user" or not turns:
            turns.append([message])
        else:
            turns[-1].append(message)
    return turns


def fit_history(system_prompt: str, history: Sequence[dict], tools_schema: Optional[Sequence[dict]],
                context_window: Optional[int], reply_reserve: int = 1024,
                scale: float = 1.0) -> Tuple[Messages, int, str]:
    """Choose the part of the history that fits the context window.

    The system prompt, the tools and the current turn (the last user message and the
    tool exchange after it) are kept; the oldest whole turns are left out first, so no
    tool result loses its call and the history never starts with an assistant message.
    If the current turn alone is still too big, its largest tool results are shortened.

    Args:
        system_prompt: The system message's text (sent before the history).
        history: The conversation (user, assistant and tool messages); not changed.
        tools_schema: The request's ``tools`` list, or None.
        context_window: The model's context in tokens; None (unknown) keeps everything.
        reply_reserve: Tokens kept free for the answer (the request's max_tokens).
        scale: Factor applied to estimates (:attr:`TokenCalibration.scale`).

    Returns:
        ``(messages, dropped_turns, note)``: the history to send (shortened tool results
        are new dicts; other messages are the caller's own), how many turns were left
        out, and a sentence for the user ("" when nothing changed).

    Raises:
        ContextTooSmall: The system prompt, tools and current turn do not fit even with
            every tool result shortened.
    """
    messages = list(history)
    if not context_window or context_window <= 0:
        return messages, 0, ""
    fixed = int((_text_tokens(system_prompt) + PER_MESSAGE + estimate_tools_tokens(tools_schema)) * scale)
    budget = int(context_window * (1.0 - SAFETY_SHARE)) - reply_reserve - fixed
    if budget <= 0:
        raise ContextTooSmall(fixed + reply_reserve, context_window)
    turns = split_turns(messages)
    costs = [int(estimate_tokens(turn) * scale) for turn in turns]
    total, dropped = sum(costs), 0
    while total > budget and dropped < len(turns) - 1:
        total -= costs[dropped]
        dropped += 1
    kept = [message for turn in turns[dropped:] for message in turn]
    shortened = False
    if total > budget:
        kept = _shorten_tool_results(kept, total - budget, scale)
        shortened = True
        if int(estimate_tokens(kept) * scale) > budget:
            raise ContextTooSmall(fixed + reply_reserve + int(estimate_tokens(kept) * scale), context_window)
    return kept, dropped, _note(dropped, shortened, context_window)


def estimate_prompt_tokens(system_prompt: str, messages: Sequence[dict],
                           tools_schema: Optional[Sequence[dict]] = None) -> int:
    """Unscaled estimate of a whole request's prompt, to compare with ``usage.prompt_tokens``."""
    system = _text_tokens(system_prompt) + PER_MESSAGE if system_prompt else 0
    return system + estimate_tokens(messages) + estimate_tools_tokens(tools_schema)


def fit_chat_body(body: dict, context_window: Optional[int], reply_reserve: Optional[int] = None,
                  scale: float = 1.0) -> Tuple[dict, int, str, int]:
    """Apply :func:`fit_history` to a built Chat Completions request body.

    Args:
        body: The request body (``messages`` starting with the system message, if any;
            ``tools``; ``max_tokens``). Not changed.
        context_window: The model's context in tokens, or None (nothing is left out).
        reply_reserve: Tokens kept for the answer; default: the body's ``max_tokens``, else 1024.
        scale: Factor applied to estimates (:attr:`TokenCalibration.scale`).

    Returns:
        ``(body, dropped_turns, note, estimated_prompt_tokens)``: the body to send (a copy
        when anything was left out), as in :func:`fit_history`, and the unscaled estimate of
        the prompt sent, for :meth:`TokenCalibration.observe`.

    Raises:
        ContextTooSmall: Even the system prompt, tools and current turn do not fit.
    """
    messages = list(body.get("messages") or [])
    system = messages.pop(0) if messages and messages[0].get("role") == "system" else None
    system_text = system.get("content") if system and isinstance(system.get("content"), str) else ""
    reserve = reply_reserve if reply_reserve is not None else (body.get("max_tokens") or 1024)
    kept, dropped, note = fit_history(system_text, messages, body.get("tools"), context_window, reserve, scale)
    if note:
        body = dict(body, messages=([system] if system else []) + kept)
    return body, dropped, note, estimate_prompt_tokens(system_text, kept, body.get("tools"))


def _shorten_tool_results(messages: Messages, excess: int, scale: float) -> Messages:
    """Cut the largest tool results to one common size so that ``excess`` tokens go."""
    costs = {index: int(_text_tokens(message["content"]) * scale) for index, message in enumerate(messages)
             if message.get("role") == "tool" and isinstance(message.get("content"), str)}
    cap = _common_cap(sorted(costs.values(), reverse=True), excess + len(costs) * 12)
    result = list(messages)
    for index, cost in costs.items():
        if cost > cap:
            content = messages[index]["content"]
            keep = max(0, int(len(content) * cap / float(cost)) - len(SHORTENED_NOTE))
            result[index] = dict(messages[index], content=content[:keep] + SHORTENED_NOTE)
    return result


def _common_cap(costs: List[int], excess: int) -> int:
    """The largest cap such that cutting every cost above it to it removes ``excess``."""
    removed = 0
    for position, cost in enumerate(costs):
        following = costs[position + 1] if position + 1 < len(costs) else MIN_TOOL_RESULT
        following = max(following, MIN_TOOL_RESULT)
        step = (cost - following) * (position + 1) if cost > following else 0
        if removed + step >= excess:
            return max(MIN_TOOL_RESULT, cost - (excess - removed) // (position + 1) - 1)
        removed += step
    return MIN_TOOL_RESULT


def _note(dropped: int, shortened: bool, context_window: int) -> str:
    values = {"count": dropped, "window": _number(context_window)}
    if dropped and shortened:
        return ngettext("The oldest exchange was left out and long tool results were shortened to fit the "
                        "model's %(window)s-token context.",
                        "The oldest %(count)d exchanges were left out and long tool results were shortened to "
                        "fit the model's %(window)s-token context.", dropped) % values
    if dropped:
        return ngettext("The oldest exchange was left out to fit the model's %(window)s-token context.",
                        "The oldest %(count)d exchanges were left out to fit the model's %(window)s-token "
                        "context.", dropped) % values
    if shortened:
        return _("Long tool results were shortened to fit the model's %(window)s-token context.") % values
    return ""


def _number(value: int) -> str:
    return format_count(value)
