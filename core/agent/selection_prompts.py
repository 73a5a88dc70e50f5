"""Edit Selection and Extend Selection: what the model is asked, and how its stream is cleaned.

Both actions stream the model's text straight into the document, so the text must
be only what belongs there. Models still open with a code fence or a blank line,
or forget the space between the old text and its continuation; :class:`StreamCleaner`
fixes that on the fly, holding back only the few characters it cannot decide yet.
"""
from __future__ import annotations

from typing import List

CONTEXT_LIMIT = 3000
"""Characters of surrounding text sent along for coherence."""
TEXT_LIMIT = 20000
"""Longest selection an action accepts."""

EDIT_SYSTEM = ("You edit text from the user's document. Apply the user's instruction to the text and reply with the "
               "resulting text only: no introduction, no explanation, no quotation marks around it, no Markdown and "
               "no code fences. Keep the text's language unless the instruction says otherwise. Keep paragraph "
               "breaks as line breaks.")
WRITE_SYSTEM = ("You write text into the user's document at the cursor. Follow the user's instruction and reply with "
                "the text to insert only: no introduction, no explanation, no Markdown and no code fences. Match the "
                "language of the surrounding text unless the instruction says otherwise.")
EXTEND_SYSTEM = ("You continue text from the user's document. Reply with the continuation only; it is inserted right "
                 "after the last character of the text. Do not repeat the text, add no commentary, no Markdown and no "
                 "code fences. Match its language, tone and style. Write about one paragraph unless the text calls "
                 "for something else (finish a list, a sentence, a heading's section).")


def edit_messages(instruction: str, text: str, before: str = "", after: str = "") -> List[dict]:
    """The conversation for Edit Selection (``text`` empty: write new text at the cursor).

    Args:
        instruction: what the user typed in the instruction box.
        text: the selected text.
        before: document text just before the selection (context only).
        after: document text just after it (context only).

    Returns:
        ``[system, user]`` messages.
    """
    context = _context(before, after)
    if not text.strip():
        return [{"role": "system", "content": WRITE_SYSTEM},
                {"role": "user", "content": "%sInstruction: %s" % (context, instruction.strip())}]
    return [{"role": "system", "content": EDIT_SYSTEM},
            {"role": "user", "content": "%sInstruction: %s\n\nText:\n%s" % (context, instruction.strip(), text)}]


def extend_messages(text: str) -> List[dict]:
    """The conversation for Extend Selection: continue ``text``."""
    return [{"role": "system", "content": EXTEND_SYSTEM},
            {"role": "user", "content": "Text to continue:\n%s" % text[-CONTEXT_LIMIT * 2:]}]


def _context(before: str, after: str) -> str:
    parts = []
    if before.strip():
        parts.append("For context only, the document text before it:\n%s\n" % before[-CONTEXT_LIMIT:])
    if after.strip():
        parts.append("For context only, the document text after it:\n%s\n" % after[:CONTEXT_LIMIT])
    return "\n".join(parts) + ("\n" if parts else "")


class StreamCleaner:
    """Turns streamed model text into text fit for the document.

    * leading blank lines and spaces are dropped (and a leading space is added when
      continuing a word directly, see ``text_before``);
    * an opening code fence line (```` ``` ```` or ```` ```text ````) is dropped, and so
      is a closing fence at the very end;
    * ``\\r`` is dropped.

    Feed pieces with :meth:`feed`; call :meth:`finish` at the end for the held-back
    rest. Both return text ready to insert.
    """

    def __init__(self, text_before: str = ""):
        """
        Args:
            text_before: the document text right before the insertion point (for
                continuations); decides whether a joining space is needed.
        """
        self._before = text_before
        self._started = False
        self._pending = ""

    def feed(self, piece: str) -> str:
        """Take the next streamed piece; return what can be written now."""
        self._pending += piece.replace("\r", "")
        if not self._started:
            return self._start()
        return self._release(final=False)

    def finish(self) -> str:
        """Return everything still held back (the stream ended)."""
        if not self._started:
            text = self._pending.lstrip()
            if text.startswith("```"):
                text = text.split("\n", 1)[1] if "\n" in text else ""
            self._started = True
            self._pending = self._join(text)
        return self._release(final=True)

    def _start(self) -> str:
        text = self._pending.lstrip()
        if not text:
            self._pending = ""
            return ""
        if "```".startswith(text[:3]) and "\n" not in text and len(text) < 40:
            self._pending = text
            return ""  # maybe an opening fence: wait for its line to end
        if text.startswith("```"):
            text = text.split("\n", 1)[1].lstrip("\n")
            if not text:
                self._pending = ""
                return ""
        self._started = True
        self._pending = self._join(text)
        return self._release(final=False)

    def _join(self, text: str) -> str:
        if not self._before or not text:
            return text
        last = self._before[-1]
        if last.isspace():
            return text.lstrip(" ")
        if text[0].isalnum() and (last.isalnum() or last in ".,;:!?)\u201d\"'"):
            return " " + text
        return text

    def _release(self, final: bool) -> str:
        text = self._pending
        if final:
            self._pending = ""
            return _without_closing_fence(text.rstrip()).rstrip()
        cut = _hold_from(text)
        self._pending = text[cut:]
        return text[:cut]


def _hold_from(text: str) -> int:
    """Where the part to hold back starts: trailing white space, and a last line that may be a closing fence."""
    cut = len(text.rstrip(" \t\n"))
    line_start = text.rfind("\n", 0, cut) + 1
    last = text[line_start:cut].strip()
    if last and len(last) <= 3 and set(last) == {"`"}:
        cut = len(text[:max(line_start - 1, 0)].rstrip(" \t\n"))
    return cut


def _without_closing_fence(text: str) -> str:
    stripped = text.rstrip()
    if stripped.endswith("```"):
        stripped = stripped[:-3]
    return stripped
